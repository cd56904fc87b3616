import { QueryProblem, problem } from './querySpec';
import { triggerQueryProblems } from './triggerQueryRules';

/**
 * The rules of a trigger that its JSON schema cannot say, checked before anything is sent. Each is
 * an error only because Honeycomb certainly refuses what it finds, and cites where that is said:
 * - "API": the trigger fields of Honeycomb's API description (BaseTrigger);
 * - "client": Honeycomb's Go client, `client/trigger.go` / `client/recipient.go`;
 * - "provider": the Terraform provider's validators, `internal/provider/trigger_resource.go`
 *   (schema validators and ValidateConfig) and `internal/provider/notification_recipients.go`
 *   (honeycombio/terraform-provider-honeycombio@bde0d12).
 * The inline query has rules of its own (triggerQueryRules.ts). Each problem carries the path of
 * the field it is about, so an editor underlines that field, and names the value and what would
 * be accepted.
 */
export const MIN_FREQUENCY = 60;
export const MAX_FREQUENCY = 86_400;
/** API default, and the provider's (`int64default.StaticInt64(900)`). */
const DEFAULT_FREQUENCY = 900;
/** client: `TriggerThresholdOps` "returns an exhaustive list of trigger threshold ops". */
const THRESHOLD_OPS = ['>', '>=', '<', '<='];
/** API (`offset_minutes` enum: "only support comparison 1 hour, 24 hours, 7 days, or 28 days") and provider (OneOf). */
const BASELINE_OFFSETS = [60, 1440, 10080, 40320];
const BASELINE_TYPES = ['value', 'percentage'];
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
/** provider: `pagerduty_severity` OneOf("info", "warning", "error", "critical"), PagerDuty's four severities. */
const PAGERDUTY_SEVERITIES = ['critical', 'error', 'warning', 'info'];
/** provider: a webhook recipient's `variable` block, SizeAtMost(10). */
const MAX_VARIABLES = 10;

type Json = Record<string, unknown>;

export function triggerProblems(trigger: Json): QueryProblem[] {
  const out: QueryProblem[] = [];
  // client: "Name of the trigger. This field is required."; API: 1–120 characters (schema).
  if (typeof trigger.name !== 'string' || trigger.name.trim() === '') out.push(problem(['name'], 'a trigger needs a name (1 to 120 characters)'));

  const hasQuery = trigger.query !== undefined && trigger.query !== null;
  const hasQueryId = typeof trigger.query_id === 'string' && trigger.query_id !== '';
  // client (MarshalJSON): "we can't send both to the API"; provider: query_json ConflictsWith query_id.
  if (hasQuery && hasQueryId) out.push(problem(['query_id'], 'give either query (the query itself) or query_id (a saved query), not both'));
  // client: "Query of the trigger. This field is required."
  if (!hasQuery && !hasQueryId) out.push(problem([], 'a trigger needs a query: add "query" (the query itself) or "query_id" (a saved query)'));

  const frequency = trigger.frequency === undefined ? DEFAULT_FREQUENCY : trigger.frequency;
  const frequencyOk = typeof frequency === 'number' && Number.isInteger(frequency) && frequency % 60 === 0 && frequency >= MIN_FREQUENCY && frequency <= MAX_FREQUENCY;
  // API and provider (Int64DivisibleBy(60), Between(60, 86400)).
  if (!frequencyOk && typeof frequency === 'number') {
    out.push(problem(['frequency'], `frequency is ${frequency}: it must be a multiple of 60 seconds from ${MIN_FREQUENCY} to ${MAX_FREQUENCY} (1 minute to 1 day)`));
  }

  if (hasQuery && isObject(trigger.query)) {
    const usable = frequencyOk ? frequency : undefined;
    out.push(...triggerQueryProblems(trigger.query, usable));
    if (usable !== undefined) out.push(...rangeProblems(trigger.query, usable));
  } else if (hasQuery) {
    out.push(problem(['query'], 'query must be an object (a query specification)'));
  }

  out.push(...thresholdProblems(trigger));
  out.push(...scheduleProblems(trigger));
  out.push(...recipientProblems(trigger.recipients));
  out.push(...tagProblems(trigger.tags));
  return out;
}

