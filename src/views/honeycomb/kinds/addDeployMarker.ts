import * as vscode from 'vscode';
import { ENVIRONMENT_WIDE } from '../../../clients/honeycomb/paths';
import { formatDocument } from '../../../editing/document';
import { isCreatable } from '../../../editing/editableKinds';
import { guardedSave, SaveOutcome } from '../../../editing/guardedSave';
import { Address, EditableKind, JsonObject } from '../../../editing/kind';
import { pathText } from '../../../editing/plan';
import { PlanDocuments } from '../../../editing/planDocuments';
import { editorSaveUi } from '../../../editing/saveUi';
import { prompts } from '../../../ui/prompts';
import { HoneycombExplorer } from '../explorer';
import { isObjectNode } from '../scope';
import { MARKER_KIND_ID } from './markerIds';

/**
 * "Add Deploy Marker…": a marker in four questions — where (a dataset, or the whole environment),
 * the message, the type (deploy first, then the types the marker settings of that place know) and
 * an optional URL — created through the same plan and confirmation as every write. From a
 * Markers folder, a dataset or an environment of the tree it asks only what they do not say.
 * Loaded with its first use.
 */
export async function addDeployMarker(explorer: HoneycombExplorer, kind: EditableKind, plans: PlanDocuments, arg: unknown): Promise<SaveOutcome | undefined> {
  const known = placeOf(arg);
  const env = known.env ?? (await pickEnvironment(explorer));
  if (!env) return undefined;
  const dataset = known.dataset ?? (await pickDataset(explorer, env));
  if (!dataset) return undefined;
  const where = dataset === ENVIRONMENT_WIDE ? `environment “${env}” (all datasets)` : `dataset “${dataset}” of environment “${env}”`;
  const message = await prompts.inputBox({
    title: `Add a marker to ${where}`,
    prompt: 'The marker’s message (what happened: “api deploy #123”)',
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() === '' ? 'Type a message (or press Escape).' : undefined),
  });
  if (message === undefined) return undefined;
  const type = await pickType(explorer, env, dataset);
  if (type === undefined) return undefined;
  const url = await prompts.inputBox({ title: `Add a marker to ${where}`, prompt: 'A link for the marker (a build, a release), or empty for none', ignoreFocusOut: true });
  if (url === undefined) return undefined;

  const document: JsonObject = { message: message.trim(), type, ...(url.trim() ? { url: url.trim() } : {}) };
  const parent: Address = { env, dataset };
  const outcome = await guardedSave({ kind, target: { mode: 'create', parent }, text: formatDocument(document), ui: editorSaveUi(kind, plans) });
  switch (outcome.status) {
    case 'saved': {
      const placed = typeof outcome.object.start_time === 'number' ? ` at ${new Date(outcome.object.start_time * 1000).toISOString()}` : '';
      void prompts.info(`Added marker “${document.message as string}” (${type}) to ${where}${placed}; its ID is ${String(outcome.object.id)}.`, 'Open Marker').then((choice) => {
        if (choice === 'Open Marker') void vscode.commands.executeCommand('opsConfig.edit', { kindId: MARKER_KIND_ID, address: outcome.address, name: document.message });
      });
      return outcome;
    }
    case 'invalid':
    case 'rejected':
      throw new Error(`The marker was not added: ${outcome.problems.map((p) => (p.path.length ? `${pathText(p.path)}: ${p.message}` : p.message)).join('; ')}`);
    case 'cancelled':
      return outcome;
    default:
      throw new Error('message' in outcome ? outcome.message : `The marker was not added (${outcome.status}).`);
  }
}

/** What the tree item says: a Markers folder its place, a dataset its environment and slug, an environment itself. */
function placeOf(arg: unknown): { env?: string; dataset?: string } {
  if (isCreatable(arg) && arg.createTarget().kindId === MARKER_KIND_ID) {
    const { env, dataset } = arg.createTarget().parent;
    return { env, dataset };
  }
  if (isObjectNode(arg)) {
    const object = arg.object();
    if (object.kind === 'dataset') return { env: object.env.envSlug, dataset: object.item.slug };
    if (object.kind === 'environment') return { env: object.env.envSlug };
  }
  return {};
}

/** The environments the extension can write to: those with a key. Asked only when there are several. */
async function pickEnvironment(explorer: HoneycombExplorer): Promise<string | undefined> {
  const listed = await explorer.environments().catch(() => []);
  const candidates: Array<{ slug: string; name: string }> = [];
  for (const e of listed) if (await explorer.keySource(e.slug)) candidates.push({ slug: e.slug, name: e.name });
  if (candidates.length === 0) {
    const own = await explorer.defaultEnvironment();
    if (!own) throw new Error('No Honeycomb environment has an API key yet: set one with "Honeycomb: Set API Key…".');
    return own.slug;
  }
  if (candidates.length === 1) return candidates[0].slug;
  const picked = await prompts.quickPick(
    candidates.map((c) => ({ label: c.name || c.slug, description: c.slug, slug: c.slug })),
    { title: 'Add Deploy Marker', placeHolder: 'Which environment?' },
  );
  return picked?.slug;
}

const ALL_DATASETS_LABEL = 'Environment-wide (all datasets)';

async function pickDataset(explorer: HoneycombExplorer, env: string): Promise<string | undefined> {
  const datasets = await explorer.datasets(env);
  const picked = await prompts.quickPick(
    [
      { label: ALL_DATASETS_LABEL, description: 'shown on every dataset’s graphs', slug: ENVIRONMENT_WIDE },
      ...datasets.map((d) => ({ label: d.slug, description: d.name !== d.slug ? d.name : undefined, slug: d.slug })),
    ],
    { title: 'Add Deploy Marker', placeHolder: 'Where does the marker go?' },
  );
  return picked?.slug;
}

const OTHER_TYPE_LABEL = 'Another type…';

/** deploy first, then the types marker settings colour here and environment-wide, then one typed in. */
async function pickType(explorer: HoneycombExplorer, env: string, dataset: string): Promise<string | undefined> {
  const { listMarkerSettings } = await import(/* webpackChunkName: "honeycomb-writes" */ '../../../clients/honeycomb/markers');
  const api = (await explorer.requireClient(env)).api;
  const places = dataset === ENVIRONMENT_WIDE ? [ENVIRONMENT_WIDE] : [dataset, ENVIRONMENT_WIDE];
  const settings = (await Promise.all(places.map((p) => listMarkerSettings(api, p).catch(() => [])))).flat();
  const colours = new Map<string, string>();
  for (const s of settings) if (!colours.has(s.type)) colours.set(s.type, s.color);
  const types = ['deploy', ...[...colours.keys()].filter((t) => t !== 'deploy')];
  const picked = await prompts.quickPick(
    [...types.map((t) => ({ label: t, description: colours.has(t) ? `drawn in ${colours.get(t)}` : 'the default colour' })), { label: OTHER_TYPE_LABEL, description: 'type a name' }],
    { title: 'Add Deploy Marker', placeHolder: 'The marker’s type (markers of one type share a colour)' },
  );
  if (!picked) return undefined;
  if (picked.label !== OTHER_TYPE_LABEL) return picked.label;
  const typed = await prompts.inputBox({ title: 'Add Deploy Marker', prompt: 'The marker type (“job-run”, “rollback”…)', validateInput: (v) => (v.trim() === '' ? 'Type a type name.' : undefined) });
  return typed?.trim() || undefined;
}
