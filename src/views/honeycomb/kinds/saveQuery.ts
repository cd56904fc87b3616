import { ENVIRONMENT_WIDE } from '../../../clients/honeycomb/paths';
import type { ApiQuerySpec } from '../../../clients/honeycomb/querySpec';
import { createQuery } from '../../../clients/honeycomb/writes';
import { prompts } from '../../../ui/prompts';
import { HoneycombExplorer } from '../explorer';

/**
 * "Save as Honeycomb Query": a query is immutable in Honeycomb, so saving one creates it (POST)
 * and answers its id; giving it a name is a query annotation. Nothing is created before the
 * user confirms what, where and that it cannot be changed afterwards.
 */
export async function saveQuery(
  explorer: HoneycombExplorer,
  target: { environment?: string; dataset?: string; query: ApiQuerySpec },
): Promise<{ id: string; env: string; dataset: string } | undefined> {
  const env = target.environment ?? (await explorer.defaultEnvironment())?.slug;
  if (!env) throw new Error('Saving a query needs an API key (a configuration key); set one with "Honeycomb: Set API Key…".');
  const dataset = target.dataset ?? ENVIRONMENT_WIDE;
  const where = dataset === ENVIRONMENT_WIDE ? `all datasets of environment “${env}”` : `dataset “${dataset}” of environment “${env}”`;
  const choice = await prompts.warn(
    `Save this query in ${where}?`,
    { modal: true, detail: `${JSON.stringify(target.query, null, 2)}\n\nHoneycomb keeps queries as they are: changing it later means saving a new one. Name it afterwards with a query annotation.` },
    'Save Query',
  );
  if (choice !== 'Save Query') return undefined;
  const client = await explorer.requireClient(env);
  const saved = await createQuery(client.api, dataset, target.query as Record<string, unknown>);
  return { id: saved.id, env, dataset };
}
