import { Registries, RegistryClientOptions } from '../../registry/client';
import { DOCKER_HUB, ImageReference, parseReference, repositoryName } from '../../registry/reference';
import { admissionName, coveringGlob } from '../policy/imageNames';
import { parsePoliciesOnce } from '../policy/parseOnce';
import { Authority, KeyAuthority, KeylessAuthority, ParsedPolicies, Policy } from '../policy/types';
import { TrustRoot, publicGoodTrustRoot } from '../trust/trustRoot';
import { CandidateCheck, checkCandidate } from './checkCandidate';
import { Discovered, SignatureDiscovery } from './discovery';
import { describeIdentity } from './identity';
import { AuthorityOutcome, PolicyOutcome, VerifyReport } from './result';
import { unsupportedByTrustRoot } from './trustRootFit';

/**
 * `getVerify`, the engine's entry point: resolve the image to a digest, find the policies whose
 * globs cover the digest form, and evaluate each policy's authorities against the signatures
 * and attestations in the registry. It fails closed: "verified" only when every enforce-mode
 * policy that covers the image has an authority that is fully satisfied; otherwise every
 * reason is reported. Bad input (policy, reference, trust root) and a tag that cannot be
 * resolved throw a ServiceError; everything after that ends in a report.
 */
export interface VerifyInput {
  /** A tag or digest reference. */
  image: string;
  /** The admission-policy document (YAML or JSON, one or more ClusterImagePolicies). */
  policy: string;
}

export interface VerifyOptions {
  /**
   * Clients whose connections, logins and tokens the verification shares (each report still
   * counts only its own requests), or options to make them.
   */
  registries?: Registries | RegistryClientOptions;
  trustRoot?: TrustRoot;
  /** How messages name the policy ("policy.yaml"). */
  policySource?: string;
  signal?: AbortSignal;
}

export async function getVerify(input: VerifyInput, options: VerifyOptions = {}): Promise<VerifyReport> {
  return verifyImage(input.image, {
    policy: input.policy,
    policies: () => parsePoliciesOnce(input.policy, options.policySource),
    trust: options.trustRoot ?? publicGoodTrustRoot(),
    registries: options.registries instanceof Registries ? options.registries.session() : new Registries(options.registries ?? {}),
    signal: options.signal,
  });
}

/**
 * What one verification reads besides the image: made for it alone by `getVerify`, or shared by
 * the verifications of one command (batch.ts).
 */
export interface VerificationContext {
  /** The policy document as given (the report repeats it). */
  policy: string;
  /** The document parsed; throws its bad-input error. */
  policies(): ParsedPolicies;
  trust: TrustRoot;
  /** Clients that count this verification's requests only. */
  registries: Registries;
  /** Signature lookups by image digest, shared with other verifications that name the same digest. */
  discoveries?: Map<string, SignatureDiscovery>;
  signal?: AbortSignal;
}

