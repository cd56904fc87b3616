/**
 * Editing authentik's 13 managed kinds in the real editor, against the stand-in: an edit of each
 * kind saved through the plan (a PATCH of the one changed field), a flow made with New…, a used
 * flow whose delete demands its name, a license deleted; the secret commands (generate a
 * certificate, replace its private key from a file, install a license key, copy an enrollment
 * key); a broken blueprint refused by the server with a diagnostic on its line; a binding moved;
 * a transport's test notification, a rule's transports picked by name, a blueprint applied, a flow
 * exported as YAML; and the context menus of these commands matched against real nodes.
 */
import * as assert from 'assert';
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { AuthentikClient } from '../../src/clients/authentik';
import { AUTHENTIK_KINDS, AUTHENTIK_KIND_NAMES, AuthentikKind, idOf } from '../../src/clients/authentik/resources/kinds';
import { authentikApiBase } from '../../src/core/config';
import { SecretKeys } from '../../src/core/secrets';
import type { TreeNode } from '../../src/views/tree/node';
import { AUTHENTIK_TOKENS, AuthentikStandIn, startAuthentikStandIn } from '../servers/authentik';
import { FAILING_BLUEPRINT } from '../servers/authentik/directory/managed';
import { standInLicenseKey } from '../servers/authentik/managed/licenseKey';
import { ExtensionApi, describeNodes, extensionApi, offeredInMenu, setGlobal, signOutEverywhere, treeReader, waitFor } from './helpers';

/** One field each edit changes, per kind (a license has no field but its secret key). */
const EDITS: Partial<Record<AuthentikKind, [string, unknown]>> = {
  application: ['meta_description', 'Edited in the editor'],
  applicationEntitlement: ['name', 'edited-entitlement'],
  blueprint: ['enabled', false],
  brand: ['branding_title', 'Edited brand'],
  certificateKeyPair: ['name', 'edited-certificate'],
  connectorAgent: ['refresh_interval', 'minutes=45'],
  enrollmentToken: ['name', 'edited-token'],
  browserConnector: ['name', 'Edited Chrome connector'],
  eventRule: ['severity', 'warning'],
  eventTransport: ['name', 'Edited transport'],
  flow: ['title', 'Edited title'],
  flowStageBinding: ['evaluate_on_plan', true],
};

