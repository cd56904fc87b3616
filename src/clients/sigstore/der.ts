/**
 * Just enough DER to write an RFC 3161 timestamp request: SEQUENCE, INTEGER, OBJECT IDENTIFIER,
 * OCTET STRING, BOOLEAN. Reading DER is left to @sigstore/core's ASN.1 parser, which the
 * verifier already uses; it has no encoder, and a request is five fields, so a library for it
 * would cost more than it saves.
 */
/** One tag-length-value element (a single-byte tag). */
export function derTlv(tag: number, content: Buffer): Buffer {
  return Buffer.concat([Buffer.from([tag]), derLength(content.length), content]);
}

/** Short form below 128, else 0x80 | byte count followed by the big-endian length. */
function derLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

export function derSequence(...items: Buffer[]): Buffer {
  return derTlv(0x30, Buffer.concat(items));
}

/** A non-negative INTEGER from its big-endian magnitude: minimal, with a 0x00 when the top bit is set. */
export function derUnsignedInteger(magnitude: Buffer): Buffer {
  let start = 0;
  while (start < magnitude.length - 1 && magnitude[start] === 0) start++;
  const trimmed = magnitude.length === 0 ? Buffer.from([0]) : magnitude.subarray(start);
  return derTlv(0x02, trimmed[0] & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed);
}

export function derSmallInteger(value: number): Buffer {
  if (!Number.isInteger(value) || value < 0 || value > 0x7fffffff) throw new RangeError(`not a small non-negative integer: ${value}`);
  const bytes: number[] = [];
  for (let rest = value; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return derUnsignedInteger(Buffer.from(bytes));
}

export function derOid(oid: string): Buffer {
  const arcs = oid.split('.').map((arc) => {
    if (!/^\d+$/.test(arc)) throw new RangeError(`not an object identifier: ${oid}`);
    return Number(arc);
  });
  if (arcs.length < 2) throw new RangeError(`not an object identifier: ${oid}`);
  const out: number[] = [];
  for (const arc of [arcs[0] * 40 + arcs[1], ...arcs.slice(2)]) {
    // Base 128, most significant group first, the high bit set on all but the last.
    const groups = [arc & 0x7f];
    for (let rest = Math.floor(arc / 128); rest > 0; rest = Math.floor(rest / 128)) groups.unshift((rest & 0x7f) | 0x80);
    out.push(...groups);
  }
  return derTlv(0x06, Buffer.from(out));
}

export function derOctetString(bytes: Buffer): Buffer {
  return derTlv(0x04, bytes);
}

export function derBoolean(value: boolean): Buffer {
  return derTlv(0x01, Buffer.from([value ? 0xff : 0x00]));
}
