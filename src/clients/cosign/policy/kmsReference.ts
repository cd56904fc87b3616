/**
 * A `kms` key reference, checked as the policy controller's validating webhook checks it
 * (pkg/apis/policy/common ValidateKMS): it must name one of the KMS providers the controller
 * knows, and an AWS reference must be a key or alias ARN, optionally after an endpoint with a
 * port. The webhook's own check is stricter than its message: a bare key ID or alias name
 * (`awskms:///alias/name`) matches the formats it lists but is then refused, because it only
 * accepts an ARN after the endpoint.
 */
const PROVIDERS = ['awskms://', 'azurekms://', 'hashivault://', 'gcpkms://'];

const AWS_FORMAT = 'awskms://[ENDPOINT]/arn:aws:kms:REGION:ACCOUNT:key/KEY-ID or awskms://[ENDPOINT]/arn:aws:kms:REGION:ACCOUNT:alias/NAME (the endpoint is optional, host:port)';

// The four forms the webhook lists: key ID, key ARN, alias name, alias ARN.
const UUID = 'm?r?k?-?[A-Fa-f0-9]{8}-?[A-Fa-f0-9]{4}-?[A-Fa-f0-9]{4}-?[A-Fa-f0-9]{4}-?[A-Fa-f0-9]{12}';
const ARN = 'arn:(?:aws|aws-us-gov|aws-cn):kms:[a-z0-9-]+:[0-9]{12}:';
const AWS_FORMS = [`(${UUID})`, `(${ARN}key/${UUID})`, '(alias/[^\\n]*)', `(${ARN}alias/[^\\n]*)`].map((key) => new RegExp(`^awskms://[^/]*/${key}$`));

export function kmsProblem(kms: string): string | undefined {
  if (!PROVIDERS.some((provider) => kms.startsWith(provider))) {
    return `"${kms}" names no KMS provider the policy controller supports: start it with ${PROVIDERS.join(', ')}`;
  }
  return kms.startsWith('awskms://') ? awsProblem(kms) : undefined;
}

function awsProblem(kms: string): string | undefined {
  const parts = kms.split('/');
  if (parts.length < 4 || !AWS_FORMS.some((form) => form.test(kms))) return `"${kms}" is not an AWS KMS key reference: write ${AWS_FORMAT}`;
  const endpoint = parts[2];
  if (endpoint.startsWith('arn') || endpoint.startsWith('alias')) {
    return `"${kms}" puts the key where the endpoint goes: write awskms:///${endpoint}… (three slashes) when there is no endpoint`;
  }
  if (endpoint) {
    const problem = hostPortProblem(endpoint);
    if (problem) return `"${kms}" has a malformed endpoint: ${problem}`;
  }
  // The part after the endpoint, up to the next slash, must be an ARN whose resource is key or alias.
  const sections = splitN(parts[3], ':', 6);
  if (!parts[3].startsWith('arn:') || sections.length !== 6) return `"${kms}" must name the key by its ARN: write ${AWS_FORMAT}`;
  if (sections[5] !== 'key' && sections[5] !== 'alias') return `"${kms}" names an ARN of a ${sections[5]}, not of a key or alias`;
  return undefined;
}

/** Go's net.SplitHostPort, reduced to whether and why it refuses `hostport`. */
function hostPortProblem(hostport: string): string | undefined {
  const colon = hostport.lastIndexOf(':');
  if (colon < 0) return `${hostport} has no port`;
  let hostStart = 0;
  let afterHost = 0;
  if (hostport.startsWith('[')) {
    const close = hostport.indexOf(']');
    if (close < 0) return `${hostport} is missing ']'`;
    if (close + 1 === hostport.length) return `${hostport} has no port`;
    if (close + 1 !== colon) return hostport[close + 1] === ':' ? `${hostport} has too many colons` : `${hostport} has no port`;
    hostStart = 1;
    afterHost = close + 1;
  } else if (hostport.slice(0, colon).includes(':')) {
    return `${hostport} has too many colons`;
  }
  if (hostport.slice(hostStart).includes('[')) return `${hostport} has an unexpected '['`;
  if (hostport.slice(afterHost).includes(']')) return `${hostport} has an unexpected ']'`;
  return undefined;
}

/** Go's strings.SplitN: at most `n` parts, the last one holding the rest. */
function splitN(text: string, separator: string, n: number): string[] {
  const parts = text.split(separator);
  return parts.length <= n ? parts : [...parts.slice(0, n - 1), parts.slice(n - 1).join(separator)];
}
