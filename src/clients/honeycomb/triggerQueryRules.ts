import { validateApiQuery } from './queries';
import { QueryProblem, problem } from './querySpec';

/**
 * What a trigger's inline query may be. A trigger runs an ordinary query specification, within
 * limits the Terraform provider enforces before it calls the API (`internal/helper/validation/
 * trigger_query_spec.go`, ValidTriggerQuerySpec, and `internal/provider/trigger_resource.go`,
 * ValidateConfig — honeycombio/terraform-provider-honeycombio@bde0d12), each cited below:
 * - no HEATMAP or CONCURRENCY calculation; no orders, limit, start_time or end_time;
 * - at most one having; names unique across calculations and formulas;
 * - named or filtered calculations only with a formula, and then no global filters;
 * - with a formula (at most one): up to 100 calculations; without: one calculation, apart from
 *   those a having needs (same op and column);
 * - a time_range from the frequency to four times it. Left out, Honeycomb runs the query over the
 *   frequency (a trigger created without one was answered with `time_range` equal to the
 *   frequency), so nothing is assumed and nothing reported.
 * Everything else is the query specification's own rules (queryRules.ts). A field or operator
 * this model does not know is a warning: the query goes to Honeycomb as it is, and Honeycomb
 * decides.
 */

type Json = Record<string, unknown>;

/** Fields the provider refuses in a trigger query (trigger_query_spec.go: "Trigger queries cannot use …"). */
const REFUSED_FIELDS: Record<string, string> = {
  orders: 'orders',
  limit: 'limit',
  start_time: 'start_time or end_time (a trigger always looks back from now)',
  end_time: 'start_time or end_time (a trigger always looks back from now)',
};

/** trigger_query_spec.go: "Trigger queries cannot use HEATMAP / CONCURRENCY calculations." */
const REFUSED_OPS = ['HEATMAP', 'CONCURRENCY'];

/** trigger_query_spec.go: "Trigger queries with formulas support at most 100 calculations". */
const MAX_CALCULATIONS_WITH_FORMULA = 100;

export function triggerQueryProblems(query: Json, frequency: number | undefined): QueryProblem[] {
  const out: QueryProblem[] = [];
  for (const [field, words] of Object.entries(REFUSED_FIELDS)) {
    if (query[field] !== undefined && query[field] !== null) out.push(problem(['query', field], `a trigger's query cannot use ${words}`));
  }
  out.push(...specProblems(query, frequency));

  const calculations = listOf(query.calculations);
  const formulas = listOf(query.formulas);
  const havings = listOf(query.havings);
  const filters = listOf(query.filters);

  calculations.forEach((c, i) => {
    if (REFUSED_OPS.includes(String(c.op))) out.push(problem(['query', 'calculations', i, 'op'], `a trigger cannot alert on a ${String(c.op)} calculation`));
  });
  if (havings.length > 1) out.push(problem(['query', 'havings'], `a trigger's query has at most 1 having; this one has ${havings.length}`));

  const named = calculations.some((c) => c.name !== undefined || listOf(c.filters).length > 0);
  if (named && filters.length > 0) {
    out.push(problem(['query', 'filters'], "a trigger's query cannot have global filters when calculations are named or filtered: put the filters on the calculations"));
  }
  if (formulas.length > 0) {
    if (formulas.length > 1) out.push(problem(['query', 'formulas'], `a trigger's query has at most 1 formula; this one has ${formulas.length}`));
    if (calculations.length > MAX_CALCULATIONS_WITH_FORMULA) {
      out.push(problem(['query', 'calculations'], `a trigger's query with a formula has at most ${MAX_CALCULATIONS_WITH_FORMULA} calculations; this one has ${calculations.length}`));
    }
  } else {
    calculations.forEach((c, i) => {
      if (c.name !== undefined || listOf(c.filters).length > 0) {
        out.push(problem(['query', 'calculations', i], 'a named or filtered calculation needs a formula in a trigger: add one, or remove the name and filters'));
      }
    });
    const alerting = calculations.filter((c) => !havings.some((h) => h.calculate_op === c.op && (h.column ?? null) === (c.column ?? null)));
    const counted = calculations.length === 1 ? 1 : havings.length === 0 ? calculations.length : alerting.length;
    if (counted !== 1 && calculations.length > 0) {
      const names = alerting.map((c) => (c.column ? `${String(c.op)}(${String(c.column)})` : String(c.op))).join(', ');
      out.push(problem(['query', 'calculations'], `a trigger alerts on one calculation (others only where a having or a formula needs them); this query has ${counted}${names ? `: ${names}` : ''}`));
    }
  }
  return out;
}

/**
 * The query specification's own rules, on the range the trigger runs it over. The strict reader
 * refuses a field or operator it does not know; here that is a warning, since a trigger query
 * goes to Honeycomb as it is.
 */
function specProblems(query: Json, frequency: number | undefined): QueryProblem[] {
  const refused = new Set(Object.keys(REFUSED_FIELDS));
  const ranged = query.time_range === undefined && frequency !== undefined ? { ...query, time_range: frequency } : query;
  const formulas = new Set(listOf(query.formulas).map((f) => f.name));
  const havings = listOf(query.havings);
  const out: QueryProblem[] = [];
  for (const p of validateApiQuery(ranged).problems) {
    if (p.path.length > 0 && refused.has(String(p.path[0]))) continue; // said once, above
    // A having on a formula names the formula as its column and has no calculate_op: the
    // provider passes it through both of its query checks (trigger_query_spec_test.go, "valid
    // formula with having"), so it goes to Honeycomb as written.
    if (p.path[0] === 'havings' && p.path[2] === 'calculate_op' && formulas.has(havings[p.path[1] as number]?.column)) continue;
    const unknown = p.onKey === true || /is not an? (calculation|filter|having) operator/.test(p.message);
    out.push(unknown ? { ...p, path: ['query', ...p.path], severity: 'warning', message: `${p.message} — it is sent as it is, and Honeycomb decides` } : { ...p, path: ['query', ...p.path] });
  }
  return out;
}

function listOf(value: unknown): Json[] {
  return Array.isArray(value) ? value.filter((v): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v)) : [];
}
