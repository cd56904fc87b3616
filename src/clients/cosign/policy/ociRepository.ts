/**
 * `source[].oci`, checked as the policy controller's validating webhook checks it
 * (pkg/apis/policy/common ValidateOCI, with go-containerregistry's strict validation): either a
 * registry alone (`registry.example.com`, `localhost`) or a registry and a repository
 * (`registry.example.com/team/signatures`). A first part without a dot or a colon is not taken
 * for a registry, so `team/signatures` (a Docker Hub repository) and even `localhost/signatures`
 * are refused; so are capital letters and anything but `a-z 0-9 _ - . /` in the repository, and a
 * Docker Hub repository without its namespace.
 */
const REPOSITORY_CHARS = /^[a-z0-9_\-./]+$/;

export function ociProblem(oci: string): string | undefined {
  const slash = oci.indexOf('/');
  const first = slash < 0 ? oci : oci.slice(0, slash);
  if (slash < 0 || !(first.includes('.') || first.includes(':'))) {
    return registryProblem(oci) ? `"${oci}" is neither a registry nor a registry and repository: write registry.example.com or registry.example.com/team/signatures` : undefined;
  }
  const registry = first;
  const repository = oci.slice(slash + 1);
  const length = [...repository].length;
  if (length < 1 || length > 255) return `the repository of "${oci}" must have 1 to 255 characters`;
  if (!REPOSITORY_CHARS.test(repository)) return `the repository of "${oci}" may only hold lower-case letters, digits, _ - . and /`;
  const problem = registryProblem(registry);
  if (problem) return `"${registry}" ${problem}`;
  if ((registry === 'docker.io' || registry === 'index.docker.io') && !repository.includes('/')) {
    return `"${oci}" needs the full Docker Hub repository path, e.g. ${registry}/library/${repository}`;
  }
  return undefined;
}

/**
 * Whether Go's url.Parse("//" + name) gives `name` back as the host, which is how
 * go-containerregistry accepts a registry: no path, query, fragment, user or percent sign; only
 * the characters a URL host may hold; a port of digits after the last colon (or after `]`).
 */
function registryProblem(name: string): string | undefined {
  if (name === '') return 'is empty';
  for (const ch of name) {
    const code = ch.codePointAt(0) as number;
    if (code < 0x20 || code === 0x7f) return 'holds a control character';
    if (code < 0x80 && !/[A-Za-z0-9\-_.~!$&'()*+,;=:[\]<>"]/.test(ch)) return `is not a valid registry: it may not hold "${ch}"`;
  }
  let port: string;
  if (name.startsWith('[')) {
    const close = name.lastIndexOf(']');
    if (close < 0) return "is not a valid registry: missing ']'";
    port = name.slice(close + 1);
  } else {
    const colon = name.lastIndexOf(':');
    port = colon < 0 ? '' : name.slice(colon);
  }
  if (port !== '' && !/^:[0-9]*$/.test(port)) return `is not a valid registry: "${port}" is not a port`;
  return undefined;
}
