import { burnAlertName } from '../../../clients/honeycomb/burnAlerts';
import { Address, EditableKind, JsonObject, KindBackend, Problem } from '../../../editing/kind';
import { BURN_ALERT_KIND_ID } from './ids';
import { datasetLocation } from './locations';

export { BURN_ALERT_KIND_ID, burnAlertName };

/**
 * A burn alert of an SLO, at `/1/burn_alerts/{dataset}/{id}` — the dataset of its SLO (`__all__`
 * for a multi-dataset SLO). Its address carries the SLO's id too (`slo`), so the tree can show it
 * under its SLO and a new one knows whose it is. Both alert types are one document: `alert_type`
 * says which fields it needs (burnAlertRules.ts). `slo` goes back on every write as the Go client
 * sends it, and cannot change.
 */

export const BURN_ALERT_FIELDS = [
  'alert_type',
  'description',
  'exhaustion_minutes',
  'budget_rate_window_minutes',
  'budget_rate_decrease_threshold_per_million',
  'auto_investigate',
  'slo',
  'recipients',
] as const;

/** What Honeycomb computes (`readOnly` in the API description's `BurnAlertSharedParams`). */
export const BURN_ALERT_READ_ONLY_FIELDS = ['id', 'triggered', 'created_at', 'updated_at'] as const;

export interface BurnAlertKindParts {
  backend: KindBackend;
  schema(): Promise<JsonObject>;
  rules(document: JsonObject, baseline?: JsonObject): Problem[] | Promise<Problem[]>;
  /** Asks who is notified (`recipient` in the parent: a recipient id); a burn alert needs one. */
  prepareCreate?(parent: Address): Promise<Address | undefined>;
}

export function burnAlertKind(parts: BurnAlertKindParts): EditableKind {
  return {
    id: BURN_ALERT_KIND_ID,
    noun: 'burn alert',
    service: 'Honeycomb',
    fileSuffix: 'honeycomb-burn-alert',
    addressKeys: ['env', 'dataset', 'slo', 'id'],
    parentKeys: ['env', 'dataset', 'slo'],
    fieldOrder: BURN_ALERT_FIELDS,
    readOnlyFields: BURN_ALERT_READ_ONLY_FIELDS,
    updateStyle: 'replace',
    schema: parts.schema,
    rules: (document, baseline) => parts.rules(document, baseline),
    prepareCreate: parts.prepareCreate,
    template: (parent) => ({
      alert_type: 'exhaustion_time',
      description: '',
      exhaustion_minutes: 240,
      slo: { id: parent.slo },
      recipients: parent.recipient ? [{ id: parent.recipient }] : [],
    }),
    nameOf: burnAlertName,
    label: (address, object) => ({
      title: address.id ? `burn alert ${object ? `“${burnAlertName(object)}”` : address.id}` : 'a new burn alert',
      location: `SLO ${address.slo} in ${datasetLocation(address)}`,
    }),
    backend: parts.backend,
    code: {
      terraform: async (object, address) => (await import(/* webpackChunkName: "editing-code" */ './sloCode')).burnAlertTerraform(object, address),
      pulumi: async (object, address) => (await import(/* webpackChunkName: "editing-code" */ './sloCode')).burnAlertPulumi(object, address),
    },
  };
}
