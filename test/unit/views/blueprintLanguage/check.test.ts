import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BlueprintChecker, splitEntries } from '../../../../src/views/authentik/blueprintLanguage/incremental';
import { REAL_BLUEPRINTS_DIR, blueprint, blueprintSchema, problemsOf } from './helpers';

/**
 * The checks while typing: errors only for what authentik refuses for certain, warnings for what
 * it may ignore, nothing at all for authentik's own blueprints.
 */
const FLOW = ['  - model: authentik_flows.flow', '    id: flow', '    identifiers:', '      slug: welcome'];

function only(text: string): { severity: string; line: number; message: string } {
  const problems = problemsOf(text);
  assert.equal(problems.length, 1, `expected one problem, got ${JSON.stringify(problems)}`);
  return problems[0];
}

describe('authentik blueprints: checks as you type', () => {
  describe("authentik's own blueprints (test/fixtures/real-objects/authentik/blueprints)", () => {
    const files = fs.readdirSync(REAL_BLUEPRINTS_DIR).filter((f) => f.endsWith('.yaml'));
    it('are about twenty', () => assert.ok(files.length >= 20, `${files.length} files`));
    for (const file of files) {
      it(`${file} opens with no error or warning`, () => {
        assert.deepEqual(problemsOf(fs.readFileSync(path.join(REAL_BLUEPRINTS_DIR, file), 'utf8')), []);
      });
    }
  });

  it('a model 2026.8.3 does not have is a warning on its line (another release may have it), with a near name offered', () => {
    const problem = only(blueprint(...FLOW, '  - model: authentik_flows.flowz', '    identifiers:', '      name: x'));
    assert.deepEqual([problem.severity, problem.line], ['warning', 8]);
    assert.match(problem.message, /authentik 2026.8.3 has no model `authentik_flows.flowz` \(did you mean authentik_flows.flow\?\)/);
    // A model newer than the API document (authentik_crypto_secrets came later) is no error either.
    assert.equal(only(blueprint('  - model: authentik_vault.secretvalue', '    identifiers:', '      name: x')).severity, 'warning');
  });

  it('a model name not written app_label.model_name is an error (Django cannot look it up in any release)', () => {
    const problem = only(blueprint('  - model: flow', '    identifiers:', '      slug: x'));
    assert.deepEqual([problem.severity, problem.line], ['error', 4]);
    assert.match(problem.message, /`flow` is not a model name/);
  });

  it("a model's name is found in any case (Django looks it up so), its app label exactly", () => {
    assert.deepEqual(problemsOf(blueprint('  - model: authentik_providers_saml.SAMLPropertyMapping', '    identifiers:', '      managed: x')), []);
    assert.match(only(blueprint('  - model: Authentik_flows.flow', '    identifiers:', '      slug: x')).message, /has no model `Authentik_flows.flow`/);
  });

  it("the importer's meta models are known and need no identifiers", () => {
    assert.deepEqual(problemsOf(blueprint('  - model: authentik_blueprints.metaapplyblueprint', '    attrs:', '      identifiers:', '        name: x', '      required: false')), []);
  });

  it('an unknown state is an error; every state of the importer is valid', () => {
    const problem = only(blueprint(...FLOW, '    state: gone'));
    assert.deepEqual([problem.severity, problem.line], ['error', 8]);
    for (const state of ['present', 'created', 'must_created', 'absent']) assert.deepEqual(problemsOf(blueprint(...FLOW, `    state: ${state}`)), []);
  });

  it('an entry without model, or without identifiers, is an error', () => {
    assert.match(only(blueprint('  - identifiers:', '      slug: x')).message, /no `model`/);
    const problem = only(blueprint('  - model: authentik_flows.flow', '    attrs:', '      name: x'));
    assert.deepEqual([problem.severity, problem.line], ['error', 4]);
    assert.match(problem.message, /needs `identifiers`/);
    // …but not when the entry deletes (the importer skips it) or may be skipped by a condition.
    assert.deepEqual(problemsOf(blueprint('  - model: authentik_flows.flow', '    state: absent')), []);
    assert.equal(only(blueprint('  - model: authentik_flows.flow', '    conditions: [!Context x]')).severity, 'warning');
  });

  it('malformed structure is an error: entries, entry, attrs, conditions, permissions, version, metadata', () => {
    assert.match(only(['version: 1', 'entries: 5'].join('\n')).message, /`entries` is a list/);
    assert.match(only(blueprint('  - just a string')).message, /An entry is a mapping/);
    assert.match(only(blueprint(...FLOW, '    attrs: [a, b]')).message, /`attrs` is a mapping/);
    assert.match(only(blueprint(...FLOW, '    conditions: true')).message, /`conditions` is a list/);
    assert.match(only(blueprint(...FLOW, '    permissions:', '      - user: 1')).message, /no `permission`/);
    assert.match(only(['version: 2', 'entries: []'].join('\n')).message, /version: 1/);
    assert.match(only(['version: 1', 'metadata:', '  labels: {}', 'entries: []'].join('\n')).message, /`metadata` needs a `name`/);
    for (const text of [
      ['version: 1', 'entries: 5'],
      ['version: 2', 'entries: []'],
    ])
      assert.equal(problemsOf(text.join('\n'))[0].severity, 'error');
  });

  it('a YAML syntax error is an error', () => {
    const problems = problemsOf(blueprint(...FLOW, '    attrs:', '      name: "unclosed'));
    assert.ok(problems.some((p) => p.severity === 'error'));
  });

  it('an unknown attr is a warning naming the field and the model, on its line', () => {
    const problem = only(blueprint(...FLOW, '    attrs:', '      titel: Welcome'));
    assert.deepEqual([problem.severity, problem.line], ['warning', 9]);
    assert.match(problem.message, /`titel` is not a field of authentik_flows.flow in authentik 2026.8.3/);
  });

  it('a value outside a field’s choices, or of another kind, is a warning', () => {
    const choice = only(blueprint(...FLOW, '    attrs:', '      designation: login'));
    assert.deepEqual([choice.severity, choice.line], ['warning', 9]);
    assert.match(choice.message, /`login` is not a choice of `designation` in authentik 2026.8.3: authentication, authorization/);
    assert.equal(only(blueprint(...FLOW, '    attrs:', '      compatibility_mode: [true]')).severity, 'warning');
    // Tags stand for "anything of the right kind"; YAML 1.1 booleans are booleans to authentik.
    assert.deepEqual(problemsOf(blueprint(...FLOW, '    attrs:', '      designation: !Context designation', '      compatibility_mode: yes')), []);
  });

  it('!KeyOf of an id no entry has is an error; of a later entry, a warning', () => {
    const missing = only(blueprint(...FLOW, '  - model: authentik_flows.flowstagebinding', '    identifiers:', '      target: !KeyOf flw', '      stage: x', '      order: 0'));
    assert.deepEqual([missing.severity, missing.line], ['error', 10]);
    assert.match(missing.message, /No entry has the id `flw`/);
    const later = problemsOf(blueprint('  - model: authentik_flows.flowstagebinding', '    identifiers:', '      target: !KeyOf flow', '      stage: x', '      order: 0', ...FLOW));
    assert.deepEqual(
      later.map((p) => [p.severity, p.line]),
      [['warning', 6]],
    );
  });

  it('entries written as sections are checked like a list', () => {
    const problem = only(['version: 1', 'entries:', '  flows:', '    - model: authentik_flows.flowz', '      identifiers:', '        slug: x'].join('\n'));
    assert.deepEqual([problem.severity, problem.line], ['warning', 3]);
    assert.match(problem.message, /has no model/);
  });

  describe('re-checking after a change', () => {
    it('finds what a check of the whole document finds, for every real blueprint, before and after an edit', () => {
      const sorted = (list: unknown[]) => list.map((p) => JSON.stringify(p)).sort();
      for (const file of fs.readdirSync(REAL_BLUEPRINTS_DIR).filter((f) => f.endsWith('.yaml'))) {
        const text = fs.readFileSync(path.join(REAL_BLUEPRINTS_DIR, file), 'utf8');
        const checker = new BlueprintChecker(blueprintSchema());
        assert.deepEqual(sorted(checker.check(text)), sorted(resolvedWhole(text)), file);
        // One keystroke into the first `model:` value makes it unknown: the same checker says so.
        const edited = text.replace(/model: ([a-z0-9_]+)\./, 'model: $1x.');
        const after = checker.check(edited);
        assert.deepEqual(sorted(after), sorted(resolvedWhole(edited)), file);
        assert.ok(
          after.some((p) => /authentik 2026.8.3 has no model/.test(p.message)),
          `${file}: the edit is not found`,
        );
      }
    });

    it('cuts the entries list into items, and parses the whole where cutting could be wrong', () => {
      const parts = splitEntries(blueprint(...FLOW, ...FLOW.map((l) => l.replace('id: flow', 'id: flow2'))));
      assert.equal(parts?.items.length, 2);
      assert.equal(parts?.items[1].line, 8);
      assert.equal(splitEntries(blueprint('  - model: &m authentik_flows.flow', '  - model: *m')), undefined, 'anchors');
      assert.equal(splitEntries(['version: 1', 'entries: [{model: x}]'].join('\n')), undefined, 'flow style');
      assert.equal(splitEntries(['version: 1', '---', 'entries: []'].join('\n')), undefined, 'more than one document');
    });
  });
});

/** The problems a parse of the whole document finds (no cutting, no cache). */
function resolvedWhole(text: string) {
  return new BlueprintChecker(blueprintSchema(), false).check(text);
}
