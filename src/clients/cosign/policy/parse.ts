import { ServiceError } from '../../../core/errors';
import { parseReference } from '../../registry/reference';
import { describeValue, unknownFields } from './fields';
import { readKeyRef } from './keyRef';
import { checkMatch } from './matchResources';
import { ociProblem } from './ociRepository';
import { dnsSubdomainProblem } from './kubernetesNames';
import { compileGlob } from './glob';
import { compileRe2 } from './regexp';
import { POLICY_FILE_LIMITS } from './limits';
import { Json, Problems, isObject, isSet } from './problems';
import { readYamlDocuments } from './yamlReader';
import { AttestationRequirement, Authority, Identity, ParsedPolicies, Policy } from './types';

/**
 * Reads an admission-policy file: one or more YAML (or JSON) documents, of which the
 * `ClusterImagePolicy` ones (policy.sigstore.dev v1alpha1/v1beta1) are used. Every problem is
 * reported with its document and field path, all at once, so a user can fix a file in one go.
 * Fields that only a Kubernetes cluster or a CUE/Rego evaluator can honour are recorded as
 * unsupported; they make verification fail with their name rather than being skipped.
 */
const API_VERSIONS = new Set(['policy.sigstore.dev/v1beta1', 'policy.sigstore.dev/v1alpha1']);
/** The kinds of the policy.sigstore.dev API group; the others than ClusterImagePolicy are skipped with a warning. */
const GROUP_KINDS = ['ClusterImagePolicy', 'TrustRoot'];

/** cosign's short predicate names (deprecated in policies, still accepted). */
export const PREDICATE_SHORT_NAMES: Record<string, string> = {
  custom: 'https://cosign.sigstore.dev/attestation/v1',
  slsaprovenance: 'https://slsa.dev/provenance/v0.2',
  slsaprovenance02: 'https://slsa.dev/provenance/v0.2',
  slsaprovenance1: 'https://slsa.dev/provenance/v1',
  spdx: 'https://spdx.dev/Document',
  spdxjson: 'https://spdx.dev/Document',
  cyclonedx: 'https://cyclonedx.org/bom',
  link: 'https://in-toto.io/Link/v1',
  vuln: 'https://cosign.sigstore.dev/attestation/vuln/v1',
  openvex: 'https://openvex.dev/ns',
};

