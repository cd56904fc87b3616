import { derivedKind, refusalsOf } from '../../clients/authentik/resources/derivedKinds';
import { AUTHENTIK_KINDS, AuthentikKind, displayNameOf, idOf } from '../../clients/authentik/resources/kinds';
import { derivedTerraformOf } from '../../clients/authentik/resources/terraformTable';
import type { RecordAction, RecordBadge, RecordDiagram, RecordSection } from '../panels/protocol';
import { CodeOffer, EditTargetData, recordModel } from '../panels/recordRule';
import type { LoadedRecord } from '../panels/recordSources';
import { editKindId } from './kinds/ids';
import { connectionLocation } from './connectionScope';
import { ObjectRef, ObjectRefKind, recordKeyOf } from './objectRef';
import { ReferenceNames } from './referenceNames';
import { adminUrl, pulumiSnippet, terraformSnippet } from './snippets';

/**
 * Every authentik record, whatever its kind, through the one record rule (panels/recordRule):
 * its connection as where it lives, its admin page, its ID, and as code the provider's resource
 * with its import block for a provider, stage or mapping (as Export as Terraform… writes it), else
 * the provider's data source where there is one, else the editable kind's resource. Pure: unit tested.
 */
export interface RecordContext {
  /** The server's UI origin, for admin links. */
  uiBase: string;
  /** "authentik at id.acme.example", `authentik "staging" at …` for an added connection. */
  where: string;
  /** Names of the objects the record refers to. */
  names: ReferenceNames;
}

/** A context from the UI address alone (the default connection, no names loaded). */
export function recordContext(uiBase: string, names = ReferenceNames.none(), where = connectionLocation(uiBase)): RecordContext {
  return { uiBase, where, names };
}

/** "authentik notification rule", "authentik Google Chrome connector": a kind as records name it (product names keep their capitals). */
export function kindName(label: string): string {
  return `authentik ${/^(Google|Microsoft)\b/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1)}`;
}

export interface AuthentikRecordParts {
  ref: ObjectRef;
  /** "authentik flow" */
  kind: string;
  title: string;
  sections: RecordSection[];
  /** The object as View as JSON shows it (secrets masked). */
  json: unknown;
  subtitle?: string;
  badges?: RecordBadge[];
  diagram?: RecordDiagram;
  extraActions?: RecordAction[];
  secrets?: Record<string, string>;
  /** For the kinds the editing knows: Edit… (unless `editable` is false) and the resource export. */
  managed?: { kind: AuthentikKind; object: unknown; editable?: boolean };
}

export function authentikRecord(parts: AuthentikRecordParts, ctx: RecordContext): LoadedRecord {
  const { ref, managed } = parts;
  const target = managed ? editTargetOf(managed.kind, managed.object) : derivedEditOf(ref);
  const model = recordModel({
    key: recordKeyOf(ref),
    kind: parts.kind,
    title: parts.title,
    where: ctx.where,
    subtitle: parts.subtitle,
    badges: parts.badges,
    sections: parts.sections,
    diagram: parts.diagram,
    service: 'authentik',
    edit: managed?.editable !== false ? target : undefined,
    browser: { url: adminUrl(ctx.uiBase, ref) },
    id: { value: ref.id },
    terraform: codeOffer(ref, target, 'Terraform'),
    pulumi: codeOffer(ref, target, 'Pulumi'),
    extraActions: parts.extraActions,
  });
  return { model, json: parts.json, ...(parts.secrets && Object.keys(parts.secrets).length > 0 ? { secrets: parts.secrets } : {}) };
}

/** The kinds of the plain lists whose item schema names their derived kind (the tree's edit ids). */
const PLAIN_DERIVED: Partial<Record<ObjectRefKind, string>> = { group: 'Group', user: 'User', outpost: 'Outpost' };

/**
 * Edit… on a record of a kind derived from the API (a stage, a source, a group…): the same
 * document the tree's Edit… opens, unless the API allows no change to it.
 */
function derivedEditOf(ref: ObjectRef): EditTargetData | undefined {
  const key = ref.model ?? PLAIN_DERIVED[ref.kind];
  const derived = key ? derivedKind(key) : undefined;
  if (!key || !derived || refusalsOf(derived.name, derived.row).edit) return undefined;
  return { kindId: editKindId(key), address: { id: ref.lookup }, name: ref.name };
}

/**
 * An object of a type the provider has a resource for outside the hand-tuned kinds (a provider,
 * a stage, a property mapping…): its resource with its import block, as Export as Terraform…
 * writes it. Else the data-source lookup; else the editable kind's resource; else why not.
 */
function codeOffer(ref: ObjectRef, target: EditTargetData | undefined, language: 'Terraform' | 'Pulumi'): CodeOffer {
  const derived = ref.model ? derivedKind(ref.model) : undefined;
  if (derived && derivedTerraformOf(derived.name)) return { resource: { kindId: editKindId(ref.model!), address: { id: ref.lookup }, name: ref.name } };
  const lookup = language === 'Terraform' ? terraformSnippet(ref) : pulumiSnippet(ref);
  if (typeof lookup === 'string') return { text: lookup, what: `the ${language} lookup of ${ref.name}` };
  if (target) return { resource: target };
  return { unavailable: lookup.none };
}

/**
 * What "Edit…" opens: the kind, its address (with the parent of child kinds) and its name — the
 * slug where the kind is looked up by slug (flows, applications: their names need not be
 * unique), as the tree names the same document.
 */
export function editTargetOf(managed: AuthentikKind, object: unknown): EditTargetData {
  const spec = AUTHENTIK_KINDS[managed];
  const id = idOf(managed, object);
  const parentValue = spec.parent ? (object as Record<string, unknown> | null | undefined)?.[spec.parent.field] : undefined;
  return {
    kindId: editKindId(managed),
    address: spec.parent ? { parent: String(parentValue ?? ''), id } : { id },
    name: spec.idField === 'slug' ? id : displayNameOf(managed, object),
  };
}