export async function verifyImage(image: string, context: VerificationContext): Promise<VerifyReport> {
  const started = Date.now();
  const parsed = context.policies();
  const ref = parseReference(image);
  const { trust, registries, signal } = context;
  const before = registries.stats();

  const client = registries.forHost(ref.registry);
  let digest = ref.digest;
  if (!digest) {
    const resolved = await client.getManifest(ref.repository, ref.tag ?? 'latest', { signal });
    digest = resolved.digest;
  }
  // The digest reference that is checked; it becomes verifiedRef only when it verifies.
  const checkedRef = `${repositoryName(ref)}@${digest}`;
  const warnings = [...parsed.warnings];

  const matching: Array<{ policy: Policy; glob: string }> = [];
  const others: VerifyReport['otherPolicies'] = [];
  const name = admissionName(ref, digest);
  for (const policy of parsed.policies) {
    const glob = coveringGlob(policy.images, name);
    if (glob) matching.push({ policy, glob });
    else others.push({ name: policy.name, globs: policy.images.map((g) => g.glob) });
  }

  const discovery = discoveryFor(context, { registry: ref.registry, repository: ref.repository, digest });
  const outcomes: PolicyOutcome[] = [];
  for (const { policy, glob } of matching) {
    outcomes.push(await evaluatePolicy(policy, glob, discovery, digest, checkedRef, trust));
  }

  const reasons: string[] = [];
  if (matching.length === 0) {
    reasons.push(`${checkedRef} is uncovered by policy: ${uncoveredHint(ref, name, others)}`);
  }
  for (const outcome of outcomes.filter((o) => !o.passed)) {
    const target = outcome.mode === 'warn' ? warnings : reasons;
    const prefix = outcome.mode === 'warn' ? `policy ${outcome.name} (mode: warn, would only warn at admission)` : `policy ${outcome.name}`;
    for (const reason of outcome.reasons) target.push(`${prefix}: ${reason}`);
    for (const authority of outcome.authorities) {
      for (const reason of authority.reasons) target.push(`${prefix}, authority ${authority.name}: ${reason}`);
    }
  }
  const enforceFailed = outcomes.some((o) => o.mode === 'enforce' && !o.passed);
  const anyPassed = outcomes.some((o) => o.passed);
  const verified = matching.length > 0 && !enforceFailed && anyPassed;
  if (!verified && matching.length > 0 && !enforceFailed && !anyPassed) {
    // Only warn-mode policies cover it and all failed: admitted with warnings, but nothing is proven.
    reasons.push(...warnings.filter((w) => w.startsWith('policy ')));
  }
  // Said once the verdict is known: only a verified digest is one to pin.
  if (!ref.digest) warnings.splice(parsed.warnings.length, 0, tagWarning(ref.input, digest, verified));
  const admission = matching.length === 0 || enforceFailed ? 'deny' : outcomes.some((o) => !o.passed) ? 'warn' : 'allow';

  const passedPolicy = outcomes.find((o) => o.passed);
  const passedAuthority = passedPolicy?.authorities.find((a) => a.passed);
  const found = await formatsFound(discovery);
  const after = registries.stats();
  return {
    image,
    policy: context.policy,
    id: checkedRef,
    // The seed's verifiedRef is the digest of the *verified* image: empty when not verified.
    verifiedRef: verified ? checkedRef : '',
    verified,
    verdict: verified ? 'verified' : 'not verified',
    admission,
    digest,
    reference: { registry: ref.registry, repository: ref.repository, tag: ref.tag, resolvedFromTag: !ref.digest },
    trustRoot: trust.source,
    policies: outcomes,
    otherPolicies: others,
    matched: passedPolicy && passedAuthority ? { policy: passedPolicy.name, authority: passedAuthority.name, check: passedAuthority.checks.find((c) => c.passed) } : undefined,
    reasons: verified ? [] : reasons,
    warnings: verified || reasons.length === 0 ? warnings : warnings.filter((w) => !reasons.includes(w)),
    found,
    checkedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    requests: { registry: after.registry - before.registry, auth: after.auth - before.auth, bytes: after.bytes - before.bytes },
  };
}

/** A tag was checked: what it pointed to, and whether that digest is one to pin. */
function tagWarning(tag: string, digest: string, verified: boolean): string {
  return verified
    ? `${tag} is a tag; tags can move. The verified digest is ${digest}; pin it in manifests.`
    : `${tag} is a tag; tags can move. It pointed to ${digest} when checked, and that digest is not verified, so it is not one to pin.`;
}

function discoveryFor(context: VerificationContext, image: { registry: string; repository: string; digest: string }): SignatureDiscovery {
  const key = `${image.registry}/${image.repository}@${image.digest}`;
  let discovery = context.discoveries?.get(key);
  if (!discovery) {
    discovery = new SignatureDiscovery(context.registries, image, context.signal);
    context.discoveries?.set(key, discovery);
  }
  return discovery;
}

