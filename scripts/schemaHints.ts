/**
 * A JSON schema made into hints: what VS Code's JSON language service needs for completion and
 * hover (properties, items, descriptions, defaults, snippets) and nothing it would validate with.
 * Enum values become `examples` (still offered as completions), a boolean gets `[true, false]`,
 * `oneOf` becomes `anyOf` (whose branches, stripped, all match), and `type`, `required`,
 * `additionalProperties`, bounds, patterns and formats are dropped. The editor's own checks
 * (src/editing/schemaCheck.ts) then speak alone, with their severities and words.
 */
type Schema = Record<string, unknown>;

/** Keywords that only say what a value may look like. */
const KEPT = new Set(['title', 'description', 'markdownDescription', 'default', 'examples', 'defaultSnippets', 'deprecationMessage', '$comment']);
/** Keywords holding schemas, walked into. */
const SUBSCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs']);
const SUBSCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf']);

export function toHints(input: unknown): unknown {
  if (Array.isArray(input)) return input.map(toHints);
  if (!input || typeof input !== 'object') return input;
  const schema = input as Schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (KEPT.has(key)) out[key] = value;
    else if (SUBSCHEMA_MAPS.has(key) && value && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value as Schema).map(([name, sub]) => [name, toHints(sub)]));
    } else if (key === 'items') out.items = toHints(value);
    else if (SUBSCHEMA_LISTS.has(key) && Array.isArray(value)) {
      // Stripped branches all match, and a `oneOf` with two matches is a complaint of its own.
      const branches = value.map(toHints);
      out[key === 'allOf' ? 'allOf' : 'anyOf'] = [...((out.anyOf as unknown[] | undefined) ?? []), ...branches];
    }
  }
  const listed = (value: unknown): unknown[] => (Array.isArray(value) ? (value as unknown[]) : []);
  const offered = [...listed(schema.examples), ...listed(schema.enum), ...(schema.const !== undefined ? [schema.const] : [])];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('boolean')) offered.push(true, false);
  if (offered.length > 0) out.examples = [...new Set(offered)];
  return out;
}
