import { hclValue } from '../core/codeText';
import type { HclBlock, HclLiteral, HclPosition, HclRange } from './hclParse';
import { LEFT_OUT_DEFAULTS } from './providerDefaults';

/**
 * Where a live object differs from the literal values its Terraform block writes, attribute by
 * attribute in the provider's names. The live side is the object's Copy as Terraform text, read
 * back with the same parser, so both sides use the provider's attributes and shapes.
 */

export interface AttributeDrift {
  /** `name`, `threshold.value`, `recipient[1].id`: the provider's attribute path. */
  path: string;
  /** The code's value, where a diagnostic goes and what a rewrite replaces. */
  range: HclRange;
  /** `leftOut`: set live, not written in the code, and not the provider's default (the next apply resets it). */
  status: 'differs' | 'expression' | 'leftOut';
  code?: HclLiteral;
  /** Undefined when the live object does not set the attribute (the provider's default applies). */
  live?: HclLiteral;
  /** For `leftOut`: the provider's default, and where Update the Code from Live adds the attribute. */
  leftOut?: { providerDefault: HclLiteral; name: string; at?: HclPosition; ownLine: boolean; headerLine: number };
}

/** Whether a drift is one Update the Code from Live fixes (and one that makes a block "drifted"). */
export const isFixable = (drift: AttributeDrift): boolean => drift.status !== 'expression';

/** Values the provider treats as "not set": the code writing them matches a live object without the attribute. */
function isUnset(value: HclLiteral | undefined): boolean {
  if (value === undefined || value === null || value === false || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

function sameLiteral(a: HclLiteral, b: HclLiteral): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameLiteral(v, b[i]));
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && sameLiteral(a[k], b[k]));
  }
  return false;
}

/**
 * The drift of one block. Only what the code writes is compared; an attribute written as an
 * expression is listed as not compared, and one the live export writes as code (a secret's
 * variable, a `jsonencode(…)`) is left out: there is no literal to compare it with.
 */
export function driftOf(code: HclBlock, live: HclBlock, prefix = ''): AttributeDrift[] {
  const out: AttributeDrift[] = [];
  for (const attribute of code.attributes) {
    if (attribute.name === 'count' || attribute.name === 'for_each' || attribute.name === 'depends_on' || attribute.name === 'provider') continue;
    const path = `${prefix}${attribute.name}`;
    if (attribute.value.kind === 'expression') {
      out.push({ path, range: attribute.value.range, status: 'expression' });
      continue;
    }
    const liveValue = live.attributes.find((a) => a.name === attribute.name)?.value;
    if (liveValue?.kind === 'expression') continue;
    const codeValue = attribute.value.value;
    const matches = liveValue ? sameLiteral(codeValue, liveValue.value) : isUnset(codeValue);
    if (!matches) out.push({ path, range: attribute.value.range, status: 'differs', code: codeValue, live: liveValue?.value });
  }
  const seen = new Map<string, number>();
  for (const nested of code.blocks) {
    if (nested.type === 'lifecycle') continue;
    const index = seen.get(nested.type) ?? 0;
    seen.set(nested.type, index + 1);
    const twin = live.blocks.filter((b) => b.type === nested.type)[index];
    const count = code.blocks.filter((b) => b.type === nested.type).length;
    const name = count > 1 ? `${nested.type}[${index}]` : nested.type;
    if (twin) out.push(...driftOf(nested, twin, `${prefix}${name}.`));
  }
  return out;
}

/**
 * What the live object sets that the code leaves out, where it matters (LEFT_OUT_DEFAULTS): each
 * on the header line of its block (the block's start), since there is no line of its own.
 * A resource whose provider schema is not listed says nothing: without its defaults, a live
 * value the code leaves out may be just the default.
 */
export function leftOutOf(resourceType: string, code: HclBlock, live: HclBlock): AttributeDrift[] {
  const defaults = LEFT_OUT_DEFAULTS[resourceType];
  return defaults ? leftOutIn(defaults, code, live, '') : [];
}

