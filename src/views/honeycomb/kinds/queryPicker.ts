import * as vscode from 'vscode';
import { queryAnnotationWrites } from '../../../clients/honeycomb/writes';
import { Address } from '../../../editing/kind';
import { prompts } from '../../../ui/prompts';
import { HoneycombExplorer } from '../explorer';

/**
 * Which query a new annotation names. Honeycomb cannot list saved queries, so the choices are the
 * queries the dataset's triggers and annotations use, or an id typed in ("Save as Honeycomb
 * Query" on a query file gives one).
 */
export async function pickQueryForAnnotation(explorer: HoneycombExplorer, parent: Address): Promise<Address | undefined> {
  if (parent.queryId) return parent;
  const client = await explorer.requireClient(parent.env);
  const [triggers, annotations] = await Promise.all([explorer.triggers(parent.env, parent.dataset).catch(() => []), queryAnnotationWrites.list(client.api, parent.dataset).catch(() => [])]);
  type Item = vscode.QuickPickItem & { queryId?: string; typed?: boolean };
  const items: Item[] = [
    ...triggers.filter((t) => t.queryId).map((t) => ({ label: t.name, description: `the query of this trigger · ${t.queryId}`, queryId: t.queryId })),
    ...annotations.map((a) => ({ label: String(a.name), description: `already named · ${String(a.query_id)}`, queryId: String(a.query_id) })),
    { label: '$(edit) Enter a query ID…', description: 'from "Save as Honeycomb Query" or the query’s URL', typed: true },
  ];
  const picked = await prompts.quickPick(items, { title: 'New query annotation', placeHolder: 'Which query does it name?' });
  if (!picked) return undefined;
  let queryId = picked.queryId;
  if (picked.typed) {
    queryId = (
      await prompts.inputBox({ title: 'New query annotation', prompt: 'The query ID', validateInput: (v) => (/^\w{4,}$/.test(v.trim()) ? undefined : 'A query ID, e.g. mabAMpSPDjH') })
    )?.trim();
  }
  return queryId ? { ...parent, queryId } : undefined;
}
