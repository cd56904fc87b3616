/** The scheme of blueprint YAML documents; apart from blueprintDocuments.ts, which loads on first use. */
export const BLUEPRINT_SCHEME = 'opsconfig-blueprint';
