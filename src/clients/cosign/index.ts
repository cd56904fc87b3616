/**
 * The cosign engine: verification of container images against admission policies. No `vscode`
 * import anywhere below, so the command line and the unit tests use it as the editor does.
 */
export { getVerify } from './verify/engine';
export { VerificationBatch } from './verify/batch';
export type { VerifyInput, VerifyOptions } from './verify/engine';
export type { VerifyReport, PolicyOutcome, AuthorityOutcome } from './verify/result';
export type { CandidateCheck, TlogInfo } from './verify/checkCandidate';
export type { SignerInfo } from './verify/identity';
export { parsePolicies } from './policy/parse';
export { publicGoodTrustRoot, parseTrustRootText, readTrustRoot } from './trust/trustRoot';
export type { TrustRoot } from './trust/trustRoot';
