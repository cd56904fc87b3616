import { RequestStats } from '../../registry/client';
import { CandidateCheck } from './checkCandidate';

/**
 * The outcome of `getVerify`: the lookup's outputs (image, policy, id, verifiedRef) and everything
 * the report shows. Plain JSON (no classes), so it can be copied, stored in history and sent to
 * a webview as it is.
 */
export interface VerifyReport {
  /** The lookup's inputs, echoed. */
  image: string;
  policy: string;
  /** The digest reference that was checked (`registry/repo@sha256:…`), verified or not. */
  id: string;
  /** The seed's output: the digest reference of the verified image; '' when it did not verify. */
  verifiedRef: string;

  verified: boolean;
  verdict: 'verified' | 'not verified';
  /** What an admission controller would do: enforce-mode failures deny, warn-mode ones warn. */
  admission: 'allow' | 'warn' | 'deny';
  digest: string;
  reference: { registry: string; repository: string; tag?: string; resolvedFromTag: boolean };
  trustRoot: string;
  /** Policies whose globs cover the image. */
  policies: PolicyOutcome[];
  /** Policies that did not cover it, with their globs (to explain "uncovered by policy"). */
  otherPolicies: Array<{ name: string; globs: string[] }>;
  /** The first policy and authority that passed. */
  matched?: { policy: string; authority: string; check?: CandidateCheck };
  /** Every reason it is not verified (empty when verified). */
  reasons: string[];
  warnings: string[];
  /** Formats found in the registry, so a format mismatch can be named. */
  found: { legacySignatures?: number; legacyAttestations?: number; bundles?: number };
  checkedAt: string;
  durationMs: number;
  requests: RequestStats;
}

export interface PolicyOutcome {
  name: string;
  mode: 'enforce' | 'warn';
  passed: boolean;
  matchedGlob: string;
  authorities: AuthorityOutcome[];
  /** Policy-level failures (unsupported spec.policy…). */
  reasons: string[];
}

export interface AuthorityOutcome {
  name: string;
  kind: 'key' | 'keyless' | 'static';
  /** "keyless: subject … with issuer …", "key 3f2a…", "static pass". */
  description: string;
  passed: boolean;
  reasons: string[];
  checks: CandidateCheck[];
  attestations: Array<{ name: string; predicateType: string; passed: boolean; reasons: string[] }>;
}