export function parsePolicies(text: string, source = 'the policy'): ParsedPolicies {
  const problems = new Problems();
  const warnings: string[] = [];
  const policies: Policy[] = [];
  if (!text.trim()) {
    throw new ServiceError({ kind: 'badInput', service: 'Policy', operation: 'read', summary: `${source} is empty`, hint: 'Write a ClusterImagePolicy (apiVersion: policy.sigstore.dev/v1beta1).' });
  }
  const read = readYamlDocuments(text);
  if ('tooLarge' in read) {
    throw new ServiceError({
      kind: 'badInput',
      service: 'Policy',
      operation: 'read',
      summary: `${source} ${read.tooLarge}`,
      hint: 'A policy file holds a handful of ClusterImagePolicies; split a larger one into several files.',
    });
  }
  const names = new Map<string, number>();
  read.documents.forEach((doc) => {
    const index = doc.index - 1;
    const at = `document ${doc.index}`;
    if ('problem' in doc) {
      problems.add(at, doc.problem);
      return;
    }
    const value = doc.value;
    if (value === null || value === undefined) return; // an empty document between separators
    if (!isObject(value)) {
      problems.add(at, 'is not a mapping');
      return;
    }
    const apiVersion = value.apiVersion;
    const metadataName = isObject(value.metadata) ? value.metadata.name : undefined;
    if (typeof apiVersion !== 'string' || !apiVersion) {
      problems.add(`${at} apiVersion`, isSet(apiVersion) ? `must be a string, not ${describeValue(apiVersion)}` : 'is required');
      return;
    }
    if (typeof metadataName !== 'string' || !metadataName) {
      problems.add(`${at} metadata.name`, isSet(metadataName) ? `must be a string, not ${describeValue(metadataName)}; quote it` : 'is required');
      return;
    }
    const kindProblem = policyKindProblem(apiVersion, value.kind);
    if (kindProblem) {
      // Meant as a policy but not one the cluster knows: dropping it would drop its rules.
      problems.add(`${at} (${metadataName}) ${kindProblem.field}`, kindProblem.message);
      return;
    }
    if (!API_VERSIONS.has(apiVersion) || value.kind !== 'ClusterImagePolicy') {
      warnings.push(`${at} (${String(value.kind ?? 'no kind')} "${metadataName}", ${apiVersion}) is not a ClusterImagePolicy and was ignored.`);
      return;
    }
    const first = names.get(metadataName);
    if (first !== undefined) {
      // A cluster holds one ClusterImagePolicy per name; two in one file means one would be lost.
      problems.add(`${at} metadata.name`, `"${metadataName}" is already the name of document ${first}; two policies cannot have the same name`);
      return;
    }
    names.set(metadataName, index + 1);
    const nameProblem = dnsSubdomainProblem(metadataName);
    if (nameProblem) problems.add(`${at} (${metadataName}) metadata.name`, nameProblem);
    for (const unknown of unknownFields(value)) problems.add(`${at} (${metadataName}) ${unknown.path}`, unknown.message);
    const policy = readPolicy(value, metadataName, index + 1, `${at} (${metadataName})`, problems, warnings);
    if (policy) policies.push(policy);
  });
  if (problems.errors.length > 0) {
    throw new ServiceError({
      kind: 'badInput',
      service: 'Policy',
      operation: 'read',
      summary: `${source} is not a valid admission policy (${problems.errors.length} problem${problems.errors.length === 1 ? '' : 's'})`,
      fieldErrors: problems.errors,
      hint: 'Fix the fields named above; the ClusterImagePolicy reference is in the policy-controller documentation.',
    });
  }
  if (policies.length === 0) {
    throw new ServiceError({
      kind: 'badInput',
      service: 'Policy',
      operation: 'read',
      summary: `${source} holds no ClusterImagePolicy`,
      hint: 'A policy needs apiVersion: policy.sigstore.dev/v1beta1 and kind: ClusterImagePolicy.',
    });
  }
  return { policies, warnings };
}

/**
 * A document that names ClusterImagePolicy with another API version, or the policy.sigstore.dev
 * group with a kind it does not have, is a policy written wrong, not some other resource.
 */
function policyKindProblem(apiVersion: string, kind: unknown): { field: string; message: string } | undefined {
  if (kind === 'ClusterImagePolicy' && !API_VERSIONS.has(apiVersion)) {
    return { field: 'apiVersion', message: `must be policy.sigstore.dev/v1beta1 or policy.sigstore.dev/v1alpha1 for a ClusterImagePolicy, not ${JSON.stringify(apiVersion)}` };
  }
  if (apiVersion.startsWith('policy.sigstore.dev/') && !GROUP_KINDS.includes(String(kind))) {
    return { field: 'kind', message: `${JSON.stringify(kind ?? null)} is not a kind of policy.sigstore.dev; did you mean ClusterImagePolicy?` };
  }
  return undefined;
}

