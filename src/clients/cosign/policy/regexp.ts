/**
 * Identity regular expressions are written for Go's RE2 and matched unanchored, as cosign does.
 * JavaScript's syntax is close enough for what policies use; the differences are handled here:
 * leading flag groups like `(?i)` become JS flags, `\A` and `\z` become `^` and `$`, and the
 * JS-only constructs RE2 rejects (back-references, look-around) are refused, so a policy cannot
 * mean one thing to the cluster and another here.
 */
export function compileRe2(source: string): RegExp | string {
  let body = source;
  let flags = '';
  const flagGroup = /^\(\?([imsU]+)\)/.exec(body);
  if (flagGroup) {
    if (flagGroup[1].includes('U')) return 'the U (ungreedy) flag has no JavaScript equivalent';
    flags = [...new Set(flagGroup[1].replace('U', '').split(''))].join('');
    body = body.slice(flagGroup[0].length);
  }
  if (/\(\?[=!<]/.test(body.replace(/\(\?P?<[A-Za-z_]\w*>/g, ''))) return 'look-around assertions are not RE2 syntax';
  if (/\\[1-9]/.test(body)) return 'back-references are not RE2 syntax';
  if (/\(\?[imsU-]+[:)]/.test(body)) return 'inline flag groups are only supported at the start of the expression';
  body = body.replace(/\(\?P</g, '(?<').replace(/\\A/g, '^').replace(/\\z/g, '$');
  try {
    return new RegExp(body, flags);
  } catch (error) {
    return (error as Error).message.replace(/^Invalid regular expression: /, '');
  }
}
