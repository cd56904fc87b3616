import { fulcioHandler, initializeCA, initializeCTLog, initializeTLog, rekorHandler } from '@sigstore/mock';
import { createHash, createPublicKey, generateKeyPairSync, verify, X509Certificate } from 'node:crypto';
import * as http from 'node:http';
import { AddressInfo } from 'node:net';
import { readTrustRoot, TrustRoot } from '../../src/clients/cosign/trust/trustRoot';

/**
 * Fulcio and Rekor for tests: @sigstore/mock's handlers served over HTTP on 127.0.0.1, with keys
 * made per run and the trusted root assembled from them (the mock does not export its own).
 * Rekor stores entries the way the real log does (an `intoto` body without the payload, a `dsse`
 * body with hashes and verifiers) and checks DSSE signatures, so what the extension writes is
 * judged against the real formats. Faults can be injected: a status, a delay, refusal.
 */
export interface MockSigstore {
  url: string;
  trustedRootJson: unknown;
  trustRoot: TrustRoot;
  /** Every request: path and parsed body. */
  requests: Array<{ path: string; body: unknown }>;
  faults: { rekor?: { status?: number; delayMs?: number }; fulcio?: { status?: number; delayMs?: number } };
  signingConfigJson(): string;
  stop(): Promise<void>;
}

