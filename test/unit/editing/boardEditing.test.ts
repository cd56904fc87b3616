import * as assert from 'node:assert/strict';
import { HoneycombClient } from '../../../src/clients/honeycomb';
import { boardProblems, boardViewProblems } from '../../../src/clients/honeycomb/boardRules';
import { boardViewWrites, boardWrites, listBoards } from '../../../src/clients/honeycomb/boardWrites';
import { documentOf, formatDocument } from '../../../src/editing/document';
import { guardedSave } from '../../../src/editing/guardedSave';
import { Address, EditableKind, JsonObject } from '../../../src/editing/kind';
import { summarizePlan } from '../../../src/editing/plan';
import { validateDocument } from '../../../src/editing/validate';
import { boardKind, boardViewKind } from '../../../src/views/honeycomb/kinds/board';
import { boardBackend, boardViewBackend } from '../../../src/views/honeycomb/kinds/boardBackend';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../../servers/honeycomb';
import { scriptedUi } from './fakeKind';
import { validationSchema } from './kindSchemas';

/**
 * Boards and board views on the editing mechanism against the stand-in (which validates every
 * request and answer against the API description): what a save sends and in how many requests,
 * what the rules stop before anything is sent, what the service refuses on its own, and the code
 * export.
 */
describe('editing Honeycomb boards and board views (stand-in)', () => {
  let standIn: HoneycombStandIn;
  let client: HoneycombClient;
  let boards: EditableKind;
  let views: EditableKind;

  before(async () => {
    standIn = await startHoneycombStandIn();
    client = new HoneycombClient({ apiUrl: standIn.url, apiKey: HONEYCOMB_KEYS.production, sleep: async () => undefined });
    const apiFor = async () => client.api;
    boards = boardKind({ backend: boardBackend(apiFor), schema: validationSchema('honeycomb-board'), rules: (d) => boardProblems(d) });
    views = boardViewKind({ backend: boardViewBackend(apiFor), schema: validationSchema('honeycomb-board-view'), rules: (d) => boardViewProblems(d) });
  });
  after(() => standIn.stop());
  afterEach(() => {
    assert.deepEqual(standIn.violations, [], 'the stand-in answered outside the OpenAPI document');
    standIn.reset();
  });

  const methods = () => standIn.requests.map((r) => `${r.method} ${r.path.replace(/\?.*/, '')}`);
  const edited = (baseline: JsonObject, change: (d: JsonObject) => void): string => {
    const copy = structuredClone(baseline);
    change(copy);
    return formatDocument(copy);
  };

  async function opened(name: string): Promise<{ address: Address; baseline: JsonObject }> {
    const found = (await listBoards(client.api)).find((b) => b.name === name);
    assert.ok(found, `seed board ${name}`);
    const address = { env: 'production', id: found.id };
    const baseline = documentOf(boards, await boards.backend.read(address));
    standIn.requests.length = 0;
    return { address, baseline };
  }

  it('a board edit is planned, takes one read and one PUT, and keeps every panel, its dataset and the tags', async () => {
    const { address, baseline } = await opened('Gateway overview');
    assert.deepEqual(Object.keys(baseline), ['name', 'description', 'type', 'panels', 'tags'], 'no id or links in the document');
    assert.equal((baseline.panels as JsonObject[]).length, 14);
    const { ui, shown } = scriptedUi();
    const text = edited(baseline, (d) => ((d.panels as JsonObject[])[13].text_panel = { content: 'Page the gateway on-call.' }));
    const outcome = await guardedSave({ kind: boards, target: { mode: 'update', address, baseline }, text, ui });
    assert.equal(outcome.status, 'saved', JSON.stringify(outcome));
    assert.match(summarizePlan(shown.plans[0].changes), /panels/);
    assert.deepEqual(methods(), [`GET /1/boards/${address.id}`, `PUT /1/boards/${address.id}`]);
    const after = await boardWrites.get(client.api, address.id);
    const panels = after.panels as JsonObject[];
    assert.deepEqual(panels[13].text_panel, { content: 'Page the gateway on-call.' });
    assert.deepEqual(panels.slice(0, 13), (baseline.panels as JsonObject[]).slice(0, 13), 'the other panels are as they were');
    assert.deepEqual(after.tags, baseline.tags);
  });

  it('a query panel whose annotation names another query is refused by the service, on that field', async () => {
    const { address, baseline } = await opened('Gateway overview');
    const text = edited(baseline, (d) => {
      const panels = d.panels as JsonObject[];
      (panels[0].query_panel as JsonObject).query_annotation_id = (panels[1].query_panel as JsonObject).query_annotation_id;
    });
    const outcome = await guardedSave({ kind: boards, target: { mode: 'update', address, baseline }, text, ui: scriptedUi().ui });
    assert.equal(outcome.status, 'rejected', JSON.stringify(outcome));
    assert.deepEqual(outcome.status === 'rejected' ? outcome.problems.map((p) => p.path.join('.')) : [], ['panels.0.query_panel.query_annotation_id']);
  });

  it('a panel wider than the board, or a query panel with a text block, is stopped before anything is sent', async () => {
    const { address, baseline } = await opened('Gateway overview');
    const text = edited(baseline, (d) => {
      const panels = d.panels as JsonObject[];
      (panels[2].position as JsonObject).width = 16;
      panels[3].text_panel = { content: 'stray' };
    });
    const outcome = await guardedSave({ kind: boards, target: { mode: 'update', address, baseline }, text, ui: scriptedUi().ui });
    assert.equal(outcome.status, 'invalid');
    const paths = outcome.status === 'invalid' ? outcome.problems.filter((p) => p.severity === 'error').map((p) => p.path.join('.')) : [];
    assert.ok(paths.includes('panels.2.position.width'), paths.join(', '));
    assert.ok(
      paths.some((p) => p.startsWith('panels.3')),
      paths.join(', '),
    );
    assert.deepEqual(methods(), [], 'nothing sent');
  });

  it('a query panel’s dataset, which the Go client sends back, is no unknown field (the overlay makes it writable)', async () => {
    const { baseline } = await opened('Gateway overview');
    const fresh = structuredClone(baseline);
    // As a new document (no baseline), where a field the description does not list would be a warning.
    assert.equal(((fresh.panels as JsonObject[])[0].query_panel as JsonObject).dataset, 'api-gateway');
    assert.deepEqual(await validateDocument(boards, fresh), []);
  });

  it('a new board from the template is created in the environment and listed', async () => {
    const parent = { env: 'production' };
    const outcome = await guardedSave({ kind: boards, target: { mode: 'create', parent }, text: formatDocument({ ...boards.template(parent), name: 'Launch day' }), ui: scriptedUi().ui });
    assert.equal(outcome.status, 'saved', JSON.stringify(outcome));
    if (outcome.status !== 'saved') return;
    assert.deepEqual(outcome.address, { env: 'production', id: outcome.object.id });
    assert.ok((await listBoards(client.api)).some((b) => b.name === 'Launch day' && b.panels === 1));
  });

  it('a board lists its views before a delete; the delete is once, then already gone', async () => {
    const { address } = await opened('Gateway overview');
    assert.deepEqual(await boards.backend.usedBy!(address), ['board view “Errors only”']);
    assert.equal(await boards.backend.remove(address), 'deleted');
    assert.equal(await boards.backend.remove(address), 'alreadyGone');
  });

  it('a board view is edited (its id in the PUT, as the Go client sends it), created and deleted', async () => {
    const { address: board } = await opened('Gateway overview');
    const [seeded] = await boardViewWrites.list(client.api, board.id);
    const address = { env: 'production', board: board.id, id: String(seeded.id) };
    const baseline = documentOf(views, await views.backend.read(address));
    assert.deepEqual(Object.keys(baseline), ['name', 'filters']);
    standIn.requests.length = 0;
    const text = edited(baseline, (d) => (d.filters = [{ column: 'http.response.status_code', operation: 'in', value: [500, 503] }]));
    const saved = await guardedSave({ kind: views, target: { mode: 'update', address, baseline }, text, ui: scriptedUi().ui });
    assert.equal(saved.status, 'saved', JSON.stringify(saved));
    assert.deepEqual(methods(), [`GET /1/boards/${board.id}/views/${address.id}`, `PUT /1/boards/${board.id}/views/${address.id}`]);
    assert.equal(standIn.requests[1].body && (standIn.requests[1].body as JsonObject).id, address.id);

    const refused = await guardedSave({
      kind: views,
      target: { mode: 'update', address, baseline },
      text: edited(baseline, (d) => (d.filters = [{ column: 'error', operation: 'exists', value: true }])),
      ui: scriptedUi().ui,
    });
    assert.equal(refused.status, 'invalid');
    assert.deepEqual(refused.status === 'invalid' ? refused.problems.map((p) => p.path.join('.')) : [], ['filters.0.value']);

    const parent = { env: 'production', board: board.id };
    const created = await guardedSave({ kind: views, target: { mode: 'create', parent }, text: formatDocument({ ...views.template(parent), name: 'Checkout only' }), ui: scriptedUi().ui });
    assert.equal(created.status, 'saved', JSON.stringify(created));
    if (created.status !== 'saved') return;
    assert.equal(await views.backend.remove(created.address), 'deleted');
    assert.deepEqual(
      (await boardViewWrites.list(client.api, board.id)).map((v) => v.name),
      ['Errors only'],
    );
  });

  it('Copy as Terraform / Pulumi: the provider’s flexible board with panel blocks, and a view imported as board/view', async () => {
    const { address } = await opened('Gateway overview');
    const board = await boards.backend.read(address);
    const terraform = await boards.code!.terraform(board, address);
    assert.match(terraform, /^resource "honeycombio_flexible_board" "gateway_overview" \{/);
    assert.equal(terraform.match(/\n {2}panel \{/g)?.length, 14);
    assert.match(terraform, /slo_panel \{\n\s+slo_id = "[^"]+"/);
    assert.match(terraform, /query_style\s+= "combo"/);
    assert.ok(terraform.includes(`import {\n  to = honeycombio_flexible_board.gateway_overview\n  id = "${address.id}"\n}`), terraform);
    assert.match(await boards.code!.pulumi(board, address), /new honeycombio\.FlexibleBoard\("gateway-overview", \{[\s\S]*panels: \[[\s\S]*queryPanels: \[/);
    const [view] = await boardViewWrites.list(client.api, address.id);
    const viewAddress = { env: 'production', board: address.id, id: String(view.id) };
    const viewCode = await views.code!.terraform(view, viewAddress);
    assert.match(viewCode, /filter \{\n\s+column\s+= "error"\n\s+operation = "="\n\s+value\s+= "true"/);
    assert.ok(viewCode.includes(`id = "${address.id}/${String(view.id)}"`));
  });
});
