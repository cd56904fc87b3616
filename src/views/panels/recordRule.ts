import type { RecordAction, RecordBadge, RecordDiagram, RecordSection, RecordViewModel } from './protocol';

/**
 * The one rule every record follows, whatever its service or kind: the same header (kind, name,
 * where it lives) and the same actions in the same order — Edit… (editable kinds), Open in the
 * service's UI, Copy ID, Copy JSON, Copy as Terraform, Copy as Pulumi — then the kind's own
 * actions, then View as JSON and Refresh. A kind supplies only facts (`RecordFacts`); the header
 * and the buttons are made here, so no kind can drift from the others. Pure: unit tested.
 */

/** What "Edit…" opens, and what a resource export reads: an editable kind's object (src/editing's EditTarget). */
export interface EditTargetData {
  kindId: string;
  address: Record<string, string>;
  name: string;
}

/** Something a record cannot offer for this object, and why (said when the button is clicked). */
export interface Unavailable {
  unavailable: string;
}

/**
 * Infrastructure as code of an object: a lookup to copy as is (a data source, a provider block),
 * the editable kind's resource with its import block (written by the kind's export, which reads
 * the object again), or why there is neither.
 */
export type CodeOffer = { text: string; what: string } | { resource: EditTargetData } | Unavailable;

export interface RecordFacts {
  key: string;
  /** "Honeycomb trigger", "authentik flow". */
  kind: string;
  title: string;
  /** Where the object lives, shown under its name. */
  where: string;
  subtitle?: string;
  badges?: RecordBadge[];
  sections: RecordSection[];
  diagram?: RecordDiagram;
  /** The service's UI, as the button names it: "Open in Honeycomb". */
  service: string;
  /** Set on editable kinds: "Edit…" opens the object's edit document (hidden while writes are off). */
  edit?: EditTargetData;
  /** The object's page in the service's UI. */
  browser: { url: string } | Unavailable;
  /** The object's ID; left out only for what has none (a connection). */
  id?: { value: string } | Unavailable;
  terraform: CodeOffer;
  pulumi: CodeOffer;
  /** Actions of this kind only ("Load private key…"), placed after the shared ones. */
  extraActions?: RecordAction[];
}

/** The ids of the shared actions, in the order every record shows them. */
export const SHARED_ACTION_IDS = ['edit', 'openInBrowser', 'copyId', 'copyJson', 'copyTerraform', 'copyPulumi'] as const;
/** Built-ins after the kind's own actions. */
export const TRAILING_ACTION_IDS = ['viewJson', 'refresh'] as const;

export function recordModel(facts: RecordFacts): RecordViewModel {
  const { key, kind, title, where, subtitle, badges, sections, diagram } = facts;
  return {
    key,
    kind,
    title,
    where,
    ...(subtitle ? { subtitle } : {}),
    badges: badges ?? [],
    sections,
    ...(diagram ? { diagram } : {}),
    actions: recordActions(facts),
  };
}

function recordActions(facts: RecordFacts): RecordAction[] {
  const actions: RecordAction[] = [];
  if (facts.edit) actions.push({ id: 'edit', label: 'Edit…', link: { kind: 'command', command: 'opsConfig.edit', args: [facts.edit] } });
  const open = `Open in ${facts.service}`;
  actions.push('url' in facts.browser ? { id: 'openInBrowser', label: open, link: { kind: 'url', url: facts.browser.url } } : { id: 'openInBrowser', label: open, ...facts.browser });
  if (facts.id) {
    actions.push('value' in facts.id ? { id: 'copyId', label: 'Copy ID', copy: { text: facts.id.value, what: `the ID of ${facts.title}` } } : { id: 'copyId', label: 'Copy ID', ...facts.id });
  }
  actions.push({ id: 'copyJson', label: 'Copy JSON' });
  actions.push(codeAction('copyTerraform', 'Copy as Terraform', 'opsConfig.copyAsTerraformResource', facts.terraform));
  actions.push(codeAction('copyPulumi', 'Copy as Pulumi', 'opsConfig.copyAsPulumiResource', facts.pulumi));
  actions.push(...(facts.extraActions ?? []));
  actions.push({ id: 'viewJson', label: 'View as JSON' }, { id: 'refresh', label: 'Refresh' });
  return actions;
}

function codeAction(id: string, label: string, resourceCommand: string, offer: CodeOffer): RecordAction {
  if ('text' in offer) return { id, label, copy: { text: offer.text, what: offer.what } };
  if ('resource' in offer) return { id, label, link: { kind: 'command', command: resourceCommand, args: [offer.resource] } };
  return { id, label, unavailable: offer.unavailable };
}

/** The record as shown while writes are off (`opsConfig.readOnly`, an untrusted workspace): no Edit…. */
export function withWrites(model: RecordViewModel, writesAllowed: boolean): RecordViewModel {
  if (writesAllowed || !model.actions?.some((a) => a.id === 'edit')) return model;
  return { ...model, actions: model.actions.filter((a) => a.id !== 'edit') };
}
