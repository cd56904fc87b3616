import * as vscode from 'vscode';
import { prompts } from '../../../ui/prompts';
import type { EnvironmentInfo } from '../objects';
import type { NewApiKey } from './apiKey';

/** Keeps a configuration key as the one an environment is read with; false when it was not kept (and said why). */
export type SaveEnvironmentKey = (env: EnvironmentInfo, apiKey: string) => Promise<boolean>;

/**
 * The one moment a new key's secret exists in the editor: Honeycomb answers it once, at creation.
 * A configuration key can be kept as its environment's key (secret storage, checked with
 * Honeycomb first) or copied; an ingest key only copied (it cannot read configuration). The
 * question names the key, never its secret; once answered (or dismissed) nothing holds the secret.
 */
export async function offerNewApiKey(created: NewApiKey, env: EnvironmentInfo | undefined, save: SaveEnvironmentKey): Promise<void> {
  const where = env ? env.name || env.slug : undefined;
  const keep = where ? `Save as the API Key for ${where}` : undefined;
  const copy = 'Copy to Clipboard';
  let offerSave = created.keyType === 'configuration' && keep !== undefined;
  for (;;) {
    const actions = offerSave && keep ? [keep, copy] : [copy];
    const choice = await prompts.warn(
      `API key “${created.name}” was created. Honeycomb shows its secret only now.`,
      {
        modal: true,
        detail:
          created.keyType === 'configuration'
            ? 'Keep it as the key the editor reads this environment with, or copy it once to put it where it is used. The editor keeps no other copy.'
            : 'An ingest key sends events: copy it once to put it where it is used (ID and secret together, as it is sent). The editor keeps no other copy.',
      },
      ...actions,
    );
    if (choice === keep && env && keep) {
      if (await save(env, created.key)) return;
      // Not kept (the check said why): the secret can still be copied.
      offerSave = false;
      continue;
    }
    if (choice === copy) {
      await vscode.env.clipboard.writeText(created.key);
      void prompts.info(`Copied the new API key “${created.name}”. Paste it where it is used: it cannot be shown again.`);
      return;
    }
    void prompts.info(`The secret of API key “${created.name}” was not kept and cannot be shown again. If it is needed, delete the key and create another.`);
    return;
  }
}