export async function startMockSigstore(): Promise<MockSigstore> {
  const clock = new Date(Date.now() - 60_000);
  const ctKeys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const caKeys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const tlogKeys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const ctLog = await initializeCTLog(ctKeys);
  const ca = await initializeCA(caKeys, ctLog);
  const requests: MockSigstore['requests'] = [];
  const faults: MockSigstore['faults'] = {};

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const tlog = await initializeTLog(url, tlogKeys);
  const fulcio = fulcioHandler(ca);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const rekor = rekorHandler({ ...tlog, log: (proposed: object) => tlog.log(asStoredByRekor(proposed as Record<string, any>)), logV2: tlog.logV2 });

  server.on('request', (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // keep the text
        }
        requests.push({ path: req.url ?? '', body });
        const handler =
          req.method === 'POST' && req.url === fulcio.path
            ? { fn: fulcio.fn, fault: faults.fulcio }
            : req.method === 'POST' && req.url === rekor.path
              ? { fn: rekor.fn, fault: faults.rekor }
              : undefined;
        if (!handler) {
          res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ code: 404, message: 'not found' }));
          return;
        }
        if (handler.fault?.delayMs) await new Promise((r) => setTimeout(r, handler.fault?.delayMs));
        if (res.destroyed) return;
        if (handler.fault?.status) {
          res.writeHead(handler.fault.status, { 'Content-Type': 'application/json' }).end(JSON.stringify({ code: handler.fault.status, message: 'injected failure' }));
          return;
        }
        let answer;
        try {
          answer = await handler.fn(text);
        } catch (error) {
          answer = { statusCode: 400, response: JSON.stringify({ code: 400, message: (error as Error).message }), contentType: 'application/json' };
        }
        res.writeHead(answer.statusCode, { 'Content-Type': answer.contentType ?? 'application/json' }).end(answer.response);
      })();
    });
  });

  const start = new Date(clock.getTime() - 10 * 60_000).toISOString();
  const tlogDer = tlogKeys.publicKey.export({ type: 'spki', format: 'der' });
  const trustedRootJson = {
    mediaType: 'application/vnd.dev.sigstore.trustedroot+json;version=0.1',
    tlogs: [
      {
        baseUrl: url,
        hashAlgorithm: 'SHA2_256',
        publicKey: { rawBytes: tlogDer.toString('base64'), keyDetails: 'PKIX_ECDSA_P256_SHA_256', validFor: { start } },
        logId: { keyId: createHash('sha256').update(tlogDer).digest('base64') },
      },
    ],
    certificateAuthorities: [
      {
        subject: { organization: 'sigstore.mock', commonName: 'sigstore' },
        uri: url,
        certChain: { certificates: [{ rawBytes: Buffer.from(ca.rootCertificate.buffer).toString('base64') }] },
        validFor: { start },
      },
    ],
    ctlogs: [
      {
        baseUrl: url,
        hashAlgorithm: 'SHA2_256',
        publicKey: { rawBytes: Buffer.from(ctLog.publicKey).toString('base64'), keyDetails: 'PKIX_ECDSA_P256_SHA_256', validFor: { start } },
        logId: { keyId: Buffer.from(ctLog.logID.buffer).toString('base64') },
      },
    ],
    timestampAuthorities: [],
  };
  return {
    url,
    trustedRootJson,
    trustRoot: readTrustRoot(trustedRootJson, 'mock Sigstore of this test run'),
    requests,
    faults,
    signingConfigJson: () =>
      JSON.stringify({
        mediaType: 'application/vnd.dev.sigstore.signingconfig.v0.2+json',
        caUrls: [{ url, majorApiVersion: 1, validFor: { start } }],
        oidcUrls: [],
        rekorTlogUrls: [{ url, majorApiVersion: 1, validFor: { start } }],
        tsaUrls: [],
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An unsigned JWT like the ones CI providers issue (the mock Fulcio does not check signatures). */
export function testIdentityToken(claims: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const payload = {
    iss: 'https://token.actions.example',
    sub: 'https://github.com/acme/app/.github/workflows/release.yml@refs/heads/main',
    aud: 'sigstore',
    iat: now,
    exp: now + 600,
    ...claims,
  };
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.c2ln`;
}

const sha256Hex = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** The canonical body real Rekor stores for an entry, after checking its DSSE signature. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function asStoredByRekor(proposed: Record<string, any>): Record<string, unknown> {
  if (proposed.kind === 'intoto' && proposed.apiVersion === '0.0.2') {
    const content = proposed.spec.content;
    const envelope = content.envelope;
    const payload = Buffer.from(Buffer.from(envelope.payload, 'base64').toString('utf8'), 'base64');
    const signature = envelope.signatures[0];
    checkDsse(envelope.payloadType, payload, Buffer.from(Buffer.from(signature.sig, 'base64').toString('utf8'), 'base64'), Buffer.from(signature.publicKey, 'base64').toString('utf8'));
    return {
      apiVersion: '0.0.2',
      kind: 'intoto',
      spec: { content: { envelope: { payloadType: envelope.payloadType, signatures: envelope.signatures }, hash: content.hash, payloadHash: { algorithm: 'sha256', value: sha256Hex(payload) } } },
    };
  }
  if (proposed.kind === 'dsse' && proposed.apiVersion === '0.0.1') {
    const envelopeText: string = proposed.spec.proposedContent.envelope;
    const envelope = JSON.parse(envelopeText);
    const verifier: string = proposed.spec.proposedContent.verifiers[0];
    const payload = Buffer.from(envelope.payload, 'base64');
    checkDsse(envelope.payloadType, payload, Buffer.from(envelope.signatures[0].sig, 'base64'), Buffer.from(verifier, 'base64').toString('utf8'));
    return {
      apiVersion: '0.0.1',
      kind: 'dsse',
      spec: {
        envelopeHash: { algorithm: 'sha256', value: sha256Hex(envelopeText) },
        payloadHash: { algorithm: 'sha256', value: sha256Hex(payload) },
        signatures: envelope.signatures.map((s: { sig: string }) => ({ signature: s.sig, verifier })),
      },
    };
  }
  return proposed;
}

function checkDsse(payloadType: string, payload: Buffer, signature: Buffer, pem: string): void {
  const key = pem.includes('CERTIFICATE') ? new X509Certificate(pem).publicKey : createPublicKey(pem);
  const pae = Buffer.concat([Buffer.from(`DSSEv1 ${Buffer.byteLength(payloadType)} ${payloadType} ${payload.length} `), payload]);
  if (!verify(key.asymmetricKeyType === 'ed25519' ? null : 'sha256', pae, key, signature)) throw new Error('invalid signature for the DSSE envelope');
}
