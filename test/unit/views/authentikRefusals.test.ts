import '../honeycomb/vscodeShim';
import * as assert from 'node:assert/strict';
import type * as A from '../../../src/clients/authentik';
import { unknownKindReason } from '../../../src/clients/authentik/resources/derivedKinds';
import { RefusedError } from '../../../src/core/errors';
import { EditableKinds } from '../../../src/editing/editableKinds';
import { AuthentikTreeContext } from '../../../src/views/authentik/context';
import { FOLDERS, type FolderSpec, SearchableFolderNode } from '../../../src/views/authentik/folders';
import { whyNotEditable } from '../../../src/views/authentik/kinds/register';
import { permissionNode, sourceNode } from '../../../src/views/authentik/leafNodes';
import { ProviderNode } from '../../../src/views/authentik/providerNodes';
import type { TreeNode } from '../../../src/views/tree/node';

const ctx = { client: {} as A.AuthentikClient, view: { refresh: () => undefined, redraw: () => undefined }, pageSize: () => 50 } as unknown as AuthentikTreeContext;
const root: TreeNode = { id: 'authentik', getTreeItem: () => ({}), getParent: () => undefined };

/** The tooltip as the mouse sees it: left open by the row, filled in when first shown. */
async function tooltipOf(node: TreeNode): Promise<string> {
  const item = await node.getTreeItem();
  const resolved = node.resolveTreeItem ? await node.resolveTreeItem(item) : item;
  return String(resolved.tooltip ?? '');
}

const BUILT_IN_SOURCE = {
  pk: 'b1',
  name: 'authentik Built-in',
  slug: 'authentik-built-in',
  enabled: true,
  component: '',
  meta_model_name: 'authentik_core.source',
  verbose_name: 'Source',
} as unknown as A.Source;

describe('authentik: objects whose Edit…, New… or Delete… the API refuses say why', () => {
  it('the built-in source (empty component, a model with no typed endpoint) has a reason, a typed kind none', () => {
    assert.match(unknownKindReason('authentik_core.source') ?? '', /no typed endpoint for authentik_core\.source objects/);
    assert.match(unknownKindReason('source:') ?? '', /in \/sources\/all\/ without naming its type \(its component is empty/);
    assert.equal(unknownKindReason('authentik_sources_ldap.ldapsource'), undefined);
    assert.equal(unknownKindReason('source:ak-source-ldap-form'), undefined);
  });

  it('Edit… and Delete… of the built-in source say why instead of "no editable kind"', async () => {
    const kinds = new EditableKinds();
    kinds.registerLoader('authentik.', async () => undefined, whyNotEditable);
    await assert.rejects(
      kinds.require('authentik.authentik_core.source'),
      (e: Error) => e instanceof RefusedError && /has no typed endpoint for authentik_core\.source objects/.test(e.message) && !/no editable kind/.test(e.message),
    );
    // A kind id no loader knows still names itself in words.
    await assert.rejects(kinds.require('elsewhere.thing'), /Ops Config has no editor for objects of the kind "elsewhere\.thing"/);
  });

  it('a node’s tooltip has a line for each command the API refuses: the built-in source, a permission; none on an OAuth2 provider', async () => {
    const source = await tooltipOf(sourceNode(root, ctx, BUILT_IN_SOURCE));
    assert.match(source, /^authentik Built-in\nSource\nEdit…, Delete… not possible: authentik's API has no typed endpoint for authentik_core\.source objects/);
    const permission = await tooltipOf(
      permissionNode(root, ctx, { id: 7, codename: 'view_user', name: 'Can view User', app_label: 'authentik_core', model: 'user', app_label_verbose: 'Core', model_verbose: 'User' }),
    );
    assert.match(permission, /\nEdit… not possible: authentik's API has no PATCH for \/rbac\/permissions\/\{id\}\//);
    assert.match(permission, /\nDelete… not possible: authentik's API has no DELETE for \/rbac\/permissions\/\{id\}\//);
    const provider = new ProviderNode(root, ctx, {
      pk: 3,
      name: 'grafana',
      verbose_name: 'OAuth2/OpenID Provider',
      component: 'ak-provider-oauth2-form',
      meta_model_name: 'authentik_providers_oauth2.oauth2provider',
      assigned_application_name: 'Grafana',
    } as A.Provider);
    assert.equal(await tooltipOf(provider), 'grafana\nOAuth2/OpenID Provider · → Grafana');
  });

  it('the Permissions folder says why New… is refused; the Groups folder does not', async () => {
    const folder = (key: string) => new SearchableFolderNode<unknown>(root, ctx, FOLDERS.find((f) => f.key === key) as unknown as FolderSpec<unknown>);
    assert.match(await tooltipOf(folder('permissions')), /^Permissions: loaded a page at a time\nNew… not possible: authentik's API has no POST on \/rbac\/permissions\//);
    assert.equal(await tooltipOf(folder('groups')), 'Groups: loaded a page at a time');
  });
});
