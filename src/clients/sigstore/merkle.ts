import { createHash } from 'node:crypto';

/**
 * The transparency-log arithmetic a signer checks before it trusts an answer: RFC 6962 leaf and
 * node hashes, the root an inclusion proof leads to (RFC 9162 §2.1.3.2), and the c2sp
 * checkpoint note (https://c2sp.org/tlog-checkpoint) the log signs. Verifying the note's
 * signature needs the log's key from a trusted root; that is the verifier's job.
 */
export function leafHash(body: Buffer): Buffer {
  return createHash('sha256')
    .update(Buffer.from([0x00]))
    .update(body)
    .digest();
}

export function nodeHash(left: Buffer, right: Buffer): Buffer {
  return createHash('sha256')
    .update(Buffer.from([0x01]))
    .update(left)
    .update(right)
    .digest();
}

/** The root the audit path leads to from a leaf, or undefined when the path cannot fit the tree. */
export function rootFromInclusionProof(index: bigint, treeSize: bigint, leaf: Buffer, path: Buffer[]): Buffer | undefined {
  if (index < 0n || index >= treeSize) return undefined;
  let fn = index;
  let sn = treeSize - 1n;
  let hash = leaf;
  for (const sibling of path) {
    if (sn === 0n) return undefined;
    if ((fn & 1n) === 1n || fn === sn) {
      hash = nodeHash(sibling, hash);
      // A right-border node has no right sibling at the levels it skips.
      while ((fn & 1n) === 0n && fn !== 0n) {
        fn >>= 1n;
        sn >>= 1n;
      }
    } else {
      hash = nodeHash(hash, sibling);
    }
    fn >>= 1n;
    sn >>= 1n;
  }
  return sn === 0n ? hash : undefined;
}

export interface CheckpointSignature {
  /** The key name, which for Rekor v2 is the log's origin. */
  name: string;
  /** The first 4 bytes of the key ID. */
  keyHint: Buffer;
  signature: Buffer;
}

export interface Checkpoint {
  origin: string;
  size: bigint;
  rootHash: Buffer;
  /** The signed text: origin, size and root lines plus any extension lines, newline-terminated. */
  note: string;
  signatures: CheckpointSignature[];
}

/** Reads a signed checkpoint note; a string says what is wrong with it. */
export function parseCheckpoint(envelope: string): Checkpoint | string {
  const split = envelope.indexOf('\n\n');
  if (split < 0) return 'the checkpoint has no blank line between its text and its signatures';
  const note = envelope.slice(0, split + 1);
  const [origin, size, root] = note.split('\n');
  if (!origin || !/^\d+$/.test(size ?? '') || !root) return 'the checkpoint text does not start with an origin, a tree size and a root hash';
  const rootHash = Buffer.from(root, 'base64');
  if (rootHash.length !== 32) return 'the checkpoint\u2019s root hash is not a base64 SHA-256 hash';
  const signatures: CheckpointSignature[] = [];
  for (const line of envelope.slice(split + 2).split('\n')) {
    const match = /^\u2014 (\S+) (\S+)$/.exec(line);
    if (!match) continue;
    const bytes = Buffer.from(match[2], 'base64');
    if (bytes.length > 4) signatures.push({ name: match[1], keyHint: bytes.subarray(0, 4), signature: bytes.subarray(4) });
  }
  if (signatures.length === 0) return 'the checkpoint carries no signature line';
  return { origin, size: BigInt(size), rootHash, note, signatures };
}
