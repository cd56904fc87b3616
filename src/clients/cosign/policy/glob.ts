/**
 * Image globs of ClusterImagePolicy, with the policy controller's meaning: it translates a glob
 * into a Go regular expression (`*` is `[^/]*`, `**` is `.*`, anchored at both ends) and the bare
 * globs `*` and `*` `/` `*` mean Docker Hub official and user images.
 *
 * The translation is not handed to a backtracking engine: a policy file is untrusted input, and
 * twenty `*` before a character that does not match took a JavaScript RegExp minutes. The glob is
 * kept as a list of steps and matched by walking all of its positions at once over the name,
 * which takes time proportional to the glob's length times the name's, whatever the glob.
 */
const VALID_GLOB = /^[a-zA-Z0-9\-_:/*.@]+$/;

/** One step of a glob: a character to meet, or a run of stars. */
type Step = { char: string } | { star: 'segment' | 'any' };

export interface GlobMatcher {
  matches(name: string): boolean;
}

export function compileGlob(glob: string): GlobMatcher | string {
  let pattern = glob;
  if (pattern === '*/*') pattern = 'index.docker.io/*/*';
  if (pattern === '*') pattern = 'index.docker.io/library/*';
  if (!VALID_GLOB.test(pattern)) {
    return `"${glob}" is not a valid glob: only letters, digits, - _ : / . @ and * are allowed`;
  }
  const steps = toSteps(pattern);
  return { matches: (name) => matchSteps(steps, name) };
}

/**
 * The controller replaces `**` before `*`, so a run of n stars becomes n/2 times `.*` and, for an
 * odd n, one `[^/]*`. Any run of two or more therefore means the same as `.*`.
 */
function toSteps(pattern: string): Step[] {
  const steps: Step[] = [];
  for (let i = 0; i < pattern.length;) {
    if (pattern[i] !== '*') {
      steps.push({ char: pattern[i++] });
      continue;
    }
    let run = 0;
    while (pattern[i] === '*') {
      run++;
      i++;
    }
    steps.push({ star: run === 1 ? 'segment' : 'any' });
  }
  return steps;
}

/**
 * `live[k]` says the first k steps can have matched the characters read so far. A star's step may
 * match nothing, so it passes its state on to the next step in the same pass.
 */
function matchSteps(steps: Step[], name: string): boolean {
  let live = new Uint8Array(steps.length + 1);
  let next = new Uint8Array(steps.length + 1);
  live[0] = 1;
  passOverStars(steps, live);
  for (const ch of name) {
    next.fill(0);
    let any = false;
    for (let k = 0; k < steps.length; k++) {
      if (!live[k]) continue;
      const step = steps[k];
      if ('char' in step ? step.char === ch : starTakes(step.star, ch)) {
        next['char' in step ? k + 1 : k] = 1;
        any = true;
      }
    }
    if (!any) return false;
    passOverStars(steps, next);
    [live, next] = [next, live];
  }
  return live[steps.length] === 1;
}

/** Go's `.` stops at a line break and `[^/]` at a slash (names hold neither, but the meaning is kept). */
function starTakes(star: 'segment' | 'any', ch: string): boolean {
  return star === 'any' ? ch !== '\n' : ch !== '/';
}

function passOverStars(steps: Step[], states: Uint8Array): void {
  for (let k = 0; k < steps.length; k++) {
    if (states[k] && 'star' in steps[k]) states[k + 1] = 1;
  }
}
