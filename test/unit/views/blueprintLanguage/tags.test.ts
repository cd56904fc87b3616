import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { blueprint, problemsOf } from './helpers';

/**
 * authentik's custom tags (test/fixtures/authentik-blueprints/tags.md, a copy of the reference's, and the constructors
 * of authentik/blueprints/v1/common.py): every form a tag is documented in parses with no
 * diagnostic, and a form the constructor cannot read is an error on the tag's line.
 */
const TAGS_MD = path.resolve(__dirname, '..', '..', '..', '..', '..', 'test', 'fixtures', 'authentik-blueprints', 'tags.md');

/** Entries with `id: flow` first, so `!KeyOf flow` resolves; each case is an attrs value of a group. */
function withValue(value: string): string {
  return blueprint(
    '  - model: authentik_flows.flow',
    '    id: flow',
    '    identifiers:',
    '      slug: test',
    '  - model: authentik_core.group',
    '    identifiers:',
    '      name: test',
    '    attrs:',
    `      attributes: ${value}`,
  );
}
/** Line (0-based) of the `attributes:` value in `withValue`. */
const VALUE_LINE = 12;

const VALID: Record<string, string[]> = {
  '!KeyOf': ['!KeyOf flow'],
  '!Find': ['!Find [authentik_flows.flow, [slug, default-authentication-flow]]', '!Find [authentik_core.group]', '!Find [!Context model, [name, !Env GROUP]]'],
  '!FindObject': ['!FindObject [authentik_core.group, [name, admins], [is_superuser, true]]'],
  '!Context': ['!Context goauthentik.io/rbac/models', '!Context [group_name, admins]'],
  '!Env': ['!Env AUTHENTIK_BOOTSTRAP_PASSWORD', '!Env [AUTHENTIK_DEFAULT_BRAND_ENABLED, True]'],
  '!File': ['!File /run/secrets/token', '!File [/run/secrets/token, fallback]'],
  '!Format': ['!Format ["%s-%s", !Context a, 2]', '!Format [plain]'],
  '!Condition': ['!Condition [AND, !Context a, true]', '!Condition [nor, !Find [authentik_brands.brand, [default, True]]]', '!Condition [XNOR, false]'],
  '!If': ['!If [!Context enabled]', '!If [!Env X, {a: 1}, [1, 2]]'],
  '!Enumerate': ['!Enumerate [!Context goauthentik.io/rbac/models, SEQ, !Format ["%s.view_%s", !Value 0, !Index 0]]', '!Enumerate [[a, b], MAP, [!Index 0, !Enumerate [[c], SEQ, !Value 1]]]'],
  '!Index': ['!Enumerate [[a], SEQ, !Index 0]'],
  '!Value': ['!Enumerate [{a: 1}, map, [!Index 0, !Value 0]]'],
  '!AtIndex': ['!AtIndex [[a, b], 0]', '!AtIndex [!Context map, key, default]'],
  '!ParseJSON': ['!ParseJSON \'{"a": 1}\'', '!ParseJSON "[1, 2]"'],
};

const MISUSED: Array<[string, string, RegExp]> = [
  ['!KeyOf [flow]', 'a list', /!KeyOf takes a single value/],
  ['!KeyOf', 'no id', /!KeyOf names the `id`/],
  ['!Find authentik_core.group', 'a single value', /!Find takes a list/],
  ['!Find []', 'no model', /!Find does not take 0 items/],
  ['!Find [authentik_core.group, name]', 'a condition that is not a pair', /Each condition of !Find is a pair/],
  ['!FindObject {model: x}', 'a mapping', /!FindObject takes a list/],
  ['!Context [a]', 'a list of one', /!Context does not take 1 item/],
  ['!File {path: x}', 'a mapping', /!File takes a single value or a list/],
  ['!Format "%s"', 'a single value', /!Format takes a list/],
  ['!Condition [AND]', 'a mode alone', /!Condition does not take 1 item/],
  ['!Condition [MAYBE, true]', 'an unknown mode', /!Condition starts with its mode/],
  ['!If [a, b]', 'two items', /!If does not take 2 items/],
  ['!Enumerate [[a], SEQ]', 'no body', /!Enumerate does not take 2 items/],
  ['!Enumerate [[a], LIST, x]', 'an unknown output', /!Enumerate makes SEQ/],
  ['!Index 0', 'outside a loop', /!Index is only usable inside an !Enumerate/],
  ['!Enumerate [[a], SEQ, !Value 1]', 'deeper than its loops', /!Value 1 is deeper than the 1 !Enumerate loop/],
  ['!Enumerate [[a], SEQ, !Value x]', 'a depth that is not a number', /!Value takes a loop depth/],
  ['!AtIndex [a]', 'one item', /!AtIndex does not take 1 item/],
  ['!ParseJSON [a]', 'a list', /!ParseJSON takes a single value/],
  ['!Lookup x', 'an unknown tag', /authentik does not know the tag !Lookup/],
];

/** Items past those the constructor reads: it ignores them, so authentik loads the blueprint (a warning). */
const IGNORED: Array<[string, string, RegExp]> = [
  ['!Find [authentik_core.group, [name, a, b]]', 'a condition of three', /looks up the first two items of this condition of !Find/],
  ['!Env [A, b, c]', 'a list of three', /reads the first 2 items of !Env and ignores the other 1/],
  ['!If [a, b, c, d]', 'four items', /reads the first 3 items of !If and ignores the other 1/],
  ['!AtIndex [[a], 0, x, y]', 'four items', /reads the first 3 items of !AtIndex/],
];

describe('authentik blueprints: custom tags', () => {
  it('has a valid example of every tag of tags.md', () => {
    const documented = [...fs.readFileSync(TAGS_MD, 'utf8').matchAll(/^\| `(![A-Za-z]+)`/gm)].map((m) => m[1]);
    assert.ok(documented.length >= 14, `tags.md lists ${documented.length} tags`);
    assert.deepEqual([...documented].sort(), Object.keys(VALID).sort());
  });

  for (const [tag, examples] of Object.entries(VALID)) {
    for (const example of examples) {
      it(`${tag}: \`${example}\` is valid`, () => {
        assert.deepEqual(problemsOf(withValue(example)), []);
      });
    }
  }

  it('standard YAML tags (!!str, !!int) are not authentik tags and are valid', () => {
    assert.deepEqual(problemsOf(withValue('!!str 5')), []);
  });

  for (const [value, what, message] of MISUSED) {
    it(`\`${value}\` (${what}) is an error on its line`, () => {
      const problems = problemsOf(withValue(value));
      const found = problems.find((p) => message.test(p.message));
      assert.ok(found, `no diagnostic matching ${String(message)}; got ${JSON.stringify(problems.map((p) => p.message))}`);
      assert.equal(found.severity, 'error');
      assert.equal(found.line, VALUE_LINE);
    });
  }

  for (const [value, what, message] of IGNORED) {
    it(`\`${value}\` (${what}) is only a warning: authentik ignores the extra items`, () => {
      const problems = problemsOf(withValue(value));
      assert.equal(problems.length, 1, JSON.stringify(problems));
      assert.match(problems[0].message, message);
      assert.deepEqual([problems[0].severity, problems[0].line], ['warning', VALUE_LINE]);
    });
  }
});
