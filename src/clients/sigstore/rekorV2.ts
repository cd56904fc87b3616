import { ServiceError } from '../../core/errors';
import { HttpClient } from '../../core/http';
import { leafHash, parseCheckpoint, rootFromInclusionProof } from './merkle';
import { CreateEntryRequestV2, bodyProblem, entryKindOf, expectedEntryBody } from './rekorV2Entries';
import { SigstoreHttpOptions, sigstoreHttp } from './service';

/**
 * Rekor v2 (rekor-tiles): `POST /api/v2/log/entries` with a `CreateEntryRequest`, answered with a
 * `TransparencyLogEntry` (protobuf JSON): the index, the log ID, the kind and version, the
 * canonicalized body and an inclusion proof with a signed checkpoint. There is no integrated
 * time and no signed entry timestamp: the proof is the promise, and the time comes from a
 * timestamp authority. Before the entry goes into a bundle, the answer is checked: it records
 * what was sent, and its proof leads to the root its checkpoint signs.
 */
export const PUBLIC_REKOR_V2_URL = 'https://log2025-1.rekor.sigstore.dev';

export interface RekorV2Entry {
  logIndex: string;
  logId: Buffer;
  kind: string;
  version: string;
  /** The canonicalized `Entry`, as the Merkle leaf hashes it. */
  body: Buffer;
  proof: { logIndex: string; treeSize: string; rootHash: Buffer; hashes: Buffer[]; checkpoint: string };
  /** The log's origin as its checkpoint names it. */
  origin: string;
}

const OPERATION = 'add log entry';

export class RekorV2Client {
  readonly http: HttpClient;

  constructor(
    readonly baseUrl: string,
    options: SigstoreHttpOptions = {},
  ) {
    this.http = sigstoreHttp('Rekor v2', baseUrl, options);
  }

  async createEntry(request: CreateEntryRequestV2, signal?: AbortSignal): Promise<RekorV2Entry> {
    let data: unknown;
    try {
      data = (await this.http.request<unknown>({ operation: OPERATION, method: 'POST', path: '/api/v2/log/entries', body: request, headers: { Accept: 'application/json' }, signal })).data;
    } catch (error) {
      if (error instanceof ServiceError && error.status === 409) {
        // rekor-tiles has no API to fetch an existing entry, so there is nothing to build a bundle from.
        throw error.withHint(
          'The log already holds this exact signature, and Rekor v2 cannot hand back its entry. ' +
            'RSA and Ed25519 signatures are deterministic, so the same key signing the same statement again repeats one: use conflict SKIPSAME to keep the existing signature.',
        );
      }
      throw error;
    }
    return readEntry(
      data,
      request,
      (summary) =>
        new ServiceError({
          kind: 'invalidResponse',
          service: this.http.service,
          operation: OPERATION,
          summary,
          hint: 'Nothing was written to the registry. Check that the Rekor v2 address in the signing config points at a Rekor v2 (rekor-tiles) log.',
        }),
    );
  }
}

/* eslint-disable
     @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-assignment
     -- the log's answer is walked as `any`, each field checked with typeof before use */
type Raw = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function readEntry(data: unknown, request: CreateEntryRequestV2, invalid: (summary: string) => ServiceError): RekorV2Entry {
  const raw = (data && typeof data === 'object' ? data : {}) as Raw;
  const proof = raw.inclusionProof as Raw | undefined;
  const index = String(raw.logIndex ?? '0');
  if (!/^\d+$/.test(index) || typeof raw.logId?.keyId !== 'string' || !raw.kindVersion || !proof || typeof proof.checkpoint?.envelope !== 'string' || !Array.isArray(proof.hashes)) {
    throw invalid('the answer is not a transparency log entry (logIndex, logId, kindVersion and an inclusion proof with a checkpoint are required)');
  }
  const kind = entryKindOf(request);
  if (raw.kindVersion.kind !== kind || raw.kindVersion.version !== '0.0.2') {
    throw invalid(`it logged a ${raw.kindVersion.kind} ${raw.kindVersion.version} entry, not ${kind} 0.0.2`);
  }
  // Older rekor-tiles releases leave the body out; it is then the one this request makes.
  const body = typeof raw.canonicalizedBody === 'string' ? Buffer.from(raw.canonicalizedBody, 'base64') : expectedEntryBody(request);
  const problem = bodyProblem(body, request);
  if (problem) throw invalid(problem);

  const checkpoint = parseCheckpoint(proof.checkpoint.envelope);
  if (typeof checkpoint === 'string') throw invalid(checkpoint);
  const proofIndex = String(proof.logIndex ?? '0');
  const treeSize = String(proof.treeSize ?? '0');
  if (proofIndex !== index || !/^\d+$/.test(treeSize) || BigInt(treeSize) !== checkpoint.size) {
    throw invalid(`its inclusion proof (index ${proofIndex}, tree size ${treeSize}) does not fit the entry (index ${index}) and the checkpoint (tree size ${checkpoint.size})`);
  }
  const hashes = (proof.hashes as unknown[]).map((h) => Buffer.from(String(h), 'base64'));
  const root = rootFromInclusionProof(BigInt(index), checkpoint.size, leafHash(body), hashes);
  if (!root || !root.equals(checkpoint.rootHash)) {
    throw invalid('its inclusion proof does not lead to the root hash its checkpoint signs, so the entry cannot be shown to be in the log');
  }
  return {
    logIndex: index,
    logId: Buffer.from(raw.logId.keyId, 'base64'),
    kind,
    version: '0.0.2',
    body,
    proof: { logIndex: index, treeSize, rootHash: checkpoint.rootHash, hashes, checkpoint: proof.checkpoint.envelope },
    origin: checkpoint.origin,
  };
}
/* eslint-enable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-assignment */

/** The entry as a Sigstore bundle's `tlogEntries[]` item: an inclusion proof, no promise, no time. */
export function bundleTlogEntryV2(entry: RekorV2Entry): Record<string, unknown> {
  return {
    logIndex: entry.logIndex,
    logId: { keyId: entry.logId.toString('base64') },
    kindVersion: { kind: entry.kind, version: entry.version },
    integratedTime: '0',
    inclusionProof: {
      logIndex: entry.proof.logIndex,
      rootHash: entry.proof.rootHash.toString('base64'),
      treeSize: entry.proof.treeSize,
      hashes: entry.proof.hashes.map((h) => h.toString('base64')),
      checkpoint: { envelope: entry.proof.checkpoint },
    },
    canonicalizedBody: entry.body.toString('base64'),
  };
}
