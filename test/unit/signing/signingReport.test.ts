import '../honeycomb/vscodeShim';
import * as assert from 'node:assert/strict';
import type { OperationResult } from '../../../src/clients/cosign/sign/types';
import type { VerifyReport } from '../../../src/clients/cosign/verify/result';
import type { SigningEntry } from '../../../src/views/signatures/signingHistory';
import { toSigningReportModel } from '../../../src/views/signatures/signingReport';

/** The signing report lists the Sigstore services an operation used, and only those; its notes follow the verdict. */
describe('signing report: what was used, in words that follow the verdict', () => {
  const ref = 'registry.example/shop/api@sha256:' + 'a'.repeat(64);
  const base: OperationResult = {
    operation: 'sign',
    ref,
    conflict: 'APPEND',
    signatureFormat: 'legacy',
    certificateAuthorityUrl: 'https://fulcio.sigstore.dev',
    transparencyLogUrl: 'https://rekor.sigstore.dev',
    written: [{ format: 'legacy', kind: 'signature', location: 'registry.example/shop/api:sha256-aaa.sig', detail: 'signature layer' }],
    tlog: [],
    timestamps: [],
    warnings: [],
    durationMs: 5,
    requests: { registry: 3, auth: 0, sigstore: 0 },
  };
  const entry = (result: OperationResult, verification?: VerifyReport): SigningEntry => ({
    key: 'sign:1',
    operation: 'sign',
    ref,
    at: '2026-01-01T00:00:00.000Z',
    result,
    verification,
    policySource: 'a policy',
  });
  const fields = (e: SigningEntry) => new Map(toSigningReportModel(e).operation?.fields);

  it('a key pair with the log turned off: no certificate authority, no log, and it says the signature was kept out', () => {
    const shown = fields(entry({ ...base, signer: { subjects: [], keyFingerprint: 'f'.repeat(64), description: 'key ecdsa-p256' } }));
    assert.equal(shown.has('Certificate authority (legacy)'), false);
    assert.equal(shown.has('Transparency log (legacy)'), false);
    assert.match(shown.get('Transparency log') ?? '', /^none: the key-pair signature was kept out of the log/);
  });

  it('a key pair logged: the log, still no certificate authority', () => {
    const logged = { url: 'https://rekor.sigstore.dev', kind: 'hashedrekord', entryVersion: '0.0.1', logVersion: 1 as const, logIndex: 7, logID: 'x', integratedTime: '2026-01-01T00:00:00.000Z' };
    const shown = fields(entry({ ...base, tlog: [logged], signer: { subjects: [], keyFingerprint: 'f'.repeat(64), description: 'key ecdsa-p256' } }));
    assert.equal(shown.has('Certificate authority (legacy)'), false);
    assert.equal(shown.get('Transparency log (legacy)'), 'https://rekor.sigstore.dev');
    assert.equal(shown.has('Transparency log'), false);
  });

  it('keyless: the certificate authority it got the certificate from and the log it wrote to', () => {
    const logged = { url: 'https://rekor.sigstore.dev', kind: 'hashedrekord', entryVersion: '0.0.1', logVersion: 1 as const, logIndex: 7, logID: 'x', integratedTime: '2026-01-01T00:00:00.000Z' };
    const shown = fields(entry({ ...base, tlog: [logged], signer: { subjects: ['dev@acme.example'], issuer: 'https://issuer.example', description: 'keyless: dev@acme.example' } }));
    assert.equal(shown.get('Certificate authority (legacy)'), 'https://fulcio.sigstore.dev');
    assert.equal(shown.get('Transparency log (legacy)'), 'https://rekor.sigstore.dev');
  });

  it('a bundle not logged names no log and no timestamp authority', () => {
    const shown = fields(
      entry({
        ...base,
        signatureFormat: 'bundle',
        bundleTransparencyLog: { version: 2, url: 'https://log2.example', timestampAuthorityUrl: 'https://tsa.example', source: 'signing_config.json' },
        signer: { subjects: [], keyFingerprint: 'f'.repeat(64), description: 'key ecdsa-p256' },
      }),
    );
    assert.equal(shown.has('Transparency log (bundle)'), false);
    assert.equal(shown.has('Timestamp authority (bundle)'), false);
  });

  it('a result that did not verify is never said to be verified', () => {
    const report = { verified: false, verdict: 'not verified', checkedAt: '2026-01-01T00:00:01.000Z', reasons: ['no signatures found'] } as unknown as VerifyReport;
    const notVerified = toSigningReportModel({ ...entry(base, { ...minimalReport(), ...report }) });
    assert.equal(notVerified.operation?.verificationNote, 'Checked just after writing, against a policy: not verified (the reasons are below).');
    const verified = toSigningReportModel({ ...entry(base, { ...minimalReport(), verified: true, verdict: 'verified' }), verifiedAgain: true });
    assert.equal(verified.operation?.verificationNote, 'Verified again on 2026-01-01T00:00:01.000Z, against a policy.');
  });

  function minimalReport(): VerifyReport {
    return {
      image: ref,
      policy: '',
      id: ref,
      verifiedRef: '',
      verified: false,
      verdict: 'not verified',
      admission: 'deny',
      digest: 'sha256:' + 'a'.repeat(64),
      reference: { registry: 'registry.example', repository: 'shop/api', resolvedFromTag: false },
      trustRoot: '',
      policies: [],
      otherPolicies: [],
      reasons: [],
      warnings: [],
      found: {},
      checkedAt: '2026-01-01T00:00:01.000Z',
      durationMs: 0,
      requests: { registry: 0, auth: 0, bytes: 0 },
    };
  }
});
