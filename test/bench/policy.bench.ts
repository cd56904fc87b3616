/**
 * Hostile policy files, timed: what a workspace could ship to stall the extension host. Prints the
 * slowest of a few rounds for each (the target is well under a second each: a backtracking
 * RegExp took over 30 s on the twenty-star glob). No pass or fail on timing.
 */
import { GlobMatcher, compileGlob } from '../../src/clients/cosign/policy/glob';
import { POLICY_FILE_LIMITS } from '../../src/clients/cosign/policy/limits';
import { parsePolicies } from '../../src/clients/cosign/policy/parse';
import { Re2Pattern, compileRe2 } from '../../src/clients/cosign/policy/regexp';

const ROUNDS = 5;
const NAME = `index.docker.io/library/nginx@sha256:${'a'.repeat(64)}`;

function slowest(run: () => void): number {
  let worst = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    run();
    worst = Math.max(worst, performance.now() - started);
  }
  return worst;
}

function line(what: string, ms: number): void {
  console.log(`${what}: slowest of ${ROUNDS} ${ms.toFixed(2)} ms — target < 1000 ms: ${ms < 1000 ? 'met' : 'NOT met'}${outcome ? ` (${outcome})` : ''}`);
  outcome = '';
}

const header = 'apiVersion: policy.sigstore.dev/v1beta1\nkind: ClusterImagePolicy\nmetadata:\n  name: p\nspec:\n  images:\n    - glob: "**"\n  authorities:\n    - static:\n        action: pass\n';

/** A read that is refused is still timed: refusing at once is the point. The outcome is printed. */
let outcome = '';
function read(text: string): void {
  try {
    parsePolicies(text, 'bench.yaml');
    outcome = 'read';
  } catch (error) {
    outcome = `refused: ${(error as Error).message.replace(/^Policy read: /, '').slice(0, 90)}…`;
  }
}

function main(): void {
  for (const glob of [`${'*'.repeat(20)}x`, `${'**a'.repeat(19)}b`, `index.docker.io/library/nginx@sha256:${'*a'.repeat(64)}b`]) {
    line(
      `glob ${glob.slice(0, 24)}… (${glob.length} characters) against ${NAME.slice(0, 30)}…`,
      slowest(() => (compileGlob(glob) as GlobMatcher).matches(NAME)),
    );
  }
  for (const source of ['(a*)*b', '(a|a)*b', '(a+)+$b']) {
    const pattern = compileRe2(source) as Re2Pattern;
    line(
      `identity regexp ${source} against 10,000 a's`,
      slowest(() => pattern.matches('a'.repeat(10_000))),
    );
  }
  const lol = ['      a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]'];
  for (let i = 1; i < 10; i++)
    lol.push(
      `      ${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9)
        .fill(`*${String.fromCharCode(96 + i)}`)
        .join(', ')}]`,
    );
  line(
    'billion-laughs policy (10⁹ values if expanded)',
    slowest(() => read(`${header}  match:\n    - selector:\n        matchLabels:\n${lol.join('\n')}\n`)),
  );
  const tokens = POLICY_FILE_LIMITS.tokens;
  line(
    `flow list just under ${tokens.toLocaleString('en-US')} tokens`,
    slowest(() => read(`${header}  x: [${'a,'.repeat(Math.floor(tokens / 3) - 100)}a]\n`)),
  );
  line(
    `a ${POLICY_FILE_LIMITS.bytes / 1024} KiB scalar`,
    slowest(() => read(`${header}  x: "${'a'.repeat(POLICY_FILE_LIMITS.bytes - 400)}"\n`)),
  );
  const identities = Array.from({ length: 8 }, (_, i) => `          - issuer: https://issuer.example\n            subjectRegExp: "^team-${i}-(${'a|'.repeat(2000)}b)$"\n`).join('');
  line(
    `identity regexps up to the ${POLICY_FILE_LIMITS.regexpChars / 1024} KiB allowance`,
    slowest(() => read(header.replace('static:\n        action: pass', `keyless:\n        identities:\n${identities}`))),
  );
}

main();
