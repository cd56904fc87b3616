import { checkExpression } from './queryExpression';
import {
  ApiCalculation,
  ApiFilter,
  ApiQuerySpec,
  COMPARE_TIME_OFFSETS,
  DEFAULT_TIME_RANGE,
  MAX_ITEMS,
  MAX_LIMIT,
  QueryProblem,
  filterOpTakesList,
  filterOpTakesValue,
  isRelational,
  opNeedsColumn,
  problem,
} from './querySpec';

/**
 * The rules a query specification must follow before it is sent (the provider's query
 * specification checks and the API's documented limits), with the provider's own messages
 * where it has one. The input has already been decoded (queryDecode.ts), so values have their
 * types; each rule reports the path of the value at fault, so a query file can underline it and
 * getQuerySpecification can name it.
 *
 * Where the provider and the API disagree, the API wins: `start_time` + `end_time` without
 * `time_range` is accepted (rule 11), and ranges are measured on the effective time range.
 */

/** The calculation the API assumes when none is given. */
const IMPLICIT_COUNT: ApiCalculation = { op: 'COUNT' };

/**
 * The time range the query covers, in seconds: `time_range`; else `end_time − start_time`
 * when both are given; else the default two hours (which the JSON then carries).
 */
export function effectiveTimeRange(q: ApiQuerySpec): number {
  if (q.time_range !== undefined) return q.time_range;
  if (q.start_time !== undefined && q.end_time !== undefined) return q.end_time - q.start_time;
  return DEFAULT_TIME_RANGE;
}

/** The calculations the query really runs: COUNT when none are given. */
export function effectiveCalculations(q: ApiQuerySpec): ApiCalculation[] {
  return q.calculations && q.calculations.length > 0 ? q.calculations : [IMPLICIT_COUNT];
}

function sameColumn(a: string | undefined, b: string | undefined): boolean {
  return (a ?? '') === (b ?? '');
}

function checkFilters(filters: ApiFilter[] | undefined, path: Array<string | number>, out: QueryProblem[]): void {
  (filters ?? []).forEach((f, i) => {
    const at = [...path, i];
    const hasValue = f.value !== undefined && f.value !== null;
    if (!filterOpTakesValue(f.op)) {
      if (hasValue) out.push(problem([...at, 'value'], `${f.op} does not take a value`));
    } else if (!hasValue) {
      out.push(problem([...at, 'op'], `operator ${f.op} requires a value`));
    } else if (filterOpTakesList(f.op) && !Array.isArray(f.value)) {
      out.push(problem([...at, 'value'], `operator ${f.op} takes a list of values, like ["a", "b"]`));
    } else if (!filterOpTakesList(f.op) && Array.isArray(f.value)) {
      out.push(problem([...at, 'value'], `operator ${f.op} takes one value, not a list (use "in" for several)`));
    }
  });
}

function checkCount(list: unknown[] | undefined, key: string, out: QueryProblem[]): void {
  if (list && list.length > MAX_ITEMS) out.push(problem([key], `at most ${MAX_ITEMS} ${key.replace(/_/g, ' ')} are allowed, not ${list.length}`));
}

