import { CodeResource, pulumiOf, referenceTo, terraformOf } from '../../../editing/exportCode';
import { Address, JsonObject } from '../../../editing/kind';
import { ENVIRONMENT_WIDE } from '../../../clients/honeycomb/paths';
import { pulumiRecipients, recipientBlocks, tagsOf } from './notifiedRecipientsCode';

/**
 * SLOs and burn alerts as code: the provider's `honeycombio_slo` and `honeycombio_burn_alert`
 * resources with their import blocks, and the same as Pulumi resources. The provider speaks in
 * percentages where the API speaks per million (`target_percentage` 99.9 for 999000,
 * `budget_rate_decrease_percent` 1 for 10000), and imports both as `<dataset>/<id>` — a
 * multi-dataset SLO and its burn alerts by the bare id (`slo_resource.go`, `burn_alert_resource.go`,
 * ImportState).
 */
export function sloTerraform(object: JsonObject, address: Address): string {
  return terraformOf(sloCode(object, address));
}

export function sloPulumi(object: JsonObject, address: Address): string {
  return pulumiOf(sloCode(object, address));
}

export function sloCode(object: JsonObject, address: Address): CodeResource[] {
  const name = String(object.name ?? 'slo');
  return [
    {
      keys: [`slo:${address.id}`],
      terraform: { type: 'honeycombio_slo', name, body: { attributes: sloArgs(object, address, 'terraform') }, importId: importId(address) },
      pulumi: { ...PULUMI, className: 'Slo', name, args: Object.fromEntries(sloArgs(object, address, 'pulumi')), importId: importId(address) },
    },
  ];
}

const PULUMI = { module: 'honeycombio', packageName: '@pulumi/honeycombio' };

function sloArgs(object: JsonObject, address: Address, language: 'terraform' | 'pulumi'): Array<[string, unknown]> {
  const name = (snake: string, camel: string) => (language === 'terraform' ? snake : camel);
  // The SLI is a derived column: of the SLO's dataset, else an environment-wide one.
  const alias = isObject(object.sli) ? object.sli.alias : undefined;
  const sli = referenceTo([`derivedColumn:${address.dataset}/${String(alias)}`, `derivedColumn:${ENVIRONMENT_WIDE}/${String(alias)}`], 'alias', alias);
  const datasets = Array.isArray(object.dataset_slugs) ? object.dataset_slugs : [];
  // A single-dataset SLO says its dataset; one over several lists them (the provider takes one or the other).
  const where: Array<[string, unknown]> = address.dataset === ENVIRONMENT_WIDE ? [['datasets', datasets]] : [['dataset', address.dataset]];
  return [
    ['name', object.name],
    ['description', object.description || undefined],
    ...where,
    ['sli', sli],
    [name('target_percentage', 'targetPercentage'), perMillionToPercent(object.target_per_million)],
    [name('time_period', 'timePeriod'), object.time_period_days],
    ['tags', tagsOf(object)],
  ];
}

export function burnAlertTerraform(object: JsonObject, address: Address): string {
  return terraformOf(burnAlertCode(object, address));
}

export function burnAlertPulumi(object: JsonObject, address: Address): string {
  return pulumiOf(burnAlertCode(object, address));
}

export function burnAlertCode(object: JsonObject, address: Address): CodeResource[] {
  const name = burnAlertLabel(object);
  return [
    {
      keys: [`burnAlert:${address.id}`],
      terraform: { type: 'honeycombio_burn_alert', name, body: { attributes: burnAlertArgs(object, address, 'terraform'), blocks: recipientBlocks(object) }, importId: importId(address) },
      pulumi: {
        ...PULUMI,
        className: 'BurnAlert',
        name,
        args: { ...Object.fromEntries(burnAlertArgs(object, address, 'pulumi')), recipients: pulumiRecipients(object) },
        importId: importId(address),
      },
    },
  ];
}

function burnAlertArgs(object: JsonObject, address: Address, language: 'terraform' | 'pulumi'): Array<[string, unknown]> {
  const name = (snake: string, camel: string) => (language === 'terraform' ? snake : camel);
  const budgetRate = object.alert_type === 'budget_rate';
  return [
    [name('alert_type', 'alertType'), object.alert_type],
    ...(budgetRate
      ? ([
          [name('budget_rate_window_minutes', 'budgetRateWindowMinutes'), object.budget_rate_window_minutes],
          [name('budget_rate_decrease_percent', 'budgetRateDecreasePercent'), perMillionToPercent(object.budget_rate_decrease_threshold_per_million)],
        ] as Array<[string, unknown]>)
      : ([[name('exhaustion_minutes', 'exhaustionMinutes'), object.exhaustion_minutes]] as Array<[string, unknown]>)),
    ['dataset', address.dataset === ENVIRONMENT_WIDE ? undefined : address.dataset],
    [name('slo_id', 'sloId'), sloReference(isObject(object.slo) ? object.slo.id : address.slo)],
    ['description', object.description || undefined],
    [name('auto_investigate', 'autoInvestigate'), object.auto_investigate === true ? true : undefined],
  ];
}

function sloReference(id: unknown): unknown {
  return referenceTo(`slo:${String(id)}`, 'id', id);
}

/** The provider's import ID: `<dataset>/<id>`, or the bare id for what lives environment-wide. */
function importId(address: Address): string {
  return address.dataset === ENVIRONMENT_WIDE ? address.id : `${address.dataset}/${address.id}`;
}

/** 999000 → 99.9; rounding keeps 989900 → 98.99, not 98.99000000000001. */
function perMillionToPercent(value: unknown): number | undefined {
  return typeof value === 'number' ? Math.round(value * 100) / 1_000_000 : undefined;
}

function burnAlertLabel(object: JsonObject): string {
  const minutes = object.alert_type === 'budget_rate' ? object.budget_rate_window_minutes : object.exhaustion_minutes;
  return `${String(object.alert_type ?? 'exhaustion_time')} ${String(minutes ?? '')}`.trim();
}

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