function readPolicy(doc: Json, name: string, document: number, at: string, problems: Problems, warnings: string[]): Policy | undefined {
  const spec = doc.spec;
  if (!isObject(spec)) {
    problems.add(`${at} spec`, 'is required');
    return undefined;
  }
  const unsupported: string[] = [];
  // Unset or empty is enforce, as the webhook's defaults make it.
  const mode = isSet(spec.mode) ? spec.mode : 'enforce';
  // A value of another type is reported with the schema's types.
  if (typeof mode === 'string' && mode !== 'enforce' && mode !== 'warn') problems.add(`${at} spec.mode`, `must be enforce or warn, not ${JSON.stringify(mode)}`);
  const images: Policy['images'] = [];
  if (!Array.isArray(spec.images) || spec.images.length === 0) {
    problems.add(`${at} spec.images`, 'needs at least one entry with a glob');
  } else {
    spec.images.forEach((entry, i) => {
      const field = `${at} spec.images[${i}]`;
      if (!isObject(entry)) return problems.add(field, 'must be a mapping with a glob');
      if (!isSet(entry.glob)) return problems.add(`${field}.glob`, 'is required');
      if (typeof entry.glob !== 'string') return;
      const compiled = compileGlob(entry.glob);
      if (typeof compiled === 'string') return problems.add(`${field}.glob`, compiled);
      images.push({ glob: entry.glob, matcher: compiled });
    });
  }
  const authorities: Authority[] = [];
  if (!Array.isArray(spec.authorities) || spec.authorities.length === 0) {
    problems.add(`${at} spec.authorities`, 'needs at least one authority (key, keyless or static)');
  } else {
    spec.authorities.forEach((entry, i) => {
      const authority = readAuthority(entry, i, `${at} spec.authorities[${i}]`, problems, warnings);
      if (authority) authorities.push(authority);
    });
  }
  if (spec.policy !== undefined) readPolicyRef(spec.policy, `${at} spec.policy`, problems, true);
  if (spec.policy !== undefined) {
    const type = isObject(spec.policy) && typeof spec.policy.type === 'string' ? spec.policy.type : 'unknown';
    unsupported.push(`spec.policy (a ${type === 'cue' ? 'CUE' : type === 'rego' ? 'Rego' : type} policy over the verification results) cannot be evaluated by this extension`);
  }
  checkMatch(spec.match, `${at} spec.match`, problems);
  // An empty list selects nothing, so the policy applies to every image its globs cover.
  if (isSet(spec.match)) {
    unsupported.push('spec.match selects Kubernetes resources; outside a cluster such a policy never applies');
  }
  return { name, document, mode: mode === 'warn' ? 'warn' : 'enforce', images, authorities, unsupported };
}

