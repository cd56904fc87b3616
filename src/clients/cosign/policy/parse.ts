import { ServiceError } from '../../../core/errors';
import { readAuthority } from './authority';
import { readPolicyRef } from './policyRef';
import { describeValue, unknownFields } from './fields';
import { checkMatch } from './matchResources';
import { dnsSubdomainProblem } from './kubernetesNames';
import { compileGlob } from './glob';
import { Json, Problems, isObject, isSet } from './problems';
import { readYamlDocuments } from './yamlReader';
import { Authority, ParsedPolicies, Policy } from './types';

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
