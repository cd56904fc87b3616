/**
 * Every kind the authentik tree shows on the stand-in, walked in the real editor: the first
 * object of each derived kind (a polymorphic folder gives several) opened with Edit…, one
 * writable text field changed, saved through the plan, and read back from the stand-in's typed
 * endpoint. A kind the API does not let anyone edit says why instead. The 13 hand-tuned kinds
 * have their own tests (authentikEditing.test.ts) and are left out here.
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import { derivedKind, refusalsOf } from '../../src/clients/authentik/resources/derivedKinds';
import type { TableKind } from '../../src/clients/authentik/resources/kindsTable';
import { AUTHENTIK_TOKENS, AuthentikStandIn, startAuthentikStandIn } from '../servers/authentik';
import { editDocument, nodesByKind, readBack } from './authentikKindsWalk';
import { connectAuthentik, ExtensionApi, extensionApi, signOutEverywhere, treeReader, waitFor } from './helpers';
import { closeEditors, replaceInEditor, scriptQuestions, ScriptedQuestions } from './scriptedQuestions';

/** The first writable plain-text field of a kind, `name` and `title` first; never its lookup. */
function textFieldOf(row: TableKind): string | undefined {
  const plain = Object.entries(row.fields ?? {})
    .filter(([name, s]) => s.type === 'string' && !s.format && !s.enum && !s.pattern && name !== row.idField && !(row.writeOnly ?? []).includes(name))
    .map(([name]) => name);
  return ['name', 'title'].find((f) => plain.includes(f)) ?? plain[0];
}

describe('authentik: every kind in the tree, edited and read back', function () {
  this.timeout(120_000);
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

  it('opens, changes one field, saves through the plan and reads it back, for each kind; a refused kind says why', async () => {
    const found = await nodesByKind(tree, authentik);
    const walked: string[] = [];
    for (const [name, { node, target, folder }] of found) {
      const kind = derivedKind(name)!;
      const refusal = refusalsOf(name, kind.row).edit;
      script.errors.length = 0;
      if (refusal) {
        await vscode.commands.executeCommand('opsConfig.edit', node);
        assert.ok(
          script.errors.some((e) => e.includes(refusal)),
          `${name}: Edit… says why (${script.errors.join(' | ')})`,
        );
        walked.push(`${name} (${folder}): refused`);
        continue;
      }
      const field = textFieldOf(kind.row);
      assert.ok(field, `${name}: a writable text field to change`);
      await vscode.commands.executeCommand('opsConfig.edit', node);
      const editor = await waitFor(() => editDocument(), `the edit document of ${name}`);
      const document = JSON.parse(editor.document.getText()) as Record<string, unknown>;
      const value = `${typeof document[field] === 'string' ? document[field] : ''} walked`.trim();
      await replaceInEditor(editor, /^[^]*$/, `${JSON.stringify({ ...document, [field]: value }, null, 2)}\n`);
      script.answers.push('Update');
      assert.equal(await editor.document.save(), true, `${name}: saved (${script.errors.join(' | ')})`);
      assert.match(script.asked.at(-1)?.message ?? '', /^Update /, `${name}: the plan was confirmed`);
      assert.equal((await readBack(authentik, kind.row, String(target.address.id)))[field], value, `${name}: the stand-in has the new ${field}`);
      walked.push(`${name} (${folder}): ${field}`);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
    console.log(`walked ${walked.length} kinds:\n  ${walked.join('\n  ')}`);
    // Each polymorphic folder of the seeded tree shows several types.
    for (const folder of ['Providers', 'Stages', 'Sources', 'Property mappings']) {
      assert.ok([...found.values()].filter((f) => f.folder === folder).length >= 2, `several kinds in ${folder}`);
    }
  });
});
