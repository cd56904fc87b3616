import { ASN1Obj } from '@sigstore/core';
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as http from 'node:http';
import { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { derOid, derSequence, derUnsignedInteger } from '../../../src/clients/sigstore/der';
import { readTimestampReply, timeStampRequest } from '../../../src/clients/sigstore/rfc3161';
import { TimestampAuthorityClient } from '../../../src/clients/sigstore/timestampAuthority';
import { ServiceError } from '../../../src/core/errors';
import { TsaStandIn, startTsaStandIn } from '../../sigstore/tsaStandIn';

describe('RFC 3161 timestamp requests and replies', function () {
  this.timeout(60_000);
  let tsa: TsaStandIn;
  let dir: string;

  before(async () => {
    tsa = await startTsaStandIn();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-tsa-'));
  });
  after(async () => {
    await tsa?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('encodes DER the way X.690 wants it: minimal integers, base-128 OID arcs, long-form lengths', () => {
    assert.equal(derOid('2.16.840.1.101.3.4.2.1').toString('hex'), '0609608648016503040201', 'the SHA-256 OID as every certificate writes it');
    assert.equal(derOid('1.2.840.113549.1.9.16.1.4').toString('hex'), '060b2a864886f70d0109100104');
    assert.equal(derUnsignedInteger(Buffer.from([0x00, 0x00, 0x7f])).toString('hex'), '02017f', 'leading zeros dropped');
    assert.equal(derUnsignedInteger(Buffer.from([0x80])).toString('hex'), '02020080', 'a zero byte keeps a high bit from reading as negative');
    const long = derSequence(Buffer.alloc(200));
    assert.equal(long.subarray(0, 3).toString('hex'), '3081c8');
    assert.equal(long.length, 203);
  });

  it('builds a TimeStampReq that openssl reads: version 1, SHA-256 of the signature, the nonce, certificate requested', () => {
    const signature = randomBytes(71);
    const digest = createHash('sha256').update(signature).digest();
    const nonce = Buffer.from('8f00112233445566778899aabbccddee', 'hex');
    const der = timeStampRequest(digest, nonce);
    const file = path.join(dir, 'request.tsq');
    fs.writeFileSync(file, der);
    const text = execFileSync('openssl', ['ts', '-query', '-in', file, '-text'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    assert.match(text, /Version: 1/);
    assert.match(text, /Hash Algorithm: sha256/);
    assert.equal(dumpedHex(text.slice(text.indexOf('Message data:'), text.indexOf('Policy OID'))), digest.toString('hex'));
    assert.match(text, /Nonce: 0x8F00112233445566778899AABBCCDDEE/i);
    assert.match(text, /Certificate required: yes/);
    const parsed = ASN1Obj.parseBuffer(der as Buffer<ArrayBuffer>);
    assert.equal(parsed.subs[2].toInteger(), BigInt('0x8f00112233445566778899aabbccddee'), 'a nonce with its top bit set stays positive');
  });

  it('gets a timestamp over the signature as application/timestamp-query and checks the reply', async () => {
    const signature = randomBytes(64);
    const stamped = await new TimestampAuthorityClient(tsa.url).timestamp(signature);
    assert.equal(tsa.requests.at(-1)?.contentType, 'application/timestamp-query');
    assert.ok(Math.abs(stamped.time.getTime() - Date.now()) < 5_000, stamped.time.toISOString());
    const file = path.join(dir, 'reply.tsr');
    fs.writeFileSync(file, stamped.der);
    const text = execFileSync('openssl', ['ts', '-reply', '-in', file, '-text'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    assert.match(text, /Status: Granted\./);
    assert.equal(
      dumpedHex(text.slice(text.indexOf('Message data:'), text.indexOf('Serial number'))),
      createHash('sha256').update(signature).digest('hex'),
      'openssl finds the imprint of the signature',
    );
  });

  it('a reply that answers another request (a replay) or covers other bytes is refused, with the reason', async () => {
    const digest = createHash('sha256').update('signature').digest();
    const nonce = randomBytes(16);
    const response = await fetch(tsa.url, { method: 'POST', headers: { 'Content-Type': 'application/timestamp-query' }, body: timeStampRequest(digest, nonce) });
    const der = Buffer.from(await response.arrayBuffer());
    assert.equal(readTimestampReply(der, digest, nonce).ok, true);
    assert.deepEqual(readTimestampReply(der, digest, randomBytes(16)), {
      ok: false,
      refused: false,
      problem: 'the timestamp does not answer this request (its nonce differs or is missing), so it may be replayed',
    });
    assert.deepEqual(readTimestampReply(der, createHash('sha256').update('other').digest(), nonce), {
      ok: false,
      refused: false,
      problem: 'the timestamp is about other bytes than the signature sent (its message imprint differs)',
    });
    const notAReply = readTimestampReply(Buffer.from('<html>proxy login</html>'), digest, nonce);
    assert.equal(notAReply.ok, false);
    assert.match((notAReply as { problem: string }).problem, /^the answer is not an RFC 3161 TimeStampResp/);
  });

  it('the URL is used as given (no slash added), and a failing or wrong server is named with what it answered', async () => {
    await assert.rejects(new TimestampAuthorityClient(`${tsa.url}/`).timestamp(randomBytes(8)), /Timestamp authority 127\.0\.0\.1:\d+ get signed timestamp: not found \(HTTP 404\)/);
    tsa.faults.status = 500;
    try {
      await assert.rejects(new TimestampAuthorityClient(tsa.url).timestamp(randomBytes(8)), /get signed timestamp: the server failed \(HTTP 500\)\. The server said: "injected failure"/);
    } finally {
      delete tsa.faults.status;
    }
    const page = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>sign in to the proxy</html>'));
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(page.address() as AddressInfo).port}/api/v1/timestamp`;
      await assert.rejects(new TimestampAuthorityClient(url).timestamp(randomBytes(8)), (error: ServiceError) => {
        assert.equal(error.kind, 'invalidResponse');
        assert.match(error.message, /get signed timestamp: it answered text\/html, not application\/timestamp-reply\. Check that the timestamp authority address is the RFC 3161 endpoint/);
        return true;
      });
    } finally {
      page.close();
    }
  });
});

/** The bytes of an openssl hex dump ("0000 - 42 7f …-e6 ee …   ascii"), without offsets or the ASCII column. */
function dumpedHex(dump: string): string {
  return [...dump.matchAll(/^\s*[0-9a-f]{4} - ((?:[0-9a-f]{2}[ -]){0,15}[0-9a-f]{2})/gm)].map((m) => m[1].replace(/[ -]/g, '')).join('');
}
