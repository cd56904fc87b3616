import * as vscode from 'vscode';
import { badInput } from '../../../core/errors';
import { Logger } from '../../../core/logger';
import { isEditable } from '../../../editing/editableKinds';
import { JsonObject } from '../../../editing/kind';
import { Editing } from '../../../editing/register';
import { registerCommand } from '../../../ui/commandRunner';
import { prompts } from '../../../ui/prompts';
import { HoneycombExplorer } from '../explorer';
import { API_KEY_KIND_ID, apiKeyKind } from './apiKey';
import type { SaveEnvironmentKey } from './apiKeySecretOffer';

/**
 * API keys in the editor (management key, v2 API): the kind, which asks ingest or configuration
 * before a new document, offers a new key's secret once (apiKeySecretOffer.ts), and Rename /
 * Disable / Enable API Key, each a change made through the plan. After any change the team's key
 * list is dropped and the view redraws.
 */
export function registerApiKeyKind(context: vscode.ExtensionContext, logger: Logger, editing: Editing, explorer: HoneycombExplorer, saveKey: SaveEnvironmentKey, onChanged: () => void): void {
  const api = async () => {
    const session = await explorer.start();
    if (!session.config.managementKey) {
      throw badInput('Honeycomb', 'apiKeys', 'API keys are managed with a management key, and none is set', 'Set one with "Honeycomb: Set Management Key…" (scopes api-keys:read and api-keys:write).');
    }
    return session.client.api;
  };
  editing.kinds.register(
    apiKeyKind({
      api,
      schema: () => import(/* webpackChunkName: "schemas-honeycomb" */ '../../../../schemas/validation/honeycomb-api-key.schema.json').then((m) => (m.default ?? m) as Record<string, unknown>),
      rules: async (document, baseline) => (await import(/* webpackChunkName: "honeycomb-edit" */ '../../../clients/honeycomb/apiKeyRules')).apiKeyProblems(document, baseline),
      prepareCreate: async (parent) => {
        const picked = await prompts.quickPick(
          [
            { label: 'Configuration key', description: 'reads and changes configuration, with the permissions you give it', keyType: 'configuration' },
            { label: 'Ingest key', description: 'sends events (and may create datasets)', keyType: 'ingest' },
          ],
          { title: 'Honeycomb: New API Key', placeHolder: 'Which kind of key?' },
        );
        return picked ? { ...parent, keyType: picked.keyType } : undefined;
      },
      keyCreated: (created) =>
        void (async () => {
          const env = (await explorer.environments().catch(() => [])).find((e) => e.id === created.address.environment);
          const { offerNewApiKey } = await import(/* webpackChunkName: "honeycomb-edit" */ './apiKeySecretOffer');
          await offerNewApiKey(created, env && { slug: env.slug, name: env.name, id: env.id }, saveKey);
        })().catch((error: unknown) => logger.warn(`the new API key's secret could not be offered: ${error instanceof Error ? error.name : 'error'}`)),
    }),
  );

  /** A change of the key a tree node shows, made through the plan; `fields` answers what changes (undefined: nothing). */
  const change = (fields: (name: string) => Promise<JsonObject | undefined> | JsonObject) => async (node: unknown) => {
    if (!isEditable(node) || node.editTarget().kindId !== API_KEY_KIND_ID) throw new Error('Pick an API key in the Honeycomb view.');
    const kind = editing.kinds.get(API_KEY_KIND_ID);
    const { address, name } = node.editTarget();
    const next = await fields(name);
    if (kind && next) await editing.files.applyChange(kind, address, (document) => ({ ...document, ...next }));
  };
  registerCommand(
    context,
    logger,
    'opsConfig.honeycomb.disableApiKey',
    change(() => ({ disabled: true })),
  );
  registerCommand(
    context,
    logger,
    'opsConfig.honeycomb.enableApiKey',
    change(() => ({ disabled: false })),
  );
  registerCommand(
    context,
    logger,
    'opsConfig.honeycomb.renameApiKey',
    change(async (current) => {
      const name = await prompts.inputBox({
        title: 'Honeycomb: Rename API Key',
        prompt: `A new name for API key “${current}”`,
        value: current,
        validateInput: (value) => (value.trim() === '' ? 'An API key needs a name.' : value.length > 100 ? 'At most 100 characters.' : undefined),
      });
      return name === undefined || name === current ? undefined : { name };
    }),
  );

  context.subscriptions.push(
    editing.files.onDidChangeObject((change) => {
      if (change.kindId !== API_KEY_KIND_ID) return;
      explorer.cache.delete('team|apiKeys');
      onChanged();
    }),
  );
}
