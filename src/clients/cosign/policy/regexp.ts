import { RE2JS } from 're2js';

/**
 * Identity regular expressions (`issuerRegExp`, `subjectRegExp`) are Go RE2 expressions, and the
 * policy controller matches them against the whole value. They are compiled with re2js, an RE2
 * implementation, so a policy means here exactly what it means to the cluster: inline flag groups
 * such as `(?i)` anywhere, `\A` and `\z`, and RE2's refusals (back-references, look-around) with
 * RE2's own message. `matches` is a whole-string match.
 */
export interface Re2Pattern {
  matches(input: string): boolean;
}

export function compileRe2(source: string): Re2Pattern | string {
  try {
    const pattern = RE2JS.compile(source);
    return { matches: (input: string) => pattern.matches(input) };
  } catch (error) {
    return (error as Error).message.replace(/^error parsing regexp: /, '');
  }
}