async function evaluatePolicy(policy: Policy, glob: string, discovery: SignatureDiscovery, digest: string, ref: string, trust: TrustRoot): Promise<PolicyOutcome> {
  const authorities: AuthorityOutcome[] = [];
  for (const authority of policy.authorities) {
    authorities.push(await evaluateAuthority(authority, discovery, digest, ref, trust));
  }
  // Reasons of failed authorities stay on the authorities; the policy adds only its own.
  const reasons = policy.unsupported.map((u) => `unsupported: ${u}`);
  return { name: policy.name, mode: policy.mode, passed: reasons.length === 0 && authorities.some((a) => a.passed), matchedGlob: glob, authorities, reasons };
}

async function evaluateAuthority(authority: Authority, discovery: SignatureDiscovery, digest: string, ref: string, trust: TrustRoot): Promise<AuthorityOutcome> {
  const outcome: AuthorityOutcome = { name: authority.name, kind: authority.kind, description: describeAuthority(authority), passed: false, reasons: [], checks: [], attestations: [] };
  const unsupported = [...authority.unsupported, ...unsupportedByTrustRoot(authority, trust)];
  if (unsupported.length > 0) {
    outcome.reasons.push(...unsupported.map((u) => `unsupported: ${u}`));
    return outcome;
  }
  if (authority.kind === 'static') {
    if (authority.action === 'pass') outcome.passed = true;
    else outcome.reasons.push(`disallowed by static policy: ${authority.message ?? 'the policy fails every image it covers'}`);
    return outcome;
  }
  const what = authority.kind === 'keyless' ? 'keyless' : 'key';
  if (authority.attestations.length > 0) {
    await evaluateAttestations(authority, discovery, digest, trust, outcome);
    outcome.reasons = outcome.reasons.map((r) => `attestation ${what} validation failed for authority ${authority.name} for ${ref}: ${r}`);
    return outcome;
  }
  const lookups: Discovered[] = [];
  if (authority.signatureFormat !== 'bundle') {
    const legacy = await discovery.legacy('signature', authority.source);
    lookups.push(legacy);
    outcome.checks.push(...legacy.candidates.map((c) => checkCandidate(c, authority, digest, trust)));
  }
  if (!outcome.checks.some((c) => c.passed) && authority.signatureFormat !== 'legacy') {
    const bundles = await discovery.bundles(authority.source);
    lookups.push(bundles);
    outcome.checks.push(...bundles.candidates.filter((c) => c.kind === 'signature' || c.problem).map((c) => checkCandidate(c, authority, digest, trust)));
  }
  outcome.passed = outcome.checks.some((c) => c.passed);
  if (!outcome.passed) {
    const errors = lookups.filter((l) => l.error).map((l) => `could not read ${l.where}: ${l.error}`);
    const prefix = `signature ${what} validation failed for authority ${authority.name} for ${ref}`;
    if (outcome.checks.length === 0) {
      outcome.reasons.push(...errors.map((e) => `${prefix}: ${e}`));
      if (errors.length === 0) outcome.reasons.push(`${prefix}: no signatures found${await formatHint(authority, discovery)}`);
    } else {
      outcome.reasons.push(...errors.map((e) => `${prefix}: ${e}`));
      for (const check of outcome.checks) outcome.reasons.push(`${prefix}: no matching signatures: ${check.label}: ${check.reasons.join('; ')}`);
    }
  }
  return outcome;
}

