import type { AuthentikClient } from '../../clients/authentik';
import { describeSeconds, validateDuration } from '../../clients/authentik/durations';
import { licenseExpiry } from '../../clients/authentik/resources/licenseExpiry';
import { AUTHENTIK_KINDS, AuthentikKind, displayNameOf, idOf } from '../../clients/authentik/resources/kinds';
import type { UsedBy } from '../../clients/authentik/types';
import type { RecordAction, RecordBadge, RecordField } from '../panels/protocol';
import type { LoadedRecord } from '../panels/recordSources';
import { ObjectRefKind, ObjectRef, recordKeyOf } from './objectRef';
import { editKindId } from './kinds/ids';
import { HIDDEN } from './recordModels';
import { adminUrl } from './snippets';

/**
 * Records of the managed kinds the directory did not show before (bindings, entitlements,
 * blueprints, endpoint connectors and tokens, licenses, notification rules and transports):
 * every field of the kinds table — writable and server-computed — in the table's order.
 * Secret fields are never in the model, its JSON or the panel's HTML, not even behind Reveal:
 * they are set (and the enrollment key copied) by their own commands. Loaded on first use.
 */
type Item = Record<string, unknown>;

export async function loadManagedRecord(
  client: AuthentikClient,
  viewKind: ObjectRefKind,
  managed: AuthentikKind,
  lookup: string,
  signal?: AbortSignal,
): Promise<{ ref: ObjectRef; loaded: LoadedRecord }> {
  const collection = await client.resources(managed);
  const [object, usedBy] = await Promise.all([collection.retrieve(lookup, signal) as Promise<unknown> as Promise<Item>, collection.usedBy(lookup, signal).catch(() => undefined)]);
  const extra = await extraOf(client, managed, object, signal);
  const ref = managedRef(viewKind, managed, object, extra.flowSlug);
  return { ref, loaded: managedRecord(ref, managed, object, usedBy, client.api.uiBase, extra) };
}

/** The ObjectRef of a managed object; a binding carries its flow's slug for the admin link. */
export function managedRef(viewKind: ObjectRefKind, managed: AuthentikKind, object: Item, flowSlug?: string): ObjectRef {
  const id = idOf(managed, object);
  return { kind: viewKind, lookup: id, id, name: displayNameOf(managed, object), ...(flowSlug ? { slug: flowSlug } : {}) };
}

interface Extra {
  flowSlug?: string;
}

async function extraOf(client: AuthentikClient, managed: AuthentikKind, object: Item, signal?: AbortSignal): Promise<Extra> {
  if (managed !== 'flowStageBinding') return {};
  // The binding names its flow by pk; the record links to the flow by slug.
  const flows = await client.listFlows({ search: undefined, pageSize: 100, signal }).catch(() => undefined);
  return { flowSlug: flows?.items.find((f) => f.pk === object.target)?.slug };
}

export function managedRecord(ref: ObjectRef, managed: AuthentikKind, object: Item, usedBy: UsedBy[] | undefined, uiBase: string, extra: Extra = {}, now = Date.now()): LoadedRecord {
  const spec = AUTHENTIK_KINDS[managed];
  const secret = new Set(spec.secrets.map((s) => s.name));
  const shown = [...new Set([spec.idField, ...spec.writableFields, ...spec.readOnlyFields])].filter((f) => !spec.writeOnlyFields.includes(f) || secret.has(f));
  const fields: RecordField[] = shown.map((field) => fieldOf(managed, field, object, secret.has(field), extra));
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
  const sections = [{ title: spec.label, fields }];
  if (usedBy) sections.push({ title: `Used by (${usedBy.length})`, fields: usedBy.map((u) => ({ label: `${u.app}.${u.model_name}`, value: `${u.name} (on delete: ${u.action})` })) });
  const json: Item = { ...object };
  for (const name of secret) if (name in json) json[name] = HIDDEN;
  const actions: RecordAction[] = [
    { id: 'openInAuthentik', label: 'Open in authentik', link: { kind: 'url', url: adminUrl(uiBase, ref) } },
    { id: 'copyId', label: 'Copy ID', link: { kind: 'command', command: 'opsConfig.authentik.copyId', args: [recordKeyOf(ref)] } },
    { id: 'viewJson', label: 'View as JSON' },
    { id: 'copyJson', label: 'Copy JSON' },
    { id: 'refresh', label: 'Refresh' },
  ];
  if (managed !== 'license') actions.unshift({ id: 'edit', label: 'Edit…', link: { kind: 'command', command: 'opsConfig.edit', args: [editTargetOf(managed, object)] } });
  return { model: { key: recordKeyOf(ref), kind: `authentik ${spec.label.toLowerCase()}`, title: displayNameOf(managed, object), sections, badges, actions }, json };
}

function fieldOf(managed: AuthentikKind, field: string, object: Item, isSecret: boolean, extra: Extra): RecordField {
  const spec = AUTHENTIK_KINDS[managed];
  const label = field;
  const value = object[field];
  if (isSecret) {
    const set = value !== undefined && value !== null && value !== '';
    return { label, value: set ? 'set — hidden (use its own command to replace it)' : 'not set', dim: true };
  }
  if (field === 'target' && managed === 'flowStageBinding' && extra.flowSlug) {
    return { label, value: extra.flowSlug, format: 'code', link: { kind: 'record', key: recordKeyOf({ kind: 'flow', lookup: extra.flowSlug }) } };
  }
  if (field === 'stage' && managed === 'flowStageBinding') {
    const stage = object.stage_obj as { name?: string } | undefined;
    return { label, value: stage?.name ? `${stage.name} (${String(value)})` : String(value ?? ''), link: { kind: 'record', key: recordKeyOf({ kind: 'stage', lookup: String(value ?? '') }) } };
  }
  if (spec.durationFields.includes(field) && typeof value === 'string') {
    const parsed = validateDuration(value);
    return { label, value: parsed.ok ? `${value} (${describeSeconds(parsed.totalSeconds ?? 0)})` : `${value} (not a valid duration)`, format: 'code' };
  }
  if (value === undefined || value === null) return { label, value: '', dim: true };
  if (typeof value === 'boolean') return { label, value: value ? 'yes' : 'no' };
  if (Array.isArray(value)) return { label, format: 'list', list: value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))) };
  if (typeof value === 'object') return { label, value: JSON.stringify(value, null, 2), format: field === 'content' ? 'code' : 'json' };
  if (field === 'content') return { label, value: String(value), format: 'code' };
  if (field === 'expiry' || field === 'expires' || field === 'last_applied') return { label, value: String(value), format: 'date' };
  return { label, value: typeof value === 'number' ? value : String(value), format: field === spec.idField || field.endsWith('uuid') || field === 'pk' ? 'code' : undefined };
}

/** What "Edit…" opens: the kind, its address (with the parent of child kinds) and its name. */
export function editTargetOf(managed: AuthentikKind, object: Item): { kindId: string; address: Record<string, string>; name: string } {
  const parent = AUTHENTIK_KINDS[managed].parent;
  const id = idOf(managed, object);
  return { kindId: editKindId(managed), address: parent ? { parent: String(object[parent.field] ?? ''), id } : { id }, name: displayNameOf(managed, object) };
}