describe('Editing authentik managed resources', function () {
  this.timeout(120_000);
  let api: ExtensionApi;
  let authentik: AuthentikStandIn;
  let client: AuthentikClient;
  let asked: Array<{ message: string; detail: string }>;
  let answers: Array<string | undefined>;
  let inputs: Array<string | undefined>;
  let inputOptions: vscode.InputBoxOptions[];
  let picks: Array<(items: readonly vscode.QuickPickItem[]) => vscode.QuickPickItem | undefined>;
  let pickMany: (items: readonly vscode.QuickPickItem[]) => readonly vscode.QuickPickItem[] | undefined;
  let files: string[];
  let infos: string[];
  let errors: string[];
  let restore: () => void = () => undefined;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ak-edit-'));

  const provider = () => api.views.providers.authentik;
  const tree = treeReader(provider);
  const child = async (node: TreeNode | undefined, label: string): Promise<TreeNode> => (await tree.child(node, label)).node;
  const folder = async (label: string) => child(await child(undefined, new URL(authentik.url).host), label);
  const writes = () => authentik.requests.filter((r) => r.method !== 'GET');
  const d = () => authentik.seed.directory;

  before(async () => {
    api = await extensionApi();
    authentik = await startAuthentikStandIn();
    client = new AuthentikClient({ apiBase: authentikApiBase(authentik.url), token: AUTHENTIK_TOKENS.admin });
    await signOutEverywhere(api);
    await setGlobal('authentik.url', authentik.url);
    await api.services.secrets.store(SecretKeys.authentikToken, AUTHENTIK_TOKENS.admin);
    api.authentik.invalidate();
  });
  beforeEach(() => {
    authentik.reset();
    provider().refresh();
    asked = [];
    answers = [];
    inputs = [];
    inputOptions = [];
    picks = [];
    pickMany = () => undefined;
    files = [];
    infos = [];
    errors = [];
    const prompts = api.prompts as unknown as Record<string, unknown>;
    const original = { ...prompts };
    prompts.warn = async (message: string, options: vscode.MessageOptions | string | undefined) => {
      asked.push({ message, detail: typeof options === 'object' ? (options.detail ?? '') : '' });
      return answers.shift();
    };
    prompts.confirmDestructive = async (question: { title: string; action: string; detail: string[] }) => {
      asked.push({ message: question.title, detail: question.detail.join('\n') });
      return answers.shift() === question.action;
    };
    prompts.info = async (message: string) => void infos.push(message);
    prompts.error = async (message: string) => void errors.push(message);
    prompts.inputBox = async (options: vscode.InputBoxOptions) => {
      inputOptions.push(options);
      return inputs.shift();
    };
    prompts.quickPick = async (items: readonly vscode.QuickPickItem[] | Thenable<readonly vscode.QuickPickItem[]>) => picks.shift()?.(await items);
    prompts.quickPickMany = async (items: readonly vscode.QuickPickItem[]) => pickMany(items);
    const dialogs = api.authentikExplorer.dialogs as unknown as Record<string, unknown>;
    const openFile = dialogs.openFile;
    dialogs.openFile = async () => (files.length ? [vscode.Uri.file(files.shift()!)] : undefined);
    restore = () => {
      Object.assign(prompts, original);
      dialogs.openFile = openFile;
    };
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
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  async function editDocument(kindId: string): Promise<vscode.TextEditor> {
    return waitFor(() => {
      const editor = vscode.window.activeTextEditor;
      return editor?.document.uri.scheme === 'opsconfig-edit' && editor.document.uri.path.startsWith(`/${kindId}/`) && editor.document.getText().trim() ? editor : undefined;
    }, `the edit document of ${kindId}`);
  }
  async function setText(editor: vscode.TextEditor, text: string): Promise<void> {
    const all = new vscode.Range(editor.document.positionAt(0), editor.document.positionAt(editor.document.getText().length));
    assert.ok(await editor.edit((b) => b.replace(all, text)));
  }

  it('every kind but the license: Edit…, change one field, save → the plan is confirmed and one PATCH sends only that field', async () => {
    for (const kind of AUTHENTIK_KIND_NAMES.filter((k) => EDITS[k])) {
      const [field, value] = EDITS[kind]!;
      // A blueprint whose content authentik accepts: every blueprint write validates it again.
      const items = (await (await client.resources(kind)).list()).items as unknown as Array<Record<string, unknown>>;
      const item = kind === 'blueprint' ? items.find((b) => b.status !== 'error')! : items[0];
      const parent = AUTHENTIK_KINDS[kind].parent;
      const id = idOf(kind, item);
      const address = parent ? { parent: String(item[parent.field]), id } : { id };
      await vscode.commands.executeCommand('opsConfig.edit', { kindId: `authentik.${kind}`, address, name: id });
      const editor = await editDocument(`authentik.${kind}`);
      const document = JSON.parse(editor.document.getText()) as Record<string, unknown>;
      for (const secret of AUTHENTIK_KINDS[kind].secrets) assert.equal(secret.name in document, false, `${kind}: no ${secret.name} in the document`);
      await setText(editor, `${JSON.stringify({ ...document, [field]: value }, null, 2)}\n`);
      authentik.requests.length = 0;
      answers = ['Update'];
      assert.equal(await editor.document.save(), true, `${kind} saved`);
      assert.match(asked.at(-1)?.message ?? '', /^Update /, `${kind}: the plan was confirmed`);
      const expected = kind === 'blueprint' ? { [field]: value, ...(item.path ? { path: item.path } : { content: item.content }) } : { [field]: value };
      assert.deepEqual(
        writes().map((w) => [w.method, w.body]),
        [['PATCH', expected]],
        `${kind}: one PATCH with only ${field}`,
      );
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  it('New… on Flows creates a flow from the template; deleting a used flow demands its name', async () => {
    await vscode.commands.executeCommand('opsConfig.newObject', await folder('Flows'));
    const editor = await waitFor(() => (vscode.window.activeTextEditor?.document.uri.path.includes('~new') ? vscode.window.activeTextEditor : undefined), 'the new flow document');
    const template = JSON.parse(editor.document.getText());
    await setText(editor, `${JSON.stringify({ ...template, slug: 'made-in-editor', name: 'Made in the editor' }, null, 2)}\n`);
    answers = ['Create'];
    await editor.document.save();
    assert.equal(asked[0]?.message, 'Create a new flow?');
    await waitFor(() => d().flows.find((f) => f.slug === 'made-in-editor'), 'the flow on the stand-in');
    // One object, one document: the created flow's document is the one Edit… on its node opens (both carry its slug).
    const created = await waitFor(
      () => (vscode.window.activeTextEditor?.document.uri.path.includes('made-in-editor') ? vscode.window.activeTextEditor.document.uri : undefined),
      'the flow’s own document',
    );
    await vscode.commands.executeCommand('opsConfig.edit', await child(await folder('Flows'), 'made-in-editor'));
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), created.toString());
    const flowTabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputText && t.input.uri.path.includes('made-in-editor'));
    assert.equal(flowTabs.length, 1, flowTabs.map((t) => t.label).join(', '));

    const flowNode = await child(await folder('Flows'), 'default-authentication-flow');
    answers = ['Delete'];
    inputs = ['default-authentication-flow'];
    authentik.requests.length = 0;
    await vscode.commands.executeCommand('opsConfig.deleteObject', flowNode);
    assert.equal(asked.at(-1)?.message, 'Delete flow “Welcome to authentik!”?');
    assert.match(asked.at(-1)!.detail, /It is used by \d+ objects?:/);
    const confirm = inputOptions[0];
    assert.ok(confirm?.validateInput, 'the name is asked for');
    assert.ok(await confirm.validateInput('default-authentication'), 'a wrong name is refused');
    assert.equal(await confirm.validateInput('default-authentication-flow'), undefined);
    assert.deepEqual(
      writes().map((w) => `${w.method} ${w.path}`),
      ['DELETE /api/v3/flows/instances/default-authentication-flow/'],
    );
  });

  it('New… on Applications opens the template with no problem from anyone (an empty launch URL is not "not a URI")', async () => {
    await vscode.commands.executeCommand('opsConfig.newObject', await folder('Applications'));
    const editor = await waitFor(() => (vscode.window.activeTextEditor?.document.uri.path.includes('~new') ? vscode.window.activeTextEditor : undefined), 'the new application document');
    assert.match(editor.document.getText(), /"meta_launch_url": ""/);
    // The JSON service and our checks both run a moment after opening: give them that moment.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    assert.deepEqual(
      vscode.languages.getDiagnostics(editor.document.uri).map((d) => `${d.source ?? ''}: ${d.message}`),
      [],
    );
  });

  it('Delete… on a license removes it after the confirmation', async () => {
    const license = d().licenses[0];
    const node = await child(await folder('Enterprise licenses'), license.name);
    answers = ['Delete'];
    inputs = [license.name];
    await vscode.commands.executeCommand('opsConfig.deleteObject', node);
    await waitFor(() => (d().licenses.some((l) => l.license_uuid === license.license_uuid) ? undefined : true), 'the license gone');
  });

  it('Generate Certificate…, then Replace Private Key from File… — the key goes only into the request', async () => {
    inputs = ['sso.example.com', 'sso.example.com, login.example.com', '90'];
    answers = ['Generate'];
    await vscode.commands.executeCommand('opsConfig.authentik.generateCertificate');
    const pair = await waitFor(() => d().certificates.find((c) => c.name === 'sso.example.com'), 'the generated certificate');
    assert.match(asked[0].detail, /valid for 90 days, for sso\.example\.com, login\.example\.com/);

    const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const keyFile = path.join(tmp, 'new.key');
    fs.writeFileSync(keyFile, keyPem);
    files = [keyFile];
    answers = ['Replace Key'];
    authentik.requests.length = 0;
    await vscode.commands.executeCommand('opsConfig.authentik.replacePrivateKey', `authentik:certificate:${pair.pk}`);
    const patch = writes().find((w) => w.method === 'PATCH');
    assert.deepEqual(Object.keys(patch?.body ?? {}), ['key_data']);
    assert.ok(!asked.some((a) => a.detail.includes('PRIVATE KEY')) && !infos.some((m) => m.includes('PRIVATE KEY')), 'the key is never shown');
    assert.ok(infos.some((m) => m === 'Replaced the private key of “sso.example.com”.'));
  });

  it('Install License Key… from a hidden prompt; Copy Enrollment Key puts the key on the clipboard only', async () => {
    const key = standInLicenseKey(authentik.seed.installId, { name: 'Acme Enterprise 2027', exp: Math.floor(Date.now() / 1000) + 400 * 86_400, internal_users: 50, external_users: 500 });
    picks = [(items) => items.find((i) => i.label.startsWith('Paste'))];
    inputs = [key];
    answers = ['Install'];
    await vscode.commands.executeCommand('opsConfig.authentik.installLicense');
    assert.equal(inputOptions[0]?.password, true, 'the key is typed into a password box');
    await waitFor(() => d().licenses.find((l) => l.name === 'Acme Enterprise 2027'), 'the license installed');
    assert.ok(infos.some((m) => /Installed license “Acme Enterprise 2027”: 50 internal and 500 external users/.test(m)));
    assert.ok(![...infos, ...asked.map((a) => a.detail)].some((m) => m.includes(key)));

    const token = d().enrollmentTokens.find((t) => !t.expiring || Date.parse(t.expires ?? '') > Date.now())!;
    await vscode.env.clipboard.writeText('');
    await vscode.commands.executeCommand('opsConfig.authentik.copyEnrollmentKey', `authentik:enrollmentToken:${token.token_uuid}`);
    assert.equal(await vscode.env.clipboard.readText(), token.key);
    assert.ok(infos.some((m) => /Copied the enrollment key of .* to the clipboard\. It is not shown anywhere/.test(m)));
    assert.ok(!infos.some((m) => m.includes(token.key)));
  });

  it('a broken blueprint is refused by the server on save: a diagnostic on the entry it is about, nothing applied', async () => {
    const blueprint = d().blueprints.find((b) => b.content && b.status !== 'error')!;
    await vscode.commands.executeCommand('opsConfig.authentik.editBlueprintContent', `authentik:blueprint:${blueprint.pk}`);
    const editor = await waitFor(() => (vscode.window.activeTextEditor?.document.uri.scheme === 'opsconfig-blueprint' ? vscode.window.activeTextEditor : undefined), 'the blueprint YAML');
    assert.equal(editor.document.languageId, 'yaml');
    await setText(editor, FAILING_BLUEPRINT);
    answers = ['Save'];
    assert.equal(await editor.document.save(), false, 'not saved');
    const diagnostics = await waitFor(() => {
      const found = vscode.languages.getDiagnostics(editor.document.uri);
      return found.length ? found : undefined;
    }, 'the validation log as diagnostics');
    assert.ok(
      diagnostics.some((x) => x.range.start.line > 0),
      `placed on a line of the entry: ${diagnostics.map((x) => `${x.range.start.line}: ${x.message}`).join('; ')}`,
    );
    assert.equal(d().blueprints.find((b) => b.pk === blueprint.pk)?.content, blueprint.content, 'the server kept the old content');

    // A blueprint authentik reads from a file on the server ignores `content`: it does not open as if editable.
    const fromFile = d().blueprints.find((b) => b.path)!;
    await vscode.commands.executeCommand('opsConfig.authentik.editBlueprintContent', `authentik:blueprint:${fromFile.pk}`);
    assert.ok(
      errors.some((m) => m.includes(`is read from the file ${fromFile.path} on the authentik server`)),
      errors.join('\n'),
    );
  });

  it('a blueprint entry naming a model authentik does not have: the diagnostic is on that entry’s model and names it', async () => {
    const blueprint = d().blueprints.find((b) => b.content && b.status !== 'error')!;
    await vscode.commands.executeCommand('opsConfig.authentik.editBlueprintContent', `authentik:blueprint:${blueprint.pk}`);
    const editor = await waitFor(() => (vscode.window.activeTextEditor?.document.uri.scheme === 'opsconfig-blueprint' ? vscode.window.activeTextEditor : undefined), 'the blueprint YAML');
    const text = [
      'version: 1',
      'metadata:',
      '  name: Two groups',
      'entries:',
      '  - model: authentik_core.group',
      '    identifiers:',
      '      name: on-call',
      '  - model: authentik_core.grup',
      '    identifiers:',
      '      name: platform',
      '',
    ].join('\n');
    await setText(editor, text);
    answers = ['Save'];
    assert.equal(await editor.document.save(), false, 'not saved');
    const diagnostic = await waitFor(() => vscode.languages.getDiagnostics(editor.document.uri)[0], 'the validation log as a diagnostic');
    assert.equal(diagnostic.message, 'App or Model does not exist: authentik_core.grup');
    assert.equal(diagnostic.range.start.line, 7, 'on the second entry’s model line');
  });

  it('auto-save sends no blueprint: the edit waits for an explicit save', async () => {
    const blueprint = d().blueprints.find((b) => b.content && b.status !== 'error')!;
    const files = vscode.workspace.getConfiguration('files');
    await files.update('autoSaveDelay', 100, vscode.ConfigurationTarget.Global);
    await files.update('autoSave', 'afterDelay', vscode.ConfigurationTarget.Global);
    try {
      await vscode.commands.executeCommand('opsConfig.authentik.editBlueprintContent', `authentik:blueprint:${blueprint.pk}`);
      const editor = await waitFor(() => (vscode.window.activeTextEditor?.document.uri.scheme === 'opsconfig-blueprint' ? vscode.window.activeTextEditor : undefined), 'the blueprint YAML');
      authentik.requests.length = 0;
      await setText(editor, `${editor.document.getText()}\n# a comment typed by the user\n`);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      assert.deepEqual(
        writes().map((r) => `${r.method} ${r.path}`),
        [],
        'nothing was sent',
      );
      assert.equal(asked.length, 0, 'no confirmation came from an auto-save');
      assert.equal(editor.document.isDirty, true, 'the edit is kept, unsaved');
    } finally {
      await files.update('autoSave', undefined, vscode.ConfigurationTarget.Global);
      await files.update('autoSaveDelay', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('Move Down on a binding swaps the two orders in one confirmed plan', async () => {
    const flow = await child(await folder('Flows'), 'default-authentication-flow');
    const first = await child(flow, '10 · default-authentication-identification');
    answers = ['Move Down'];
    await vscode.commands.executeCommand('opsConfig.authentik.moveBindingDown', first);
    assert.match(asked[0].detail, /order of “10 · default-authentication-identification”: 10 → 20\norder of “20 · default-authentication-password”: 20 → 10/);
    const orders = await waitFor(async () => {
      const shown = await describeNodes(provider(), await provider().getChildren(await child(await folder('Flows'), 'default-authentication-flow')));
      return shown[0]?.label === '10 · default-authentication-password' ? shown.map((s) => s.label) : undefined;
    }, 'the tree in the new order');
    assert.equal(orders[1], '20 · default-authentication-identification');
  });

  it('Send Test Notification shows the answer; Choose Transports… saves names as pks; Apply Blueprint asks first; Export Flow as Blueprint opens YAML', async () => {
    const transport = d().notificationTransports.find((t) => t.name === 'Incident webhook')!;
    await vscode.commands.executeCommand('opsConfig.authentik.sendTestNotification', `authentik:eventTransport:${transport.pk}`);
    assert.ok(infos.includes('Sent a test notification through “Incident webhook”. The receiver answered: 200 — ok'), infos.join('\n'));

    const rule = d().notificationRules.find((r) => r.name === 'default-notify-update')!;
    const pk = (name: string) => d().notificationTransports.find((t) => t.name === name)!.pk;
    let offered: string[] = [];
    pickMany = (items) => {
      offered = items.map((i) => i.label);
      return items.filter((i) => i.label === 'SRE Slack' || i.label === 'Email admins');
    };
    answers = ['Update'];
    authentik.requests.length = 0;
    await vscode.commands.executeCommand('opsConfig.authentik.chooseRuleTransports', `authentik:eventRule:${rule.pk}`);
    assert.ok(offered.includes('Incident webhook') && offered.includes('default-local-transport'), `transports offered by name: ${offered.join(', ')}`);
    const patch = writes();
    assert.equal(patch.length, 1, 'one write');
    assert.deepEqual([patch[0].method, [...(patch[0].body as { transports: string[] }).transports].sort()], ['PATCH', [pk('SRE Slack'), pk('Email admins')].sort()]);

    const blueprint = d().blueprints.find((b) => b.status !== 'error')!;
    authentik.requests.length = 0;
    answers = [undefined];
    await vscode.commands.executeCommand('opsConfig.authentik.applyBlueprint', `authentik:blueprint:${blueprint.pk}`);
    assert.deepEqual(writes(), [], 'not applied without a yes');
    answers = ['Apply'];
    await vscode.commands.executeCommand('opsConfig.authentik.applyBlueprint', `authentik:blueprint:${blueprint.pk}`);
    assert.equal(asked.at(-1)?.message, `Apply blueprint “${blueprint.name}”?`);
    assert.deepEqual(
      writes().map((w) => `${w.method} ${w.path}`),
      [`POST /api/v3/managed/blueprints/${blueprint.pk}/apply/`],
    );

    await vscode.commands.executeCommand('opsConfig.authentik.exportFlowBlueprint', 'authentik:flow:default-authentication-flow');
    const exported = await waitFor(() => {
      const document = vscode.window.activeTextEditor?.document;
      return document?.languageId === 'yaml' && document.isUntitled ? document : undefined;
    }, 'the exported YAML');
    assert.match(exported.getText(), /model: authentik_flows\.flow\n/);
    assert.match(exported.getText(), /slug: default-authentication-flow/);
  });

  it('the context menus offer the commands on the nodes they are for (when-clauses read as VS Code reads them)', async () => {
    const offered = (command: string, node: TreeNode) => offeredInMenu(provider(), command, node);
    const first = async (folderLabel: string) => (await provider().getChildren(await folder(folderLabel)))[0];
    const flow = await child(await folder('Flows'), 'default-authentication-flow');
    const binding = await child(flow, '10 · default-authentication-identification');
    const connector = await first('Endpoint agent connectors');
    const expected: Array<[string, TreeNode, boolean]> = [
      ['opsConfig.authentik.newBinding', flow, true],
      ['opsConfig.authentik.exportFlowBlueprint', flow, true],
      ['opsConfig.authentik.moveBindingUp', flow, false],
      ['opsConfig.authentik.moveBindingUp', binding, true],
      ['opsConfig.authentik.moveBindingDown', binding, true],
      ['opsConfig.authentik.newEntitlement', await first('Applications'), true],
      ['opsConfig.authentik.newEnrollmentToken', connector, true],
      ['opsConfig.authentik.copyEnrollmentKey', (await provider().getChildren(connector))[0], true],
      ['opsConfig.authentik.generateCertificate', await folder('Certificates'), true],
      ['opsConfig.authentik.replacePrivateKey', await first('Certificates'), true],
      ['opsConfig.authentik.installLicense', await folder('Enterprise licenses'), true],
      ['opsConfig.deleteObject', await first('Enterprise licenses'), true],
      ['opsConfig.authentik.replaceCredentials', await first('Endpoint browser connectors'), true],
      ['opsConfig.authentik.sendTestNotification', await first('Event transports'), true],
      ['opsConfig.authentik.setWebhookUrl', await first('Event transports'), true],
      ['opsConfig.authentik.sendTestNotification', await first('Event rules'), false],
      ['opsConfig.authentik.chooseRuleTransports', await first('Event rules'), true],
      ['opsConfig.authentik.applyBlueprint', await first('Blueprints'), true],
      ['opsConfig.authentik.editBlueprintContent', await first('Blueprints'), true],
    ];
    const wrong = [];
    for (const [command, node, shown] of expected)
      if ((await offered(command, node)) !== shown) wrong.push(`${command} ${shown ? 'missing on' : 'shown on'} ${String((await provider().getTreeItem(node)).contextValue)}`);
    assert.deepEqual(wrong, []);
  });
});
