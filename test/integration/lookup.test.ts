/**
 * "Look Up…" in the real editor: pick getRecipients, give it a type and a detail filter through
 * the same prompts a user sees, and read the seed-shaped record in the record panel; then copy
 * the call as a Terraform data block from the panel's action. Against authentik: two groups
 * named "On-call" are told apart in the suggestions, a failed run keeps the inputs, and "Look Up
 * Again…" shows its answer in the tab it was asked from.
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import { SecretKeys } from '../../src/core/secrets';
import type { RecordViewModel } from '../../src/views/panels/protocol';
import { AUTHENTIK_TOKENS, AuthentikStandIn, startAuthentikStandIn } from '../servers/authentik';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../servers/honeycomb';
import { ExtensionApi, extensionApi, setGlobal, signOutEverywhere, waitFor } from './helpers';

describe('Look Up… in the editor', function () {
  this.timeout(60_000);
  let api: ExtensionApi;
  let honeycomb: HoneycombStandIn;
  let authentik: AuthentikStandIn;

  before(async () => {
    api = await extensionApi();
    [honeycomb, authentik] = await Promise.all([startHoneycombStandIn(), startAuthentikStandIn()]);
    await signOutEverywhere(api);
    await setGlobal('honeycomb.apiUrl', honeycomb.url);
    await api.services.secrets.store(SecretKeys.honeycombApiKey, HONEYCOMB_KEYS.production);
    api.honeycomb.invalidate();
    await setGlobal('authentik.url', authentik.url);
    await api.services.secrets.store(SecretKeys.authentikToken, AUTHENTIK_TOKENS.admin);
    api.authentik.invalidate();
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await signOutEverywhere(api);
    await Promise.all([honeycomb.stop(), authentik.stop()]);
  });

  it('runs getRecipients with a detail filter and shows the seed’s record; Copy as Terraform gives the data block', async () => {
    const prompts = api.prompts as unknown as Record<string, unknown>;
    const original = { ...prompts };
    const picks: string[] = [];
    const shown: string[] = [];
    // The user's answers, in order: the operation, then the inputs list (set type, set detailFilter, run).
    const script = ['getRecipients', 'type', 'slack', 'detailFilter', '$(play) Run getRecipients'];
    prompts.quickPick = async (items: readonly vscode.QuickPickItem[] | Thenable<readonly vscode.QuickPickItem[]>) => {
      const list = await items;
      const want = script.shift();
      const item = list.find((i) => i.label === want || i.label.startsWith(`${want} `) || i.label === `${want} (required)`);
      assert.ok(item, `"${want}" is offered (offered: ${list.map((i) => i.label).join(' | ')})`);
      picks.push(item.label);
      return item;
    };
    prompts.inputBox = async (options: vscode.InputBoxOptions) => {
      const answer = 'channel =~ ^#(alerts|payments)';
      assert.match(options.prompt ?? '', /^detailFilter: /);
      assert.equal(await options.validateInput?.('channel'), 'detailFilter: give an operator and a value after "channel", e.g. "channel equals x".');
      assert.equal(await options.validateInput?.(answer), undefined);
      return answer;
    };
    prompts.info = async (message: string) => void shown.push(message);
    try {
      await vscode.commands.executeCommand('opsConfig.honeycomb.lookUp');
      const key = await waitFor(() => api.records.keys().find((k) => k.startsWith('lookup:honeycomb.getRecipients')), 'the lookup panel');
      const render = await waitFor(() => api.records.sentTo(key).find((m) => m.type === 'render'), 'the record to render');
      const model = (render as { model: RecordViewModel }).model;
      assert.equal(model.title, 'getRecipients');
      const output = model.sections.find((s) => s.title.startsWith('Output'));
      assert.deepEqual(output?.fields.map((f) => f.label).sort(), ['detailFilter', 'id', 'ids', 'type']);
      const inputs = model.sections.find((s) => s.title === 'Inputs');
      assert.deepEqual(
        inputs?.fields.map((f) => [f.label, f.value]),
        [
          ['type', 'slack'],
          ['detailFilter', 'channel =~ ^#(alerts|payments)'],
        ],
        'the inputs as they were typed',
      );
      const ids = output?.fields.find((f) => f.label === 'ids');
      assert.equal(ids?.list?.length, 2, 'the two Slack channels that match');
      const recipients = honeycomb.seed.recipients.filter((r) => r.type === 'slack' && /^#(alerts|payments)/.test(String(r.details.slack_channel)));
      assert.deepEqual([...(ids?.list ?? [])].sort(), recipients.map((r) => r.id).sort());

      const action = model.actions?.find((a) => a.label === 'Copy as Terraform data block');
      assert.ok(action?.link && action.link.kind === 'command');
      await vscode.commands.executeCommand(action.link.command, ...(action.link.args ?? []));
      const copied = await vscode.env.clipboard.readText();
      assert.equal(
        copied,
        ['data "honeycombio_recipients" "slack" {', '  type = "slack"', '  detail_filter {', '    name        = "channel"', '    value_regex = "^#(alerts|payments)"', '  }', '}', ''].join('\n'),
      );
      assert.deepEqual(shown, ['Copied getRecipients(type: "slack", detailFilter: channel =~ ^#(alerts|payments)) as a Terraform data block.']);
    } finally {
      Object.assign(prompts, original);
    }
    assert.deepEqual(honeycomb.violations, []);
  });

  type Item = vscode.QuickPickItem;
  type Answer = (items: readonly Item[], options: vscode.QuickPickOptions) => Item | undefined;

  const RECENT = 'Start from recent inputs, or new ones';
  const label =
    (text: string): Answer =>
    (items) =>
      items.find((i) => i.label === text || i.label.startsWith(`${text} `)) ?? assert.fail(`"${text}" is offered (offered: ${items.map((i) => i.label).join(' | ')})`);

  /**
   * The user's answers to Look Up's quick picks, in order; each sees the items offered. The
   * question of recent inputs (asked once there are some) is answered by `recent`: new inputs.
   */
  function scriptLookUp(answers: Answer[], onError: (message: string, actions: string[]) => string | undefined = () => undefined, recent: Answer = label('$(add) New inputs')) {
    const prompts = api.prompts as unknown as Record<string, unknown>;
    const original = { ...prompts };
    const errors: Array<{ message: string; actions: string[] }> = [];
    prompts.quickPick = async (items: readonly Item[] | Thenable<readonly Item[]>, options: vscode.QuickPickOptions) => {
      const answer = options.placeHolder === RECENT ? recent : answers.shift();
      assert.ok(answer, `no answer scripted for "${options.placeHolder}"`);
      return answer(await items, options);
    };
    prompts.error = async (message: string, ...actions: string[]) => {
      errors.push({ message, actions });
      return onError(message, actions);
    };
    return { errors, restore: () => Object.assign(prompts, original) };
  }
  const run = (op: string) => label(`$(play) Run ${op}`);
  const panelOf = (prefix: string) => waitFor(() => api.records.keys().find((k) => k.startsWith(prefix)), `the ${prefix} panel`);
  async function rendered(key: string): Promise<RecordViewModel> {
    const render = await waitFor(() => [...api.records.sentTo(key)].reverse().find((m) => m.type === 'render' && (m.model as RecordViewModel).key === key), 'the record to render');
    return (render as { model: RecordViewModel }).model;
  }
  const field = (model: RecordViewModel, section: string, name: string) => model.sections.find((s) => s.title.startsWith(section))?.fields.find((f) => f.label === name)?.value;

  it('tells apart the two authentik groups named "On-call" and looks up the one picked; Look Up Again answers in the same tab', async () => {
    let offered: readonly Item[] = [];
    const pickOnCall =
      (where: string): Answer =>
      (items) => {
        offered = items;
        return items.find((i) => i.label === 'On-call' && i.description === where) ?? assert.fail(`an "On-call" ${where} is offered: ${JSON.stringify(items.filter((i) => i.label === 'On-call'))}`);
      };
    const first = scriptLookUp([label('getGroup'), label('name'), pickOnCall('under Support'), run('getGroup')]);
    try {
      await vscode.commands.executeCommand('opsConfig.authentik.lookUp');
      assert.deepEqual(first.errors, []);
    } finally {
      first.restore();
    }
    const onCall = offered.filter((i) => i.label === 'On-call');
    assert.deepEqual(
      onCall.map((i) => i.description),
      ['under Engineering › Platform and Engineering › Backend', 'under Support'],
      'each says where it sits',
    );
    assert.ok(
      onCall.every((i) => /^pk [0-9a-f-]{36} — 2 share this name/.test(i.detail ?? '')),
      JSON.stringify(onCall.map((i) => i.detail)),
    );
    const supportKey = await panelOf('lookup:authentik.getGroup');
    const support = await rendered(supportKey);
    assert.equal(field(support, 'Output', 'name'), 'On-call');
    assert.equal(field(support, 'Output', 'parentName'), 'Support', 'the group picked, not the other');
    const panel = api.records.get(supportKey)?.panel;

    // Look Up Again… (the record's button runs the command with the record's key): the other On-call, in the same tab.
    const again = scriptLookUp([label('name'), pickOnCall('under Engineering › Platform and Engineering › Backend'), run('getGroup')]);
    try {
      await vscode.commands.executeCommand('opsConfig.lookUp', supportKey);
      assert.deepEqual(again.errors, []);
    } finally {
      again.restore();
    }
    const lookups = api.records.keys().filter((k) => k.startsWith('lookup:authentik.getGroup'));
    assert.equal(lookups.length, 1, `one getGroup tab: ${lookups.join(', ')}`);
    assert.notEqual(lookups[0], supportKey, 'it shows the new lookup');
    assert.equal(api.records.get(lookups[0])?.panel, panel, 'in the tab it was asked from');
    const engineering = await rendered(lookups[0]);
    assert.equal(field(engineering, 'Output', 'parentName'), 'Platform');
    assert.deepEqual(authentik.violations, []);
  });

  it('a failed run keeps the inputs: "Change Inputs…" starts from them, and so does the next Look Up', async () => {
    const script = scriptLookUp(
      [
        label('getGroup'),
        label('name'),
        label('$(edit) Type another value…'),
        run('getGroup'),
        // After "Change Inputs…": the step list again, with the name as typed.
        (items) => {
          const name = items.find((i) => i.label === 'name');
          assert.equal(name?.description, '= On-call', 'the name typed is still set');
          return undefined;
        },
      ],
      (_message, actions) => (actions.includes('Change Inputs…') ? 'Change Inputs…' : undefined),
    );
    (api.prompts as unknown as Record<string, unknown>).inputBox = async () => 'On-call';
    try {
      await vscode.commands.executeCommand('opsConfig.authentik.lookUp');
    } finally {
      script.restore();
    }
    assert.equal(script.errors.length, 1, JSON.stringify(script.errors));
    assert.match(script.errors[0].message, /On-call/);
    assert.deepEqual(script.errors[0].actions, ['Change Inputs…', 'View Logs']);

    let recent: readonly Item[] = [];
    const next = scriptLookUp([label('getGroup')], undefined, (items) => {
      recent = items;
      return undefined;
    });
    try {
      await vscode.commands.executeCommand('opsConfig.authentik.lookUp');
    } finally {
      next.restore();
    }
    assert.ok(
      recent.some((i) => i.label === 'getGroup(name: "On-call")'),
      `the failed inputs are offered first: ${recent.map((i) => i.label).join(' | ')}`,
    );
  });
});
