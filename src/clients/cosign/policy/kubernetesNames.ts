/**
 * The API server names a custom resource like most objects: `metadata.name` is a DNS subdomain
 * (RFC 1123) of at most 253 characters, lower-case letters, digits, `-` and `.`, each dot-separated
 * label starting and ending with a letter or digit. A ClusterImagePolicy named otherwise is never
 * created, so its rules never apply.
 */
const LABEL = /^[a-z0-9](?:[-a-z0-9]*[a-z0-9])?$/;
const MAX_LENGTH = 253;

export function dnsSubdomainProblem(name: string): string | undefined {
  if (name.length > MAX_LENGTH) return `is ${name.length} characters long; a name may have at most ${MAX_LENGTH}`;
  // Checked label by label: each test is linear, whatever the name.
  if (name.split('.').every((label) => LABEL.test(label))) return undefined;
  return `"${name}" is not a valid name: use lower-case letters, digits, - and ., starting and ending with a letter or digit (e.g. release-signed or acme.release)`;
}
