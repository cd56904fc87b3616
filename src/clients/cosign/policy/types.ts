import type { GlobMatcher } from './glob';
import type { Re2Pattern } from './regexp';
/**
 * A ClusterImagePolicy as the engine uses it: validated, defaults applied, regular expressions
 * compiled. Features that need a Kubernetes cluster or a CUE/Rego evaluator are kept by name in
 * `unsupported`, so verification can fail with them instead of silently passing.
 */
export interface Policy {
  name: string;
  /** 1-based position of the YAML/JSON document in the file. */
  document: number;
  mode: 'enforce' | 'warn';
  images: ImagePattern[];
  authorities: Authority[];
  /** Policy-level features this engine cannot evaluate (spec.policy with CUE/Rego, spec.match…). */
  unsupported: string[];
}

export interface ImagePattern {
  glob: string;
  matcher: GlobMatcher;
}

export type Authority = KeyAuthority | KeylessAuthority | StaticAuthority;

interface AuthorityBase {
  name: string;
  /** Which format is read: cosign's `.sig`/`.att` tags (`legacy`, also when the policy leaves it unset) or Sigstore bundles. */
  signatureFormat: 'legacy' | 'bundle';
  /** Signatures kept in another repository (`source[0].oci`) and cosign's tag prefix. */
  source?: { repository?: { registry: string; repository: string }; tagPrefix: string };
  /** With a transparency-log URL, a key-signed signature must carry a verified log entry. */
  ctlog?: { url?: string };
  attestations: AttestationRequirement[];
  unsupported: string[];
}

export interface PublicKeyEntry {
  pem: string;
  /** SHA-256 of the DER SubjectPublicKeyInfo, for the report. */
  fingerprint: string;
}

export interface KeyAuthority extends AuthorityBase {
  kind: 'key';
  keys: PublicKeyEntry[];
  hashAlgorithm: 'sha224' | 'sha256' | 'sha384' | 'sha512';
}

export interface Identity {
  issuer?: string;
  issuerRegExp?: { source: string; regexp: Re2Pattern };
  subject?: string;
  subjectRegExp?: { source: string; regexp: Re2Pattern };
}

export interface KeylessAuthority extends AuthorityBase {
  kind: 'keyless';
  url: string;
  identities: Identity[];
  insecureIgnoreSCT: boolean;
}

export interface StaticAuthority extends AuthorityBase {
  kind: 'static';
  action: 'pass' | 'fail';
  message?: string;
}

export interface AttestationRequirement {
  name: string;
  predicateType: string;
  /** `cue` or `rego` policies over the statement: named so that verification can refuse them. */
  policyType?: string;
}

export interface ParsedPolicies {
  policies: Policy[];
  /** Things the user should know (ignored documents, deprecated short predicate names…). */
  warnings: string[];
}
