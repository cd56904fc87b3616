/**
 * "Look Up…" in the real editor: pick getRecipients, give it a type and a detail filter through
 * the same prompts a user sees, and read the seed-shaped record in the record panel; then copy
 * the call as a Terraform data block from the panel's action.
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import { SecretKeys } from '../../src/core/secrets';
import type { RecordViewModel } from '../../src/views/panels/protocol';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../servers/honeycomb';
import { ExtensionApi, extensionApi, setGlobal, signOutEverywhere, waitFor } from './helpers';

describe('Look Up… in the editor', function () {
  this.timeout(60_000);
  let api: ExtensionApi;
  let honeycomb: HoneycombStandIn;

  before(async () => {
    api = await extensionApi();
    honeycomb = await startHoneycombStandIn();
    await signOutEverywhere(api);
    await setGlobal('honeycomb.apiUrl', honeycomb.url);
    await api.services.secrets.store(SecretKeys.honeycombApiKey, HONEYCOMB_KEYS.production);
    api.honeycomb.invalidate();
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await signOutEverywhere(api);
    await honeycomb.stop();
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
      assert.match(shown.join('\n'), /Copied getRecipients\(type: "slack", detailFilter: .*\) as a Terraform data block/);
    } finally {
      Object.assign(prompts, original);
    }
    assert.deepEqual(honeycomb.violations, []);
  });
});
