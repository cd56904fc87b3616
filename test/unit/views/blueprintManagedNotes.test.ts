import * as assert from 'node:assert/strict';
import { AuthentikClient } from '../../../src/clients/authentik';
import { authentikApiBase } from '../../../src/core/config';
import { documentOf, formatDocument } from '../../../src/editing/document';
import { guardedSave } from '../../../src/editing/guardedSave';
import { JsonObject } from '../../../src/editing/kind';
import { planDetail } from '../../../src/editing/planDetail';
import { registerPlanNotices } from '../../../src/editing/planNotices';
import { BlueprintManagement, blueprintPlanNotices, withBlueprintNotes } from '../../../src/views/authentik/blueprintManagedNotes';
import { resourceBackend } from '../../../src/views/authentik/kinds/backend';
import { authentikEditableKind } from '../../../src/views/authentik/kinds/kind';
import { AUTHENTIK_TOKENS, AuthentikStandIn, startAuthentikStandIn } from '../../servers/authentik';
import { scriptedUi } from '../editing/fakeKind';
import { validationSchema } from '../editing/kindSchemas';

/**
 * An object a blueprint instance manages, served by the stand-in in the API's shapes: its record
 * gains a "Blueprint" section (the text, and a link to the blueprint's record) and a badge; its
 * edit plan says "managed by blueprint X: the next apply reverts this; edit the blueprint
 * instead" before the changes and offers Open Blueprint. An object no blueprint names says nothing.
 */
const SIGN_IN_BLUEPRINT = `version: 1
metadata:
  name: Acme - sign-in
entries:
  - model: authentik_flows.flow
    identifiers:
      slug: default-authentication-flow
    attrs:
      title: Welcome to Acme
`;
const BLUEPRINT_PK = '4c2a6e8f-0b1d-4f3a-9c5e-7d9f1b3d5f7a';

