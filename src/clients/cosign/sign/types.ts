import type { Registries, RegistryClientOptions } from '../../registry/client';
import type { SigstoreHttpOptions } from '../../sigstore/service';
import type { SignerInfo } from '../verify/identity';
import type { SigningKey } from './keys';

/**
 * Inputs and outputs of the three resources of the image signing package (Sign, Attest, Copy),
 * with the provider's field names, plus what the editor passes in: how to sign (an identity token
 * or a key pair), the provider defaults, and where the bundle format's services are.
 */
export type Conflict = 'APPEND' | 'REPLACE' | 'SKIPSAME';
export const CONFLICTS: readonly Conflict[] = ['APPEND', 'REPLACE', 'SKIPSAME'];
export const DEFAULT_CONFLICT: Conflict = 'APPEND';

export type SignatureFormat = 'legacy' | 'bundle' | 'both';
export type AttestationEntryType = 'intoto' | 'dsse';

export interface SignInput {
  /** `registry/repo@sha256:<hex>`: the digest of the image to sign. */
  image: string;
  conflict?: string;
  certificateAuthorityUrl?: string;
  transparencyLogUrl?: string;
  signatureFormat?: string;
}

export interface PredicateFile {
  path: string;
  sha256: string;
}

export interface PredicateBlock {
  type: string;
  json?: string;
  files?: PredicateFile[];
}

export interface AttestInput extends SignInput {
  predicates?: PredicateBlock[];
  /** Deprecated single-predicate forms. */
  predicate?: string;
  predicateType?: string;
  predicateFiles?: PredicateFile[];
  /** Overrides `defaultAttestationEntryType` (an editor choice; the provider has only the default). */
  attestationEntryType?: string;
}

export interface CopyInput {
  /** `registry/repo@sha256:<hex>`. */
  source: string;
  /** A repository: `registry/path`. */
  destination: string;
}

export type SigningCredentials =
  { kind: 'keyless'; identityToken: string } | { kind: 'key'; key: SigningKey; /** Log key signatures in Rekor (cosign's default); false keeps them out of the log. */ transparencyLog?: boolean };

export interface SigningDefaults {
  defaultSignatureFormat: SignatureFormat;
  defaultAttestationEntryType: AttestationEntryType;
  timeout: string;
  timeoutMs: number;
  useTransparencyLogV2: boolean;
}

/** The services of the bundle format (cosign takes them from the Sigstore signing config). */
export interface BundleServices {
  certificateAuthorityUrl: string;
  transparencyLogUrl: string;
  transparencyLogV2Url?: string;
  timestampAuthorityUrl?: string;
  /** Where they came from, for the report. */
  source: string;
}

export interface SigningOptions {
  credentials: SigningCredentials;
  defaults: SigningDefaults;
  bundleServices?: BundleServices;
  registries?: Registries | RegistryClientOptions;
  sigstore?: SigstoreHttpOptions;
  signal?: AbortSignal;
  /** Reads a predicate file (the editor reads through the workspace; tests and the CLI from disk). */
  readFile?: (path: string) => Promise<Buffer>;
  /** Called with each step, for a progress notification. */
  progress?: (message: string) => void;
}

export interface WrittenItem {
  format: 'legacy' | 'bundle';
  kind: 'signature' | 'attestation' | 'copy';
  /** `registry/repo:sha256-….sig` or `registry/repo@sha256:…` (a referrer). */
  location: string;
  detail: string;
}

export interface TlogRecord {
  url: string;
  kind: string;
  /** The entry type's version: 0.0.1/0.0.2 in Rekor v1, 0.0.2 in Rekor v2. */
  entryVersion: string;
  /** Which Rekor API logged it. */
  logVersion: 1 | 2;
  logIndex: number;
  logID: string;
  /** When Rekor v1 integrated the entry; Rekor v2 entries have no such time (see `timestamps`). */
  integratedTime?: string;
}

/** An RFC 3161 timestamp over a signature, from a timestamp authority. */
export interface TimestampRecord {
  url: string;
  time: string;
}

/** Where the bundle format logged, for the report: the log's API version and, for v2, the TSA. */
export interface BundleLogTarget {
  version: 1 | 2;
  url: string;
  timestampAuthorityUrl?: string;
  /** The signing config it came from. */
  source: string;
}

export interface OperationResult {
  operation: 'sign' | 'attest' | 'copy';
  /** The digest reference the operation was about. */
  ref: string;
  conflict?: Conflict;
  signatureFormat?: SignatureFormat;
  attestationEntryType?: AttestationEntryType;
  certificateAuthorityUrl?: string;
  transparencyLogUrl?: string;
  /** Who signed; for a key pair also its public key (not secret), so a policy can name it. */
  signer?: SignerInfo & { description: string; publicKeyPem?: string };
  written: WrittenItem[];
  /** Why nothing was written (SKIPSAME found the same signature), when so. */
  skipped?: string;
  tlog: TlogRecord[];
  /** Signed timestamps taken for the bundle format (with Rekor v2). */
  timestamps: TimestampRecord[];
  /** The bundle format's log and timestamp authority, when bundles were signed. */
  bundleTransparencyLog?: BundleLogTarget;
  warnings: string[];
  durationMs: number;
  requests: { registry: number; auth: number; sigstore: number };
}

export interface SignResult extends OperationResult {
  image: string;
  signedRef: string;
}

export interface AttestResult extends OperationResult {
  image: string;
  attestedRef: string;
  predicateTypes: string[];
}

export interface CopyResult extends OperationResult {
  source: string;
  destination: string;
  copiedRef: string;
  /** `destination@sha256:…`. */
  destinationRef: string;
}