export function checkQueryRules(q: ApiQuerySpec): QueryProblem[] {
  const out: QueryProblem[] = [];
  const calculations = q.calculations ?? [];
  const formulas = q.formulas ?? [];
  const hasFormulas = formulas.length > 0;
  const hasCalculationFilters = calculations.some((c) => (c.filters ?? []).length > 0);

  for (const key of ['calculations', 'calculated_fields', 'formulas', 'filters', 'breakdowns', 'orders', 'havings'] as const) {
    checkCount(q[key], key, out);
  }

  // Rules 1, 3, 5, 6 (calculation filters): each calculation.
  calculations.forEach((c, i) => {
    const at = ['calculations', i];
    if (c.op === 'CONCURRENCY' && c.column !== undefined) out.push(problem([...at, 'column'], 'column is not allowed with operator CONCURRENCY'));
    else if (opNeedsColumn(c.op) && c.column === undefined) out.push(problem([...at, 'op'], `${c.op} requires a column`));
    if ((c.filters ?? []).length > 0 && c.name === undefined) out.push(problem(at, 'name is required when using calculation filters'));
    if (c.op === 'HEATMAP' && hasFormulas) out.push(problem([...at, 'op'], 'HEATMAP calculations cannot be used with formulas'));
    checkFilters(c.filters, [...at, 'filters'], out);
    (c.filters ?? []).forEach((f, j) => {
      if (isRelational(f.column)) out.push(problem([...at, 'filters', j, 'column'], 'relational fields are not supported in calculation filters'));
    });
  });

  // Rule 2: calculation and formula names share one namespace.
  const names = new Map<string, string>();
  const claim = (name: string | undefined, path: Array<string | number>) => {
    if (name === undefined) return;
    const first = names.get(name);
    if (first !== undefined) out.push(problem(path, `duplicate name "${name}": ${first} already uses it (calculations and formulas share names)`));
    else
      names.set(
        name,
        path
          .slice(0, 2)
          .map((p) => (typeof p === 'number' ? `[${p}]` : p))
          .join(''),
      );
  };
  calculations.forEach((c, i) => claim(c.name, ['calculations', i, 'name']));
  formulas.forEach((f, i) => claim(f.name, ['formulas', i, 'name']));

  // Rules 4 and 6: top-level filters and breakdowns.
  checkFilters(q.filters, ['filters'], out);
  if (hasFormulas || hasCalculationFilters) {
    const message = 'relational fields are not supported when using formulas or calculation filters';
    (q.filters ?? []).forEach((f, i) => isRelational(f.column) && out.push(problem(['filters', i, 'column'], message)));
    (q.breakdowns ?? []).forEach((b, i) => isRelational(b) && out.push(problem(['breakdowns', i], message)));
  }

  // Rule 7: havings need a calculation with the same op and column.
  const effective = effectiveCalculations(q);
  (q.havings ?? []).forEach((h, i) => {
    const at = ['havings', i];
    if (h.calculate_op === 'CONCURRENCY' && h.column !== undefined) {
      out.push(problem([...at, 'column'], `${h.calculate_op} should not have an accompanying column`));
    } else if (opNeedsColumn(h.calculate_op) && h.column === undefined) {
      out.push(problem([...at, 'calculate_op'], `${h.calculate_op} requires a column`));
    } else if (!effective.some((c) => c.op === h.calculate_op && sameColumn(c.column, h.column))) {
      out.push(problem(at, `${h.calculate_op} missing matching calculation`));
    }
  });

  // Rule 8: each order term is a calculation (by column, op not compared), a named
  // calculation, a calculated field, a formula or a breakdown.
  const orderable = new Set<string>([
    ...calculations.map((c) => c.name).filter((n): n is string => n !== undefined),
    ...(q.calculated_fields ?? []).map((f) => f.name),
    ...formulas.map((f) => f.name),
    ...(q.breakdowns ?? []),
  ]);
  (q.orders ?? []).forEach((o, i) => {
    const at = ['orders', i];
    if (o.op === 'HEATMAP') {
      out.push(problem([...at, 'op'], 'cannot order by HEATMAP'));
      return;
    }
    const matches = effective.some((c) => sameColumn(c.column, o.column)) || (o.column !== undefined && orderable.has(o.column));
    if (!matches) out.push(problem(at, 'missing matching calculation, formula, or breakdown'));
  });

  // Rule 9.
  if (q.limit !== undefined && (q.limit < 1 || q.limit > MAX_LIMIT)) out.push(problem(['limit'], `limit value must be between 1 and ${MAX_LIMIT}`));

  // Rule 11 and the API's own time rules.
  const range = effectiveTimeRange(q);
  const given = [q.time_range, q.start_time, q.end_time].filter((v) => v !== undefined).length;
  if (given === 3) out.push(problem(['time_range'], 'specify at most two of time_range, start_time and end_time'));
  for (const key of ['time_range', 'start_time', 'end_time'] as const) {
    const v = q[key];
    if (v !== undefined && v < 1) out.push(problem([key], `${key} value must be at least 1`));
  }
  if (q.start_time !== undefined && q.end_time !== undefined && q.start_time > q.end_time) {
    out.push(problem(['start_time'], 'start_time must not be later than end_time'));
  }

  // Rule 10: T/1000 ≤ granularity ≤ T (integer division, as the provider computes it); 0 = auto.
  if (q.granularity !== undefined) {
    if (q.granularity < 0) out.push(problem(['granularity'], `granularity value must be at least 0, got: ${q.granularity}`));
    else if (q.granularity > 0 && range >= 1 && given < 3) {
      if (q.granularity > range) out.push(problem(['granularity'], 'granularity can not be greater than time_range'));
      else if (q.granularity < Math.floor(range / 1000)) out.push(problem(['granularity'], 'granularity can not be less than time_range/1000'));
    }
  }

  // Rule 12: an allowed offset — one of the listed ones, or exactly the query's own time range
  // (the API's "same time range as query time range") — not shorter than the time range.
  if (q.compare_time_offset_seconds !== undefined) {
    const offset = q.compare_time_offset_seconds;
    if (!(COMPARE_TIME_OFFSETS as readonly number[]).includes(offset) && offset !== range) {
      out.push(problem(['compare_time_offset_seconds'], `compare_time_offset ${offset} is not allowed: use the query's time range (${range}) or one of ${COMPARE_TIME_OFFSETS.join(', ')} seconds`));
    } else if (offset < range) {
      out.push(problem(['compare_time_offset_seconds'], 'compare_time_offset must be greater than the queries time range.'));
    }
  }

  // Rule 13: expressions parse with the derived-column grammar.
  for (const key of ['calculated_fields', 'formulas'] as const) {
    (q[key] ?? []).forEach((f, i) => {
      const check = checkExpression(f.expression);
      if (!check.ok) out.push(problem([key, i, 'expression'], `expression must be a valid calculated field (${check.reason}, at character ${check.offset + 1})`));
    });
  }
  return out;
}