function leftOutIn(defaults: Readonly<Record<string, HclLiteral>>, code: HclBlock, live: HclBlock, prefix: string): AttributeDrift[] {
  const out: AttributeDrift[] = [];
  const header: HclRange = { start: code.range.start, end: { line: code.range.start.line, column: code.range.start.column + code.type.length } };
  const lastLine = Math.max(code.range.start.line, ...code.attributes.map((a) => a.range.end.line), ...code.blocks.map((b) => b.range.end.line));
  // Where a new attribute goes: on a line of its own before the closing brace. A block written on
  // one line has none: HCL allows one argument there, so it is reported and left to the user.
  const ownLine = code.range.end.line > lastLine;
  const at = ownLine ? { line: code.range.end.line, column: 0 } : code.range.end.line > code.range.start.line ? { line: code.range.end.line, column: code.range.end.column - 1 } : undefined;
  for (const attribute of live.attributes) {
    const path = `${prefix}${attribute.name}`;
    if (!(path in defaults) || attribute.value.kind !== 'literal' || code.attributes.some((a) => a.name === attribute.name)) continue;
    const providerDefault = defaults[path];
    const value = attribute.value.value;
    if (providerDefault === null ? isUnset(value) : sameLiteral(value, providerDefault)) continue;
    out.push({ path, range: header, status: 'leftOut', live: value, leftOut: { providerDefault, name: attribute.name, at, ownLine, headerLine: code.range.start.line } });
  }
  // Nested blocks the code writes once, matched with the live one of the same name.
  for (const nested of code.blocks) {
    const same = code.blocks.filter((b) => b.type === nested.type);
    const twins = live.blocks.filter((b) => b.type === nested.type);
    if (same.length === 1 && twins.length === 1) out.push(...leftOutIn(defaults, nested, twins[0], `${prefix}${nested.type}.`));
  }
  return out;
}

export interface TextReplacement {
  range: HclRange;
  newText: string;
}

/**
 * "Update the Code from Live": each differing literal replaced by the live value, written with the
 * same escaping as Copy as Terraform; an attribute the live object does not set becomes `null`
 * (the provider's default). Nothing else in the file changes.
 */
export function replacementsFromLive(drifts: readonly AttributeDrift[], indentOf: (line: number) => string): TextReplacement[] {
  const out: TextReplacement[] = [];
  for (const d of drifts.filter(isFixable)) {
    if (!d.leftOut) {
      out.push({ range: d.range, newText: d.live === undefined ? 'null' : hclValue(d.live, indentOf(d.range.start.line)) });
    } else if (d.leftOut.at) {
      // An attribute set live is added to its block, indented one step inside it.
      const indent = `${indentOf(d.leftOut.headerLine)}  `;
      const line = `${indent}${d.leftOut.name} = ${hclValue(d.live, indent)}\n`;
      out.push({ range: { start: d.leftOut.at, end: d.leftOut.at }, newText: d.leftOut.ownLine ? line : `\n${line}` });
    }
  }
  return out;
}

/** Applies replacements to a text (the plain-Node twin of a workspace edit, for tests and the CLI). */
export function applyReplacements(text: string, replacements: readonly TextReplacement[]): string {
  const lines = text.split('\n');
  const offsetOf = (line: number, column: number) => lines.slice(0, line).reduce((sum, l) => sum + l.length + 1, 0) + column;
  const sorted = [...replacements].sort((a, b) => offsetOf(b.range.start.line, b.range.start.column) - offsetOf(a.range.start.line, a.range.start.column));
  let out = text;
  for (const r of sorted) out = out.slice(0, offsetOf(r.range.start.line, r.range.start.column)) + r.newText + out.slice(offsetOf(r.range.end.line, r.range.end.column));
  return out;
}

/** What a diagnostic says about one attribute. */
export function driftMessage(drift: AttributeDrift): string {
  if (drift.status === 'expression') return `${drift.path}: not compared: an expression.`;
  if (drift.leftOut) {
    const fallback = drift.leftOut.providerDefault === null ? 'unset' : hclValue(drift.leftOut.providerDefault);
    return `${drift.path}: set live, not in the code: the live value is ${hclValue(drift.live)}; the next apply sets it to the provider's default (${fallback}).`;
  }
  const live = drift.live === undefined ? 'not set' : hclValue(drift.live);
  return `${drift.path}: live value is ${live}, the code has ${hclValue(drift.code)}.`;
}
