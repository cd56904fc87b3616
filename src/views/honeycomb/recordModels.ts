import { TRIGGER_KIND_ID } from './kinds/ids';
import { ENVIRONMENT_WIDE, RECIPIENT_TYPES, TriggerItem } from '../../clients/honeycomb';
import { RecordBadge, RecordField, RecordSection } from '../panels/protocol';
import { ownValue } from '../panels/panelText';
import { CodeOffer, EditTargetData, recordModel } from '../panels/recordRule';
import { LoadedRecord } from '../panels/recordSources';
import { uiUnavailableReason, uiUrl } from './links';
import { HoneycombObject, KIND_LABELS, objectId, objectJson, objectName } from './objects';
import { pulumiSnippet, terraformSnippet } from './snippets';
import { recordKeyOf, recordKeyOfObject } from './recordKeys';
import { days, percent, timeField } from './time';

/**
 * Record panels of the Honeycomb explorer, as RecordViewModels. Server text is only ever a
 * field value (the panel sets it as text); secrets never enter the model: a secret field
 * carries a secret id, and the value sits in `secrets` until the user clicks Reveal.
 */

export interface RecordExtras {
  /** Triggers that notify a recipient (`/1/recipients/{id}/triggers`). */
  recipientTriggers?: TriggerItem[];
  /** Where an environment's API key comes from, for the environment record. */
  apiKey?: 'default' | 'stored' | 'none';
  /** A note shown as a badge, e.g. that the record is the listed copy. */
  note?: string;
}

export const TYPE_LABELS: Record<string, string> = {
  email: 'Email',
  webhook: 'Webhook',
  slack: 'Slack',
  pagerduty: 'PagerDuty',
  msteams: 'Microsoft Teams (legacy connector)',
  msteams_workflow: 'Microsoft Teams workflow',
};

const text = (label: string, value: string | number | boolean | undefined, extra: Partial<RecordField> = {}): RecordField => ({
  label,
  value: value === undefined ? '' : value,
  ...extra,
});

function envKey(o: HoneycombObject): string {
  return o.env.envSlug;
}

function datasetLink(o: HoneycombObject, slug: string): RecordField {
  if (slug === ENVIRONMENT_WIDE) {
    return text('Dataset', 'environment-wide');
  }
  // A link is drawn as a link only in the plain text format.
  return text('Dataset', slug, { link: { kind: 'record', key: recordKeyOf({ kind: 'dataset', env: envKey(o), slug }) } });
}

function tagList(tags: Record<string, string>): RecordField {
  return { label: 'Tags', format: 'list', list: Object.entries(tags).map(([k, v]) => `${k}: ${v}`) };
}

/** "Edit…" and the resource export of an editable kind's object (triggers). */
function editTarget(o: HoneycombObject): EditTargetData | undefined {
  if (o.kind !== 'trigger') return undefined;
  return { kindId: TRIGGER_KIND_ID, address: { env: envKey(o), dataset: o.item.dataset, id: o.item.id }, name: o.item.name };
}

/** Terraform or Pulumi of an object: the provider's lookup, or the editable kind's resource with its import. */
function codeOffer(o: HoneycombObject, language: 'Terraform' | 'Pulumi'): CodeOffer {
  const edit = editTarget(o);
  if (edit) return { resource: edit };
  return { text: language === 'Terraform' ? terraformSnippet(o) : pulumiSnippet(o), what: `the ${language} lookup of ${objectName(o)}` };
}

function kindTitle(o: HoneycombObject): string {
  return `Honeycomb ${KIND_LABELS[o.kind]}`;
}

/** "Acme · Production", then the dataset for what lives in one; recipients belong to the team. */
function whereOf(o: HoneycombObject): string {
  const team = o.env.teamName || o.env.teamSlug;
  if (o.kind === 'environment') return team;
  if (o.kind === 'recipient') return `${team} · team-wide`;
  const env = `${team} · ${o.env.classic ? 'Classic' : o.env.envName || o.env.envSlug}`;
  const dataset = o.kind === 'column' ? o.dataset : o.kind === 'derivedColumn' ? (o.dataset ?? ENVIRONMENT_WIDE) : o.kind === 'trigger' ? o.item.dataset : undefined;
  if (dataset === undefined) return env;
  return `${env} · ${dataset === ENVIRONMENT_WIDE ? 'all datasets' : `dataset ${dataset}`}`;
}

