import { hclValue } from '../core/codeText';
import type { HclBlock, HclLiteral, HclRange } from './hclParse';

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
  status: 'differs' | 'expression';
  code?: HclLiteral;
  /** Undefined when the live object does not set the attribute (the provider's default applies). */
  live?: HclLiteral;
}

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
  return drifts.filter((d) => d.status === 'differs').map((d) => ({ range: d.range, newText: d.live === undefined ? 'null' : hclValue(d.live, indentOf(d.range.start.line)) }));
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
  const live = drift.live === undefined ? 'not set' : hclValue(drift.live);
  return `${drift.path}: live value is ${live}, the code has ${hclValue(drift.code)}.`;
}
