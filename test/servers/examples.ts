/**
 * The published example bodies vendored under test/servers/openapi/examples/, with the request
 * each one answers. Stand-ins serve them verbatim where one fits; the unit tests check every one
 * against the document (provenance: examples/<service>/sources.md).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DocumentName } from './openapi/validator';
import { openapiDir } from './openapi/locate';

export interface ExampleResponse {
  service: DocumentName;
  /** file under examples/<service>/ */
  file: string;
  method: string;
  /** a concrete request path the body answers */
  path: string;
  status: number;
  contentType: string;
  /**
   * Why the published body does not validate against the vendored document, when it does not
   * (stale docs pages, placeholders, version drift). Stand-ins
   * must not serve these verbatim.
   */
  knownFailure?: string;
}

const JSON_CT = 'application/json';
const PROBLEM = 'application/problem+json';
const JSONAPI = 'application/vnd.api+json';

function hc(file: string, method: string, p: string, status: number, contentType = JSON_CT, knownFailure?: string): ExampleResponse {
  return { service: 'honeycomb', file, method, path: p, status, contentType, knownFailure };
}
function ak(file: string, method: string, p: string, status: number, knownFailure?: string): ExampleResponse {
  return { service: 'authentik', file, method, path: p, status, contentType: JSON_CT, knownFailure };
}

