import { ASN1Obj } from '@sigstore/core';

/**
 * @sigstore/core turns parsed certificates back into DER whenever it compares or checks them
 * (certificate equality, chain signatures, the SCT pre-certificate), and its encoder starts a
 * zero-filled 1 KiB block twice for every ASN.1 node. Profiling a keyless verification showed
 * that encoder taking over half the time of the whole check. This swaps in an encoder that writes
 * the same bytes: it measures the tree first, then writes every node into one buffer of the
 * exact size (a signer certificate is encoded about six times per check).
 *
 * It replaces a method of a library it does not own, so it first proves itself: the library must
 * still have the shape this encoder reads (tag, subs, value), and both encoders must write the
 * same bytes for real certificates, whole and after an edit. Otherwise the library is left as it
 * is, and a warning says why.
 *
 * Trees in general are not cached: the library edits them (it drops the SCT extension from a
 * copy before encoding it). Only trees pinned with `pinEncoding` (the trust root's certificates,
 * parsed once and kept) remember their bytes, and pinning freezes them so that no edit can make
 * the remembered bytes stale.
 */
interface Asn1Node {
  tag: { toDER(): number };
  subs: Asn1Node[];
  value: Uint8Array;
}

/** The class whose `toDER` is replaced, and its parser (for the self-check). */
export interface Asn1Library {
  prototype: { toDER(this: Asn1Node): Buffer };
  parseBuffer(der: Buffer): Asn1Node;
}

export type PatchDecision = { installed: true } | { installed: false; reason: string };

export interface PatchOptions<Library> {
  /** The library object to patch; @sigstore/core's own unless a test gives another. */
  library?: Library;
  /** Where the reason goes when the library is left unpatched (a process warning by default). */
  warn?: (message: string) => void;
}

/** The library's own encoder, kept so the self-check and tests can compare the two. */
export const libraryToDER = ASN1Obj.prototype.toDER;

const decisions = new WeakMap<object, PatchDecision>();
const pinned = new WeakMap<object, Buffer>();

/** A process warning: printed by the command line, logged by the editor's extension host. */
export function warnPatchSkipped(message: string): void {
  process.emitWarning(message, 'SigstorePatchWarning');
}

function encodeAsn1(node: Asn1Node): Buffer {
  // Content lengths in the order `write` visits the nodes, so nothing is measured twice. One list
  // serves every call (an encoding never starts another), so encoding makes no garbage but its bytes.
  contentLengths.length = 0;
  const out = Buffer.allocUnsafe(measure(node));
  cursor = 0;
  const end = write(node, out, 0);
  if (end !== out.length) throw new Error(`DER encoding wrote ${end} of ${out.length} bytes`);
  return out;
}

const contentLengths: number[] = [];
let cursor = 0;

/** The whole encoding's size (tag, length and content); records each unpinned node's content length. */
function measure(node: Asn1Node): number {
  const known = pinned.get(node);
  if (known) return known.length;
  const index = contentLengths.push(0) - 1;
  const subs = node.subs;
  let content = 0;
  if (subs.length > 0) for (let i = 0; i < subs.length; i++) content += measure(subs[i]);
  else content = node.value.length;
  contentLengths[index] = content;
  return 1 + lengthOfLength(content) + content;
}

function write(node: Asn1Node, out: Buffer, offset: number): number {
  const known = pinned.get(node);
  if (known) return offset + known.copy(out, offset);
  const content = contentLengths[cursor++];
  out[offset++] = node.tag.toDER();
  offset = writeLength(out, offset, content);
  const subs = node.subs;
  if (subs.length > 0) {
    for (let i = 0; i < subs.length; i++) offset = write(subs[i], out, offset);
    return offset;
  }
  out.set(node.value, offset);
  return offset + node.value.length;
}

/** DER lengths: short form below 128, else 0x80 | byte count followed by the big-endian length. */
function lengthOfLength(length: number): number {
  if (length < 0x80) return 1;
  let bytes = 0;
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes++;
  return 1 + bytes;
}

