/**
 * Image globs of ClusterImagePolicy, translated as policy-controller does: `*` is any run of
 * characters other than `/`, `**` is anything, and the pattern is anchored at both ends. The
 * bare globs `*` and `*` `/` `*` mean Docker Hub official and user images.
 */
const VALID_GLOB = /^[a-zA-Z0-9\-_:/*.@]+$/;

export function compileGlob(glob: string): RegExp | string {
  let pattern = glob;
  if (pattern === '*/*') pattern = 'index.docker.io/*/*';
  if (pattern === '*') pattern = 'index.docker.io/library/*';
  if (!VALID_GLOB.test(pattern)) {
    return `"${glob}" is not a valid glob: only letters, digits, - _ : / . @ and * are allowed`;
  }
  const source = pattern
    .split('**')
    .map((part) => part.split('*').map(escapeRegExp).join('[^/]*'))
    .join('.*');
  return new RegExp(`^${source}$`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