async function evaluateAttestations(authority: KeyAuthority | KeylessAuthority, discovery: SignatureDiscovery, digest: string, trust: TrustRoot, outcome: AuthorityOutcome): Promise<void> {
  const lookups: Discovered[] = [];
  if (authority.signatureFormat !== 'bundle') lookups.push(await discovery.legacy('attestation', authority.source));
  if (authority.signatureFormat !== 'legacy') lookups.push(await discovery.bundles(authority.source));
  const checks: CandidateCheck[] = lookups.flatMap((l) => l.candidates.map((c) => checkCandidate(c, authority, digest, trust)));
  outcome.checks = checks;
  const verifiedTypes = [...new Set(checks.filter((c) => c.passed && c.predicateType).map((c) => c.predicateType as string))];
  for (const requirement of authority.attestations) {
    const reasons: string[] = [];
    const satisfying = checks.filter((c) => c.passed && c.predicateType === requirement.predicateType);
    if (satisfying.length === 0) {
      reasons.push(...lookups.filter((l) => l.error).map((l) => `could not read ${l.where}: ${l.error}`));
      reasons.push(
        checks.length === 0
          ? `no matching attestations with type ${requirement.predicateType}: no attestations found`
          : `no matching attestations with type ${requirement.predicateType}, checked the following predicateTypes: "${verifiedTypes.join('", "')}"`,
      );
      for (const check of checks.filter((c) => !c.passed)) reasons.push(`${check.label}: ${check.reasons.join('; ')}`);
    } else if (requirement.policyType) {
      reasons.push(
        `failed evaluating ${requirement.policyType} policy for ${requirement.name}: ` +
          `${requirement.policyType === 'cue' ? 'CUE' : requirement.policyType === 'rego' ? 'Rego' : requirement.policyType} policies are not supported by this extension, ` +
          'so the attestation cannot be accepted',
      );
    }
    outcome.attestations.push({ name: requirement.name, predicateType: requirement.predicateType, passed: reasons.length === 0, reasons });
    outcome.reasons.push(...reasons.map((r) => `attestation ${requirement.name}: ${r}`));
  }
  outcome.passed = outcome.attestations.every((a) => a.passed);
}

/** When nothing was found in the format an authority reads, say what else is there. */
async function formatHint(authority: Authority, discovery: SignatureDiscovery): Promise<string> {
  if (authority.signatureFormat === 'legacy') {
    const bundles = await discovery.bundles(authority.source);
    if (bundles.candidates.some((c) => c.kind === 'signature'))
      return ' in the legacy (.sig) format, but a Sigstore bundle signature is attached: set signatureFormat: bundle (unset means legacy, as for the policy controller)';
  }
  if (authority.signatureFormat === 'bundle') {
    const legacy = await discovery.legacy('signature', authority.source);
    if (legacy.candidates.length > 0) return ' as Sigstore bundles, but a legacy .sig signature exists: set signatureFormat: legacy or leave it unset';
  }
  return '';
}

async function formatsFound(discovery: SignatureDiscovery): Promise<VerifyReport['found']> {
  const found: VerifyReport['found'] = {};
  for (const [kind, lookup] of discovery.completed()) {
    const count = (await lookup).candidates.length;
    const field = kind === 'signature' ? 'legacySignatures' : kind === 'attestation' ? 'legacyAttestations' : 'bundles';
    found[field] = (found[field] ?? 0) + count;
  }
  return found;
}

function describeAuthority(authority: Authority): string {
  switch (authority.kind) {
    case 'static':
      return `static ${authority.action}`;
    case 'key':
      return `key ${authority.keys.map((k) => `sha256:${k.fingerprint.slice(0, 12)}…`).join(', ') || '(none)'}${authority.ctlog ? ', with transparency log' : ''}`;
    case 'keyless':
      return `keyless: ${authority.identities.map(describeIdentity).join('; or ')}`;
  }
}

/** A colon in the last part of the repository (before any @) reads as a tag, which covers nothing. */
function looksLikeTagGlob(glob: string): boolean {
  const repository = glob.split('@')[0];
  const slash = repository.lastIndexOf('/');
  return slash >= 0 && repository.slice(slash + 1).includes(':');
}

function uncoveredHint(ref: ImageReference, name: string, others: VerifyReport['otherPolicies']): string {
  const globs = others.flatMap((o) => o.globs.map((g) => `"${g}" (${o.name})`)).join(', ');
  const tagGlob = others.some((o) => o.globs.some(looksLikeTagGlob));
  return (
    `no glob matches it (${globs}). Globs are matched against ${name}, which carries no tag` +
    `${tagGlob ? ' (the policy controller drops the tag even when the reference has one), so a glob ending in ":*" or ":1.*" matches nothing' : ''}` +
    `; try ${repositoryName(ref)}@** or ${repositoryName(ref)}**` +
    `${ref.registry === DOCKER_HUB ? ` (Docker Hub images are named ${DOCKER_HUB}/…)` : ''}.`
  );
}
