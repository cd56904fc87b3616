import { createHash } from 'node:crypto';

/**
 * An append-only RFC 6962 Merkle tree for the Rekor v2 stand-in, written from the RFC's
 * recursive definitions (§2.1: MTH and PATH) rather than with the client's iterative proof
 * check, so the two meet only at the hashes. Leaf hash = SHA-256(0x00 || entry), node hash =
 * SHA-256(0x01 || left || right).
 */
export class MerkleTree {
  private readonly leaves: Buffer[] = [];

  get size(): number {
    return this.leaves.length;
  }

  /** Appends an entry; returns its index. */
  append(entry: Buffer): number {
    this.leaves.push(sha256(Buffer.from([0x00]), entry));
    return this.leaves.length - 1;
  }

  leafHash(index: number): Buffer {
    return this.leaves[index];
  }

  /** MTH(D[0:size]). */
  root(size = this.size): Buffer {
    return size === 0 ? sha256() : this.subtreeHash(0, size);
  }

  /** PATH(index, D[0:size]): sibling hashes from the leaf up to the root. */
  inclusionProof(index: number, size = this.size): Buffer[] {
    if (index < 0 || index >= size) throw new RangeError(`index ${index} is outside a tree of ${size}`);
    return this.path(index, 0, size);
  }

  private subtreeHash(start: number, end: number): Buffer {
    if (end - start === 1) return this.leaves[start];
    const k = splitPoint(end - start);
    return sha256(Buffer.from([0x01]), this.subtreeHash(start, start + k), this.subtreeHash(start + k, end));
  }

  private path(index: number, start: number, end: number): Buffer[] {
    if (end - start === 1) return [];
    const k = splitPoint(end - start);
    return index < k ? [...this.path(index, start, start + k), this.subtreeHash(start + k, end)] : [...this.path(index - k, start + k, end), this.subtreeHash(start, start + k)];
  }
}

/** The largest power of two smaller than n (n > 1). */
function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

function sha256(...parts: Buffer[]): Buffer {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
}
