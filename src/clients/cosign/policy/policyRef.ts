import { Problems, isObject, isSet } from './problems';

/**
 * A CUE or Rego policy block, checked as the webhook checks it (this extension cannot evaluate
 * it, so a policy that has one fails by name later). The settings that feed extra data to the
 * policy exist only at the level of the whole ClusterImagePolicy (`spec.policy`).
 */
export function readPolicyRef(value: unknown, at: string, problems: Problems, wholePolicy: boolean): void {
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
