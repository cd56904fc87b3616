/**
 * Text for infrastructure-as-code snippets (Terraform HCL and Pulumi TypeScript): names and
 * literals escaped for their language, so a value from a server can never break out of its
 * string or start a template. Shared by the data-source snippets and the resource exports.
 */

/** A Terraform block label: letters, digits, `_` and `-`, starting with a letter or `_`. */
export function terraformName(text: string, fallback: string): string {
  const name = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!name) return fallback;
  return /^[a-z_]/.test(name) ? name : `_${name}`;
}

/** A JavaScript identifier in camelCase, ending in the kind so it is never a reserved word. */
export function pulumiName(text: string, kind: string): string {
  const words = text.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const camel = [...words, kind].map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1))).join('');
  return /^[0-9]/.test(camel) ? `_${camel}` : camel;
}

/** An HCL quoted string: escapes, and `${` / `%{` so no template is interpolated. */
export function hclString(value: string): string {
  const escaped = value
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t')
    .replace(/\$\{/g, () => '$${')
    .replace(/%\{/g, () => '%%{');
  return `"${escaped}"`;
}

/** A JavaScript string literal. */
export function jsString(value: string): string {
  return JSON.stringify(value)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Code written as it is inside a generated value (`jsonencode({ … })`, `JSON.stringify(…)`). */
export class RawCode {
  constructor(readonly text: string) {}
}

/** A JSON value as an HCL expression (objects with quoted keys, so any key is valid). */
export function hclValue(value: unknown, indent = ''): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof RawCode) return value.text;
  if (typeof value === 'string') return hclString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every((v) => v === null || typeof v !== 'object')) return `[${value.map((v) => hclValue(v)).join(', ')}]`;
    return `[\n${value.map((v) => `${inner}${hclValue(v, inner)},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${inner}${hclKey(k)} = ${hclValue(v, inner)}`).join('\n')}\n${indent}}`;
}

function hclKey(key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_-]*$/.test(key) ? key : hclString(key);
}

/** A JSON value as a TypeScript expression; `{ code }` objects are written as they are. */
export function tsValue(value: unknown, indent = ''): string {
  if (value === null || value === undefined) return 'undefined';
  if (value instanceof RawCode) return value.text;
  if (typeof value === 'string') return jsString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const inner = `${indent}    `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => `${inner}${tsValue(v, inner)},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${inner}${/^[A-Za-z_$][\w$]*$/.test(k) ? k : jsString(k)}: ${tsValue(v, inner)},`).join('\n')}\n${indent}}`;
}
