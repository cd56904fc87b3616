import type { AuthentikClient } from '../../clients/authentik';
import { describeSeconds, validateDuration } from '../../clients/authentik/durations';
import { licenseExpiry } from '../../clients/authentik/resources/licenseExpiry';
import { AUTHENTIK_KINDS, AuthentikKind, displayNameOf, idOf } from '../../clients/authentik/resources/kinds';
import type { UsedBy } from '../../clients/authentik/types';
import { fieldLabel, valueField } from '../panels/fieldValues';
import type { RecordBadge, RecordField, RecordSection } from '../panels/protocol';
import type { LoadedRecord } from '../panels/recordSources';
import { RecordContext, authentikRecord, kindName } from './authentikRecord';
import { ObjectRefKind, ObjectRef } from './objectRef';
import { ReferenceNames, embeddedNames, loadReferenceNames, wantedReferences } from './referenceNames';
import { HIDDEN } from './recordFields';
import { usedBySection } from './usedBy';

/**
 * Records of the managed kinds the directory did not show before (bindings, entitlements,
 * blueprints, endpoint connectors and tokens, licenses, notification rules and transports):
 * every field of the kinds table — writable and server-computed — in the table's order, in
 * words: labels a person reads, the objects it refers to by name (as links), nested values as
 * fields, long text as a block. Internal fields (pointers between the server's tables, the
 * admin UI's form names, the embedded copies of referenced objects) are left out. Secret fields
 * are never in the model, its JSON or the panel's HTML, not even behind Reveal: they are set
 * (and the enrollment key copied) by their own commands. Loaded on first use.
 */
type Item = Record<string, unknown>;

export async function loadManagedRecord(
  client: AuthentikClient,
  viewKind: ObjectRefKind,
  managed: AuthentikKind,
  lookup: string,
  where: Omit<RecordContext, 'names'>,
  signal?: AbortSignal,
): Promise<{ ref: ObjectRef; loaded: LoadedRecord }> {
  const collection = await client.resources(managed);
  const [object, usedBy] = await Promise.all([collection.retrieve(lookup, signal) as Promise<unknown> as Promise<Item>, collection.usedBy(lookup, signal).catch(() => undefined)]);
  const names = await loadReferenceNames(client, wantedReferences(managed, object), embeddedNames(managed, object), signal);
  const ref = managedRef(viewKind, managed, object, names);
  return { ref, loaded: managedRecord(ref, managed, object, usedBy, { ...where, names }) };
}

/** The ObjectRef of a managed object; a binding carries its flow's slug for the admin link. */
export function managedRef(viewKind: ObjectRefKind, managed: AuthentikKind, object: Item, names = ReferenceNames.none()): ObjectRef {
  const id = idOf(managed, object);
  const flowSlug = managed === 'flowStageBinding' ? names.get('flow', String(object.target ?? ''))?.ref?.lookup : undefined;
  return { kind: viewKind, lookup: id, id, name: displayNameOf(managed, object), ...(flowSlug ? { slug: flowSlug } : {}) };
}

/**
 * Fields no person needs: pointers between the server's tables, the admin UI's form names, model
 * names, and a transport's mode in other words (the mode is shown).
 */
const INTERNAL = new Set(['component', 'verbose_name_plural', 'meta_model_name', 'mode_verbose']);
const isInternal = (field: string): boolean => INTERNAL.has(field) || field.endsWith('_ptr_id') || field.endsWith('_obj');

/** Labels where the field's name alone reads wrong. */
const LABELS: Readonly<Record<string, string>> = {
  app: 'Application',
  target: 'Flow',
  re_evaluate_policies: 'Re-evaluate policies',
  verbose_name: 'Kind',
};
const DATES = new Set(['expiry', 'expires', 'last_applied', 'last_used', 'created', 'last_updated']);

function labelOf(spec: (typeof AUTHENTIK_KINDS)[AuthentikKind], field: string): string {
  if (field === spec.idField) return 'ID';
  return LABELS[field] ?? fieldLabel(field);
}

export function managedRecord(ref: ObjectRef, managed: AuthentikKind, object: Item, usedBy: UsedBy[] | undefined, ctx: RecordContext, now = Date.now()): LoadedRecord {
  const spec = AUTHENTIK_KINDS[managed];
  const secret = new Set(spec.secrets.map((s) => s.name));
  const shown = [...new Set([spec.idField, ...spec.writableFields, ...spec.readOnlyFields])].filter((f) => (!spec.writeOnlyFields.includes(f) || secret.has(f)) && !isInternal(f));
  const fields: RecordField[] = shown.map((field) => fieldOf(managed, field, object, secret.has(field), ctx.names));
  const badges: RecordBadge[] = [];
  if (managed === 'license') {
    const state = licenseExpiry(object.expiry as string | null | undefined, now);
    badges.push(
      state.state === 'expired'
        ? { text: `expired ${-(state.days ?? 0)} days ago`, tone: 'error' }
        : state.state === 'expiring'
          ? { text: `expires in ${state.days} days`, tone: 'warning' }
          : state.state === 'valid'
            ? { text: `valid until ${String(object.expiry).slice(0, 10)}`, tone: 'success' }
            : { text: 'no expiry date', tone: 'info' },
    );
  }
  if (object.enabled === false) badges.push({ text: 'disabled', tone: 'warning' });
  const sections: RecordSection[] = [{ title: spec.label, fields }];
  if (usedBy) sections.push(usedBySection(usedBy));
  const json: Item = { ...object };
  for (const name of secret) if (name in json) json[name] = HIDDEN;
  return authentikRecord(
    {
      ref,
      kind: kindName(spec.label),
      title: displayNameOf(managed, object),
      badges,
      sections,
      json,
      // A license is nothing but its key, a secret: it is replaced by installing another, never edited.
      managed: { kind: managed, object, editable: managed !== 'license' },
    },
    ctx,
  );
}

function fieldOf(managed: AuthentikKind, field: string, object: Item, isSecret: boolean, names: ReferenceNames): RecordField {
  const spec = AUTHENTIK_KINDS[managed];
  const label = labelOf(spec, field);
  const value = object[field];
  if (isSecret) {
    const set = value !== undefined && value !== null && value !== '';
    return { label, value: set ? 'set — hidden (use its own command to replace it)' : 'not set', dim: true };
  }
  const reference = spec.references[field];
  if (reference) {
    return reference.many || Array.isArray(value)
      ? names.list(label, reference.target, Array.isArray(value) ? (value as Array<string | number>) : [])
      : names.field(label, reference.target, value as string | number | null | undefined);
  }
  if (spec.durationFields.includes(field) && typeof value === 'string') {
    const parsed = validateDuration(value);
    return { label, value: parsed.ok ? `${value} (${describeSeconds(parsed.totalSeconds ?? 0)})` : `${value} (not a valid duration)`, format: 'code' };
  }
  if (value === undefined || value === null || value === '') return { label, value: '', dim: true };
  // A blueprint's content is YAML: always a block, however short.
  if (field === 'content' && typeof value === 'string') return { label, value, format: 'block' };
  if (DATES.has(field) && typeof value === 'string') return { label, value, format: 'date' };
  if (field === spec.idField) return { label, value: String(value), format: 'code' };
  return valueField(label, value, { keys: spec.jsonFields.includes(field) ? 'verbatim' : 'words' });
}
