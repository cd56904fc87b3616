import { validateApiQuery } from './queries';
import { QueryProblem, problem } from './querySpec';

/**
 * The rules of a trigger that its JSON schema cannot say, checked before anything is sent. They
 * come from the OpenAPI `Trigger` descriptions (frequency, the query's duration, baseline
 * thresholds) and the provider's documented trigger query subset. Each problem carries the
 * path of the field it is about, so an editor underlines that field.
 */
export const MIN_FREQUENCY = 60;
export const MAX_FREQUENCY = 86_400;
/** What a trigger's inline query may hold (the provider's documented subset). */
export const TRIGGER_QUERY_FIELDS = ['calculations', 'filters', 'filter_combination', 'breakdowns', 'time_range'] as const;

type Json = Record<string, unknown>;

export function triggerProblems(trigger: Json): QueryProblem[] {
  const out: QueryProblem[] = [];
  const hasQuery = trigger.query !== undefined && trigger.query !== null;
  const hasQueryId = typeof trigger.query_id === 'string' && trigger.query_id !== '';
  if (hasQuery && hasQueryId) out.push(problem(['query_id'], 'give either query (the query itself) or query_id (a saved query), not both'));
  if (!hasQuery && !hasQueryId) out.push(problem([], 'a trigger needs a query: add "query" (the query itself) or "query_id" (a saved query)'));

  const frequency = typeof trigger.frequency === 'number' ? trigger.frequency : 900;
  const frequencyOk = Number.isInteger(frequency) && frequency % 60 === 0 && frequency >= MIN_FREQUENCY && frequency <= MAX_FREQUENCY;
  if (!frequencyOk) {
    out.push(problem(['frequency'], `frequency must be a multiple of 60 seconds between ${MIN_FREQUENCY} and ${MAX_FREQUENCY} (1 minute to 1 day), not ${JSON.stringify(trigger.frequency)}`));
  }

  if (hasQuery && isObject(trigger.query)) {
    out.push(...queryProblems(trigger.query, frequencyOk ? frequency : undefined));
  } else if (hasQuery) {
    out.push(problem(['query'], 'query must be an object (a query specification)'));
  }

  const threshold = isObject(trigger.threshold) ? trigger.threshold : undefined;
  const baseline = isObject(trigger.baseline_details) ? trigger.baseline_details : undefined;
  if (baseline && Object.keys(baseline).length > 0 && threshold && !['>=', '<='].includes(String(threshold.op))) {
    out.push(problem(['threshold', 'op'], `a baseline threshold compares with >= or <=, not ${JSON.stringify(threshold.op)}`));
  }

  const window = trigger.evaluation_schedule_type === 'window';
  if (window && !isObject(trigger.evaluation_schedule)) {
    out.push(problem(['evaluation_schedule_type'], 'a "window" schedule needs evaluation_schedule with its days_of_week, start_time and end_time'));
  }
  if (!window && trigger.evaluation_schedule !== undefined) {
    out.push(problem(['evaluation_schedule'], 'evaluation_schedule is used only with "evaluation_schedule_type": "window"'));
  }

  if (Array.isArray(trigger.recipients)) {
    trigger.recipients.forEach((r, i) => {
      if (!isObject(r)) return;
      if ((typeof r.id !== 'string' || r.id === '') && (typeof r.type !== 'string' || r.type === '')) {
        out.push(problem(['recipients', i], 'a recipient needs its "id" (completion lists the environment\u2019s recipients)'));
      }
    });
  }
  if (Array.isArray(trigger.tags)) {
    trigger.tags.forEach((t, i) => {
      if (!isObject(t)) return;
      if (typeof t.key === 'string' && !/^[a-z]+$/.test(t.key)) out.push(problem(['tags', i, 'key'], 'a tag key is lowercase letters only'));
      if (typeof t.value === 'string' && !/^[a-z][a-z0-9/-]*$/.test(t.value)) {
        out.push(problem(['tags', i, 'value'], 'a tag value starts with a lowercase letter and has only lowercase letters, digits, "/" and "-"'));
      }
    });
  }
  return out;
}

/** The inline query: the query rules, the trigger subset, one calculation, a duration the frequency allows. */
function queryProblems(query: Json, frequency: number | undefined): QueryProblem[] {
  const out: QueryProblem[] = [];
  for (const key of Object.keys(query)) {
    if (!(TRIGGER_QUERY_FIELDS as readonly string[]).includes(key)) {
      out.push(problem(['query', key], `a trigger's query cannot have ${key}; it may have ${TRIGGER_QUERY_FIELDS.join(', ')}`));
    }
  }
  const checked = validateApiQuery(query);
  for (const p of checked.problems) {
    // Fields outside the subset are reported once, above.
    if (p.path.length > 0 && !(TRIGGER_QUERY_FIELDS as readonly string[]).includes(String(p.path[0]))) continue;
    out.push({ ...p, path: ['query', ...p.path] });
  }
  const calculations = Array.isArray(query.calculations) ? query.calculations : [];
  if (calculations.length !== 1) {
    out.push(problem(['query', 'calculations'], `a trigger alerts on exactly one calculation; this query has ${calculations.length}`));
  } else if (isObject(calculations[0]) && calculations[0].op === 'HEATMAP') {
    out.push(problem(['query', 'calculations', 0, 'op'], 'a trigger cannot alert on a HEATMAP'));
  }
  const range = typeof query.time_range === 'number' ? query.time_range : 7200;
  if (frequency !== undefined && range > frequency * 4) {
    const lowest = Math.ceil(range / 4 / 60) * 60;
    out.push(
      problem(
        ['query', query.time_range === undefined ? 'calculations' : 'time_range'],
        `the query covers ${range} s, more than 4 times the frequency (${frequency} s): use a time_range of at most ${frequency * 4} s, or a frequency of at least ${lowest} s`,
      ),
    );
  }
  return out;
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
