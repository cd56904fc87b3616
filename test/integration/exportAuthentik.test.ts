/**
 * Issue 32, Export as Terraform… and Export as Pulumi… on authentik in the real editor: run from
 * the authentik stand-in's connection node (and its Groups folder) with the argument the context
 * menu passes, answered "Open as Untitled", each opens one document holding the stand-in's
 * objects with their import IDs, references between them, and client secrets as sensitive
 * variables, never their values. The objects are looked up from the stand-in's seed, so what the
 * test expects is what the server holds, not what the export happens to write.
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { TreeNode } from '../../src/views/tree/node';
import { AUTHENTIK_TOKENS, AuthentikStandIn, startAuthentikStandIn } from '../servers/authentik';
import { readHcl, typeScriptErrors } from '../unit/codegen/parsedCode';
import { ExtensionApi, connectAuthentik, extensionApi, offeredInMenu, scriptPrompts, signOutEverywhere, treeReader, waitFor } from './helpers';

type Blocks = Record<string, Record<string, Array<Record<string, unknown>>>>;

describe('Export as Terraform and Pulumi (authentik connection)', function () {
  this.timeout(120_000);
  let api: ExtensionApi;
  let authentik: AuthentikStandIn;
  const provider = () => api.views.providers.authentik;
  const { child } = treeReader(provider);
  const connection = async () => (await child(undefined, new URL(authentik.url).host)).node;

  before(async () => {
    api = await extensionApi();
    authentik = await startAuthentikStandIn();
    await connectAuthentik(api, authentik.url, AUTHENTIK_TOKENS.admin);
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await signOutEverywhere(api);
    await authentik.stop();
  });

  /** A few of the stand-in's objects, as its seed holds them, and the references between them. */
  function seedObjects() {
    const { directory, users } = authentik.seed;
    const named = (name: string) => directory.groups.filter((g) => g.name === name).length === 1;
    const group = directory.groups.find((g) => g.parents.length > 0 && named(g.name) && named(directory.groups.find((p) => p.pk === g.parents[0])!.name))!;
    const parent = directory.groups.find((g) => g.pk === group.parents[0])!;
    const user = users.find((u) => u.type === 'internal' && u.isActive && u.groups.some((g) => g.pk === group.pk))!;
    const oauth2 = directory.providers.find(
      (p) => p.kind === 'oauth2' && typeof p.extra.client_secret === 'string' && p.extra.client_secret !== '' && directory.applications.some((a) => a.provider === p.pk),
    )!;
    const application = directory.applications.find((a) => a.provider === oauth2.pk)!;
    const flow = directory.flows.find((f) => f.pk === oauth2.authorization_flow)!;
    for (const [what, found] of Object.entries({ group, user, oauth2, application, flow })) assert.ok(found, `the seed has a ${what} to look for`);
    return { group, parent, user, oauth2, application, flow, clientSecret: String(oauth2.extra.client_secret) };
  }

  /**
   * Runs `command` on `node` as its context menu does (asserting the menu offers it there) and
   * answers "Open as Untitled"; the document it opens and what it showed.
   */
  async function exportUntitled(command: string, node: TreeNode) {
    assert.ok(await offeredInMenu(provider(), command, node), `the context menu offers ${command} on ${node.id}`);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const offered: string[] = [];
    const script = scriptPrompts(api, [], (items) => {
      offered.push(...items.map((i) => i.label));
      return items.find((i) => i.label.includes('Open as Untitled'));
    });
    try {
      await vscode.commands.executeCommand(command, node);
    } finally {
      script.restore();
    }
    assert.deepEqual(script.shown.error, []);
    assert.ok(
      offered.some((l) => l.includes('Open as Untitled')),
      `offered: ${offered.join(', ')}`,
    );
    const editor = await waitFor(() => vscode.window.activeTextEditor, 'the exported document');
    assert.equal(editor.document.isUntitled, true, 'a new untitled document: no file is written');
    return { document: editor.document, shown: script.shown };
  }

  /** The one resource of `type` whose `attribute` is `value`: its label and attributes. */
  function resourceWith(resources: Blocks, type: string, attribute: string, value: unknown): { label: string; body: Record<string, unknown> } {
    const found = Object.entries(resources[type] ?? {}).filter(([, [body]]) => body[attribute] === value);
    assert.equal(found.length, 1, `one ${type} with ${attribute} = ${String(value)} (found ${found.length})`);
    return { label: found[0][0], body: found[0][1][0] };
  }

  it('Export as Terraform… on the connection opens an untitled HCL document: resources with import blocks, references, secrets as variables', async () => {
    const seed = seedObjects();
    authentik.requests.length = 0;
    const { document, shown } = await exportUntitled('opsConfig.exportAsTerraform', await connection());
    const text = document.getText();
    const host = new URL(authentik.url).host;
    assert.match(text, new RegExp(`^# Exported by Ops Config Explorer from authentik “${host.replace(/\./g, '\\.')}”: \\d+ objects\\.`));
    // HashiCorp's own parser reads it: it is HCL.
    const { json, references } = await readHcl(text);
    const resources = json.resource as Blocks;
    const imports = new Set(((json.import ?? []) as Array<{ to: string; id: string }>).map((i) => `${i.to} ${i.id}`));
    const imported = (type: string, label: string, id: unknown) => assert.ok(imports.has(`\${${type}.${label}} ${String(id)}`), `import { to = ${type}.${label}, id = "${String(id)}" }`);

    const group = resourceWith(resources, 'authentik_group', 'name', seed.group.name);
    const parent = resourceWith(resources, 'authentik_group', 'name', seed.parent.name);
    imported('authentik_group', group.label, seed.group.pk);
    imported('authentik_group', parent.label, seed.parent.pk);
    assert.deepEqual(group.body.parents, [`\${authentik_group.${parent.label}.id}`], 'the group’s parent by reference');

    const user = resourceWith(resources, 'authentik_user', 'username', seed.user.username);
    imported('authentik_user', user.label, seed.user.pk);
    assert.ok((user.body.groups as string[]).includes(`\${authentik_group.${group.label}.id}`), 'the user’s group by reference');

    const flow = resourceWith(resources, 'authentik_flow', 'slug', seed.flow.slug);
    imported('authentik_flow', flow.label, seed.flow.slug);

    const oauth2 = resourceWith(resources, 'authentik_provider_oauth2', 'name', seed.oauth2.name);
    imported('authentik_provider_oauth2', oauth2.label, seed.oauth2.pk);
    assert.equal(oauth2.body.authorization_flow, `\${authentik_flow.${flow.label}.uuid}`, 'the provider’s flow by reference');

    const application = resourceWith(resources, 'authentik_application', 'slug', seed.application.slug);
    imported('authentik_application', application.label, seed.application.slug);
    assert.equal(application.body.protocol_provider, `\${authentik_provider_oauth2.${oauth2.label}.id}`, 'the application’s provider by reference');

    // The client secret: a sensitive variable, its value nowhere in the document.
    assert.ok(!text.includes(seed.clientSecret), 'the client secret is not written');
    const variable = /^\$\{var\.([a-z0-9_]+)\}$/.exec(String(oauth2.body.client_secret))?.[1];
    assert.ok(variable, `client_secret = ${String(oauth2.body.client_secret)}`);
    assert.equal((json.variable as Record<string, Array<{ sensitive?: boolean }>>)[variable][0].sensitive, true);
    // Every reference names a block of the document.
    const declared = new Set(Object.entries(resources).flatMap(([type, byLabel]) => Object.keys(byLabel).map((label) => `${type}.${label}`)));
    for (const reference of references.filter((r) => r.startsWith('authentik_'))) assert.ok(declared.has(reference.split('.').slice(0, 2).join('.')), reference);

    assert.ok(
      authentik.requests.every((r) => r.method === 'GET'),
      'only reads',
    );
    assert.deepEqual(authentik.violations, []);
    assert.match(shown.info[0] ?? '', new RegExp(`^Exported ${declared.size} objects of authentik “.*” in \\d+ requests\\.`));
  });

  it('Export as Pulumi… on the connection opens an untitled TypeScript program with the same objects and the secret from config', async () => {
    const seed = seedObjects();
    const { document } = await exportUntitled('opsConfig.exportAsPulumi', await connection());
    assert.equal(document.languageId, 'typescript');
    const text = document.getText();
    assert.deepEqual(typeScriptErrors(new Map([['index.ts', text]])).get('index.ts'), [], 'the program type-checks');
    // Each declaration: `const <variable> = new authentik.<Class>("<name>", { … }, { import: "<id>" });`
    const declarations = [...text.matchAll(/^const (\w+) = new authentik\.(\w+)\("[^"]*", \{\n([\s\S]*?)^\}, \{ import: "([^"]*)" \}\);$/gm)].map(([, variable, className, body, id]) => ({
      variable,
      className,
      body,
      id,
    }));
    const declared = (className: string, attribute: string, value: string, id: string | number) => {
      const line = `\n    ${attribute}: ${JSON.stringify(value)},\n`;
      const found = declarations.filter((d) => d.className === className && `\n${d.body}`.includes(line));
      assert.equal(found.length, 1, `one authentik.${className} with ${attribute}: ${JSON.stringify(value)}`);
      assert.equal(found[0].id, String(id), `${className} “${value}” imported by its ID`);
      return found[0];
    };
    const group = declared('Group', 'name', seed.group.name, seed.group.pk);
    declared('User', 'username', seed.user.username, seed.user.pk);
    declared('Flow', 'slug', seed.flow.slug, seed.flow.slug);
    const oauth2 = declared('ProviderOauth2', 'name', seed.oauth2.name, seed.oauth2.pk);
    const application = declared('Application', 'slug', seed.application.slug, seed.application.slug);
    assert.match(application.body, new RegExp(`^ {4}protocolProvider: ${oauth2.variable}\\.id,$`, 'm'), 'the application’s provider by reference');
    assert.ok(text.includes(`${group.variable}.id`), 'the group referred to');
    assert.ok(!text.includes(seed.clientSecret), 'the client secret is not written');
    assert.match(oauth2.body, /^ {4}clientSecret: config\.requireSecret\("\w+"\),$/m, 'the client secret from Pulumi config');
  });

  it('Export as Terraform… on the Groups folder writes the groups, with their parents, and nothing else', async () => {
    const seed = seedObjects();
    const groups = await child(await connection(), 'Groups');
    const { document } = await exportUntitled('opsConfig.exportAsTerraform', groups.node);
    const { json } = await readHcl(document.getText());
    const resources = json.resource as Blocks;
    const group = resourceWith(resources, 'authentik_group', 'name', seed.group.name);
    const parent = resourceWith(resources, 'authentik_group', 'name', seed.parent.name);
    assert.deepEqual(group.body.parents, [`\${authentik_group.${parent.label}.id}`]);
    assert.deepEqual(
      Object.keys(resources).filter((type) => type !== 'authentik_group' && type !== 'authentik_rbac_role'),
      [],
      'only groups and the roles they name',
    );
    assert.equal(Object.keys(resources.authentik_group).length, authentik.seed.directory.groups.length, 'every group of the stand-in');
  });
});
