import * as assert from 'node:assert/strict';
import { blueprint, problemsOf } from './helpers';

/**
 * Constructs met in real blueprints (authentik's own and its users') that authentik loads and
 * applies, each of which the checks once flagged. Every blueprint here is our own minimal one.
 */
const FLOW = ['  - model: authentik_flows.flow', '    id: flow', '    identifiers:', '      slug: welcome'];

function severities(text: string): string[] {
  return problemsOf(text).map((p) => `${p.severity} ${p.line}: ${p.message}`);
}

describe('authentik blueprints: constructs authentik loads', () => {
  it('a model made by a tag in list form (!Format, !If) is no diagnostic', () => {
    assert.deepEqual(severities(blueprint('  - model: !Format ["%s", authentik_core.group]', '    identifiers:', '      name: staff')), []);
    assert.deepEqual(severities(blueprint('  - model: !If [!Context use_roles, authentik_rbac.role, authentik_core.group]', '    identifiers:', '      name: staff')), []);
  });

  it('a section of entries made by !Enumerate is no diagnostic, and its !Value sits inside the loop', () => {
    const text = [
      'version: 1',
      'entries:',
      '  teams: !Enumerate',
      '    - [red, blue]',
      '    - SEQ',
      '    - model: authentik_core.group',
      '      identifiers:',
      '        name: !Format ["team-%s", !Value 0]',
      '',
    ].join('\n');
    assert.deepEqual(severities(text), []);
  });

  it('an entry of the list made by !Enumerate is no diagnostic', () => {
    const text = blueprint(...FLOW, '  - !Enumerate', '    - [a, b]', '    - SEQ', '    - model: authentik_core.group', '      identifiers:', '        name: !Value 0');
    assert.deepEqual(severities(text), []);
  });

  it('a tag in a made entry is still checked (an unknown tag is an error on its line)', () => {
    const text = blueprint('  - !Enumerate', '    - [a]', '    - SEQ', '    - model: authentik_core.group', '      identifiers:', '        name: !Lookup 0');
    assert.deepEqual(
      problemsOf(text).map((p) => [p.severity, p.line]),
      [['error', 9]],
    );
  });

  it('!KeyOf of an id no written entry has is only a warning when a tag makes some id or entry', () => {
    const keyOf = ['  - model: authentik_core.application', '    identifiers:', '      slug: app', '    attrs:', '      provider: !KeyOf provider'];
    const madeId = ['  - model: authentik_providers_oauth2.oauth2provider', '    id: !Format ["%s", provider]', '    identifiers:', '      name: app'];
    assert.deepEqual(
      problemsOf(blueprint(...madeId, ...keyOf)).map((p) => p.severity),
      ['warning'],
    );
    // Without the made id, the same reference is certain to fail.
    assert.deepEqual(
      problemsOf(blueprint(...keyOf)).map((p) => p.severity),
      ['error'],
    );
  });

  it('!Find in a Django model no blueprint entry makes (a base model of a known app) is no diagnostic', () => {
    for (const model of ['authentik_core.source', 'authentik_flows.stage', 'authentik_policies.policy', 'authentik_core.propertymapping']) {
      const text = blueprint('  - model: authentik_core.group', '    identifiers:', '      name: x', '    attrs:', `      attributes: {found: !Find [${model}, [name, x]]}`);
      assert.deepEqual(severities(text), [], model);
    }
  });

  it('!Find in an app 2026.8.3 does not have is a warning; in a name that is no model name, an error', () => {
    const find = (model: string) =>
      problemsOf(blueprint('  - model: authentik_core.group', '    identifiers:', '      name: x', '    attrs:', `      attributes: {found: !Find [${model}, [name, x]]}`));
    assert.deepEqual(
      find('authentik_vault.secret').map((p) => [p.severity, p.line]),
      [['warning', 8]],
    );
    assert.deepEqual(
      find('flow').map((p) => [p.severity, p.line]),
      [['error', 8]],
    );
  });

  it('a top-level key holding an anchor, and `<<: *anchor` merges in attrs and entries, are no diagnostic', () => {
    const text = [
      'version: 1',
      'metadata: {name: shared parts}',
      '.defaults: &binding',
      '  evaluate_on_plan: true',
      '.group: &group',
      '  model: authentik_core.group',
      'entries:',
      ...FLOW,
      '  - model: authentik_stages_dummy.dummystage',
      '    id: stage',
      '    identifiers: {name: dummy}',
      '  - model: authentik_flows.flowstagebinding',
      '    identifiers: {target: !KeyOf flow, stage: !KeyOf stage, order: 0}',
      '    attrs:',
      '      <<: *binding',
      '      re_evaluate_policies: true',
      '  - <<: *group',
      '    identifiers: {name: merged}',
      '',
    ].join('\n');
    assert.deepEqual(severities(text), []);
    // A key with no anchor is still one authentik ignores.
    assert.match(problemsOf(['version: 1', 'entries: []', 'extra: 1'].join('\n'))[0].message, /authentik ignores `extra`/);
  });

  it('global permissions of a user (a blueprint-only field of its serializer) are no diagnostic', () => {
    const text = blueprint(
      '  - model: authentik_core.user',
      '    identifiers:',
      '      username: auditor',
      '    attrs:',
      '      name: Auditor',
      '      permissions:',
      '        - authentik_events.view_event',
    );
    assert.deepEqual(severities(text), []);
  });
});