describe('objects a blueprint manages: record and edit plan', function () {
  this.timeout(30_000);
  let standIn: AuthentikStandIn;
  let client: AuthentikClient;
  let management: BlueprintManagement;
  before(async () => {
    standIn = await startAuthentikStandIn();
    client = new AuthentikClient({ apiBase: authentikApiBase(standIn.url), token: AUTHENTIK_TOKENS.admin });
  });
  after(() => standIn.stop());
  beforeEach(() => {
    standIn.reset();
    standIn.seed.directory.blueprints.push({
      pk: BLUEPRINT_PK,
      name: 'Acme - sign-in',
      path: '',
      context: {},
      enabled: true,
      content: SIGN_IN_BLUEPRINT,
      status: 'successful',
      last_applied: new Date().toISOString(),
      last_applied_hash: '',
      managed_models: [],
      metadata: { name: 'Acme - sign-in', labels: {} },
    });
    management = new BlueprintManagement(async () => client);
  });
  afterEach(() => assert.deepEqual(standIn.violations, []));

  const blueprintLists = () => standIn.requests.filter((r) => r.path === '/api/v3/managed/blueprints/').length;

  it('the record of a managed flow gets a Blueprint section linking the blueprint’s record, and a badge', async () => {
    const flow = await client.retrieveFlow('default-authentication-flow');
    const notes = await management.notes('default', 'flow', flow);
    const model = withBlueprintNotes({ key: 'authentik:flow:default-authentication-flow', kind: 'authentik flow', title: flow.name, sections: [{ title: 'Flow', fields: [] }] }, notes);
    assert.deepEqual(model.badges, [{ text: 'managed by a blueprint', tone: 'warning' }]);
    assert.deepEqual(model.sections[0], {
      title: 'Blueprint',
      fields: [
        { label: 'Blueprint', value: 'Acme - sign-in', link: { kind: 'record', key: `authentik:blueprint:${BLUEPRINT_PK}` } },
        { label: 'What an edit does', value: 'Managed by blueprint “Acme - sign-in”: the next apply reverts this; edit the blueprint instead.' },
      ],
    });
    assert.equal(model.sections[1].title, 'Flow', 'the record’s own sections follow');
    // In an added connection, the link opens the blueprint of that connection.
    const staging = withBlueprintNotes({ key: 'k', kind: 'authentik flow', title: flow.name, sections: [] }, notes, 'staging');
    assert.deepEqual(staging.sections[0].fields[0].link, { kind: 'record', key: `authentik:staging/blueprint:${BLUEPRINT_PK}` });
  });

  it('a flow no blueprint names, and a record without notes, are left as they are', async () => {
    const other = await client.retrieveFlow('default-enrollment-flow');
    assert.deepEqual(await management.notes('default', 'flow', other), []);
    const plain = { key: 'k', kind: 'authentik flow', title: 't', sections: [] };
    assert.equal(withBlueprintNotes(plain, []), plain);
  });

  it('the blueprint instances are read once for a record and its plan, and again after forget()', async () => {
    const flow = await client.retrieveFlow('default-authentication-flow');
    await management.notes('default', 'flow', flow);
    await management.notes('default', 'flow', flow);
    assert.equal(blueprintLists(), 1);
    management.forget();
    await management.notes('default', 'flow', flow);
    assert.equal(blueprintLists(), 2);
  });

  it('the edit plan of a managed flow says so before its changes and offers Open Blueprint', async () => {
    const kind = authentikEditableKind('flow', { backend: resourceBackend(async () => client, 'flow'), schema: validationSchema('authentik-flow'), location: () => 'authentik at stand-in' });
    const object = (await client.retrieveFlow('default-authentication-flow')) as unknown as JsonObject;
    const baseline = documentOf(kind, object);
    const registration = registerPlanNotices(blueprintPlanNotices(async () => management));
    try {
      const { ui, shown } = scriptedUi({ confirm: false });
      const outcome = await guardedSave({
        kind,
        target: { mode: 'update', address: { id: 'default-authentication-flow' }, baseline },
        text: formatDocument({ ...baseline, title: 'Edited title' }),
        ui,
      });
      assert.equal(outcome.status, 'cancelled');
      const [plan] = shown.plans;
      assert.deepEqual(plan.notices, [
        {
          text: 'Managed by blueprint “Acme - sign-in”: the next apply reverts this; edit the blueprint instead.',
          open: { label: 'Open Blueprint', command: 'opsConfig.openRecord', args: [`authentik:blueprint:${BLUEPRINT_PK}`] },
        },
      ]);
      assert.equal(
        planDetail(kind, plan),
        [
          'authentik at stand-in',
          '',
          'Managed by blueprint “Acme - sign-in”: the next apply reverts this; edit the blueprint instead.',
          '',
          'title "Welcome to authentik!" → "Edited title"',
          '',
          'Only the changed fields are sent.',
        ].join('\n'),
      );
    } finally {
      registration.dispose();
    }
  });

  it('the plan of an object no blueprint names has no notice', async () => {
    const kind = authentikEditableKind('flow', { backend: resourceBackend(async () => client, 'flow'), schema: validationSchema('authentik-flow'), location: () => 'authentik at stand-in' });
    const object = (await client.retrieveFlow('default-enrollment-flow')) as unknown as JsonObject;
    const baseline = documentOf(kind, object);
    const registration = registerPlanNotices(blueprintPlanNotices(async () => management));
    try {
      const { ui, shown } = scriptedUi({ confirm: false });
      await guardedSave({ kind, target: { mode: 'update', address: { id: 'default-enrollment-flow' }, baseline }, text: formatDocument({ ...baseline, title: 'Edited title' }), ui });
      assert.equal(shown.plans[0].notices, undefined);
      assert.ok(!planDetail(kind, shown.plans[0]).includes('blueprint'));
    } finally {
      registration.dispose();
    }
  });
});