/**
 * provider ValidateConfig: "The Trigger's query duration must be at least equal to the frequency"
 * and "cannot be more than four times the frequency" (the API's `duration <= frequency*4`). The
 * provider reports both on `frequency`, and so does this rule; the message names both fields.
 */
function rangeProblems(query: Json, frequency: number): QueryProblem[] {
  const range = query.time_range;
  if (typeof range !== 'number') return [];
  if (range < frequency) {
    return [problem(['frequency'], `the query's time_range is ${range} s, shorter than the frequency (${frequency} s): use at least ${frequency} s, or a lower frequency`)];
  }
  if (range > frequency * 4) {
    const lowest = Math.ceil(range / 4 / 60) * 60;
    return [problem(['frequency'], `the query's time_range is ${range} s, more than 4 times the frequency (${frequency} s): use at most ${frequency * 4} s, or a frequency of at least ${lowest} s`)];
  }
  return [];
}

function thresholdProblems(trigger: Json): QueryProblem[] {
  const out: QueryProblem[] = [];
  const threshold = trigger.threshold;
  // client: "Threshold. This field is required."; API: op and value required.
  if (!isObject(threshold)) {
    out.push(problem(threshold === undefined ? [] : ['threshold'], 'a trigger needs a threshold: { "op": ">", "value": 100 }'));
    return out;
  }
  if (typeof threshold.op === 'string' && !THRESHOLD_OPS.includes(threshold.op)) {
    out.push(problem(['threshold', 'op'], `threshold.op is ${JSON.stringify(threshold.op)}: use one of ${THRESHOLD_OPS.join(', ')}`));
  }
  const baseline = trigger.baseline_details;
  if (!isObject(baseline) || Object.keys(baseline).length === 0) return out; // `{}` means "no baseline" (API)
  // API: both fields are required in a baseline (its oneOf's first form).
  if (baseline.offset_minutes === undefined) out.push(problem(['baseline_details'], `baseline_details needs "offset_minutes": one of ${BASELINE_OFFSETS.join(', ')} (1 hour, 1 day, 1 week, 4 weeks)`));
  else if (!BASELINE_OFFSETS.includes(baseline.offset_minutes as number)) {
    const offset = JSON.stringify(baseline.offset_minutes);
    out.push(problem(['baseline_details', 'offset_minutes'], `offset_minutes is ${offset}: use one of ${BASELINE_OFFSETS.join(', ')} (1 hour, 1 day, 1 week, 4 weeks)`));
  }
  if (baseline.type === undefined) out.push(problem(['baseline_details'], 'baseline_details needs "type": "value" or "percentage"'));
  else if (!BASELINE_TYPES.includes(baseline.type as string)) out.push(problem(['baseline_details', 'type'], `type is ${JSON.stringify(baseline.type)}: use "value" or "percentage"`));
  // provider ValidateConfig: baseline triggers use >= or <=; >= with a value ≥ 0, <= with a value ≤ 0.
  const value = typeof threshold.value === 'number' ? threshold.value : undefined;
  if (threshold.op === '>=' && value !== undefined && value < 0) {
    out.push(problem(['threshold', 'value'], `a baseline threshold with >= takes a value of 0 or more, not ${value} (use <= for a drop)`));
  } else if (threshold.op === '<=' && value !== undefined && value > 0) {
    out.push(problem(['threshold', 'value'], `a baseline threshold with <= takes a value of 0 or less, not ${value} (use >= for a rise)`));
  } else if (threshold.op !== '>=' && threshold.op !== '<=') {
    out.push(problem(['threshold', 'op'], `a baseline threshold compares with >= or <=, not ${JSON.stringify(threshold.op)}`));
  }
  return out;
}

