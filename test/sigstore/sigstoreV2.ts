import { readTrustRoot } from '../../src/clients/cosign/trust/trustRoot';
import { MockSigstore, startMockSigstore } from './mockSigstore';
import { RekorV2StandIn, startRekorV2StandIn } from './rekorV2StandIn';
import { TsaStandIn, startTsaStandIn } from './tsaStandIn';

/**
 * The mock Sigstore of a test run (Fulcio, Rekor v1) plus a Rekor v2 log and a timestamp
 * authority, all on 127.0.0.1, with one trusted root for all of them (the v2 log's key and log
 * ID, the TSA's certificate chain) and a signing config naming the v2 log (majorApiVersion 2)
 * and the TSA (tsaUrls). It is a MockSigstore, so the signing harness takes it as one.
 */
export interface SigstoreV2 extends MockSigstore {
  rekorV2: RekorV2StandIn;
  tsa: TsaStandIn;
  /** The signing config; a part given replaces that service's address, null leaves it out. */
  signingConfigJson(parts?: { rekorV2?: string | null; tsa?: string | null }): string;
}

export async function startSigstoreV2(): Promise<SigstoreV2> {
  const [base, rekorV2, tsa] = await Promise.all([startMockSigstore(), startRekorV2StandIn(), startTsaStandIn()]);
  const validFrom = new Date(Date.now() - 10 * 60_000).toISOString();
  const baseRoot = base.trustedRootJson as { tlogs: unknown[] };
  const trustedRootJson = { ...baseRoot, tlogs: [...baseRoot.tlogs, rekorV2.trustedRootTlog(validFrom)], timestampAuthorities: [tsa.trustedRootAuthority(validFrom)] };
  const service = (url: string, majorApiVersion: number) => ({ url, majorApiVersion, validFor: { start: validFrom } });
  return {
    ...base,
    rekorV2,
    tsa,
    trustedRootJson,
    trustRoot: readTrustRoot(trustedRootJson, 'mock Sigstore of this test run (with Rekor v2 and a TSA)'),
    signingConfigJson: (parts = {}) =>
      JSON.stringify({
        ...JSON.parse(base.signingConfigJson()),
        rekorTlogUrls: [service(base.url, 1), ...(parts.rekorV2 === null ? [] : [service(parts.rekorV2 ?? rekorV2.url, 2)])],
        tsaUrls: parts.tsa === null ? [] : [service(parts.tsa ?? tsa.url, 1)],
      }),
    stop: async () => {
      await Promise.all([base.stop(), rekorV2.stop(), tsa.stop()]);
    },
  };
}
