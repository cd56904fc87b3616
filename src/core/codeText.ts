/**
 * Text for infrastructure-as-code snippets (Terraform HCL and Pulumi TypeScript): names and
 * literals escaped for their language, so a value from a server can never break out of its
 * string, start a template or hide what it says. Every generator writes strings, keys and
 * identifiers through these functions and no others.
 */

/**
 * Characters a reader cannot see but a parser or a terminal acts on: controls, zero-width and
 * direction marks, line and paragraph separators. Written as `\uXXXX` in both languages, so a
 * pasted snippet shows them (a name holding U+202E cannot reorder the code around it).
 */
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

function unicodeEscape(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Latin letters with no decomposition into a base letter and an accent. */
const LATIN_LETTERS: Record<string, string> = { ß: 'ss', æ: 'ae', Æ: 'AE', ø: 'o', Ø: 'O', œ: 'oe', Œ: 'OE', ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', þ: 'th', Þ: 'TH', ð: 'd', Ð: 'D' };

/** The ASCII words of a name: accents dropped (`Grüße` → `Grusse`), anything else a separator. */
function asciiWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ßæÆøØœŒłŁđĐþÞðÐ]/g, (c) => LATIN_LETTERS[c])
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

/**
 * A Terraform block label (and variable name) in snake_case: lowercase ASCII words joined by `_`,
 * starting with a letter or `_` (`2024 Admins` → `_2024_admins`). A name with no such word
 * (empty, emoji, punctuation) gets `fallback`, itself made valid the same way.
 */
export function terraformName(text: string, fallback: string): string {
  const name = snakeCase(text) || snakeCase(fallback) || 'object';
  return /^[a-z]/.test(name) ? name : `_${name}`;
}

function snakeCase(text: string): string {
  return asciiWords(text)
    .map((w) => w.toLowerCase())
    .join('_');
}

/**
 * Words a generated variable may not be: ECMAScript's reserved words, those of strict-mode code
 * (every ES module is strict), `await` at a module's top level, and the global values a
 * declaration must not shadow.
 */
const JS_RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in ' +
    'instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package ' +
    'private protected public await arguments eval undefined NaN Infinity'
  ).split(' '),
);

export interface PulumiNameOptions {
  /** Append the kind (`…Trigger`); when false the kind is used only for a name with no word. */
  suffix?: boolean;
  /** Names the snippet itself declares (`authentik`, `config`): a clash gets a leading `_`. */
  taken?: readonly string[];
}

/**
 * A TypeScript identifier in camelCase: the name's ASCII words lowercased, then the kind
 * (`High 5xx rate`, `Trigger` → `high5xxRateTrigger`). A leading digit, a reserved word or a
 * taken name gets a leading `_` (`2024 Admins` → `_2024Admins`, `class` → `_class`).
 */
export function pulumiName(text: string, kind: string, options: PulumiNameOptions = {}): string {
  const words = asciiWords(text).map((w) => w.toLowerCase());
  if (options.suffix !== false || words.length === 0) words.push(...asciiWords(kind));
  const name = words.map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() : w.charAt(0).toUpperCase()) + w.slice(1)).join('') || 'value';
  return /^[0-9]/.test(name) || JS_RESERVED.has(name) || options.taken?.includes(name) ? `_${name}` : name;
}

/** An HCL quoted string: escapes, and `${` / `%{` doubled so no template is interpolated. */
export function hclString(value: string): string {
  const escaped = value
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t')
    .replace(INVISIBLE, unicodeEscape)
    .replace(/\$\{/g, () => '$${')
    .replace(/%\{/g, () => '%%{');
  return `"${escaped}"`;
}

/** A JavaScript string literal (JSON's escapes, plus the characters JSON leaves unseen). */
export function jsString(value: string): string {
  return JSON.stringify(value).replace(INVISIBLE, unicodeEscape);
}

/** Code written as it is inside a generated value (`jsonencode({ … })`, `JSON.stringify(…)`). */
export class RawCode {
  constructor(readonly text: string) {}
}

/**
 * A value that is another live object's attribute (a trigger's recipient id, a binding's flow):
 * copied on its own it is the literal it holds; a whole-environment export that writes the
 * other object too replaces it with a reference to that object (terraform/export).
 */
export class ObjectReference {
  constructor(
    /** The other object's identities, as its `CodeResource.keys` say them (`recipient:abc`): the first one found is referenced. */
    readonly targets: readonly string[],
    /** The provider's attribute of the other resource the value is (`id`, `alias`). */
    readonly attribute: string,
    readonly literal: unknown,
  ) {}
}

/** A JSON value as an HCL expression (objects with quoted keys, so any key is valid). */
export function hclValue(value: unknown, indent = ''): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof RawCode) return value.text;
  if (value instanceof ObjectReference) return hclValue(value.literal, indent);
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

/** `for` opening an object starts a `for` expression; `null`, `true`, `false` are values, not names. */
const HCL_KEYWORDS = new Set(['for', 'null', 'true', 'false']);

/** An HCL name: letters, digits, `_` and `-`, starting with a letter or `_`. */
export function isHclName(name: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_-]*$/.test(name);
}

function hclKey(key: string): string {
  return isHclName(key) && !HCL_KEYWORDS.has(key) ? key : hclString(key);
}

/** A JSON value as a TypeScript expression; `{ code }` objects are written as they are. */
export function tsValue(value: unknown, indent = ''): string {
  if (value === null || value === undefined) return 'undefined';
  if (value instanceof RawCode) return value.text;
  if (value instanceof ObjectReference) return tsValue(value.literal, indent);
  if (typeof value === 'string') return jsString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const inner = `${indent}    `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => `${inner}${tsValue(v, inner)},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${inner}${tsKey(k)}: ${tsValue(v, inner)},`).join('\n')}\n${indent}}`;
}

/** A property name; `__proto__` in an object literal would set the prototype, so it is computed. */
function tsKey(key: string): string {
  if (key === '__proto__') return `[${jsString(key)}]`;
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : jsString(key);
}
