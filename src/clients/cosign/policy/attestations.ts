import { readPolicyRef } from './policyRef';
import { Problems, isObject, isSet } from './problems';
import { AttestationRequirement } from './types';

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

/** The attestations an authority (authority.ts) requires, each by its predicate type; a short name is read as its full type, with a warning. */
export function readAttestations(value: unknown, at: string, problems: Problems, warnings: string[]): AttestationRequirement[] {
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
