/**
 * A YAML scalar's value as go-yaml v2 (kubectl's YAML reader) resolves it: YAML 1.1, so an
 * unquoted `yes`, `on` or `y` is true, `0777` is octal and `0x1F` hex, `1_000` is a thousand. A
 * quoted or block scalar is a string unless an explicit tag says otherwise; an explicit tag that
 * does not fit its text (`!!int abc`) is an error, as it is for kubectl.
 */
export type ScalarValue = string | number | boolean | null;

const LONG_TAG = 'tag:yaml.org,2002:';

const WORDS = new Map<string, ScalarValue>([
  ...['y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON'].map((w) => [w, true] as const),
  ...['n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF'].map((w) => [w, false] as const),
  ...['', '~', 'null', 'Null', 'NULL'].map((w) => [w, null] as const),
  ...['.nan', '.NaN', '.NAN'].map((w) => [w, NaN] as const),
  ...['.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF'].map((w) => [w, Infinity] as const),
  ...['-.inf', '-.Inf', '-.INF'].map((w) => [w, -Infinity] as const),
]);

/** The tags go-yaml resolves by content; any other tag leaves the text a string. */
const RESOLVED_TAGS = new Set(['!!str', '!!bool', '!!int', '!!float', '!!null', '!!timestamp']);

export function yamlScalar(text: string, plain: boolean, longTag: string | undefined): ScalarValue | { problem: string } {
  const tag = longTag?.startsWith(LONG_TAG) ? `!!${longTag.slice(LONG_TAG.length)}` : (longTag ?? '');
  if (tag === '') return plain ? resolve(text).value : text;
  if (tag === '!!binary') return binary(text);
  if (!RESOLVED_TAGS.has(tag) || tag === '!!str') return text;
  const resolved = resolve(text);
  if (resolved.tag === tag) return resolved.value;
  if (tag === '!!float' && resolved.tag === '!!int') return resolved.value;
  if (tag === '!!timestamp' && looksLikeTimestamp(text)) return text;
  return { problem: `cannot decode ${resolved.tag} \`${text}\` as a ${tag}` };
}

function resolve(text: string): { tag: string; value: ScalarValue } {
  const known = WORDS.get(text);
  if (known !== undefined) return { tag: known === null ? '!!null' : typeof known === 'boolean' ? '!!bool' : '!!float', value: known };
  const first = text[0];
  if (first === '.') {
    if (/^\.[0-9]+(?:[eE][-+]?[0-9]+)?$/.test(text)) return { tag: '!!float', value: Number(text) };
  } else if (first === '+' || first === '-' || (first >= '0' && first <= '9')) {
    const digits = text.replaceAll('_', '');
    const integer = goInteger(digits);
    if (integer !== undefined) return { tag: '!!int', value: integer };
    if (/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/.test(digits)) {
      const value = Number(digits);
      // Go's ParseFloat refuses a value out of range, and the text stays a string.
      if (Number.isFinite(value)) return { tag: '!!float', value };
    }
  }
  return { tag: '!!str', value: text };
}

/**
 * Go's strconv.ParseInt(text, 0, 64), falling back to ParseUint: an optional sign, then a
 * 0b/0o/0x prefix, a leading 0 for octal, or decimal digits; at most 64 bits.
 */
function goInteger(text: string): number | undefined {
  const sign = text[0] === '-' ? -1n : 1n;
  let rest = text[0] === '-' || text[0] === '+' ? text.slice(1) : text;
  if (rest === '') return undefined;
  let base = 10;
  if (rest[0] === '0' && rest.length > 1) {
    const prefix = rest[1].toLowerCase();
    const bases: Record<string, number> = { b: 2, o: 8, x: 16 };
    if (bases[prefix] && rest.length >= 3) {
      base = bases[prefix];
      rest = rest.slice(2);
    } else {
      base = 8;
      rest = rest.slice(1);
    }
  }
  const digit = { 2: /^[01]+$/, 8: /^[0-7]+$/, 10: /^[0-9]+$/, 16: /^[0-9a-fA-F]+$/ }[base] as RegExp;
  if (!digit.test(rest)) return undefined;
  let value = 0n;
  for (const ch of rest) value = value * BigInt(base) + BigInt(parseInt(ch, 16));
  value *= sign;
  // Signed 64 bits, or unsigned 64 bits without a sign.
  const fits = value >= -(2n ** 63n) && (value < 2n ** 63n || (text[0] !== '-' && text[0] !== '+' && value < 2n ** 64n));
  return fits ? Number(value) : undefined;
}

/** The forms go-yaml accepts as a timestamp (only its !!timestamp tag asks for one). */
function looksLikeTimestamp(text: string): boolean {
  return /^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:(?:[Tt][0-9]{1,2}:[0-9]{1,2}:[0-9]{1,2}(?:\.[0-9]+)?(?:Z|[-+][0-9]{2}:[0-9]{2}))|(?: [0-9]{1,2}:[0-9]{1,2}:[0-9]{1,2}(?:\.[0-9]+)?))?$/.test(text);
}

/** Standard base64 with padding, line breaks ignored, as Go's DecodeString reads it. */
function binary(text: string): string | { problem: string } {
  const compact = text.replace(/[\r\n]/g, '');
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(compact)) return { problem: '!!binary value contains invalid base64 data' };
  return Buffer.from(compact, 'base64').toString('utf8');
}