function writeLength(out: Buffer, offset: number, length: number): number {
  if (length < 0x80) {
    out[offset] = length;
    return offset + 1;
  }
  const bytes = lengthOfLength(length) - 1;
  out[offset] = 0x80 | bytes;
  for (let i = bytes, rest = length; i >= 1; i--, rest = Math.floor(rest / 256)) out[offset + i] = rest % 256;
  return offset + 1 + bytes;
}

/**
 * Replaces the library's encoder once its self-check on `samples` (DER certificates) passes.
 * Decided once per library object; later calls answer the same.
 */
export function installFastDerEncoding(samples: Buffer[], options: PatchOptions<Asn1Library> = {}): PatchDecision {
  const library = options.library ?? ASN1Obj;
  const known = decisions.get(library);
  if (known) return known;
  const problem = selfCheckProblem(library, samples);
  const decision: PatchDecision = problem ? { installed: false, reason: problem } : { installed: true };
  decisions.set(library, decision);
  if (problem) {
    (options.warn ?? warnPatchSkipped)(`the faster DER encoder for @sigstore/core is not used, the library's own encodes instead: ${problem}`);
    return decision;
  }
  library.prototype.toDER = function toDER(this: Asn1Node): Buffer {
    return pinned.get(this) ?? encodeAsn1(this);
  };
  return decision;
}

function selfCheckProblem(library: Asn1Library, samples: Buffer[]): string | undefined {
  const original = library.prototype?.toDER;
  if (typeof original !== 'function') return 'the library has no ASN1Obj.prototype.toDER to replace';
  if (typeof library.parseBuffer !== 'function') return 'the library has no ASN1Obj.parseBuffer to check the encoder with';
  if (samples.length === 0) return 'there was no certificate to check it with';
  for (const [index, der] of samples.entries()) {
    const which = `certificate ${index + 1} of ${samples.length}`;
    try {
      const tree = library.parseBuffer(Buffer.from(der));
      const shape = shapeProblem(tree);
      if (shape) return `the library's ASN.1 objects changed shape (${shape})`;
      if (!sameBytes(encodeAsn1(tree), original.call(tree))) return `the two encoders write different bytes for ${which}`;
      // The library edits trees before encoding them (it drops the SCT extension): so must this.
      const edited = nodeWithSeveralSubs(tree);
      if (edited) {
        edited.subs.splice(edited.subs.length - 1, 1);
        if (!sameBytes(encodeAsn1(tree), original.call(tree))) return `the two encoders write different bytes for ${which} after an edit`;
      }
    } catch (error) {
      return `checking ${which} failed: ${(error as Error)?.message ?? String(error)}`;
    }
  }
  return undefined;
}

function shapeProblem(node: Asn1Node): string | undefined {
  if (!node || typeof node.tag?.toDER !== 'function') return 'no tag.toDER()';
  const tag = node.tag.toDER();
  if (!Number.isInteger(tag) || tag < 0 || tag > 0xff) return `tag.toDER() gave ${String(tag)}, not one byte`;
  if (!Array.isArray(node.subs)) return 'no subs list';
  if (!(node.value instanceof Uint8Array)) return 'no value bytes';
  for (const sub of node.subs) {
    const problem = shapeProblem(sub);
    if (problem) return problem;
  }
  return undefined;
}

/** The last node below the root, in document order, with two or more children: something to edit. */
function nodeWithSeveralSubs(root: Asn1Node): Asn1Node | undefined {
  let found: Asn1Node | undefined;
  const visit = (node: Asn1Node, depth: number) => {
    if (depth > 0 && node.subs.length >= 2) found = node;
    for (const sub of node.subs) visit(sub, depth + 1);
  };
  visit(root, 0);
  return found;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a instanceof Uint8Array && b instanceof Uint8Array && Buffer.from(a).equals(Buffer.from(b));
}

/**
 * Freezes a tree that is kept and never edited, and remembers the encoding of each node. Only
 * when the faster encoder is in place: the library's own does not read remembered bytes.
 */
export function pinEncoding(root: ASN1Obj): void {
  if (!decisions.get(ASN1Obj)?.installed) return;
  const visit = (node: ASN1Obj): Buffer => {
    for (const sub of node.subs) visit(sub);
    Object.freeze(node.subs);
    Object.freeze(node);
    const der = encodeAsn1(node);
    pinned.set(node, der);
    return der;
  };
  visit(root);
}