function readAuthority(entry: unknown, index: number, at: string, problems: Problems, warnings: string[]): Authority | undefined {
  if (!isObject(entry)) {
    problems.add(at, 'must be a mapping');
    return undefined;
  }
  const name = typeof entry.name === 'string' && entry.name ? entry.name : `authority-${index}`;
  const kinds = ['key', 'keyless', 'static'].filter((k) => entry[k] !== undefined && entry[k] !== null);
  if (kinds.length !== 1) {
    problems.add(at, kinds.length === 0 ? 'needs one of key, keyless or static' : `has ${kinds.join(' and ')}; use exactly one`);
    return undefined;
  }
  const unsupported: string[] = [];
  const signatureFormat = entry.signatureFormat;
  // A value that is no string is reported with the schema's types.
  if (typeof signatureFormat === 'string' && signatureFormat && signatureFormat !== 'legacy' && signatureFormat !== 'bundle') {
    // The webhook accepts any text here and reads bundles only for exactly "bundle".
    warnings.push(`${at}.signatureFormat ${JSON.stringify(signatureFormat)} is neither legacy nor bundle; the policy controller reads it as legacy, and so does this check.`);
  }
  if (signatureFormat === 'bundle' && kinds[0] === 'key') {
    // The webhook accepts such a policy but then fails the authority for every image: it reads
    // Sigstore bundles for keyless authorities only.
    problems.add(`${at}.signatureFormat`, 'bundle works only with a keyless authority: the policy controller fails a key authority that asks for bundles; leave it unset (legacy) for key signatures');
  }
  if (kinds[0] === 'static') {
    // A static verdict involves no signature, so signature settings beside it are a mistake.
    for (const field of ['attestations', 'source', 'ctlog', 'rfc3161timestamp']) {
      if (isSet(entry[field])) problems.add(`${at}.${field}`, 'cannot be used with static: a static authority checks no signature');
    }
  }
  const base = {
    name,
    // The policy controller reads Sigstore bundles only with signatureFormat: bundle; unset means legacy.
    signatureFormat: signatureFormat === 'bundle' ? ('bundle' as const) : ('legacy' as const),
    source: readSource(entry.source, `${at}.source`, problems, unsupported),
    ctlog: readCtlog(entry.ctlog, `${at}.ctlog`, problems, unsupported),
    attestations: readAttestations(entry.attestations, `${at}.attestations`, problems, warnings),
    unsupported,
  };
  if (entry.rfc3161timestamp !== undefined) unsupported.push('rfc3161timestamp needs a TrustRoot resource of a cluster; use the custom trust root setting instead');

  if (kinds[0] === 'static') {
    const staticSpec = entry.static;
    if (!isObject(staticSpec) || (staticSpec.action !== 'pass' && staticSpec.action !== 'fail')) {
      // A value that is no string is reported with the schema's types.
      if (!isObject(staticSpec) || typeof staticSpec.action === 'string' || !isSet(staticSpec.action)) problems.add(`${at}.static.action`, 'must be pass or fail');
      return undefined;
    }
    return { ...base, kind: 'static', action: staticSpec.action, message: typeof staticSpec.message === 'string' ? staticSpec.message : undefined };
  }
  if (kinds[0] === 'key') {
    const key = entry.key;
    if (!isObject(key)) {
      problems.add(`${at}.key`, 'must be a mapping with data (a PEM public key)');
      return undefined;
    }
    const { keys, hashAlgorithm } = readKeyRef(key, `${at}.key`, problems, warnings);
    if (isSet(key.kms))
      unsupported.push(`key.kms (${String(key.kms)}) is resolved by a cluster's policy controller; there are no public keys for authority ${name} here. Put the public key in key.data`);
    if (isSet(key.secretRef)) unsupported.push(`key.secretRef is a Kubernetes secret; there are no public keys for authority ${name} here. Put the public key in key.data`);
    return { ...base, kind: 'key', keys, hashAlgorithm };
  }
  const keyless = entry.keyless;
  if (!isObject(keyless)) {
    problems.add(`${at}.keyless`, 'must be a mapping with identities');
    return undefined;
  }
  problems.atMostOne(keyless, ['url', 'ca-cert'], `${at}.keyless`);
  const caCert = keyless['ca-cert'];
  if (isObject(caCert)) readKeyRef(caCert, `${at}.keyless.ca-cert`, problems, warnings);
  else if (isSet(caCert)) problems.add(`${at}.keyless.ca-cert`, 'must be a mapping with data, kms or secretRef');
  if (isSet(caCert)) unsupported.push('keyless.ca-cert is not read by the policy controller\u2019s verifier; use the custom trust root setting for a private Fulcio');
  if (keyless.trustRootRef !== undefined) unsupported.push(`keyless.trustRootRef (${String(keyless.trustRootRef)}) names a cluster TrustRoot; use the custom trust root setting instead`);
  const identities: Identity[] = [];
  if (!Array.isArray(keyless.identities) || keyless.identities.length === 0) {
    problems.add(`${at}.keyless.identities`, 'is required: list the expected issuer (or issuerRegExp) and subject (or subjectRegExp), e.g. issuer: https://token.actions.githubusercontent.com');
  } else {
    keyless.identities.forEach((identity, i) => {
      const parsed = readIdentity(identity, `${at}.keyless.identities[${i}]`, problems);
      if (parsed) identities.push(parsed);
    });
  }
  return {
    ...base,
    kind: 'keyless',
    url: typeof keyless.url === 'string' && keyless.url ? keyless.url : 'https://fulcio.sigstore.dev',
    identities,
    insecureIgnoreSCT: keyless.insecureIgnoreSCT === true,
  };
}

