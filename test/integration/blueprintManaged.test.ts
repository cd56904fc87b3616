/**
 * An object a blueprint manages, in the real editor against the stand-in: its record (loaded as
 * the record panel loads it) has the Blueprint section linking the blueprint's record, and saving
 * an edit of it shows "managed by blueprint …: the next apply reverts this" in the plan, with Open
 * Blueprint beside Update.
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import { SecretKeys } from '../../src/core/secrets';
import { AUTHENTIK_TOKENS, AuthentikStandIn, startAuthentikStandIn } from '../servers/authentik';
import { ExtensionApi, extensionApi, setGlobal, signOutEverywhere, waitFor } from './helpers';

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
const NOTICE = 'Managed by blueprint “Acme - sign-in”: the next apply reverts this; edit the blueprint instead.';

describe('objects a blueprint manages, in the editor', function () {
  this.timeout(120_000);
  let api: ExtensionApi;
  let authentik: AuthentikStandIn;
  let asked: Array<{ message: string; detail: string; actions: string[] }>;
  let answers: Array<string | undefined>;
  let restore: () => void = () => undefined;

  before(async () => {
    api = await extensionApi();
    authentik = await startAuthentikStandIn();
    await signOutEverywhere(api);
    await setGlobal('authentik.url', authentik.url);
    await api.services.secrets.store(SecretKeys.authentikToken, AUTHENTIK_TOKENS.admin);
    api.authentik.invalidate();
  });
  beforeEach(() => {
    authentik.reset();
    authentik.seed.directory.blueprints.push({
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
    asked = [];
    answers = [];
    const prompts = api.prompts as unknown as Record<string, unknown>;
    const original = { ...prompts };
    prompts.warn = async (message: string, options: vscode.MessageOptions | undefined, ...actions: string[]) => {
      asked.push({ message, detail: options?.detail ?? '', actions });
      return answers.shift();
    };
    prompts.info = async () => undefined;
    restore = () => Object.assign(prompts, original);
  });
  afterEach(async () => {
    restore();
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    assert.deepEqual(authentik.violations, []);
  });
  after(async () => {
    await signOutEverywhere(api);
    await authentik.stop();
  });

  it('the record has a Blueprint section linking the blueprint’s record; another flow has none', async () => {
    const loaded = await api.authentikExplorer.records.load('authentik:flow:default-authentication-flow');
    assert.equal(loaded.model.sections[0].title, 'Blueprint');
    assert.deepEqual(loaded.model.sections[0].fields, [
      { label: 'Blueprint', value: 'Acme - sign-in', link: { kind: 'record', key: `authentik:blueprint:${BLUEPRINT_PK}` } },
      { label: 'What an edit does', value: NOTICE },
    ]);
    assert.ok(loaded.model.badges?.some((b) => b.text === 'managed by a blueprint'));
    const other = await api.authentikExplorer.records.load('authentik:flow:default-enrollment-flow');
    assert.ok(!other.model.sections.some((s) => s.title === 'Blueprint'));
  });

  it('saving an edit shows the notice in the plan, with Open Blueprint beside Update', async () => {
    await vscode.commands.executeCommand('opsConfig.edit', { kindId: 'authentik.flow', address: { id: 'default-authentication-flow' }, name: 'default-authentication-flow' });
    const editor = await waitFor(() => {
      const e = vscode.window.activeTextEditor;
      return e?.document.uri.scheme === 'opsconfig-edit' && e.document.getText().trim() ? e : undefined;
    }, 'the flow’s edit document');
    const document = JSON.parse(editor.document.getText()) as Record<string, unknown>;
    const all = new vscode.Range(editor.document.positionAt(0), editor.document.positionAt(editor.document.getText().length));
    assert.ok(await editor.edit((b) => b.replace(all, `${JSON.stringify({ ...document, title: 'Edited in the editor' }, null, 2)}\n`)));
    answers = ['Update'];
    assert.equal(await editor.document.save(), true);
    const plan = asked.find((a) => a.message.startsWith('Update '))!;
    assert.ok(plan.detail.includes(`${NOTICE}\n\ntitle "Welcome to authentik!" → "Edited in the editor"`), plan.detail);
    assert.deepEqual(plan.actions, ['Update', 'Open Blueprint']);
    assert.equal(authentik.seed.directory.flows.find((f) => f.slug === 'default-authentication-flow')!.title, 'Edited in the editor', 'the user chose to save anyway');
  });
});
