import * as vscode from 'vscode';
import { HoneycombConnection } from '../connections/honeycombConnection';
import { CoreServices } from '../connections/services';
import { badInput } from '../core/errors';
import { registerCommand } from '../ui/commandRunner';
import { copyToClipboard } from '../ui/copyToClipboard';
import { Editing } from '../editing/register';
import {
  HoneycombExplorer,
  KIND_LABELS,
  ObjectNode,
  isObjectNode,
  objectId,
  objectJson,
  objectName,
  objectSlug,
  pulumiSnippet,
  registerApiKeyKind,
  registerHoneycombKinds,
  terraformSnippet,
  uiUnavailableReason,
  uiUrl,
} from '../views/honeycomb/api';
import { registerHoneycombEnvironmentKeyCommands, saveEnvironmentApiKey } from './honeycombEnvironmentKeys';

/**
 * The Honeycomb explorer's commands on tree items (context menus): copy the ID, slug or JSON,
 * open the object in Honeycomb's UI, and copy the Terraform or Pulumi snippet that looks it up.
 * Open Record, View as JSON and Refresh are the shared view commands. Also sets up the explorer
 * per-environment API key commands and the editable kinds.
 */
export function registerHoneycombExplorer(
  context: vscode.ExtensionContext,
  services: CoreServices,
  connection: HoneycombConnection,
  explorer: HoneycombExplorer,
  editing: Editing,
  /** After an object was created, changed or deleted: redraw the view and the object's open record. */
  onChanged: (recordKey?: string) => void,
): { boardPanels: vscode.WebviewPanelSerializer } {
  const logger = services.logger.child('honeycomb');
  const kinds = registerHoneycombKinds(context, logger, editing, explorer, onChanged);
  // API keys here: a new key's secret may be kept as its environment's key (secret storage).
  registerApiKeyKind(
    context,
    logger,
    editing,
    explorer,
    (env, apiKey) => saveEnvironmentApiKey(services, connection, explorer, env, apiKey),
    () => onChanged(),
  );
  const command = (id: string, run: (node: ObjectNode) => Promise<void>): void =>
    registerCommand(context, logger, id, async (node?: unknown) => {
      if (!isObjectNode(node)) {
        throw badInput('Honeycomb', id.replace(/^opsConfig\.honeycomb\./, ''), 'this works on an item of the Honeycomb view', 'Right-click a dataset, column, SLO, recipient… in the Honeycomb view.');
      }
      await run(node);
    });

  command('opsConfig.honeycomb.copyId', async (node) => {
    const o = node.object();
    const id = objectId(o);
    if (!id) {
      throw badInput('Honeycomb', 'copyId', `the ${KIND_LABELS[o.kind]} "${objectName(o)}" has no ID here`, 'Environment IDs come with a management key.');
    }
    await copyToClipboard(id, `Copied the ID of ${objectName(o)}`);
  });
  command('opsConfig.honeycomb.copySlug', async (node) => {
    const o = node.object();
    const slug = objectSlug(o);
    if (!slug) {
      throw badInput('Honeycomb', 'copySlug', `a ${KIND_LABELS[o.kind]} has no slug`, 'Only datasets and environments have slugs.');
    }
    await copyToClipboard(slug, `Copied the slug of ${objectName(o)}`);
  });
  command('opsConfig.honeycomb.copyJson', async (node) => {
    const o = node.object();
    await copyToClipboard(JSON.stringify(objectJson(o), null, 2), `Copied ${objectName(o)} as JSON (secrets masked)`);
  });
  command('opsConfig.honeycomb.copyAsTerraform', async (node) => {
    await copyToClipboard(terraformSnippet(node.object()), `Copied the Terraform lookup of ${objectName(node.object())}`);
  });
  command('opsConfig.honeycomb.copyAsPulumi', async (node) => {
    await copyToClipboard(pulumiSnippet(node.object()), `Copied the Pulumi lookup of ${objectName(node.object())}`);
  });
  command('opsConfig.honeycomb.openInHoneycomb', async (node) => {
    const o = node.object();
    const url = uiUrl(o);
    if (!url) throw badInput('Honeycomb', 'openInHoneycomb', `cannot open ${objectName(o)} in Honeycomb: ${uiUnavailableReason(o)}`);
    await vscode.env.openExternal(vscode.Uri.parse(url, true));
  });

  registerHoneycombEnvironmentKeyCommands(context, logger, services, connection, explorer);
  return kinds;
}
