/**
 * Every derived kind the authentik tree shows, made and deleted in the real editor: New… in the
 * kind's folder (a polymorphic folder asks which type), the template's required fields filled,
 * saved through the plan; the object is then on the stand-in and in the folder (found with the
 * folder's server search, as a user would in a long list). Delete… on its node asks, and the
 * object is gone from both. A kind the API does not let anyone create or delete says why instead.
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import { derivedKind, refusalsOf } from '../../src/clients/authentik/resources/derivedKinds';
import type { TableKind } from '../../src/clients/authentik/resources/kindsTable';
import type { EditTarget } from '../../src/editing/editableKinds';
import type { SearchableFolderNode } from '../../src/views/authentik/folders';
import type { TreeNode } from '../../src/views/tree/node';
import { AUTHENTIK_TOKENS, AuthentikStandIn, startAuthentikStandIn } from '../servers/authentik';
import { editDocument, nodesByKind, readTyped } from './authentikKindsWalk';
import { connectAuthentik, ExtensionApi, extensionApi, signOutEverywhere, treeReader, waitFor } from './helpers';
import { closeEditors, replaceInEditor, scriptQuestions, ScriptedQuestions } from './scriptedQuestions';

/**
 * The template with each required field still empty given a value the server takes: the new
 * object's name (and username) is `unique`, a flow reference the first flow, a URI a URL.
 */
function filled(row: TableKind, template: Record<string, unknown>, unique: string, flowPk: string): Record<string, unknown> {
  const out = { ...template };
  for (const field of row.required ?? []) {
    if (!(field in out)) continue;
    const schema = row.fields?.[field] ?? {};
    if (field === 'name' || field === 'username') out[field] = unique;
    else if (out[field] !== '') continue;
    else if (schema.format === 'uuid') out[field] = flowPk;
    else if (schema.format === 'uri') out[field] = 'https://walk.example.com/';
    else out[field] = 'walked';
  }
  return out;
}

