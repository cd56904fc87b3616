import { ASN1Obj } from '@sigstore/core';
import { initializeTSA } from '@sigstore/mock';
import { createHash, generateKeyPairSync } from 'node:crypto';
import * as http from 'node:http';
import { AddressInfo } from 'node:net';

/**
 * An RFC 3161 timestamp authority on 127.0.0.1 as Sigstore's timestamp-authority serves it:
 * `POST /api/v1/timestamp` with a DER TimeStampReq (`application/timestamp-query`), answered with
 * a DER TimeStampResp (`application/timestamp-reply`). The token is signed by @sigstore/mock's
 * TSA (a per-run root and signing certificate). Its own handler only reads Sigstore's JSON form,
 * so the DER request is read here. Faults: a status, a delay, a rejection with a failure reason,
 * or a timestamp over other bytes than those asked for (a misbehaving TSA).
 */
export interface TsaStandIn {
  url: string;
  requests: Array<{ contentType: string; body: Buffer }>;
  faults: { status?: number; delayMs?: number; reject?: { text: string; failureBit: number }; otherBytes?: boolean };
  /** The `timestampAuthorities[]` item a trusted root needs: the signing certificate, then the root. */
  trustedRootAuthority(validFrom: string): Record<string, unknown>;
  stop(): Promise<void>;
}

const OID_SHA256 = '2.16.840.1.101.3.4.2.1';
const OID_TSA_POLICY = '1.3.6.1.4.1.57264.2';

interface ParsedRequest {
  hashOid: string;
  digest: Buffer;
  /** The nonce INTEGER's content bytes, echoed as given. */
  nonce?: Buffer;
  policy?: string;
  certReq: boolean;
}

export async function startTsaStandIn(): Promise<TsaStandIn> {
  const tsa = await initializeTSA(generateKeyPairSync('ec', { namedCurve: 'P-256' }));
  allowAnyNonce(tsa);
  wholeSeconds(tsa);
  const requests: TsaStandIn['requests'] = [];
  const faults: TsaStandIn['faults'] = {};
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        const contentType = String(req.headers['content-type'] ?? '');
        if (req.method !== 'POST' || req.url !== '/api/v1/timestamp') return void res.writeHead(404).end();
        requests.push({ contentType, body });
        if (faults.delayMs) await new Promise((r) => setTimeout(r, faults.delayMs));
        if (res.destroyed) return;
        if (faults.status) return void res.writeHead(faults.status, { 'Content-Type': 'application/json' }).end(JSON.stringify({ code: faults.status, message: 'injected failure' }));
        if (contentType.split(';')[0].trim() !== 'application/timestamp-query') return void res.writeHead(415, { 'Content-Type': 'text/plain' }).end('expected an application/timestamp-query body');
        let parsed: ParsedRequest;
        try {
          parsed = parseRequest(body);
        } catch (error) {
          return void res.writeHead(400, { 'Content-Type': 'text/plain' }).end(`not a TimeStampReq: ${(error as Error).message}`);
        }
        const request = {
          artifactHash: faults.otherBytes ? createHash('sha256').update('other bytes').digest() : parsed.digest,
          hashAlgorithmOID: parsed.hashOid,
          nonce: 0,
          nonceBytes: parsed.nonce,
          policyOID: parsed.policy ?? OID_TSA_POLICY,
          certReq: parsed.certReq,
        };
        const reply = faults.reject ? rejection(faults.reject.text, faults.reject.failureBit) : Buffer.from((await tsa.timestamp(request)) as Uint8Array);
        res.writeHead(201, { 'Content-Type': 'application/timestamp-reply' }).end(reply);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/timestamp`;
  return {
    url,
    requests,
    faults,
    trustedRootAuthority: (validFrom) => ({
      subject: { organization: 'sigstore.mock', commonName: 'tsa' },
      uri: url,
      certChain: { certificates: [tsa.intCertificate, tsa.rootCertificate].map((c) => ({ rawBytes: Buffer.from(c as Uint8Array).toString('base64') })) },
      validFor: { start: validFrom },
    }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function parseRequest(der: Buffer): ParsedRequest {
  const root = ASN1Obj.parseBuffer(der as Buffer<ArrayBuffer>);
  const [version, imprint, ...rest] = root.subs;
  if (!version?.tag.isInteger() || version.toInteger() !== 1n) throw new Error('version must be 1');
  const hashOid = imprint.subs[0].subs[0].toOID();
  const digest = imprint.subs[1].value;
  if (hashOid !== OID_SHA256 || digest.length !== 32) throw new Error('the message imprint must be a SHA-256 hash');
  const out: ParsedRequest = { hashOid, digest, certReq: false };
  for (const field of rest) {
    if (field.tag.isOID()) out.policy = field.toOID();
    else if (field.tag.isInteger()) out.nonce = field.value;
    else if (field.tag.isBoolean()) out.certReq = field.toBoolean();
  }
  return out;
}

/**
 * The mock TSA writes the nonce from a JavaScript number, which cannot hold the 128-bit nonces
 * real clients send; its TSTInfo gets the request's nonce bytes instead.
 */
function allowAnyNonce(tsa: object): void {
  type Info = { nonce?: { constructor: new (init: { valueHex: ArrayBuffer }) => unknown } };
  const target = tsa as { tstInfo: (req: { nonceBytes?: Buffer }) => Info };
  const original = target.tstInfo.bind(tsa);
  target.tstInfo = (req) => {
    const info = original(req);
    if (req.nonceBytes && info.nonce) {
      const bytes = req.nonceBytes;
      info.nonce = new info.nonce.constructor({ valueHex: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer }) as Info['nonce'];
    } else if (!req.nonceBytes) {
      delete info.nonce;
    }
    return info;
  };
}

/**
 * The mock writes genTime with milliseconds, trailing zeros dropped as DER wants (".5Z"), which
 * @sigstore/core reads only with exactly three digits, so one timestamp in ten would not parse.
 * Sigstore's own TSA writes whole seconds; so does this one.
 */
function wholeSeconds(tsa: object): void {
  (tsa as { getCurrentTime: () => Date }).getCurrentTime = () => new Date(Math.floor(Date.now() / 1000) * 1000);
}

/** A TimeStampResp with status rejection (2), a status string and one PKIFailureInfo bit. */
function rejection(text: string, failureBit: number): Buffer {
  const tlv = (tag: number, content: Buffer) => Buffer.concat([Buffer.from([tag, content.length]), content]);
  const bits = Buffer.alloc(Math.floor(failureBit / 8) + 1);
  bits[Math.floor(failureBit / 8)] = 0x80 >> (failureBit % 8);
  const unused = 7 - (failureBit % 8);
  const statusInfo = tlv(0x30, Buffer.concat([tlv(0x02, Buffer.from([2])), tlv(0x30, tlv(0x0c, Buffer.from(text))), tlv(0x03, Buffer.concat([Buffer.from([unused]), bits]))]));
  return tlv(0x30, statusInfo);
}