function readIdentity(value: unknown, at: string, problems: Problems): Identity | undefined {
  if (!isObject(value)) {
    problems.add(at, 'must be a mapping');
    return undefined;
  }
  problems.atMostOne(value, ['issuer', 'issuerRegExp'], at);
  problems.atMostOne(value, ['subject', 'subjectRegExp'], at);
  const identity: Identity = {};
  // An empty string is the same as no value, as for the webhook.
  const text = (field: string): string | undefined => {
    const v = value[field];
    // A value that is no string is reported with the schema's types.
    return typeof v === 'string' && v !== '' ? v : undefined;
  };
  identity.issuer = text('issuer');
  identity.subject = text('subject');
  for (const field of ['issuerRegExp', 'subjectRegExp'] as const) {
    const source = text(field);
    if (source === undefined) continue;
    problems.regexpChars -= source.length;
    if (problems.regexpChars < 0) {
      problems.add(`${at}.${field}`, `takes the file\u2019s regular expressions past ${POLICY_FILE_LIMITS.regexpChars / 1024} KiB in all, far more than identities need`);
      continue;
    }
    const compiled = compileRe2(source);
    if (typeof compiled === 'string') problems.add(`${at}.${field}`, `is not a usable regular expression: ${compiled}`);
    else identity[field] = { source, regexp: compiled };
  }
  // An identity without an issuer (or subject) would accept any; a field already reported as wrong is not reported twice.
  if (!isSet(value.issuer) && !isSet(value.issuerRegExp)) problems.add(at, 'needs issuer or issuerRegExp');
  if (!isSet(value.subject) && !isSet(value.subjectRegExp)) problems.add(at, 'needs subject or subjectRegExp');
  return identity;
}

function readSource(value: unknown, at: string, problems: Problems, unsupported: string[]): Authority['source'] {
  // No list, or an empty one, as the webhook reads it: signatures are looked up beside the image.
  if (!isSet(value)) return undefined;
  if (!Array.isArray(value) || !isObject(value[0])) {
    problems.add(at, 'must be a list with one entry (oci, tagPrefix)');
    return undefined;
  }
  const first = value[0];
  if (value.length > 1) problems.add(at, `has ${value.length} entries; the policy controller supports a single source`);
  if (Array.isArray(first.signaturePullSecrets)) {
    first.signaturePullSecrets.forEach((secret, i) => {
      if (!isObject(secret) || !isSet(secret.name)) problems.add(`${at}[0].signaturePullSecrets[${i}].name`, 'is required');
    });
  }
  if (isSet(first.signaturePullSecrets)) unsupported.push('source.signaturePullSecrets are Kubernetes secrets; add a registry login instead');
  let repository: { registry: string; repository: string } | undefined;
  // An empty oci is the same as none; a value that is no string is reported with the schema's types.
  if (typeof first.oci === 'string' && first.oci !== '') {
    const problem = ociProblem(first.oci);
    if (problem) {
      problems.add(`${at}[0].oci`, problem);
    } else {
      try {
        const parsed = parseReference(first.oci);
        repository = { registry: parsed.registry, repository: parsed.repository };
      } catch (error) {
        problems.add(`${at}[0].oci`, (error as ServiceError).summary ?? String(error));
      }
    }
  }
  const tagPrefix = typeof first.tagPrefix === 'string' ? first.tagPrefix : '';
  return { repository, tagPrefix };
}

function readCtlog(value: unknown, at: string, problems: Problems, unsupported: string[]): Authority['ctlog'] {
  if (value === undefined) return undefined;
  if (!isObject(value)) {
    problems.add(at, 'must be a mapping with url');
    return undefined;
  }
  if (value.trustRootRef !== undefined) unsupported.push('ctlog.trustRootRef names a cluster TrustRoot; use the custom trust root setting instead');
  const url = typeof value.url === 'string' && value.url ? value.url : undefined;
  if (!url && value.trustRootRef === undefined) {
    // The controller then skips the transparency log altogether, even for short-lived Fulcio certificates.
    unsupported.push(
      'ctlog without a url makes the policy controller check no transparency log, which this extension does not reproduce; give ctlog.url (https://rekor.sigstore.dev) or leave ctlog out',
    );
  }
  return { url };
}

