import { QueryProblem, problem } from './querySpec';
import { recipientProblems } from './triggerRules';

/**
 * The rules of a burn alert that its JSON schema cannot say (the schema holds the bounds:
 * `exhaustion_minutes` ≥ 0, `budget_rate_window_minutes` ≥ 60,
 * `budget_rate_decrease_threshold_per_million` 1–1000000, a description of at most 1023
 * characters, at least one recipient). Each is an error because Honeycomb refuses what it finds,
 * and cites where that is said:
 * - "API": the burn alert schemas of Honeycomb's API description (each type's fields are
 *   "Required when `alert_type` is …" and "Must not be specified when `alert_type` is …");
 * - "provider": `internal/provider/burn_alert_resource.go` (ValidateConfig) and `client/recipient.go`
 *   of honeycombio/terraform-provider-honeycombio@bde0d12.
 */

type Json = Record<string, unknown>;

/** client: `BurnAlertAlertTypes` "returns a list of valid burn alert alert types". */
const ALERT_TYPES = ['exhaustion_time', 'budget_rate'];
const EXHAUSTION_FIELDS = ['exhaustion_minutes'];
const BUDGET_RATE_FIELDS = ['budget_rate_window_minutes', 'budget_rate_decrease_threshold_per_million'];

export function burnAlertProblems(alert: Json, baseline?: Json): QueryProblem[] {
  const out: QueryProblem[] = [];
  // API: `alert_type` "default: exhaustion_time"; provider: the same default.
  const type = alert.alert_type === undefined ? 'exhaustion_time' : alert.alert_type;
  if (!ALERT_TYPES.includes(type as string)) {
    out.push(problem(['alert_type'], `alert_type is ${JSON.stringify(type)}: use "exhaustion_time" (budget runs out within a time) or "budget_rate" (budget drops by a share within a window)`));
  } else {
    const [needed, refused] = type === 'exhaustion_time' ? [EXHAUSTION_FIELDS, BUDGET_RATE_FIELDS] : [BUDGET_RATE_FIELDS, EXHAUSTION_FIELDS];
    for (const field of needed) {
      if (alert[field] === undefined || alert[field] === null) out.push(problem([field], `a ${String(type)} burn alert needs "${field}"`));
    }
    for (const field of refused) {
      if (alert[field] !== undefined && alert[field] !== null) out.push(problem([field], `${field} must not be given when alert_type is "${String(type)}"`));
    }
  }
  out.push(...recipientProblems(alert.recipients));
  if (Array.isArray(alert.recipients)) {
    alert.recipients.forEach((r, i) => {
      // client: burn alerts take `RecipientTypes()`; only triggers add the marker type.
      if (isObject(r) && r.type === 'marker')
        out.push(problem(['recipients', i, 'type'], 'a marker recipient is for triggers only: a burn alert notifies email, Slack, PagerDuty, webhook or MS Teams recipients'));
    });
  }
  // provider: slo_id RequiresReplace — a burn alert belongs to its SLO for good.
  const sloId = isObject(alert.slo) ? alert.slo.id : undefined;
  const baselineSlo = baseline && isObject(baseline.slo) ? baseline.slo.id : undefined;
  if (baselineSlo !== undefined && sloId !== baselineSlo) {
    out.push(problem(['slo'], `a burn alert stays with its SLO (${JSON.stringify(baselineSlo)}): create a new burn alert on the other SLO instead`));
  }
  return out;
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
