/**
 * Honeycomb queries in the real extension host, against the stand-in: a query built from the
 * palette (its quick picks answered by script) runs and its rows come back from the results
 * panel's own DOM; a query file gets a diagnostic for a bad granularity while it is edited,
 * column names are completed from the dataset, its CodeLens runs it; a results panel opened
 * again without its model reads the stored result back by ID; "Open as Query File".
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { SecretKeys } from '../../src/core/secrets';
import type { QueryResultViewModel } from '../../src/views/panels/protocol';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../servers/honeycomb';
import { ExtensionApi, extensionApi, setGlobal, signOutEverywhere, waitFor } from './helpers';

type Item = vscode.QuickPickItem & { value?: unknown };
type PickStep = (items: readonly Item[], options: { title: string; step: number }) => Promise<readonly Item[] | 'back' | undefined>;

function figure(line: string): void {
  if (process.env.MOCHA_OUTPUT_FILE) fs.appendFileSync(process.env.MOCHA_OUTPUT_FILE, `      [figure] ${line}\n`);
}

describe('Honeycomb queries', function () {
  this.timeout(90_000);
  let api: ExtensionApi;
  let honeycomb: HoneycombStandIn;
  let restore: () => void = () => undefined;
  const folder = () => vscode.workspace.workspaceFolders![0].uri.fsPath;
  const queries = () => api.queries.features();

  /**
   * Answers the palette's steps: `answers` maps a word of the step title to the item values to
   * pick ('cancel' presses Escape). `offered` keeps what each step showed.
   */
  function scriptPalette(
    answers: Array<{ title: RegExp; pick: unknown[] | 'cancel' }>,
    inputs: string[],
  ): { asked: string[]; errors: string[]; offered: Array<{ title: string; items: readonly Item[] }> } {
    const prompts = api.prompts as unknown as Record<string, unknown>;
    const original = { pickStep: prompts.pickStep, inputStep: prompts.inputStep, error: prompts.error };
    const asked: string[] = [];
    const errors: string[] = [];
    const offered: Array<{ title: string; items: readonly Item[] }> = [];
    // An error the command reports is recorded (and fails the test) instead of waiting for a click.
    prompts.error = async (message: string) => void errors.push(message);
    const queue = [...answers];
    const pickStep: PickStep = async (items, options) => {
      asked.push(options.title);
      offered.push({ title: options.title, items });
      const next = queue.shift();
      assert.ok(next, `no answer scripted for "${options.title}"`);
      assert.match(options.title, next.title);
      if (next.pick === 'cancel') return undefined;
      const picked = next.pick.map((value) => {
        const found = items.find((i) => (typeof value === 'function' ? (value as (i: Item) => boolean)(i) : i.value === value && i.kind !== vscode.QuickPickItemKind.Separator));
        assert.ok(found, `"${options.title}" offers ${String(value)} (offered: ${items.map((i) => String(i.value)).join(', ')})`);
        return found;
      });
      return picked;
    };
    prompts.pickStep = pickStep;
    prompts.inputStep = async (options: { title: string }) => {
      asked.push(options.title);
      return inputs.shift();
    };
    restore = () => Object.assign(prompts, original);
    return { asked, errors, offered };
  }

  before(async () => {
    api = await extensionApi();
    honeycomb = await startHoneycombStandIn();
    await signOutEverywhere(api);
    await setGlobal('honeycomb.apiUrl', honeycomb.url);
    await api.services.secrets.store(SecretKeys.honeycombApiKey, HONEYCOMB_KEYS.production);
    api.honeycomb.invalidate();
    await vscode.commands.executeCommand('opsConfig.honeycomb.clearQueryHistory');
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await signOutEverywhere(api);
    await honeycomb.stop();
  });
  afterEach(() => {
    restore();
    restore = () => undefined;
    assert.deepEqual(honeycomb.violations, []);
    honeycomb.reset();
  });

  it('runs a query built from the palette and reads the rows back from the panel', async () => {
    const { asked, errors } = scriptPalette(
      [
        { title: /^Run Honeycomb Query$/, pick: ['api-gateway'] },
        { title: /calculations/, pick: ['P99', 'COUNT'] },
        { title: /P99 of which column/, pick: ['duration_ms'] },
        { title: /filters/, pick: ['add'] },
        { title: /filter on which column/, pick: ['http.request.method'] },
        { title: /http\.request\.method …/, pick: ['='] },
        { title: /filters/, pick: ['done'] },
        { title: /group by/, pick: ['http.route'] },
        { title: /time range/, pick: [3600] },
        { title: /^Run Honeycomb Query$/, pick: ['run'] },
      ],
      ['GET'],
    );
    const started = Date.now();
    const outcome = await vscode.commands.executeCommand<{ key: string; model: QueryResultViewModel } | undefined>('opsConfig.honeycomb.runQuery');
    assert.deepEqual(errors, []);
    assert.ok(outcome, `the run finished (asked: ${asked.join(' | ')})`);
    assert.equal(asked.length, 11, 'every step was asked once');

    // What was sent: the spec the picks describe.
    const created = honeycomb.requests.find((r) => r.route === 'POST /1/queries/{datasetSlug}');
    assert.equal(created?.path, '/1/queries/api-gateway');
    assert.deepEqual(created?.body, {
      calculations: [{ op: 'P99', column: 'duration_ms' }, { op: 'COUNT' }],
      filters: [{ column: 'http.request.method', op: '=', value: 'GET' }],
      breakdowns: ['http.route'],
      orders: [{ op: 'P99', column: 'duration_ms', order: 'descending' }],
      limit: 1000,
      time_range: 3600,
    });

    // What the panel shows: its app reports the rows it drew, read from its own DOM.
    const { runner } = await queries();
    const rendered = await waitFor(() => runner.rendered.get(outcome.key), 'the panel to draw the rows');
    figure(`palette query → panel drawn in ${Date.now() - started} ms (webview first paint ${rendered.paintMs.toFixed(0)} ms)`);
    const model = outcome.model;
    assert.equal(rendered.rows, model.rows.length);
    assert.ok(model.rows.length >= 5, `${model.rows.length} groups`);
    assert.deepEqual(
      model.columns.map((c) => c.key),
      ['http.route', 'P99(duration_ms)', 'COUNT'],
    );
    for (const [i, shown] of rendered.visibleRows.entries()) {
      const row = model.rows[i];
      assert.equal(shown[0], row[0], `row ${i} route`);
      assert.ok(Math.abs(Number(shown[1].replace(/,/g, '')) - Number(row[1])) < 0.001, `row ${i} P99 ${shown[1]} vs ${row[1]}`);
      assert.equal(Number(shown[2].replace(/,/g, '')), row[2], `row ${i} COUNT`);
    }
    const p99 = model.rows.map((r) => Number(r[1]));
    assert.deepEqual(
      p99,
      [...p99].sort((a, b) => b - a),
      'ordered by P99, largest first',
    );
    const handle = api.queries.panels.get(outcome.key);
    assert.ok(handle);
    assert.ok(!handle.panel.webview.html.includes(String(model.rows[0][0])), 'result data never goes into the HTML');
    assert.match(handle.panel.title, /^Query: P99\(duration_ms\), COUNT by http\.route/);
    const history = (await queries()).history.entries();
    assert.equal(history[0].draft.dataset, 'api-gateway', 'the query is offered again');
  });

  it('offers the last query again and runs it without asking anything else', async () => {
    const recent = (await queries()).history.entries()[0];
    const { errors } = scriptPalette([{ title: /^Run Honeycomb Query$/, pick: [(i: Item) => i.label === recent.title && i.description === 'api-gateway · Production'] }], []);
    const outcome = await vscode.commands.executeCommand<{ key: string; model: QueryResultViewModel } | undefined>('opsConfig.honeycomb.runQuery');
    assert.deepEqual(errors, []);
    assert.ok(outcome);
    assert.equal(outcome.model.columns.length, 3);
    assert.equal(honeycomb.requests.filter((r) => r.route === 'POST /1/query_results/{datasetSlug}').length, 1);
  });

  it('with no calculation picked nothing is assumed: the query goes without one and the service counts', async () => {
    // With recent queries the palette first offers them; "New query…" goes on to the steps.
    const hasRecent = (await queries()).history.entries().length > 0;
    const { errors } = scriptPalette(
      [
        ...(hasRecent ? [{ title: /^Run Honeycomb Query$/, pick: [(i: Item) => String(i.label).includes('New query')] }] : []),
        { title: /^Run Honeycomb Query$/, pick: ['payments'] },
        { title: /calculations/, pick: [] },
        { title: /filters/, pick: ['done'] },
        { title: /group by/, pick: [] },
        { title: /time range/, pick: [3600] },
        { title: /^Run Honeycomb Query$/, pick: ['run'] },
      ],
      [],
    );
    const outcome = await vscode.commands.executeCommand<{ key: string; model: QueryResultViewModel } | undefined>('opsConfig.honeycomb.runQuery');
    assert.deepEqual(errors, []);
    assert.ok(outcome);
    const created = honeycomb.requests.find((r) => r.route === 'POST /1/queries/{datasetSlug}');
    assert.deepEqual(created?.body, { limit: 1000, time_range: 3600 }, 'no calculation and no order were added to what was sent');
    assert.deepEqual(
      outcome.model.columns.map((c) => c.key),
      ['COUNT'],
      "the service's own default answered",
    );
  });

  it('describes each percentile of the calculation step by its own percentile', async () => {
    const hasRecent = (await queries()).history.entries().length > 0;
    const { errors, offered } = scriptPalette(
      [
        ...(hasRecent ? [{ title: /^Run Honeycomb Query$/, pick: [(i: Item) => String(i.label).includes('New query')] }] : []),
        { title: /^Run Honeycomb Query$/, pick: ['payments'] },
        { title: /calculations/, pick: 'cancel' },
      ],
      [],
    );
    assert.equal(await vscode.commands.executeCommand('opsConfig.honeycomb.runQuery'), undefined, 'Escape leaves without running');
    assert.deepEqual(errors, []);
    const step = offered.find((o) => /calculations/.test(o.title));
    assert.ok(step, 'the calculation step was shown');
    const described = new Map(step.items.map((i) => [String(i.label), i.description]));
    assert.equal(described.get('P001'), '0.1th percentile of a column');
    assert.equal(described.get('P01'), '1st percentile of a column');
    assert.equal(described.get('P05'), '5th percentile of a column');
    assert.equal(described.get('P10'), '10th percentile of a column');
    assert.equal(described.get('P50'), '50th percentile of a column (the median)');
    assert.equal(described.get('P99'), '99th percentile of a column');
    assert.equal(described.get('P999'), '99.9th percentile of a column');
    assert.equal(honeycomb.requests.filter((r) => r.route === 'POST /1/queries/{datasetSlug}').length, 0, 'nothing was sent');
  });

  it('underlines a bad granularity in a query file while it is edited, and clears it when fixed', async () => {
    const file = path.join(folder(), 'bad-granularity.honeycomb-query.json');
    fs.writeFileSync(file, JSON.stringify({ dataset: 'payments', query: { calculations: [{ op: 'COUNT' }], time_range: 7200, granularity: 3 } }, null, 2));
    const document = await vscode.workspace.openTextDocument(file);
    const editor = await vscode.window.showTextDocument(document);
    const diagnostic = await waitFor(() => vscode.languages.getDiagnostics(document.uri).find((d) => d.source === 'Honeycomb query'), 'the granularity diagnostic');
    assert.equal(diagnostic.message, 'granularity can not be less than time_range/1000');
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(document.getText(diagnostic.range), '3');
    // Typing a valid granularity clears it.
    await editor.edit((edit) => edit.replace(diagnostic.range, '60'));
    await waitFor(() => (vscode.languages.getDiagnostics(document.uri).some((d) => d.source === 'Honeycomb query') ? undefined : true), 'the diagnostic to go');
    // Running a file with problems refuses before any request.
    await editor.edit((edit) => edit.replace(new vscode.Range(document.positionAt(document.getText().indexOf('"COUNT"')), document.positionAt(document.getText().indexOf('"COUNT"') + 7)), '"SUM"'));
    const prompts = api.prompts as unknown as Record<string, unknown>;
    const original = prompts.error;
    const errors: string[] = [];
    prompts.error = async (message: string) => void errors.push(message);
    restore = () => Object.assign(prompts, { error: original });
    await vscode.commands.executeCommand('opsConfig.honeycomb.runQueryFile', document.uri);
    assert.match(errors[0] ?? '', /^bad-granularity\.honeycomb-query\.json has 1 problem to fix before it can run \(line \d+: SUM requires a column\)\. Nothing was sent to Honeycomb\.$/);
    assert.equal(honeycomb.requests.filter((r) => r.path.startsWith('/1/quer')).length, 0);
  });

  it('completes column names of the file’s dataset, and runs the file from its CodeLens', async () => {
    const file = path.join(folder(), 'routes.honeycomb-query.json');
    const text = '{\n  "dataset": "checkout-service",\n  "query": {\n    "calculations": [{ "op": "COUNT" }],\n    "breakdowns": [""]\n  }\n}\n';
    fs.writeFileSync(file, text);
    const document = await vscode.workspace.openTextDocument(file);
    await vscode.window.showTextDocument(document);
    const inside = document.positionAt(text.indexOf('[""]') + 2);
    const completions = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, inside);
    const labels = completions.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    for (const column of ['cart.items', 'customer.tier', 'duration_ms', 'is_big_cart']) assert.ok(labels.includes(column), `${column} is offered (got ${labels.slice(0, 30).join(', ')})`);
    assert.ok(!labels.includes('http.route'), 'columns of another dataset are not offered');
    assert.ok(
      honeycomb.requests.some((r) => r.path === '/1/columns/checkout-service'),
      'from the dataset’s columns',
    );
    // Operators come from the JSON Schema the extension contributes for query files.
    const inOp = document.positionAt(text.indexOf('"COUNT"') + 1);
    const ops = await waitFor(async () => {
      const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, inOp);
      const found = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
      return found.some((l) => l.includes('P99')) ? found : undefined;
    }, 'the schema’s operator completions');
    for (const op of ['"COUNT_DISTINCT"', '"HEATMAP"', '"RATE_AVG"']) assert.ok(ops.includes(op), `${op} is offered (got ${ops.join(', ')})`);

    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri);
    const run = lenses.find((l) => l.command?.title.includes('Run query'));
    assert.ok(run?.command, `a Run query lens (got ${lenses.map((l) => l.command?.title).join(', ')})`);
    await vscode.window.activeTextEditor!.edit((edit) => edit.replace(new vscode.Range(document.positionAt(text.indexOf('""')), document.positionAt(text.indexOf('""') + 2)), '"customer.tier"'));
    const outcome = await vscode.commands.executeCommand<{ key: string; model: QueryResultViewModel }>(run.command.command, ...(run.command.arguments ?? []));
    assert.ok(outcome, 'the lens ran the query');
    assert.deepEqual(
      outcome.model.columns.map((c) => c.key),
      ['customer.tier', 'COUNT'],
    );
    assert.equal(outcome.model.rows.length, 4);
    assert.equal(outcome.key, `honeycomb-query:file:${document.uri.toString()}`);
  });

  it('a results panel opened again without its model reads the stored result back (no query budget spent), or runs again when it expired', async () => {
    const uri = vscode.Uri.file(path.join(folder(), 'routes.honeycomb-query.json'));
    const key = `honeycomb-query:file:${uri.toString()}`;
    const { runner } = await queries();
    const first = await vscode.commands.executeCommand<{ model: QueryResultViewModel }>('opsConfig.honeycomb.runQueryFile', uri);
    const reopen = async () => {
      // What a window reload does: the panel is created anew from its key alone.
      api.queries.panels.get(key)?.panel.dispose();
      runner.forget(key);
      runner.rendered.delete(key);
      honeycomb.requests.length = 0;
      api.queries.panels.open(key);
      const rendered = await waitFor(() => runner.rendered.get(key), 'the restored panel to draw');
      return { rendered, model: api.queries.panels.get(key)!.model! };
    };
    const restored = await reopen();
    assert.deepEqual(
      honeycomb.requests.map((r) => r.route),
      ['GET /1/query_results/{datasetSlug}/{queryResultId}'],
    );
    assert.deepEqual(restored.model.rows, first.model.rows);
    assert.match(restored.model.notice ?? '', /read again after the window reloaded/);
    assert.equal(restored.rendered.rows, first.model.rows.length);
    // Honeycomb keeps results for a day; when it no longer has this one, the query runs again.
    honeycomb.reset();
    const rerun = await reopen();
    assert.deepEqual(honeycomb.requests.map((r) => `${r.route} ${r.status}`).slice(0, 3), [
      'GET /1/query_results/{datasetSlug}/{queryResultId} 404',
      'POST /1/queries/{datasetSlug} 200',
      'POST /1/query_results/{datasetSlug} 201',
    ]);
    assert.match(rerun.model.notice ?? '', /stored result had expired, so the query ran again/);
    assert.equal(rerun.rendered.rows, first.model.rows.length);
  });

  it('"Open as query file" turns the palette’s query into a query file with no problems', async () => {
    await vscode.commands.executeCommand('opsConfig.honeycomb.clearQueryHistory');
    scriptPalette(
      [
        { title: /^Run Honeycomb Query$/, pick: [undefined] },
        { title: /calculations/, pick: ['COUNT'] },
        { title: /filters/, pick: ['done'] },
        { title: /group by/, pick: ['name'] },
        { title: /time range/, pick: [600] },
        { title: /^Run Honeycomb Query$/, pick: ['file'] },
      ],
      [],
    );
    await vscode.commands.executeCommand('opsConfig.honeycomb.runQuery');
    const editor = await waitFor(
      () =>
        vscode.window.activeTextEditor?.document.uri.path.endsWith('.honeycomb-query.json') && vscode.window.activeTextEditor.document.getText().length > 0
          ? vscode.window.activeTextEditor
          : undefined,
      'the new query file',
    );
    assert.equal(editor.document.uri.scheme, 'untitled');
    assert.match(path.basename(editor.document.uri.path), /^all-datasets-count-by-name\.honeycomb-query\.json$/);
    assert.deepEqual(JSON.parse(editor.document.getText()), {
      query: { calculations: [{ op: 'COUNT' }], breakdowns: ['name'], orders: [{ op: 'COUNT', order: 'descending' }], limit: 1000, time_range: 600 },
    });
    await new Promise((r) => setTimeout(r, 600));
    assert.deepEqual(
      vscode.languages.getDiagnostics(editor.document.uri).filter((d) => d.source === 'Honeycomb query'),
      [],
    );
    assert.equal(honeycomb.requests.filter((r) => r.path.startsWith('/1/quer')).length, 0, 'nothing was run');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