function scheduleProblems(trigger: Json): QueryProblem[] {
  const out: QueryProblem[] = [];
  const window = trigger.evaluation_schedule_type === 'window';
  const schedule = trigger.evaluation_schedule;
  // API: a window schedule runs "only in the time window specified in the evaluation_schedule field".
  if (window && !isObject(schedule)) {
    out.push(problem(['evaluation_schedule_type'], 'a "window" schedule needs evaluation_schedule with its window: days_of_week, start_time and end_time'));
  }
  if (!window && isObject(schedule)) {
    // Not documented as refused: Honeycomb may ignore it. The provider sets "window" whenever it sends a schedule.
    out.push(problem(['evaluation_schedule'], 'evaluation_schedule takes effect only with "evaluation_schedule_type": "window"', 'warning'));
  }
  const days = isObject(schedule) && isObject(schedule.window) ? schedule.window.days_of_week : undefined;
  if (Array.isArray(days)) {
    // API: days_of_week is a list of day names; provider: OneOf(the seven days), UniqueValues.
    days.forEach((day, i) => {
      if (typeof day === 'string' && !WEEKDAYS.includes(day)) {
        out.push(problem(['evaluation_schedule', 'window', 'days_of_week', i], `${JSON.stringify(day)} is not a day: use ${WEEKDAYS.join(', ')}`));
      } else if (days.indexOf(day) !== i) {
        out.push(problem(['evaluation_schedule', 'window', 'days_of_week', i], `${JSON.stringify(day)} is listed twice`));
      }
    });
  }
  return out;
}

export function recipientProblems(recipients: unknown): QueryProblem[] {
  const out: QueryProblem[] = [];
  if (!Array.isArray(recipients)) return out;
  recipients.forEach((r, i) => {
    if (!isObject(r)) return;
    // provider: AtLeastOneOf(id, type).
    if ((typeof r.id !== 'string' || r.id === '') && (typeof r.type !== 'string' || r.type === '')) {
      out.push(problem(['recipients', i], 'a recipient needs its "id" (completion lists the environment\u2019s recipients)'));
    }
    const details = isObject(r.details) ? r.details : undefined;
    if (!details) return;
    if (typeof details.pagerduty_severity === 'string' && !PAGERDUTY_SEVERITIES.includes(details.pagerduty_severity)) {
      out.push(problem(['recipients', i, 'details', 'pagerduty_severity'], `pagerduty_severity is ${JSON.stringify(details.pagerduty_severity)}: use one of ${PAGERDUTY_SEVERITIES.join(', ')}`));
    }
    const variables = Array.isArray(details.variables) ? details.variables : [];
    if (variables.length > MAX_VARIABLES) out.push(problem(['recipients', i, 'details', 'variables'], `a recipient takes at most ${MAX_VARIABLES} variables, not ${variables.length}`));
    // provider (ValidNotificationVariables): "cannot have more than one variable with the same name".
    const seen = new Set<string>();
    variables.forEach((v, j) => {
      const name = isObject(v) && typeof v.name === 'string' ? v.name : undefined;
      if (name === undefined) return;
      if (seen.has(name)) out.push(problem(['recipients', i, 'details', 'variables', j, 'name'], `the variable ${JSON.stringify(name)} is already set on this recipient: each name once`));
      seen.add(name);
    });
  });
  return out;
}

/** API: a tag key is "lowercase letters only"; a value begins with a lowercase letter, then lowercase letters, digits, "/" and "-". */
export function tagProblems(tags: unknown): QueryProblem[] {
  const out: QueryProblem[] = [];
  if (!Array.isArray(tags)) return out;
  tags.forEach((t, i) => {
    if (!isObject(t)) return;
    if (typeof t.key === 'string' && !/^[a-z]+$/.test(t.key)) out.push(problem(['tags', i, 'key'], `tag key ${JSON.stringify(t.key)}: a tag key is lowercase letters only`));
    if (typeof t.value === 'string' && !/^[a-z][a-z0-9/-]*$/.test(t.value)) {
      out.push(problem(['tags', i, 'value'], `tag value ${JSON.stringify(t.value)}: a tag value starts with a lowercase letter and has only lowercase letters, digits, "/" and "-"`));
    }
  });
  return out;
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
