import { json } from '@sigstore/core';
import { KeyObject, X509Certificate, createHash, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import * as http from 'node:http';
import { AddressInfo } from 'node:net';
import { MerkleTree } from './merkleTree';

/**
 * A Rekor v2 (rekor-tiles) stand-in on 127.0.0.1: `POST /api/v2/log/entries` takes a
 * `CreateEntryRequest` in protobuf JSON, checks it the way the real log does (the verifier's key
 * and algorithm, every DSSE signature), stores the canonicalized `Entry` as a leaf of an
 * append-only RFC 6962 Merkle tree, and answers a `TransparencyLogEntry` with an inclusion proof
 * and a checkpoint signed in the c2sp signed-note format with the log's Ed25519 key. As with
 * protojson, zero-valued int64 fields (index 0) are left out. Refusals use the real log's terse
 * gRPC-status wording. Faults can be injected: a status, a delay, a proof that does not fit.
 *
 * @sigstore/mock has a Rekor v2 handler, but its proof index is random and it stores the request
 * as the body, so nothing it answers verifies; hence this one.
 */
export interface RekorV2StandIn {
  url: string;
  /** The checkpoint origin and key name: the URL's host, as public-good logs use theirs. */
  origin: string;
  /** SHA-256(origin || "\n" || 0x01 || Ed25519 key): the c2sp key ID, which Rekor v2 uses as log ID. */
  logId: Buffer;
  tree: MerkleTree;
  requests: Array<{ contentType: string; body: unknown }>;
  faults: { status?: number; message?: string; delayMs?: number; corruptProof?: boolean };
  /** The `tlogs[]` item a trusted root needs for this log. */
  trustedRootTlog(validFrom: string): Record<string, unknown>;
  stop(): Promise<void>;
}

type Raw = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const HASHES: Record<string, string | null> = {
  PKIX_ECDSA_P256_SHA_256: 'sha256',
  PKIX_ECDSA_P384_SHA_256: 'sha256',
  PKIX_ECDSA_P384_SHA_384: 'sha384',
  PKIX_RSA_PKCS1V15_2048_SHA256: 'sha256',
  PKIX_RSA_PKCS1V15_3072_SHA256: 'sha256',
  PKIX_RSA_PKCS1V15_4096_SHA256: 'sha256',
  PKIX_ED25519: null,
};

class Refusal extends Error {}

export async function startRekorV2StandIn(): Promise<RekorV2StandIn> {
  const keys = generateKeyPairSync('ed25519');
  const spki = keys.publicKey.export({ type: 'spki', format: 'der' });
  const tree = new MerkleTree();
  const bodies = new Map<string, number>();
  const requests: RekorV2StandIn['requests'] = [];
  const faults: RekorV2StandIn['faults'] = {};
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const origin = new URL(url).host;
  const logId = createHash('sha256')
    .update(`${origin}\n`)
    .update(Buffer.from([0x01]))
    .update(spki.subarray(spki.length - 32))
    .digest();

  const checkpoint = (size: number): string => {
    const note = `${origin}\n${size}\n${tree.root(size).toString('base64')}\n`;
    const signature = sign(null, Buffer.from(note), keys.privateKey);
    return `${note}\n\u2014 ${origin} ${Buffer.concat([logId.subarray(0, 4), signature]).toString('base64')}\n`;
  };

  const answer = (res: http.ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));

  server.on('request', (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        if (req.method !== 'POST' || req.url !== '/api/v2/log/entries') return answer(res, 404, { code: 5, message: 'Not Found' });
        let body: Raw;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          return answer(res, 400, { code: 3, message: 'invalid request body' });
        }
        requests.push({ contentType: String(req.headers['content-type'] ?? ''), body });
        if (faults.delayMs) await new Promise((r) => setTimeout(r, faults.delayMs));
        if (res.destroyed) return;
        if (faults.status) return answer(res, faults.status, { code: faults.status === 400 ? 3 : 13, message: faults.message ?? 'injected failure' });
        let entry: { kind: string; canonical: Buffer };
        try {
          entry = toLogEntry(body);
        } catch (error) {
          if (error instanceof Refusal) return answer(res, 400, { code: 3, message: error.message });
          throw error;
        }
        const existing = bodies.get(entry.canonical.toString('base64'));
        if (existing !== undefined) return answer(res, 409, { code: 6, message: `an equivalent entry already exists in the transparency log with index ${existing}` });
        const index = tree.append(entry.canonical);
        bodies.set(entry.canonical.toString('base64'), index);
        const size = tree.size;
        const hashes = tree.inclusionProof(index, size);
        if (faults.corruptProof) hashes.splice(0, 1, createHash('sha256').update('not a sibling').digest());
        const withIndex = index === 0 ? {} : { logIndex: String(index) };
        answer(res, 201, {
          ...withIndex,
          logId: { keyId: logId.toString('base64') },
          kindVersion: { kind: entry.kind, version: '0.0.2' },
          inclusionProof: {
            ...withIndex,
            rootHash: tree.root(size).toString('base64'),
            treeSize: String(size),
            hashes: hashes.map((h) => h.toString('base64')),
            checkpoint: { envelope: checkpoint(size) },
          },
          canonicalizedBody: entry.canonical.toString('base64'),
        });
      })();
    });
  });

  return {
    url,
    origin,
    logId,
    tree,
    requests,
    faults,
    trustedRootTlog: (validFrom) => ({
      baseUrl: url,
      hashAlgorithm: 'SHA2_256',
      publicKey: { rawBytes: spki.toString('base64'), keyDetails: 'PKIX_ED25519', validFor: { start: validFrom } },
      logId: { keyId: logId.toString('base64') },
    }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Validates a CreateEntryRequest and builds the canonical Entry the log stores for it. */
function toLogEntry(request: Raw): { kind: string; canonical: Buffer } {
  const hashed = request.hashedRekordRequestV002 as Raw | undefined;
  const dsse = request.dsseRequestV002 as Raw | undefined;
  if (!hashed === !dsse) throw new Refusal('invalid type, must be either hashedrekord or dsse');
  if (hashed) {
    const digest = Buffer.from(String(hashed.digest ?? ''), 'base64');
    if (digest.length !== 32 || !hashed.signature?.content) throw new Refusal('invalid hashedrekord request');
    verifierKey(hashed.signature.verifier, 'invalid hashedrekord request');
    // Node's crypto cannot check a signature over a bare digest; @sigstore/verify checks it later.
    const spec = { hashedRekordV002: { data: { algorithm: 'SHA2_256', digest: digest.toString('base64') }, signature: hashed.signature } };
    return { kind: 'hashedrekord', canonical: Buffer.from(json.canonicalize({ apiVersion: '0.0.2', kind: 'hashedrekord', spec })) };
  }
  const envelope = dsse?.envelope as Raw | undefined;
  const verifiers = (dsse?.verifiers ?? []) as Raw[];
  if (!envelope?.payload || !envelope.payloadType || !Array.isArray(envelope.signatures) || envelope.signatures.length === 0 || verifiers.length === 0) {
    throw new Refusal('invalid dsse request');
  }
  const payload = Buffer.from(envelope.payload, 'base64');
  const pae = Buffer.concat([Buffer.from(`DSSEv1 ${Buffer.byteLength(envelope.payloadType)} ${envelope.payloadType} ${payload.length} `), payload]);
  const signatures = (envelope.signatures as Raw[]).map((s) => {
    const bytes = Buffer.from(String(s.sig ?? ''), 'base64');
    const verifier = verifiers.find((v) => {
      const { key, hash } = verifierKey(v, 'invalid dsse request');
      try {
        return verify(hash, pae, key, bytes);
      } catch {
        return false;
      }
    });
    if (!verifier) throw new Refusal('invalid dsse request');
    return { content: bytes.toString('base64'), verifier };
  });
  const spec = { dsseV002: { payloadHash: { algorithm: 'SHA2_256', digest: createHash('sha256').update(payload).digest('base64') }, signatures } };
  return { kind: 'dsse', canonical: Buffer.from(json.canonicalize({ apiVersion: '0.0.2', kind: 'dsse', spec })) };
}

/** The key a verifier names, checked against its keyDetails as the algorithm registry would. */
function verifierKey(verifier: Raw | undefined, refusal: string): { key: KeyObject; hash: string | null } {
  const details = String(verifier?.keyDetails ?? '');
  if (!verifier || !(details in HASHES) || !verifier.publicKey === !verifier.x509Certificate) throw new Refusal(refusal);
  let key: KeyObject;
  try {
    key = verifier.x509Certificate
      ? new X509Certificate(Buffer.from(verifier.x509Certificate.rawBytes, 'base64')).publicKey
      : createPublicKey({ key: Buffer.from(verifier.publicKey.rawBytes, 'base64'), format: 'der', type: 'spki' });
  } catch {
    throw new Refusal(refusal);
  }
  const type = key.asymmetricKeyType;
  const curve = key.asymmetricKeyDetails?.namedCurve;
  const fits = details.startsWith('PKIX_ECDSA_P256')
    ? curve === 'prime256v1'
    : details.startsWith('PKIX_ECDSA_P384')
      ? curve === 'secp384r1'
      : details.startsWith('PKIX_RSA')
        ? type === 'rsa' && details.includes(String(key.asymmetricKeyDetails?.modulusLength))
        : type === 'ed25519';
  if (!fits) throw new Refusal(refusal);
  return { key, hash: HASHES[details] };
}
