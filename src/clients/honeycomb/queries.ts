import { ServiceError } from '../../core/errors';
import { SERVICE } from './api';
import { listId } from './paths';
import { decodeApiQuery, decodeSeedInput } from './queryDecode';
import { queryJson, toSeedSpec } from './queryJson';
import { checkQueryRules, effectiveTimeRange } from './queryRules';
import { API_TO_CAMEL, ApiQuerySpec, QueryProblem, QuerySpecification, QuerySpecificationRecord, pathText } from './querySpec';

/**
 * The two query operations of the package:
 * - getQuerySpecification (local, no request): validates every field and returns them with
 *   `json`, the canonical JSON the API accepts;
 * - getQueryResult: create the query (`POST /1/queries/{dataset}`), create its result
 *   (`POST /1/query_results/{dataset}`, 10 a minute), then poll (`GET …/{resultId}`) with a
 *   growing delay until it is complete. No dataset means an environment-wide query (`__all__`).
 * `runQuery` is the same run with everything the editor shows (series, progress, counts).
 * The runs are in queryRuns.ts, which the client loads with the first query it runs.
 */

// ---- Validation shared by both operations and by query files ----

/** Decoding and rule problems of a spec in the API's shape (query files, `queryJson`). */
export function validateApiQuery(value: unknown): { query: ApiQuerySpec; problems: QueryProblem[] } {
  const decoded = decodeApiQuery(value);
  return { query: decoded.query, problems: [...decoded.problems, ...checkQueryRules(decoded.query)] };
}

export function invalid(operation: string, problems: QueryProblem[], camel: boolean, what: string): ServiceError {
  const errors = problems.filter((p) => p.severity === 'error');
  const byField = new Map<string, string[]>();
  for (const p of errors) {
    const field = pathText(p.path, camel);
    // The composed message adds its own full stop (two provider messages end with one), and a
    // seed-style input is answered in the seed's names (timeRange), the API's JSON in the API's.
    const message = camel && !p.message.startsWith('unknown field') ? inSeedNames(p.message) : p.message;
    byField.set(field, [...(byField.get(field) ?? []), message.replace(/\.$/, '')]);
  }
  return new ServiceError({
    kind: 'badInput',
    service: SERVICE,
    operation,
    summary: `${what} is not valid (${errors.length} ${errors.length === 1 ? 'problem' : 'problems'})`,
    fieldErrors: [...byField.entries()].map(([field, messages]) => ({ field, messages })),
    hint: 'Nothing was sent to Honeycomb.',
  });
}

/** A rule's message with the API's field names replaced by the seed's (`time_range` → `timeRange`). */
function inSeedNames(message: string): string {
  return message.replace(/\bcompare_time_offset(?:_seconds)?\b/g, 'compareTimeOffset').replace(/\b[a-z]+(?:_[a-z]+)+\b/g, (name) => API_TO_CAMEL[name] ?? name);
}

/** Parses and validates `queryJson` strictly; throws a badInput error naming each problem. */
export function parseQueryJson(operation: string, text: string): ApiQuerySpec {
  if (typeof text !== 'string' || text.trim() === '') {
    throw new ServiceError({ kind: 'badInput', service: SERVICE, operation, summary: 'the input "queryJson" is required' });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ServiceError({ kind: 'badInput', service: SERVICE, operation, summary: `queryJson is not valid JSON (${(error as Error).message})` });
  }
  const { query, problems } = validateApiQuery(value);
  if (problems.some((p) => p.severity === 'error')) throw invalid(operation, problems, false, 'queryJson');
  return query;
}

/** Every problem of getQuerySpecification's input, with paths in API names (for editors and tests). */
export function checkQuerySpecification(input: QuerySpecification): QueryProblem[] {
  const decoded = decodeSeedInput(input);
  return [...decoded.problems, ...checkQueryRules(decoded.query)].map((p) => (p.message.startsWith('unknown field') ? p : { ...p, message: inSeedNames(p.message) }));
}

/** getQuerySpecification: every field echoed (timeRange with its default) plus `json` and `id`. */
export function getQuerySpecification(input: QuerySpecification = {}): QuerySpecificationRecord {
  const decoded = decodeSeedInput(input);
  const problems = [...decoded.problems, ...checkQueryRules(decoded.query)];
  if (problems.some((p) => p.severity === 'error')) throw invalid('getQuerySpecification', problems, true, 'the query specification');
  const json = queryJson(decoded.query);
  const echo = toSeedSpec(decoded.query);
  if (echo.timeRange === undefined && !(echo.startTime !== undefined && echo.endTime !== undefined)) echo.timeRange = effectiveTimeRange(decoded.query);
  return { ...echo, json, id: listId([json]) };
}
