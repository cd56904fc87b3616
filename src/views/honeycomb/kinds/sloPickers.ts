import * as vscode from 'vscode';
import { ENVIRONMENT_WIDE } from '../../../clients/honeycomb/paths';
import { Address } from '../../../editing/kind';
import { prompts } from '../../../ui/prompts';
import { HoneycombExplorer } from '../explorer';
import { recipientName } from './triggerCompletion';

/**
 * Questions asked before a new SLO or burn alert opens, for what its template cannot make up:
 * - an SLO of the environment-wide folder is evaluated on datasets the API needs named
 *   (`dataset_slugs`, "Required if using `__all__` in the path"): up to 10, picked here;
 * - a burn alert needs a recipient (API: `recipients` minItems 1; provider: "At least one
 *   recipient block is required"): the environment's recipients, picked here, more added by
 *   completion in the document.
 */
export async function pickSloDatasets(explorer: HoneycombExplorer, parent: Address): Promise<Address | undefined> {
  if (parent.dataset !== ENVIRONMENT_WIDE || parent.datasets) return parent;
  const datasets = await explorer.datasets(parent.env);
  const picked = await prompts.quickPickMany(
    datasets.map((d) => ({ label: d.slug, description: d.name !== d.slug ? d.name : undefined })),
    { title: 'New SLO over several datasets', placeHolder: 'Which datasets is it evaluated on? (1 to 10; its SLI must be an environment-wide derived column)' },
  );
  if (!picked || picked.length === 0) return undefined;
  return { ...parent, datasets: picked.map((p) => p.label).join(',') };
}

export async function pickBurnAlertRecipient(explorer: HoneycombExplorer, parent: Address): Promise<Address | undefined> {
  if (parent.recipient) return parent;
  const recipients = await explorer.recipients(parent.env);
  type Item = vscode.QuickPickItem & { id: string };
  const items: Item[] = recipients.map((r) => ({ label: recipientName(r), description: `${r.type} · ${r.id}`, id: r.id }));
  if (items.length === 0) throw new Error('A burn alert notifies a recipient, and this environment has none yet: create one in Honeycomb first.');
  const picked = await prompts.quickPick(items, { title: 'New burn alert', placeHolder: 'Who is notified when it fires? (add more in the document)' });
  return picked ? { ...parent, recipient: picked.id } : undefined;
}
