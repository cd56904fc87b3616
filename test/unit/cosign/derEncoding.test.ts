import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ASN1Obj, EXTENSION_OID_SCT, X509Certificate as SigstoreCertificate } from '@sigstore/core';
import { toTrustMaterial } from '@sigstore/verify';
import { installFastDerEncoding, libraryToDER, pinEncoding } from '../../../src/clients/sigstore/fastDerEncoding';
import { publicGoodTrustRoot } from '../../../src/clients/cosign/trust/trustRoot';
import { rememberTrustedChecks } from '../../../src/clients/cosign/trust/trustedChecks';
import { FIXTURES_DIR, LEGACY_FIXTURES, BUNDLE_FIXTURE } from '../../registry/fixtures';

/** Every certificate the fixtures and the shipped trust root hold, as DER. */
function fixtureCertificates(): Array<{ name: string; der: Buffer }> {
  const out: Array<{ name: string; der: Buffer }> = [];
  const fromPem = (name: string, text: string) => {
    for (const block of text.match(/-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g) ?? []) {
      out.push({ name, der: Buffer.from(block.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64') });
    }
  };
  for (const fixture of LEGACY_FIXTURES) {
    const manifest = JSON.parse(fs.readFileSync(path.join(FIXTURES_DIR, fixture, 'sig-manifest.json'), 'utf8'));
    for (const layer of manifest.layers) {
      fromPem(`${fixture} certificate`, layer.annotations['dev.sigstore.cosign/certificate'] ?? '');
      fromPem(`${fixture} chain`, layer.annotations['dev.sigstore.cosign/chain'] ?? '');
    }
  }
  const bundle = JSON.parse(fs.readFileSync(path.join(FIXTURES_DIR, BUNDLE_FIXTURE, 'bundle.sigstore.json'), 'utf8'));
  out.push({ name: `${BUNDLE_FIXTURE} certificate`, der: Buffer.from(bundle.verificationMaterial.certificate.rawBytes, 'base64') });
  for (const ca of publicGoodTrustRoot().root.certificateAuthorities) {
    for (const cert of ca.certChain?.certificates ?? []) out.push({ name: 'public-good trust root', der: Buffer.from(cert.rawBytes) });
  }
  return out;
}

/** The library's own encoding of a node, every level of it (the installed encoder set aside). */
function libraryEncoding(node: ASN1Obj): Buffer {
  const installed = ASN1Obj.prototype.toDER;
  ASN1Obj.prototype.toDER = libraryToDER;
  try {
    return node.toDER();
  } finally {
    ASN1Obj.prototype.toDER = installed;
  }
}

describe('DER encoding of parsed certificates (the verifier re-encodes them)', () => {
  const certificates = fixtureCertificates();
  before(() => {
    assert.deepEqual(installFastDerEncoding(certificates.map((c) => c.der)), { installed: true }, 'the self-check passes on real certificates');
    assert.notEqual(ASN1Obj.prototype.toDER, libraryToDER, 'the faster encoder is in place');
  });

  it('finds the fixture and trust-root certificates', () => {
    // Three leaf certificates with SCTs, their chains, the bundle's leaf and the shipped CAs.
    assert.ok(certificates.length >= 8, `only ${certificates.length} certificates found`);
  });

  it('writes the same bytes as the library encoder, and as the certificate itself', () => {
    for (const { name, der } of certificates) {
      const parsed = SigstoreCertificate.parse(Buffer.from(der));
      assert.deepEqual(parsed.root.toDER(), der, name);
      assert.deepEqual(libraryEncoding(parsed.root), der, name);
      assert.deepEqual(parsed.tbsCertificate.toDER(), libraryEncoding(parsed.tbsCertificate), `${name} (to-be-signed part)`);
    }
  });

  it('encodes a tree after it is edited (the SCT check drops an extension from a copy)', () => {
    let edited = 0;
    for (const { name, der } of certificates) {
      const parsed = SigstoreCertificate.parse(Buffer.from(der));
      const before = parsed.tbsCertificate.toDER();
      const index = parsed.extensions.findIndex((ext) => ext.subs[0].toOID() === EXTENSION_OID_SCT);
      if (index < 0) continue;
      parsed.extensions.splice(index, 1);
      const after = parsed.tbsCertificate.toDER();
      assert.notDeepEqual(after, before, `${name}: the edit shows in the encoding`);
      assert.deepEqual(after, libraryEncoding(parsed.tbsCertificate), name);
      edited++;
    }
    assert.ok(edited >= 3, 'the fixture leaves carry SCTs');
  });

  it('keeps a pinned tree frozen, so its remembered bytes cannot go stale', () => {
    const { der } = certificates[certificates.length - 1];
    const parsed = SigstoreCertificate.parse(Buffer.from(der));
    pinEncoding(parsed.root);
    assert.deepEqual(parsed.root.toDER(), der);
    assert.throws(() => parsed.extensions.splice(0, 1), TypeError);
    assert.deepEqual(parsed.root.toDER(), der);
  });
});

describe('each patch checks the library first, and leaves it alone when it disagrees', () => {
  const samples = () => fixtureCertificates().map((c) => c.der);

  it('an encoder library that writes other bytes keeps its own encoder, and the reason is logged', () => {
    // A stand-in for a future @sigstore/core whose encoding differs from the one this patch writes.
    const differentToDER = function (this: ASN1Obj): Buffer {
      return Buffer.concat([libraryToDER.call(this), Buffer.from([0])]);
    };
    const library = { prototype: { toDER: differentToDER }, parseBuffer: (der: Buffer) => ASN1Obj.parseBuffer(der as Buffer<ArrayBuffer>) };
    const warnings: string[] = [];
    const decision = installFastDerEncoding(samples(), { library, warn: (m) => warnings.push(m) });
    assert.equal(decision.installed, false);
    assert.equal(library.prototype.toDER, differentToDER, 'the library keeps its own encoder');
    assert.match(warnings.join('\n'), /the faster DER encoder for @sigstore\/core is not used, the library's own encodes instead: the two encoders write different bytes for certificate 1 of \d+/);
    assert.deepEqual(installFastDerEncoding(samples(), { library, warn: (m) => warnings.push(m) }), decision, 'decided once');
    assert.equal(warnings.length, 1, 'said once');
  });

  it('an encoder library that edits differently is caught too (the second comparison)', () => {
    // Same bytes for whole certificates, but it ignores edits: a cache like that would go stale.
    const cache = new WeakMap<object, Buffer>();
    const cachingToDER = function (this: ASN1Obj): Buffer {
      const known = cache.get(this) ?? libraryToDER.call(this);
      cache.set(this, known);
      return known;
    };
    const library = { prototype: { toDER: cachingToDER }, parseBuffer: (der: Buffer) => ASN1Obj.parseBuffer(der as Buffer<ArrayBuffer>) };
    const warnings: string[] = [];
    const decision = installFastDerEncoding(samples(), { library, warn: (m) => warnings.push(m) });
    assert.equal(decision.installed, false);
    assert.equal(library.prototype.toDER, cachingToDER);
    assert.match(warnings.join('\n'), /write different bytes for certificate 1 of \d+ after an edit/);
  });

  it('a library whose objects changed shape, or that lost a method, is left unpatched', () => {
    const toDER = () => Buffer.alloc(0);
    const renamedTag = { prototype: { toDER }, parseBuffer: () => ({ tag: 0x30, subs: [], value: Buffer.alloc(0) }) };
    const warnings: string[] = [];
    assert.deepEqual(installFastDerEncoding(samples(), { library: renamedTag as never, warn: (m) => warnings.push(m) }), {
      installed: false,
      reason: "the library's ASN.1 objects changed shape (no tag.toDER())",
    });
    assert.equal(renamedTag.prototype.toDER, toDER);
    const noParser = { prototype: { toDER } };
    assert.match((installFastDerEncoding(samples(), { library: noParser as never, warn: (m) => warnings.push(m) }) as { reason: string }).reason, /no ASN1Obj\.parseBuffer/);
    assert.equal(noParser.prototype.toDER, toDER);
    assert.equal(warnings.length, 2);
  });

  it('a certificate check that answers other than yes or no, or yes to anything, is not remembered', () => {
    const material = toTrustMaterial(publicGoodTrustRoot().root);
    const cases: Array<[string, (this: SigstoreCertificate, issuer?: SigstoreCertificate) => unknown, RegExp]> = [
      ['a promise', async () => true, /X509Certificate\.verify answered a promise, not true or false/],
      ['always yes', () => true, /accepts a certificate checked against its own key when another signed it/],
      [
        'throws',
        () => {
          throw new Error('changed');
        },
        /answered with an error \(changed\)/,
      ],
    ];
    for (const [label, verify, reason] of cases) {
      const library = { prototype: { verify } };
      const warnings: string[] = [];
      const decision = rememberTrustedChecks(material, { library, warn: (m) => warnings.push(m) });
      assert.equal(decision.installed, false, label);
      assert.equal(library.prototype.verify, verify, `${label}: the library keeps its own check`);
      assert.match(warnings.join('\n'), reason, label);
      assert.match(warnings[0], /^certificate checks within the trust root are not remembered/);
    }
    const real = { prototype: { verify: SigstoreCertificate.prototype.verify } };
    const original = real.prototype.verify;
    assert.deepEqual(rememberTrustedChecks(material, { library: real, warn: assert.fail }), { installed: true });
    assert.notEqual(real.prototype.verify, original, 'the real method passes and is wrapped');
  });
});

describe('remembered checks among trust-root certificates', () => {
  it('still checks every signer certificate: a forged one fails after the real one passed', () => {
    const material = toTrustMaterial(publicGoodTrustRoot().root);
    rememberTrustedChecks(material);
    const current = material.certificateAuthorities.find((ca) => ca.certChain.length === 2);
    assert.ok(current, 'the shipped root has the current Fulcio CA with an intermediate');
    const [intermediate, root] = current.certChain;
    assert.equal(intermediate.verify(root), true);
    assert.equal(root.verify(), true);
    assert.equal(root.verify(intermediate), false, 'the root is not signed by the intermediate');

    const leafDer = fixtureCertificates().find((c) => c.name === 'legacy-keyless-github-2026 certificate')?.der as Buffer;
    const leaf = SigstoreCertificate.parse(Buffer.from(leafDer));
    assert.equal(leaf.verify(intermediate), true);
    const forgedDer = Buffer.from(leafDer);
    forgedDer[forgedDer.length - 5] ^= 0x01; // a bit of the signature value
    const forged = SigstoreCertificate.parse(forgedDer);
    assert.equal(forged.verify(intermediate), false);
  });
});
