import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { blueprintFiles, checkFiles, report } from '../../../../scripts/check-blueprints';
import { BLUEPRINT_TAGS } from '../../../../src/views/authentik/blueprintLanguage/tags';

/**
 * The command-line checker (scripts/check-blueprints.ts, the editor's checks) over blueprints of
 * our own that together use every construct met in real ones (authentik's own blueprints, its
 * test fixtures, its users'): none has a diagnostic; and over one with deliberate mistakes: it
 * finds exactly those.
 */
const OWN = path.resolve(__dirname, '..', '..', '..', '..', '..', 'test', 'fixtures', 'blueprints-own');
const VALID = path.join(OWN, 'valid');
const MISTAKES = path.join(OWN, 'mistakes.yaml');
const CLI = path.resolve(__dirname, '..', '..', '..', '..', 'scripts', 'check-blueprints.js');

/** What the real blueprints use, each found in at least one of ours. */
const CONSTRUCTS: Record<string, RegExp> = {
  'states created, must_created, absent (without attrs)': /state: created[\s\S]*state: must_created[\s\S]*state: absent\n {4}identifiers/,
  conditions: /conditions:\n\s+- !Context/,
  'empty conditions': /conditions: \[\]/,
  'context with tags': /context:\n\s+domain: !Env/,
  'metadata labels': /labels:\n\s+blueprints\.goauthentik\.io\/instantiate: "false"/,
  'one id on two entries': /id: password[\s\S]*id: password/,
  'entry permissions to a user and a role': /permissions:\n\s+- permission: \S+\n\s+role: !KeyOf[\s\S]*user: !KeyOf/,
  'role and user global permissions': /model: authentik_rbac\.role[\s\S]*permissions:\n\s+- authentik_events/,
  'meta models': /metaapplyblueprint[\s\S]*metacleanblueprint[\s\S]*metausersetpassword/,
  'entries in sections': /entries:\n {2}sources:\n/,
  'entries made by !Enumerate': /teams: !Enumerate\n/,
  'a model made by a tag': /model: !Format/,
  'multi-line flow-style lookups': /!Find \[\n/,
  'mixed-case model': /SAMLPropertyMapping/,
  'flow-style entries': /entries: \[\{model/,
  'merge key and anchor holder': /\.binding: &binding[\s\S]*<<: \*binding/,
  'metadata before version': /^metadata:[\s\S]*\nversion: 1/m,
  '!Find in a base model': /!Find \[authentik_core\.source/,
  'YAML 1.1 booleans and standard tags': /required: yes[\s\S]*!!int/,
};

describe('authentik blueprints: the command-line checker over blueprints of our own', () => {
  const files = blueprintFiles([VALID]);

  it('are about twenty, and together use every construct met in real blueprints', () => {
    assert.ok(files.length >= 15 && files.length <= 25, `${files.length} files`);
    const all = files.map((f) => fs.readFileSync(f, 'utf8')).join('\n');
    for (const [construct, pattern] of Object.entries(CONSTRUCTS)) assert.match(all, pattern, construct);
    for (const tag of Object.keys(BLUEPRINT_TAGS)) assert.match(all, new RegExp(`${tag}[ \\n]`), tag);
  });

  it('finds no diagnostic in any of them', () => {
    const withProblems = checkFiles(files).filter((r) => r.problems.length > 0);
    assert.deepEqual(withProblems, [], report(withProblems));
  });

  it('finds exactly the deliberate mistakes, each on its line', () => {
    const [result] = checkFiles([MISTAKES]);
    const found = result.problems.map((p) => `${p.line + 1} ${p.severity} ${p.message}`);
    const expected: Array<[number, string, RegExp]> = [
      [11, 'warning', /`titel` is not a field of authentik_flows\.flow/],
      [12, 'warning', /`login` is not a choice of `designation`/],
      [13, 'warning', /has no model `authentik_core\.grup` \(did you mean authentik_core\.group\?\)/],
      [16, 'error', /`group` is not a model name/],
      [19, 'error', /needs `identifiers`/],
      [23, 'error', /`gone` is not an entry state/],
      [28, 'error', /No entry has the id `flw`/],
      [29, 'warning', /the id `stage` comes later/],
      [34, 'error', /does not know the tag !Lookup/],
      [36, 'error', /!Env does not take 1 item/],
      [39, 'error', /!Value is only usable inside an !Enumerate/],
      [42, 'error', /Each condition of !Find is a pair/],
    ];
    assert.equal(found.length, expected.length, found.join('\n'));
    expected.forEach(([line, severity, message], i) => {
      assert.ok(found[i].startsWith(`${line} ${severity} `) && message.test(found[i]), `expected ${line} ${severity} ${String(message)}, got ${found[i]}`);
    });
  });

  it('as a command: prints file:line:column for each diagnostic and exits 1 on an error, 0 when there is none', () => {
    const bad = spawnSync(process.execPath, [CLI, MISTAKES], { encoding: 'utf8' });
    assert.equal(bad.status, 1, bad.stderr);
    assert.match(bad.stdout, /mistakes\.yaml:16:12: error: `group` is not a model name/);
    assert.match(bad.stdout, /1 blueprint checked: 8 errors, 4 warnings\./);
    const good = spawnSync(process.execPath, [CLI, VALID], { encoding: 'utf8' });
    assert.equal(good.status, 0, good.stdout + good.stderr);
    assert.match(good.stdout, new RegExp(`${files.length} blueprints checked: 0 errors, 0 warnings\\.`));
    const missing = spawnSync(process.execPath, [CLI, path.join(OWN, 'no-such-folder')], { encoding: 'utf8' });
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /No file or folder .*no-such-folder/);
  });
});