/** The record panel model, JSON and secrets of one object. */
export function buildRecord(o: HoneycombObject, extras: RecordExtras = {}): LoadedRecord {
  const badges: RecordBadge[] = extras.note ? [{ text: extras.note, tone: 'warning' }] : [];
  let title = '';
  let subtitle: string | undefined;
  const sections: RecordSection[] = [];
  const secrets: Record<string, string> = {};

  switch (o.kind) {
    case 'environment': {
      const e = o.item;
      title = e.name;
      if (e.deleteProtected) badges.push({ text: 'Delete protected', tone: 'info' });
      if (extras.apiKey === 'none') badges.push({ text: 'No API key set', tone: 'warning' });
      sections.push({
        title: 'Environment',
        fields: [
          text('Name', e.name),
          text('Slug', e.slug, { format: 'code' }),
          text('ID', e.id ?? 'known with a management key', { format: e.id ? 'code' : 'text', dim: !e.id }),
          text('Description', e.description ?? ''),
          text('Colour', e.color ?? ''),
          text('Delete protected', e.deleteProtected === undefined ? '' : e.deleteProtected ? 'yes' : 'no'),
          text('API key', extras.apiKey === 'stored' ? 'set for this environment (secret storage)' : extras.apiKey === 'default' ? 'the configured API key' : 'none — set one to browse it'),
        ],
      });
      break;
    }
    case 'dataset': {
      const d = o.item;
      title = d.name;
      if (d.deleteProtected) badges.push({ text: 'Delete protected', tone: 'info' });
      if (timeField(d.lastWrittenAt) === 'never') badges.push({ text: 'Never written', tone: 'warning' });
      sections.push({
        title: 'Dataset',
        fields: [
          text('Name', d.name),
          text('Slug', d.slug, { format: 'code' }),
          text('Description', d.description),
          text('Columns', d.regularColumnsCount ?? 'unknown'),
          text('Expand JSON depth', d.expandJsonDepth),
          text('Delete protected', d.deleteProtected ? 'yes' : 'no'),
          text('Created', timeField(d.createdAt)),
          text('Last written', timeField(d.lastWrittenAt)),
        ],
      });
      break;
    }
    case 'column': {
      const c = o.item;
      title = c.name;
      if (c.hidden) badges.push({ text: 'Hidden', tone: 'info' });
      sections.push({
        title: 'Column',
        fields: [
          text('Name', c.name, { format: 'code' }),
          text('Type', c.type),
          text('Description', c.description),
          text('Hidden', c.hidden ? 'yes' : 'no'),
          datasetLink(o, o.dataset),
          text('ID', c.id, { format: 'code' }),
          text('Created', timeField(c.createdAt)),
          text('Updated', timeField(c.updatedAt)),
          text('Last written', timeField(c.lastWrittenAt)),
        ],
      });
      break;
    }
    case 'derivedColumn': {
      const d = o.item;
      title = d.alias;
      sections.push({
        title: 'Derived column',
        fields: [
          text('Alias', d.alias, { format: 'code' }),
          text('Expression', d.expression, { format: 'expression' }),
          text('Description', d.description),
          datasetLink(o, o.dataset ?? ENVIRONMENT_WIDE),
          text('ID', d.id, { format: 'code' }),
          text('Created', timeField(d.createdAt)),
          text('Updated', timeField(d.updatedAt)),
        ],
      });
      break;
    }
    case 'slo': {
      const s = o.item;
      title = s.name;
      badges.push({ text: `${percent(s.targetPercentage)} over ${days(s.timePeriod)}`, tone: 'info' });
      if (s.datasets.length > 1) badges.push({ text: 'Multi-dataset', tone: 'info' });
      const sliDataset = s.datasets.length === 1 ? s.datasets[0] : ENVIRONMENT_WIDE;
      sections.push({
        title: 'SLO',
        fields: [
          text('Name', s.name),
          text('Description', s.description),
          text('Target', percent(s.targetPercentage)),
          text('Time period', days(s.timePeriod)),
          text('SLI', s.sli, { link: { kind: 'record', key: recordKeyOf({ kind: 'sli', env: envKey(o), dataset: sliDataset, alias: s.sli }) } }),
          tagList(s.tags),
          text('ID', s.id, { format: 'code' }),
          text('Created', timeField(s.createdAt)),
          text('Updated', timeField(s.updatedAt)),
        ],
      });
      sections.push({ title: s.datasets.length === 1 ? 'Dataset' : `Datasets (${s.datasets.length})`, fields: s.datasets.map((slug) => datasetLink(o, slug)) });
      break;
    }
    case 'trigger': {
      const t = o.item;
      title = t.name;
      if (t.disabled) badges.push({ text: 'Disabled', tone: 'warning' });
      if (t.triggered) badges.push({ text: 'Triggered', tone: 'error' });
      sections.push({
        title: 'Trigger',
        fields: [
          text('Name', t.name),
          text('Description', t.description),
          datasetLink(o, t.dataset),
          text('Threshold', t.thresholds.map((th) => `${th.op} ${th.value}${th.exceededLimit > 1 ? ` (${th.exceededLimit} times in a row)` : ''}`).join('; ')),
          text('Frequency', `every ${t.frequency / 60} min`),
          text('Alert type', t.alertType === 'on_true' ? 'every time the threshold is crossed (on_true)' : 'when the result changes (on_change)'),
          tagList(t.tags),
          text('Query ID', t.queryId, { format: 'code' }),
          // The query as Honeycomb stores it, indented: one field a line.
          ...(t.queryJson ? [text('Query', JSON.stringify(t.raw.query, null, 2), { format: 'json' })] : []),
          text('ID', t.id, { format: 'code' }),
          text('Created', timeField(t.createdAt)),
          text('Updated', timeField(t.updatedAt)),
        ],
      });
      sections.push({
        title: `Recipients (${t.recipients.length})`,
        fields: t.recipients.map((r) =>
          text(ownValue(TYPE_LABELS, r.type) ?? (r.type || 'Recipient'), r.target || r.id, r.id ? { link: { kind: 'record', key: recordKeyOf({ kind: 'recipient', env: envKey(o), id: r.id }) } } : {}),
        ),
      });
      break;
    }
    case 'recipient': {
      const r = o.item;
      title = r.address || r.channel || r.integrationName || r.name || r.id;
      subtitle = ownValue(TYPE_LABELS, r.type) ?? r.type;
      if (r.type === 'msteams') badges.push({ text: 'Deprecated type', tone: 'warning' });
      if (!(RECIPIENT_TYPES as readonly string[]).includes(r.type)) badges.push({ text: `Unknown type ${r.type}`, tone: 'warning' });
      const fields: RecordField[] = [text('Type', r.type, { format: 'code' })];
      if (r.address !== undefined) fields.push(text('Address', r.address));
      if (r.channel !== undefined) fields.push(text('Channel', r.channel));
      if (r.integrationName !== undefined) fields.push(text('Integration name', r.integrationName));
      if (r.integrationKey !== undefined) {
        fields.push(secretField('Integration key', 'integrationKey', r.integrationKey, secrets));
      }
      if (r.name !== undefined) fields.push(text('Name', r.name));
      if (r.url !== undefined) fields.push(text('URL', r.url, { format: 'code' }));
      if (r.secret !== undefined) {
        fields.push(secretField('Secret', 'secret', r.secret, secrets));
      }
      (r.raw.details?.webhook_headers ?? []).forEach((h, i) => {
        // Header values often carry credentials (Authorization…): masked like secrets.
        fields.push(secretField(`Header ${h.header}`, `header-${i}`, h.value ?? '', secrets));
      });
      fields.push(text('ID', r.id, { format: 'code' }), text('Created', timeField(r.createdAt)), text('Updated', timeField(r.updatedAt)));
      sections.push({ title: 'Recipient', fields });
      if (extras.recipientTriggers) {
        const triggers = extras.recipientTriggers;
        sections.push({
          title: `Used by triggers (${triggers.length})`,
          fields:
            triggers.length > 0
              ? triggers.map((t) =>
                  text(t.name, t.dataset === ENVIRONMENT_WIDE ? 'environment-wide' : t.dataset, {
                    link: { kind: 'record', key: recordKeyOf({ kind: 'trigger', env: envKey(o), dataset: t.dataset, id: t.id }) },
                  }),
                )
              : [text('Triggers', 'No trigger notifies this recipient', { dim: true })],
        });
      }
      break;
    }
  }

  const url = uiUrl(o);
  const id = objectId(o);
  const model = recordModel({
    key: recordKeyOfObject(o),
    kind: kindTitle(o),
    title,
    where: whereOf(o),
    subtitle,
    badges,
    sections,
    service: 'Honeycomb',
    edit: editTarget(o),
    browser: url ? { url } : { unavailable: `Cannot open ${title} in Honeycomb: ${uiUnavailableReason(o)}.` },
    id: id ? { value: id } : { unavailable: `The ${KIND_LABELS[o.kind]} ${title} has no ID here: environment IDs come with a management key.` },
    terraform: codeOffer(o, 'Terraform'),
    pulumi: codeOffer(o, 'Pulumi'),
  });
  return { model, json: objectJson(o), ...(Object.keys(secrets).length > 0 ? { secrets } : {}) };
}

function secretField(label: string, id: string, value: string, secrets: Record<string, string>): RecordField {
  if (!value) {
    return text(label, 'not set', { dim: true });
  }
  secrets[id] = value;
  return { label, format: 'secret', secretId: id };
}
