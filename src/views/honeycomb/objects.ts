import { ApiEnvironment, ApiRecipient, ColumnItem, DatasetItem, DerivedColumnItem, ENVIRONMENT_WIDE, RecipientItem, SloItem, TriggerItem } from '../../clients/honeycomb';
import { REDACTED } from '../../core/redact';

/**
 * The Honeycomb objects the explorer shows, with where they live, as plain data: tree nodes
 * carry one, and the commands (copy, open in Honeycomb, snippets) and record panels work from
 * it. No `vscode` here, so all of it is tested on Node.
 */

/** The team and environment an object was read from. */
export interface EnvContext {
  apiUrl: string;
  teamSlug: string;
  teamName: string;
  envSlug: string;
  envName: string;
  /** Classic environments have no slug of their own and use team-level UI URLs. */
  classic: boolean;
}

/** An environment as the tree knows it: from the management key's listing or from `/1/auth`. */
export interface EnvironmentInfo {
  slug: string;
  name: string;
  /** Only known from the management key's listing. */
  id?: string;
  description?: string;
  color?: string;
  deleteProtected?: boolean;
  raw?: ApiEnvironment;
}

export type HoneycombObject =
  | { kind: 'environment'; env: EnvContext; item: EnvironmentInfo }
  | { kind: 'dataset'; env: EnvContext; item: DatasetItem }
  | { kind: 'column'; env: EnvContext; dataset: string; item: ColumnItem }
  | { kind: 'derivedColumn'; env: EnvContext; dataset?: string; item: DerivedColumnItem }
  | { kind: 'slo'; env: EnvContext; item: SloItem }
  | { kind: 'trigger'; env: EnvContext; item: TriggerItem }
  | { kind: 'recipient'; env: EnvContext; item: RecipientItem };

export type ObjectKind = HoneycombObject['kind'];

export const KIND_LABELS: Record<ObjectKind, string> = {
  environment: 'environment',
  dataset: 'dataset',
  column: 'column',
  derivedColumn: 'derived column',
  slo: 'SLO',
  trigger: 'trigger',
  recipient: 'recipient',
};

/** The object's ID as Honeycomb knows it (a dataset's is its slug); undefined when unknown. */
export function objectId(o: HoneycombObject): string | undefined {
  switch (o.kind) {
    case 'environment':
      return o.item.id || undefined;
    case 'dataset':
      return o.item.slug;
    default:
      return o.item.id || undefined;
  }
}

/** The slug of a dataset or an environment; other kinds have none. */
export function objectSlug(o: HoneycombObject): string | undefined {
  return o.kind === 'dataset' || o.kind === 'environment' ? o.item.slug : undefined;
}

/** A display name: dataset or SLO name, column name, alias, recipient target. */
export function objectName(o: HoneycombObject): string {
  switch (o.kind) {
    case 'environment':
    case 'dataset':
    case 'column':
    case 'slo':
    case 'trigger':
      return o.item.name;
    case 'derivedColumn':
      return o.item.alias;
    case 'recipient':
      return o.item.address || o.item.channel || o.item.integrationName || o.item.name || o.item.id;
  }
}

/**
 * The object as the API returned it, with every secret replaced by a mask: a webhook's secret
 * and header values, a PagerDuty integration key. What "Copy JSON" and "View as JSON" give.
 */
export function objectJson(o: HoneycombObject): unknown {
  switch (o.kind) {
    case 'environment':
      return o.item.raw ?? { slug: o.item.slug, name: o.item.name };
    case 'recipient':
      return maskRecipient(o.item.raw);
    default:
      return o.item.raw;
  }
}

export function maskRecipient(raw: ApiRecipient): ApiRecipient {
  const details = { ...(raw.details ?? {}) };
  if (details.webhook_secret) details.webhook_secret = REDACTED;
  if (details.pagerduty_integration_key) details.pagerduty_integration_key = REDACTED;
  if (Array.isArray(details.webhook_headers)) {
    details.webhook_headers = details.webhook_headers.map((h) => ({ ...h, ...(h.value !== undefined ? { value: REDACTED } : {}) }));
  }
  return { ...raw, details };
}

/** The dataset an SLO's links point at: its only dataset, else environment-wide. */
export function sloDataset(slo: SloItem): string {
  return slo.datasets.length === 1 ? slo.datasets[0] : ENVIRONMENT_WIDE;
}
