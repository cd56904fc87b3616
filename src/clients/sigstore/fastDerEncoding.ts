import { ASN1Obj } from '@sigstore/core';
import { derTlv } from './der';

/**
 * @sigstore/core turns parsed certificates back into DER whenever it compares or checks them
 * (certificate equality, chain signatures, the SCT pre-certificate), and its encoder starts a
 * zero-filled 1 KiB block twice for every ASN.1 node. Profiling a keyless verification showed
 * that encoder taking over half the time of the whole check. This swaps in an encoder that writes
 * the same bytes from exact-size buffers.
 *
 * Trees in general are not cached: the library edits them (it drops the SCT extension from a
 * copy before encoding it). Only trees pinned with `pinEncoding` (the trust root's certificates,
 * parsed once and kept) remember their bytes, and pinning freezes them so that no edit can make
 * the remembered bytes stale.
 */
let installed = false;
const pinned = new WeakMap<ASN1Obj, Buffer>();

/** The library's own encoder, kept so tests can compare the two byte for byte. */
export const libraryToDER = ASN1Obj.prototype.toDER;

function encodeAsn1(obj: ASN1Obj): Buffer {
  const content = obj.subs.length > 0 ? Buffer.concat(obj.subs.map((sub) => sub.toDER())) : obj.value;
  return derTlv(obj.tag.toDER(), content);
}

export function installFastDerEncoding(): void {
  if (installed) return;
  installed = true;
  ASN1Obj.prototype.toDER = function toDER(this: ASN1Obj): Buffer {
    return pinned.get(this) ?? encodeAsn1(this);
  };
}

/** Freezes a tree that is kept and never edited, and remembers the encoding of each node. */
export function pinEncoding(root: ASN1Obj): void {
  installFastDerEncoding();
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