export const EXAMPLE_RESPONSES: readonly ExampleResponse[] = [
  hc('GET_1_auth.json', 'GET', '/1/auth', 200),
  hc('GET_1_auth.classic.json', 'GET', '/1/auth', 200),
  hc('GET_1_auth.ingest.json', 'GET', '/1/auth', 200),
  hc('GET_2_auth.json', 'GET', '/2/auth', 200, JSONAPI),
  hc('GET_1_datasets.json', 'GET', '/1/datasets', 200),
  hc('POST_1_datasets.201.json', 'POST', '/1/datasets', 201),
  hc('PUT_1_datasets_DATASET.json', 'PUT', '/1/datasets/my-dataset', 200),
  hc('GET_1_columns_DATASET.json', 'GET', '/1/columns/my-dataset', 200),
  hc('GET_1_columns_DATASET.key_name.json', 'GET', '/1/columns/my-dataset', 200),
  hc('GET_1_columns_DATASET_COLUMN_ID.json', 'GET', '/1/columns/my-dataset/aBcD123', 200),
  hc('GET_1_derived_columns_DATASET_DERIVED_COLUMN_ID.json', 'GET', '/1/derived_columns/my-dataset/aBcD123', 200),
  hc('POST_1_derived_columns_DATASET.legacy-docs.json', 'POST', '/1/derived_columns/my-dataset', 201, JSON_CT, 'older docs page without created_at/updated_at'),
  hc('GET_1_queries_DATASET_QUERY_ID.json', 'GET', '/1/queries/my-dataset/abc1234e', 200),
  hc('POST_1_queries_DATASET.json', 'POST', '/1/queries/my-dataset', 200),
  hc('POST_1_queries_DATASET.calculated_fields.json', 'POST', '/1/queries/my-dataset', 200),
  hc('POST_1_queries_DATASET.relational.json', 'POST', '/1/queries/my-dataset', 200),
  hc('POST_1_query_results_DATASET.json', 'POST', '/1/query_results/my-dataset', 201),
  hc('POST_1_query_results_DATASET.simple.json', 'POST', '/1/query_results/my-dataset', 201),
  hc('GET_1_query_results_DATASET_QUERY_RESULT_ID.json', 'GET', '/1/query_results/my-dataset/sGUnkBHgRFN', 200),
  hc('GET_1_query_results_DATASET_QUERY_RESULT_ID.group_by.json', 'GET', '/1/query_results/my-dataset/sGUnkBHgRFN', 200),
  hc('GET_1_recipients.json', 'GET', '/1/recipients', 200),
  hc('GET_1_recipients_RECIPIENT_ID.json', 'GET', '/1/recipients/aBcD123', 200),
  hc('GET_1_slos_DATASET.json', 'GET', '/1/slos/my-dataset', 200, JSON_CT, 'published reset_at "2022-011-11…" is not a date-time'),
  hc('GET_1_slos_DATASET_SLO_ID.json', 'GET', '/1/slos/my-dataset/aBcD123', 200),
  hc('GET_1_slos_DATASET_SLO_ID.detailed.json', 'GET', '/1/slos/my-dataset/aBcD123', 200),
  hc('GET_1_triggers_DATASET.json', 'GET', '/1/triggers/my-dataset', 200, JSON_CT, 'docs placeholder pagerduty_severity "string"'),
  hc('GET_2_teams_TEAM_api-keys.json', 'GET', '/2/teams/my-team/api-keys', 200, JSONAPI),
  hc('errors/400.legacy.json', 'POST', '/1/datasets', 400),
  hc('errors/400.problem.json', 'POST', '/1/boards', 400, PROBLEM),
  hc('errors/400.jsonapi.json', 'POST', '/2/teams/my-team/environments', 400, JSONAPI),
  hc('errors/401.legacy.json', 'GET', '/1/auth', 401),
  hc('errors/401.jsonapi.provider-fixture.json', 'GET', '/2/auth', 401, JSONAPI, 'provider test fixture omits the error id the document requires'),
  hc('errors/403.legacy.json', 'GET', '/2/teams/my-team/environments', 403),
  hc('errors/404.legacy.json', 'GET', '/1/datasets/my-dataset', 404),
  hc('errors/404.problem.json', 'GET', '/1/datasets/my-dataset', 404, PROBLEM),
  hc('errors/409.problem.json', 'POST', '/1/datasets', 409, PROBLEM),
  // The document declares PayloadTooLarge only as application/json (with a problem-shaped body).
  hc('errors/413.problem.json', 'POST', '/1/triggers/my-dataset', 413),
  hc('errors/422.problem.json', 'POST', '/1/datasets', 422, PROBLEM),
  hc('errors/422.jsonapi.provider-fixture.json', 'POST', '/2/teams/my-team/environments', 422, JSONAPI, 'provider test fixture omits the error id the document requires'),
  hc('errors/429.legacy.json', 'GET', '/1/datasets', 429),
  hc('errors/429.problem.json', 'GET', '/1/datasets', 429, PROBLEM),
  hc('errors/429.jsonapi.json', 'GET', '/2/auth', 429, JSONAPI),
  hc('errors/429.query_results.problem.json', 'POST', '/1/query_results/my-dataset', 429, PROBLEM),

  ak('applications-list-superuser-full-list.json', 'GET', '/api/v3/core/applications/', 200, 'captured from an older release (no autocomplete, pbm_uuid, …) with <uuid> placeholders'),
  ak(
    'certificate-used-by.json',
    'GET',
    '/api/v3/crypto/certificatekeypairs/0d3c1b52-8c5f-4d8e-9a53-2b7f1f0e6a11/used_by/',
    200,
    'action "SET_NULL" (enum name) where 2026.8.3 lists lower-case values',
  ),
  ak('flow-diagram.json', 'GET', '/api/v3/flows/instances/default-authentication-flow/diagram/', 200),
  ak('flow-diagram-no-stages.json', 'GET', '/api/v3/flows/instances/empty-flow/diagram/', 200),
  ak('validation-error-400-oauth2-provider.json', 'POST', '/api/v3/providers/oauth2/', 400),
];

const texts = new Map<string, string>();

/** The example file's text, byte for byte as published. */
export function exampleText(service: DocumentName, file: string): string {
  const key = `${service}/${file}`;
  let text = texts.get(key);
  if (text === undefined) {
    text = fs.readFileSync(path.join(openapiDir(), 'examples', service, file), 'utf8');
    texts.set(key, text);
  }
  return text;
}

/** A fresh parsed copy of an example body (callers may modify it). */
export function exampleBody<T = unknown>(service: DocumentName, file: string): T {
  return JSON.parse(exampleText(service, file)) as T;
}
