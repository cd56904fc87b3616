import * as assert from 'node:assert/strict';
import { AuthentikClient } from '../../../src/clients/authentik';
import { HoneycombClient } from '../../../src/clients/honeycomb';
import { triggerProblems } from '../../../src/clients/honeycomb/triggerRules';
import { triggerWrites } from '../../../src/clients/honeycomb/writes';
import { authentikApiBase } from '../../../src/core/config';
import { ServiceError } from '../../../src/core/errors';
import { documentOf, formatDocument } from '../../../src/editing/document';
import { SaveOutcome, guardedSave } from '../../../src/editing/guardedSave';
import { Address, EditableKind, JsonObject } from '../../../src/editing/kind';
import { serverProblems } from '../../../src/editing/serverProblems';
import { resourceBackend } from '../../../src/views/authentik/kinds/backend';
import { authentikEditableKind } from '../../../src/views/authentik/kinds/kind';
import { datasetCollectionBackend } from '../../../src/views/honeycomb/kinds/backend';
import { triggerKind } from '../../../src/views/honeycomb/kinds/trigger';
import { AUTHENTIK_TOKENS, AuthentikStandIn, startAuthentikStandIn } from '../../servers/authentik';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../../servers/honeycomb';
import { scriptedUi } from './fakeKind';
import { validationSchema } from './kindSchemas';

/**
 * What a save tells the user when the server's answer cannot be trusted, at the layer every kind
 * shares, against both stand-ins:
 * - a write answered 2xx with something unreadable (an HTML page, nothing, a list) was applied:
 *   the object is read again for the new baseline, and the user is never told it was not saved;
 * - when that read fails too, the change is still said to be applied;
 * - a create answered that way "probably" created the object, and is sent once only;
 * - the server's field errors land on fields the document has.
 */
const UNREADABLE: Array<{ name: string; body: string; contentType: string }> = [
  { name: 'an HTML page', body: '<html><body><h1>Saved!</h1></body></html>', contentType: 'text/html' },
  { name: 'an empty body', body: '', contentType: 'application/json' },
  { name: 'a list instead of the object', body: '[]', contentType: 'application/json' },
];

function edited(baseline: JsonObject, change: (d: JsonObject) => void): string {
  const copy = structuredClone(baseline);
  change(copy);
  return formatDocument(copy);
}

function saidNotSaved(outcome: SaveOutcome): boolean {
  return /not saved|nothing was (saved|sent)/i.test(JSON.stringify(outcome));
}

