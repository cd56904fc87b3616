/**
 * Relations as actions in the real editor, against the stand-in: a user added to a group from the
 * group's node and removed again from the user's node (the picker telling the two “On-call”
 * groups apart), a stage put into a flow between two others — each with its plan shown, confirmed,
 * and read back from the server — and the context menus offering each action on its nodes.
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import { AuthentikClient } from '../../src/clients/authentik';
import { authentikApiBase } from '../../src/core/config';
import { SecretKeys } from '../../src/core/secrets';
import type { TreeNode } from '../../src/views/tree/node';
import { AUTHENTIK_TOKENS, AuthentikStandIn, startAuthentikStandIn } from '../servers/authentik';
import { ExtensionApi, extensionApi, offeredInMenu, setGlobal, signOutEverywhere, treeReader } from './helpers';

describe('authentik relations as actions', function () {
  this.timeout(120_000);
  let api: ExtensionApi;
  let authentik: AuthentikStandIn;
  let client: AuthentikClient;
  let asked: Array<{ message: string; detail: string }>;
  let answers: Array<string | undefined>;
  let picks: Array<(items: readonly vscode.QuickPickItem[]) => vscode.QuickPickItem | undefined>;
  let offered: string[][];
  let infos: string[];
  let typed: string[];
  let restore: () => void = () => undefined;

  const provider = () => api.views.providers.authentik;
  const tree = treeReader(provider);
  const child = async (node: TreeNode | undefined, label: string): Promise<TreeNode> => (await tree.child(node, label)).node;
  const folder = async (label: string) => child(await child(undefined, new URL(authentik.url).host), label);
  const writes = () => authentik.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
  const byLabel = (label: string) => (items: readonly vscode.QuickPickItem[]) => items.find((i) => i.label === label);

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
    picks = [];
    offered = [];
    infos = [];
    typed = [];
    const prompts = api.prompts as unknown as Record<string, unknown>;
    const original = { ...prompts };
    prompts.warn = async (message: string, options: vscode.MessageOptions | undefined) => {
      asked.push({ message, detail: options?.detail ?? '' });
      return answers.shift();
    };
    prompts.confirmDestructive = async (question: { title: string; action: string; detail: string[] }) => {
      asked.push({ message: question.title, detail: question.detail.join('\n') });
      return answers.shift() === question.action;
    };
    prompts.info = async (message: string) => void infos.push(message);
    prompts.inputBox = async () => typed.shift();
    prompts.quickPick = async (items: readonly vscode.QuickPickItem[] | Thenable<readonly vscode.QuickPickItem[]>) => {
      const list = await items;
      offered.push(list.map((i) => [i.label, i.description, i.detail].filter(Boolean).join(' | ')));
      return picks.shift()?.(list);
    };
    restore = () => Object.assign(prompts, original);
  });
  afterEach(() => {
    restore();
    assert.deepEqual(authentik.violations, []);
  });
  after(async () => {
    await signOutEverywhere(api);
    await authentik.stop();
  });

  it('Add Member… on a group and Remove from Group… on the user: each plan shown, confirmed, and read back', async () => {
    const user = authentik.seed.users.find((u) => u.username === 'terraform-readonly')!;
    const group = authentik.seed.directory.groups.filter((g) => g.name === 'On-call')[1];
    // Record keys stand for the nodes (a record panel passes them); the menus test covers the nodes.
    // 267 users: the picker asks for a search on the server first.
    typed = [user.username];
    picks = [byLabel(user.username)];
    answers = ['Add to Group'];
    await vscode.commands.executeCommand('opsConfig.authentik.addGroupMember', `authentik:group:${group.pk}`);
    assert.equal(asked[0].message, `Add “${user.username}” (${user.name}) to group “On-call”?`);
    assert.match(asked[0].detail, new RegExp(`group “On-call”: members \\+${user.username} \\(user ${user.pk}\\)`));
    assert.ok(asked[0].detail.includes(`One request is sent: POST /core/groups/${group.pk}/add_user/ {"pk":${user.pk}}.`), asked[0].detail);
    assert.deepEqual(writes(), [`POST /api/v3/core/groups/${group.pk}/add_user/`]);
    assert.ok((await client.retrieveUser(user.pk)).groups?.includes(group.pk), 'the server has the new member');
    assert.deepEqual(infos, [`Added “${user.username}” (${user.name}) to group “On-call”.`]);

    // From the user's side: the picker lists the user's direct groups only.
    authentik.requests.length = 0;
    asked = [];
    const direct = user.groups.map((g) => g.name).sort();
    picks = [(items) => items.find((i) => i.label === 'On-call')];
    answers = ['Remove from Group'];
    await vscode.commands.executeCommand('opsConfig.authentik.removeUserFromGroup', `authentik:user:${user.pk}`);
    assert.deepEqual(offered[1].map((line) => line.split(' | ')[0]).sort(), direct, 'only the direct groups are offered');
    assert.equal(asked[0].message, `Remove “${user.username}” (${user.name}) from group “On-call”?`);
    assert.deepEqual(writes(), [`POST /api/v3/core/groups/${group.pk}/remove_user/`]);
    assert.ok(!(await client.retrieveUser(user.pk)).groups?.includes(group.pk), 'the membership is gone on the server');
  });

  it('a group picker tells same-named groups apart by where they sit and their pk', async () => {
    const user = authentik.seed.users.find((u) => u.username === 'terraform-readonly')!;
    picks = [() => undefined];
    await vscode.commands.executeCommand('opsConfig.authentik.addUserToGroup', `authentik:user:${user.pk}`);
    const onCall = offered[0].filter((line) => line.startsWith('On-call'));
    assert.equal(onCall.length, 2, offered[0].join('\n'));
    for (const g of authentik.seed.directory.groups.filter((x) => x.name === 'On-call')) {
      assert.ok(
        onCall.some((line) => line.includes(`pk ${g.pk}`) && / \| under /.test(line)),
        onCall.join('\n'),
      );
    }
    assert.deepEqual(writes(), [], 'cancelled: nothing sent');
  });

  it('Add Stage at Position… puts a stage between two of a flow’s stages after the plan is confirmed; the tree shows the new order', async () => {
    const flowNode = await child(await folder('Flows'), 'default-authentication-flow');
    const consent = authentik.seed.directory.stages.find((s) => s.name === 'default-provider-authorization-consent')!;
    picks = [byLabel(consent.name), byLabel('Between “20 · default-authentication-password” and “30 · default-authentication-mfa-validation”')];
    answers = ['Add Stage'];
    await vscode.commands.executeCommand('opsConfig.authentik.addStageAtPosition', flowNode);
    assert.equal(asked[0].message, `Add stage “${consent.name}” to flow “default-authentication-flow”?`);
    assert.match(asked[0].detail, /stage “default-provider-authorization-consent” bound at order 25, between “20 · default-authentication-password” and “30 · default-authentication-mfa-validation”/);
    assert.deepEqual(writes(), ['POST /api/v3/flows/bindings/']);
    const flow = authentik.seed.directory.flows.find((f) => f.slug === 'default-authentication-flow')!;
    const orders = (await client.listFlowBindings(flow.pk, { pageSize: 100 })).items.sort((a, b) => a.order - b.order).map((b) => `${b.order} · ${b.stage_obj?.name}`);
    assert.deepEqual(orders, [
      '10 · default-authentication-identification',
      '20 · default-authentication-password',
      '25 · default-provider-authorization-consent',
      '30 · default-authentication-mfa-validation',
      '100 · default-authentication-login',
    ]);
    const shown = (await tree.children(await child(await folder('Flows'), 'default-authentication-flow'))).map((n) => n.label);
    assert.equal(shown[2], '25 · default-provider-authorization-consent', shown.join('\n'));
  });

  it('a plan not confirmed sends nothing', async () => {
    const flowNode = await child(await folder('Flows'), 'default-authentication-flow');
    picks = [byLabel('default-provider-authorization-consent'), (items) => items[0]];
    answers = [undefined];
    await vscode.commands.executeCommand('opsConfig.authentik.addStageAtPosition', flowNode);
    assert.equal(asked.length, 1, 'the plan was shown');
    assert.deepEqual(writes(), []);
  });

  it('the context menus offer each relation action on its nodes', async () => {
    const isOffered = (command: string, node: TreeNode) => offeredInMenu(provider(), command, node);
    const first = async (label: string) => (await provider().getChildren(await folder(label)))[0];
    const flow = await child(await folder('Flows'), 'default-authentication-flow');
    const binding = await child(flow, '10 · default-authentication-identification');
    const group = await first('Groups');
    const user = await first('Users');
    const application = await first('Applications');
    const permission = await first('Permissions');
    const expected: Array<[string, TreeNode, boolean]> = [
      ['opsConfig.authentik.addGroupMember', group, true],
      ['opsConfig.authentik.removeGroupMember', group, true],
      ['opsConfig.authentik.addGroupMember', user, false],
      ['opsConfig.authentik.addUserToGroup', user, true],
      ['opsConfig.authentik.removeUserFromGroup', user, true],
      ['opsConfig.authentik.bindPolicy', application, true],
      ['opsConfig.authentik.bindPolicy', flow, true],
      ['opsConfig.authentik.removePolicyBinding', application, true],
      ['opsConfig.authentik.bindPolicy', group, false],
      ['opsConfig.authentik.addStageAtPosition', flow, true],
      ['opsConfig.authentik.addStageAtPosition', binding, false],
      ['opsConfig.authentik.removeStageFromFlow', binding, true],
      ['opsConfig.authentik.removeStageFromFlow', flow, true],
      ['opsConfig.authentik.assignPermissionToRole', permission, true],
      ['opsConfig.authentik.unassignPermissionFromRole', permission, true],
      ['opsConfig.authentik.assignPermissionToRole', user, false],
    ];
    const wrong = [];
    for (const [command, node, shown] of expected)
      if ((await isOffered(command, node)) !== shown) wrong.push(`${command} ${shown ? 'missing on' : 'shown on'} ${String((await provider().getTreeItem(node)).contextValue)}`);
    assert.deepEqual(wrong, []);
  });
});