function readAttestations(value: unknown, at: string, problems: Problems, warnings: string[]): AttestationRequirement[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    problems.add(at, 'must be a list of {name, predicateType}');
    return [];
  }
  const out: AttestationRequirement[] = [];
  value.forEach((entry, i) => {
    const field = `${at}[${i}]`;
    if (!isObject(entry)) return problems.add(field, 'must be a mapping');
    if (entry.policy !== undefined) readPolicyRef(entry.policy, `${field}.policy`, problems, false);
    if (!isSet(entry.name)) return problems.add(`${field}.name`, 'is required');
    if (!isSet(entry.predicateType)) return problems.add(`${field}.predicateType`, 'is required');
    // A value that is no string is reported with the schema's types.
    if (typeof entry.name !== 'string' || typeof entry.predicateType !== 'string') return;
    let predicateType = entry.predicateType;
    if (PREDICATE_SHORT_NAMES[predicateType]) {
      warnings.push(`${field}.predicateType "${predicateType}" is a deprecated short name for ${PREDICATE_SHORT_NAMES[predicateType]}.`);
      predicateType = PREDICATE_SHORT_NAMES[predicateType];
    }
    let policyType: string | undefined;
    if (entry.policy !== undefined) {
      policyType = isObject(entry.policy) && typeof entry.policy.type === 'string' ? entry.policy.type : 'unknown';
    }
    out.push({ name: entry.name, predicateType, policyType });
  });
  return out;
}

/**
 * A CUE or Rego policy block, checked as the webhook checks it (this extension cannot evaluate
 * it, so a policy that has one fails by name later). The settings that feed extra data to the
 * policy exist only at the level of the whole ClusterImagePolicy (`spec.policy`).
 */
function readPolicyRef(value: unknown, at: string, problems: Problems, wholePolicy: boolean): void {
  if (!isObject(value)) {
    problems.add(at, 'must be a mapping with type and data');
    return;
  }
  if (value.type !== 'cue' && value.type !== 'rego' && (typeof value.type === 'string' || !isSet(value.type))) {
    problems.add(`${at}.type`, `must be cue or rego, not ${JSON.stringify(value.type ?? null)}`);
  }
  const sources = ['data', 'configMapRef', 'remote'];
  if (!sources.some((f) => isSet(value[f]))) problems.add(at, 'needs one of data, configMapRef or remote');
  problems.atMostOne(value, sources, at);
  if (isObject(value.remote)) {
    const written = value.remote.url;
    // A value that is no string is reported with the schema's types.
    const wrongType = isSet(written) && typeof written !== 'string';
    const url = typeof written === 'string' ? safeUrl(written) : undefined;
    if (!wrongType && (!url || url.protocol !== 'https:' || !url.host)) problems.add(`${at}.remote.url`, 'must be an https:// address');
    if (!isSet(value.remote.sha256sum)) problems.add(`${at}.remote.sha256sum`, 'is required');
  }
  if (isObject(value.configMapRef)) {
    for (const field of ['name', 'key']) if (!isSet(value.configMapRef[field])) problems.add(`${at}.configMapRef.${field}`, 'is required');
  }
  if (!wholePolicy) {
    for (const field of ['fetchConfigFile', 'includeSpec', 'includeObjectMeta', 'includeTypeMeta']) {
      if (value[field] !== undefined) problems.add(`${at}.${field}`, 'may only be set in spec.policy, not in an attestation\u2019s policy');
    }
  }
}

function safeUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}
