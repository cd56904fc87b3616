import { HoneycombApi } from './api';
import { datasetSegment } from './paths';
import type { ApiObject } from './writes';

/**
 * The burn alerts of one SLO. Honeycomb lists burn alerts only by SLO (`?slo_id=`): "it is not
 * currently possible to retrieve all burn alerts for a dataset, environment, or team" (API
 * description, listBurnAlertsBySlo). `dataset` is where the SLO lives (`__all__` for a
 * multi-dataset SLO, as Honeycomb's Terraform provider addresses them).
 */
export interface BurnAlertItem {
  id: string;
  /** `exhaustion_time` or `budget_rate` (a type newer than this editor is kept as the API names it). */
  alertType: string;
  description: string;
  /** exhaustion_time: minutes of budget left when the alert fires. */
  exhaustionMinutes?: number;
  /** budget_rate: the window, in minutes, and the drop over it, per million. */
  windowMinutes?: number;
  decreasePerMillion?: number;
  triggered: boolean;
}

export async function listBurnAlerts(api: HoneycombApi, dataset: string, sloId: string, signal?: AbortSignal): Promise<BurnAlertItem[]> {
  const operation = 'listBurnAlertsBySlo';
  const path = `/1/burn_alerts/${datasetSegment(dataset)}?slo_id=${encodeURIComponent(sloId)}`;
  const items = api.expectArray<ApiObject>(operation, await api.v1({ operation, path, signal }));
  return items.filter((a) => typeof a.id === 'string').map(toBurnAlertItem);
}

function toBurnAlertItem(a: ApiObject): BurnAlertItem {
  const number = (v: unknown) => (typeof v === 'number' ? v : undefined);
  return {
    id: String(a.id),
    // The API's default type: an alert that does not say is an exhaustion-time alert.
    alertType: typeof a.alert_type === 'string' ? a.alert_type : 'exhaustion_time',
    description: typeof a.description === 'string' ? a.description : '',
    exhaustionMinutes: number(a.exhaustion_minutes),
    windowMinutes: number(a.budget_rate_window_minutes),
    decreasePerMillion: number(a.budget_rate_decrease_threshold_per_million),
    triggered: a.triggered === true,
  };
}

/** What a burn alert fires on, in words: `4 h of budget left`, `budget drops 1% in 1 h`. */
export function burnAlertSummary(a: BurnAlertItem): string {
  if (a.alertType === 'budget_rate') {
    const percent = a.decreasePerMillion === undefined ? '?' : `${a.decreasePerMillion / 10_000}%`;
    return `budget drops ${percent} in ${minutesText(a.windowMinutes)}`;
  }
  return `${minutesText(a.exhaustionMinutes)} of budget left`;
}

function minutesText(minutes: number | undefined): string {
  if (minutes === undefined) return '?';
  return minutes % 60 === 0 && minutes > 0 ? `${minutes / 60} h` : `${minutes} min`;
}

/**
 * A burn alert has no name: its documents are called by what it fires on (`exhaustion 240 min`,
 * `budget rate 60 min`), from the object as the API answers it.
 */
export function burnAlertName(object: ApiObject): string {
  if (object.alert_type === 'budget_rate') return `budget rate ${String(object.budget_rate_window_minutes ?? '?')} min`;
  return `exhaustion ${String(object.exhaustion_minutes ?? '?')} min`;
}
