import { Problems, isObject, isSet } from './problems';

/**
 * `spec.match`, checked as the policy controller's validating webhook checks it. A resource must
 * be one the webhook admits: the package leaves the list open, but the webhook program fills it at
 * start (cmd/webhook/main.go) with the kinds it watches, so another name (`Deployment`,
 * `services`) is refused by the cluster. A selector needs a resource, version or group to select
 * from.
 */
export const MATCH_RESOURCES = ['replicasets', 'deployments', 'pods', 'cronjobs', 'jobs', 'statefulsets', 'daemonsets'];

export function checkMatch(value: unknown, at: string, problems: Problems): void {
  if (!isSet(value)) return;
  if (!Array.isArray(value)) {
    problems.add(at, 'must be a list of {group, version, resource, selector}');
    return;
  }
  value.forEach((entry, i) => {
    const field = `${at}[${i}]`;
    if (!isObject(entry)) return problems.add(field, 'must be a mapping with a resource');
    if (typeof entry.resource === 'string' && entry.resource && !MATCH_RESOURCES.includes(entry.resource)) {
      problems.add(`${field}.resource`, `"${entry.resource}" is not a resource the policy controller admits; use one of ${MATCH_RESOURCES.join(', ')}`);
    }
    if (isSet(entry.selector) && !isSet(entry.resource) && !isSet(entry.version) && !isSet(entry.group)) {
      problems.add(`${field}.selector`, 'needs a resource to select from: give resource (and version, group)');
    }
  });
}
