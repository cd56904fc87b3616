import { ServiceError } from '../../../core/errors';
import { parseReference } from '../../registry/reference';
import { readAttestations } from './attestations';
import { readKeyRef } from './keyRef';
import { ociProblem } from './ociRepository';
import { compileRe2 } from './regexp';
import { POLICY_FILE_LIMITS } from './limits';
import { Problems, isObject, isSet } from './problems';
import { Authority, Identity } from './types';

/**
 * One authority of a ClusterImagePolicy (parse.ts): a key, keyless identities or a static
 * verdict, with where signatures are looked up and which transparency log is checked. Problems
 * go to `problems` with their field path; what only a cluster can honour goes to the
 * authority's `unsupported`.
 */
export function readAuthority(entry: unknown, index: number, at: string, problems: Problems, warnings: string[]): Authority | undefined {
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