describe('editing: write outcomes the user can trust', function () {
  this.timeout(30_000);

  describe('Honeycomb trigger (PUT)', () => {
    let standIn: HoneycombStandIn;
    let client: HoneycombClient;
    let kind: EditableKind;
    before(async () => {
      standIn = await startHoneycombStandIn();
      client = new HoneycombClient({ apiUrl: standIn.url, apiKey: HONEYCOMB_KEYS.production, sleep: async () => undefined });
      kind = triggerKind({ backend: datasetCollectionBackend(async () => client.api, 'triggerWrites'), schema: validationSchema('honeycomb-trigger'), rules: (d) => triggerProblems(d) });
    });
    after(() => standIn.stop());
    afterEach(() => {
      standIn.faults.clear();
      standIn.reset();
    });

    async function opened(): Promise<{ address: Address; baseline: JsonObject }> {
      const found = (await triggerWrites.list(client.api, 'api-gateway')).find((t) => t.name === 'High 5xx rate');
      assert.ok(found);
      const address = { env: 'production', dataset: 'api-gateway', id: String(found.id) };
      const baseline = documentOf(kind, await kind.backend.read(address));
      standIn.requests.length = 0;
      return { address, baseline };
    }

    for (const answer of UNREADABLE) {
      it(`an update answered 200 with ${answer.name} was applied: read again, saved, never "not saved"`, async () => {
        const { address, baseline } = await opened();
        standIn.faults.inject({ kind: 'bodyAfterApply', route: 'PUT /1/triggers/{datasetSlug}/{triggerId}', times: 1, body: answer.body, contentType: answer.contentType });
        const outcome = await guardedSave({ kind, target: { mode: 'update', address, baseline }, text: edited(baseline, (d) => ((d.threshold as JsonObject).value = 321)), ui: scriptedUi().ui });
        assert.equal(outcome.status, 'saved', JSON.stringify(outcome));
        assert.ok(outcome.status === 'saved' && /read again/.test(outcome.notice ?? ''), 'the user is told how the new baseline was found');
        assert.equal(outcome.status === 'saved' && (outcome.document.threshold as JsonObject).value, 321, 'the new baseline is the server’s object');
        assert.deepEqual(
          standIn.requests.map((r) => r.method),
          ['GET', 'PUT', 'GET'],
          'the write is sent once; the object is read again after it',
        );
        assert.equal(saidNotSaved(outcome), false);
      });
    }

    it('when reading it again fails too, the change is still said to be applied (and how to see it)', async () => {
      const { address, baseline } = await opened();
      standIn.faults.inject({ kind: 'bodyAfterApply', route: 'PUT /1/triggers/{datasetSlug}/{triggerId}', times: 1, body: '' });
      const outcome = await guardedSave({
        kind,
        target: { mode: 'update', address, baseline },
        text: edited(baseline, (d) => ((d.threshold as JsonObject).value = 77)),
        ui: {
          ...scriptedUi().ui,
          // the re-read after the write fails: the server went away
          confirm: async () => {
            standIn.faults.inject({ kind: 'serverError', route: 'GET /1/triggers/{datasetSlug}/{triggerId}', status: 503 });
            return true;
          },
        },
      });
      assert.equal(outcome.status, 'applied', JSON.stringify(outcome));
      assert.match(outcome.status === 'applied' ? outcome.message : '', /^The change was applied: the server accepted it \(HTTP 200\).*Reload it from the server/);
      assert.equal(saidNotSaved(outcome), false);
      standIn.faults.clear();
      assert.equal(((await kind.backend.read(address)).threshold as JsonObject).value, 77, 'it was applied');
    });

    it('a create answered 201 with an unreadable body is "probably created", and is sent once', async () => {
      standIn.faults.inject({ kind: 'bodyAfterApply', route: 'POST /1/triggers/{datasetSlug}', times: 1, body: '<html>Created</html>' });
      const template = kind.template({ env: 'production', dataset: 'api-gateway' });
      const outcome = await guardedSave({
        kind,
        target: { mode: 'create', parent: { env: 'production', dataset: 'api-gateway' } },
        text: formatDocument({ ...template, name: 'Probably there' }),
        ui: scriptedUi().ui,
      });
      assert.equal(outcome.status, 'probablyCreated', JSON.stringify(outcome));
      assert.match(
        outcome.status === 'probablyCreated' ? outcome.message : '',
        /probably created: the server accepted it \(HTTP 201\).*Look for it in the view before trying again; nothing was retried/,
      );
      assert.equal(standIn.requests.filter((r) => r.method === 'POST').length, 1);
      assert.ok(
        (await triggerWrites.list(client.api, 'api-gateway')).some((t) => t.name === 'Probably there'),
        'it was created',
      );
    });

    it('the server’s field errors land on the document’s fields; a field the document lacks on its nearest part', async () => {
      const { address, baseline } = await opened();
      const text = edited(baseline, (d) => ((d.recipients as JsonObject[])[0] = { id: 'noSuchRecipient' }));
      const outcome = await guardedSave({ kind, target: { mode: 'update', address, baseline }, text, ui: scriptedUi().ui });
      assert.equal(outcome.status, 'rejected');
      assert.deepEqual(outcome.status === 'rejected' && outcome.problems.map((p) => p.path), [['recipients', 0, 'id']]);
    });
  });

  describe('authentik flow (PATCH)', () => {
    let standIn: AuthentikStandIn;
    let client: AuthentikClient;
    let kind: EditableKind;
    before(async () => {
      standIn = await startAuthentikStandIn();
      client = new AuthentikClient({ apiBase: authentikApiBase(standIn.url), token: AUTHENTIK_TOKENS.admin, sleep: async () => undefined });
      kind = authentikEditableKind('flow', { backend: resourceBackend(async () => client, 'flow'), schema: validationSchema('authentik-flow'), location: () => 'authentik at stand-in' });
    });
    after(() => standIn.stop());
    afterEach(() => {
      standIn.faults.clear();
      standIn.reset();
    });

    async function opened(): Promise<{ address: Address; baseline: JsonObject }> {
      const address = { id: 'default-authentication-flow' };
      const baseline = documentOf(kind, await kind.backend.read(address));
      standIn.requests.length = 0;
      return { address, baseline };
    }

    for (const answer of [...UNREADABLE, { name: 'an object without its slug', body: '{"detail": "ok"}', contentType: 'application/json' }]) {
      it(`a PATCH answered 200 with ${answer.name} is not taken for the flow: it was applied, and the flow is read again`, async () => {
        const { address, baseline } = await opened();
        standIn.faults.inject({ kind: 'bodyAfterApply', route: 'PATCH /api/v3/flows/instances/{slug}/', times: 1, body: answer.body, contentType: answer.contentType });
        const outcome = await guardedSave({ kind, target: { mode: 'update', address, baseline }, text: edited(baseline, (d) => (d.title = 'Welcome back')), ui: scriptedUi().ui });
        assert.equal(outcome.status, 'saved', JSON.stringify(outcome));
        assert.ok(
          outcome.status === 'saved' && outcome.document.title === 'Welcome back' && outcome.document.slug === 'default-authentication-flow',
          'the baseline is the flow as read again, never empty',
        );
        assert.equal(standIn.requests.filter((r) => r.method === 'PATCH').length, 1);
      });
    }

    it('a create answered 201 with nothing is "probably created", and is sent once', async () => {
      standIn.faults.inject({ kind: 'bodyAfterApply', route: 'POST /api/v3/flows/instances/', times: 1, body: '' });
      const outcome = await guardedSave({
        kind,
        target: { mode: 'create', parent: {} },
        text: formatDocument({ name: 'Probably', slug: 'probably-there', title: 'Probably', designation: 'authentication' }),
        ui: scriptedUi().ui,
      });
      assert.equal(outcome.status, 'probablyCreated', JSON.stringify(outcome));
      assert.equal(standIn.requests.filter((r) => r.method === 'POST').length, 1);
    });

    it('authentik’s non_field_errors go on the first line; field errors on their fields', async () => {
      const error = new ServiceError({
        kind: 'badInput',
        service: 'authentik',
        operation: 'partialUpdateFlow',
        status: 400,
        summary: 'refused',
        fieldErrors: [
          { field: '(all fields)', messages: ['Either path or content must be set.'] },
          { field: 'slug', messages: ['flow with this slug already exists.'] },
          { field: 'layout', messages: ['"sideways" is not a valid choice.'] },
        ],
      });
      const problems = serverProblems(error, { name: 'x', slug: 'taken', title: 'x' });
      assert.deepEqual(
        problems.map((p) => [p.path, p.message]),
        [
          [[], 'Either path or content must be set.'],
          [['slug'], 'flow with this slug already exists.'],
          [[], 'layout: "sideways" is not a valid choice.'],
        ],
      );
    });
  });

  it('JSON:API pointers and dotted names become document paths; a path the document lacks is shortened, never invented', () => {
    const document = { name: 'prod', settings: { delete_protected: true }, tags: [{ key: 'team' }] };
    const error = new ServiceError({
      kind: 'badInput',
      service: 'Honeycomb',
      operation: 'updateEnvironment',
      status: 422,
      summary: 'refused',
      fieldErrors: [
        { field: '/data/attributes/name', messages: ['is taken'] },
        { field: '/data/attributes/settings/delete_protected', messages: ['cannot be changed now'] },
        { field: 'tags[0].value', messages: ['is required'] },
        { field: '/data/attributes/color', messages: ['is not a color'] },
        { field: '(body)', messages: ['is not valid'] },
      ],
    });
    assert.deepEqual(
      serverProblems(error, document).map((p) => [p.path, p.message]),
      [
        [['name'], 'is taken'],
        [['settings', 'delete_protected'], 'cannot be changed now'],
        [['tags', 0], 'tags[0].value: is required'],
        [[], '/data/attributes/color: is not a color'],
        [[], 'is not valid'],
      ],
    );
  });
});