describe('authentik: every kind in the tree, created from its folder and deleted', function () {
  this.timeout(300_000);
  let api: ExtensionApi;
  let authentik: AuthentikStandIn;
  let script: ScriptedQuestions;
  const provider = () => api.views.providers.authentik;
  const tree = treeReader(provider);

  before(async () => {
    api = await extensionApi();
    authentik = await startAuthentikStandIn();
    await connectAuthentik(api, authentik.url, AUTHENTIK_TOKENS.admin);
    provider().refresh();
  });
  beforeEach(() => {
    script = scriptQuestions(api);
  });
  afterEach(async () => {
    await closeEditors(script);
    assert.deepEqual(authentik.violations, []);
  });
  after(async () => {
    await signOutEverywhere(api);
    await authentik.stop();
  });

  /** The folder as the tree shows it now (the view reloads after each write), searched on the server for `text`. */
  async function searched(folder: string, text: string): Promise<Array<{ label: string; node: TreeNode }>> {
    const host = (await tree.child(undefined, new URL(authentik.url).host)).node;
    const node = (await tree.child(host, folder)).node as SearchableFolderNode<unknown>;
    if (node.search !== text) node.setSearch(text);
    return await tree.children(node);
  }

  /** The node of an object named `label` in the folder, once the tree shows it. */
  const shown = (folder: string, label: string) => waitFor(async () => (await searched(folder, label)).find((c) => c.label === label)?.node, `“${label}” in ${folder}`);

  it('New… fills the template, saves through the plan, and the object is on the server and in the tree; Delete… removes it from both; a refused kind says why', async () => {
    const found = await nodesByKind(tree, authentik);
    const flowPk = authentik.seed.directory.flows[0].pk;
    const walked: string[] = [];
    for (const [name, { node, folder, folderNode }] of found) {
      const kind = derivedKind(name)!;
      const refusals = refusalsOf(name, kind.row);
      const family = (folderNode as SearchableFolderNode<unknown>).spec.family;
      script.errors.length = 0;
      script.asked.length = 0;
      if (refusals.create) {
        await vscode.commands.executeCommand('opsConfig.newObject', folderNode);
        // A polymorphic folder does not offer the kind at all; a folder of its own says why.
        if (family) assert.ok(!script.picks.at(-1)?.includes(kind.spec.label), `${name}: not offered in ${folder}`);
        else
          assert.ok(
            script.errors.some((e) => e.includes(refusals.create!)),
            `${name}: New… says why (${script.errors.join(' | ')})`,
          );
      }
      if (refusals.delete) {
        script.errors.length = 0;
        await vscode.commands.executeCommand('opsConfig.deleteObject', node);
        assert.ok(
          script.errors.some((e) => e.includes(refusals.delete!)),
          `${name}: Delete… says why (${script.errors.join(' | ')})`,
        );
      }
      if (refusals.create || refusals.delete) {
        walked.push(`${name} (${folder}): refused ${[refusals.create && 'create', refusals.delete && 'delete'].filter(Boolean).join(', ')}`);
        continue;
      }

      const unique = `walk-${name.toLowerCase()}`;
      if (family) script.answers.push(kind.spec.label);
      await vscode.commands.executeCommand('opsConfig.newObject', folderNode);
      assert.deepEqual(script.errors, [], `${name}: New… opened`);
      const editor = await waitFor(
        () => editDocument((uri) => uri.path.includes('~new')),
        `the new document of ${name} (offered: ${script.picks.at(-1)?.join(', ') ?? 'nothing'}; ${script.errors.join(' | ')})`,
      );
      const template = JSON.parse(editor.document.getText()) as Record<string, unknown>;
      await replaceInEditor(editor, /^[^]*$/, `${JSON.stringify(filled(kind.row, template, unique, flowPk), null, 2)}\n`);
      // A required secret (an OAuth source's consumer_secret) is asked for on create, never written in the document.
      const secrets = (kind.row.required ?? []).filter((f) => (kind.row.writeOnly ?? []).includes(f));
      script.typed.push(...secrets.map(() => 'walk-secret'));
      script.answers.push('Create');
      assert.equal(await editor.document.save(), true, `${name}: created (${script.errors.join(' | ')})`);
      assert.ok(
        script.asked.some((a) => /^Create a new /.test(a.message)),
        `${name}: the plan was confirmed`,
      );
      assert.deepEqual(
        script.asked.filter((a) => a.message.endsWith('(password)')).map((a) => a.message.split(' ')[1]),
        secrets,
        `${name}: asked for each required secret`,
      );

      const created = await shown(folder, unique);
      const target = (created as { editTarget?: () => EditTarget }).editTarget!();
      const id = String(target.address.id);
      const onServer = await readTyped(authentik, kind.row, id);
      assert.equal(onServer.status, 200, `${name}: the stand-in has ${unique} at ${kind.row.path}${id}/`);
      assert.equal(onServer.object?.[kind.row.required?.includes('username') ? 'username' : 'name'], unique);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');

      script.answers.push('Delete');
      script.typed.push(unique);
      await vscode.commands.executeCommand('opsConfig.deleteObject', created);
      assert.deepEqual(script.errors, [], `${name}: Delete… ran`);
      assert.ok(
        script.asked.some((a) => a.message.startsWith('Delete ') && a.message.includes(unique)),
        `${name}: the confirmation names it (${JSON.stringify(script.asked)} ${script.infos.join(' | ')})`,
      );
      await waitFor(async () => ((await readTyped(authentik, kind.row, id)).status === 404 ? true : undefined), `${name}: gone from the stand-in`);
      await waitFor(async () => ((await searched(folder, unique)).some((c) => c.label === unique) ? undefined : true), `${name}: gone from ${folder}`);
      await searched(folder, '');
      script.answers.length = 0;
      script.typed.length = 0;
      walked.push(`${name} (${folder}): created and deleted`);
    }
    console.log(`walked ${walked.length} kinds:\n  ${walked.join('\n  ')}`);
    assert.ok(walked.filter((w) => w.endsWith('created and deleted')).length >= 25, 'most kinds made and deleted');
  });
});
