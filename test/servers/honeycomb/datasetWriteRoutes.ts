/**
 * The dataset-level write endpoints of the Honeycomb stand-in: derived columns (dataset and
 * environment-wide) and columns created, replaced and deleted; datasets created, updated and
 * deleted; dataset definitions read and patched. State lives in the session's seed, like the
 * trigger routes (writeRoutes.ts).
 *
 * Bodies are checked against the document's schemas (with the overlay) and the service's rules:
 * - a derived column's alias is unique where it lives (409), its expression one Honeycomb's parser
 *   reads, with functions it knows (400 naming `expression`: honeycombio/honeycomb-derived-column-
 *   validator, the parser the provider runs); one that an SLO uses as its SLI or a trigger's query
 *   names cannot be deleted (409, the API description: "A Calculated Field used by a SLO, Trigger,
 *   or Board cannot be deleted");
 * - a column's name is unique in its dataset (409) and fixed (`Column` marks `key_name` read-only);
 * - a dataset's POST answers 201, or 200 with the existing dataset of that name; a new dataset is
 *   delete-protected (Go client: "defaults to true. Cannot be set on creation."); its name is not
 *   in the PUT body and so does not change; a protected dataset's DELETE answers 409;
 * - definitions change only where the PATCH names them; a name of "" clears one.
 * `required` fields marked `readOnly` (a CalculatedField's id and times) bind answers only, as
 * OpenAPI 3.0 says, so request bodies are checked without them. A field the document does not have
 * is ignored, as Go's JSON decoder does.
 */
import type { Route, StandInRequest, StandInResponse } from '../core/types';
import type { openApiValidator } from '../openapi/validator';
import { hcId, type EnvironmentContent, type SeedColumn, type SeedColumnType, type SeedDataset, type SeedDerivedColumn } from './content';
import { datasetBody } from './configRoutes';
import { problem } from './errors';
import type { HoneycombSeed } from './seed';
import { Body, Ctx, Detail, bodyOf, context, hasDataset, invalid, isResponse, json, notFound, schemaDetail } from './writeRoutes';

const ALL = '__all__';
type Validator = () => ReturnType<typeof openApiValidator>;

/** Function names of Honeycomb's derived column parser (pkg/parser/parser.go lookupOp and lookupTimeseriesOp). */
const PARSER_FUNCTIONS = new Set(
  (
    'IF SWITCH COALESCE NOT LT LTE GT GTE EQUALS IN AND OR EXISTS MIN MAX SUM SUB MUL DIV MOD INT FLOAT BOOL STRING LOG10 BUCKET CONCAT ' +
    'STARTS_WITH ENDS_WITH CONTAINS TO_LOWER LENGTH REG_MATCH REG_VALUE REG_COUNT UNIX_TIMESTAMP EVENT_TIMESTAMP INGEST_TIMESTAMP FORMAT_TIME ' +
    'RAW_METRIC LAST RATE INCREASE SUMMARIZE'
  ).split(' '),
);

/** Go client DatasetDefinitionDefaults: the column names a definition takes when the dataset has one. */
const DEFINITION_DEFAULTS: Record<string, string[]> = {
  trace_id: ['trace.trace_id', 'traceId'],
  span_id: ['id', 'trace.span_id'],
  parent_id: ['trace.parent_id', 'parentId'],
  name: ['name'],
  service_name: ['service_name', 'service.name', 'serviceName'],
  duration_ms: ['duration_ms', 'durationMs', 'request_processing_time'],
  error: ['error'],
  status: ['response.status_code', 'http.status_code', 'elb_status_code'],
  route: ['route', 'http.route', 'request_path'],
  user: ['user.id', 'user.email', 'request.user.id', 'request.user.username'],
  span_kind: ['meta.span_type', 'span.kind'],
  annotation_type: ['meta.annotation_type'],
  link_trace_id: ['trace.link.trace_id'],
  link_span_id: ['trace.link.span_id', 'trace.span_id'],
  log_severity: ['severity'],
  log_message: ['body'],
};

const definitionsOf = new WeakMap<EnvironmentContent, Map<string, Body>>();

function definitions(content: EnvironmentContent, dataset: string): Body {
  const all = definitionsOf.get(content) ?? new Map<string, Body>();
  definitionsOf.set(content, all);
  let found = all.get(dataset);
  if (!found) {
    const columns = new Set((content.columns[dataset] ?? []).map((c) => c.key_name));
    found = Object.fromEntries(
      Object.entries(DEFINITION_DEFAULTS).map(([field, names]) => {
        const name = names.find((n) => columns.has(n));
        return [field, name ? { name, column_type: 'column' } : null];
      }),
    );
    all.set(dataset, found);
  }
  return found;
}

function conflict(req: StandInRequest, detail: string): StandInResponse {
  return problem(req, 409, 'conflict', 'Request could not be completed due to a conflict with the current state of the target resource.', detail, detail);
}

function badRequest(req: StandInRequest, details: Detail[]): StandInResponse {
  const res = problem(req, 400, 'validation-failed', 'The provided input is invalid.', details.map((d) => d.description).join('; '));
  (res.body as Body).type_detail = details.map((d) => ({ field: d.field, code: d.code ?? 'invalid', description: d.description }));
  return res;
}

/** The stand-in's reading of an expression: balanced parentheses and strings, functions the parser knows. */
function expressionDetails(expression: string): Detail[] {
  let depth = 0;
  let quote: string | undefined;
  for (let i = 0; i < expression.length; i++) {
    const c = expression[i];
    if (quote) {
      if (quote === '"' && c === '\\') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === '`') quote = c;
    else if (c === '(') depth++;
    else if (c === ')' && --depth < 0) break;
  }
  if (quote || depth !== 0) return [{ field: 'expression', description: 'Error parsing derived column: unbalanced parentheses or quotes' }];
  const unquoted = expression.replace(/"(?:[^"\\]|\\.)*"|`[^`]*`/g, '""').replace(/\$[^\s(),]+/g, '$');
  const unknown = [...unquoted.matchAll(/([A-Za-z][A-Za-z0-9_]+)\s*\(/g)].map((m) => m[1]).filter((name) => !PARSER_FUNCTIONS.has(name));
  return unknown.length ? [{ field: 'expression', description: `invalid function: ${unknown[0]}` }] : [];
}

/**
 * A dataset's derived column may only name columns the dataset has (or derived columns): the
 * provider's acceptance test `LOG10($invalid_column)` expects Honeycomb's "unknown column".
 */
function unknownColumns(content: EnvironmentContent, dataset: string, expression: string): Detail[] {
  const known = new Set([...(content.columns[dataset] ?? []).map((c) => c.key_name), ...[...(content.derivedColumns[dataset] ?? []), ...(content.derivedColumns[ALL] ?? [])].map((d) => d.alias)]);
  const names = [...expression.replace(/"(?:[^"\\]|\\.)*"|`[^`]*`/g, '""').matchAll(/\$([\p{L}\p{Nd}_./:=+?-]+)/gu)].map((m) => m[1]);
  const missing = names.find((name) => !known.has(name));
  return missing === undefined ? [] : [{ field: 'expression', description: `unknown column ${missing}` }];
}

/** What uses a derived column: an SLO's SLI, a trigger query's column. */
function derivedColumnUsers(content: EnvironmentContent, dataset: string, alias: string): string[] {
  const inDataset = (datasets: string[]) => dataset === ALL || datasets.includes(dataset);
  const slos = content.slos.filter((s) => s.sli.alias === alias && inDataset(s.dataset_slugs)).map((s) => `SLO ${s.name}`);
  const triggers = content.triggers.filter((t) => inDataset([t.dataset_slug]) && JSON.stringify(t.query ?? {}).includes(JSON.stringify(alias))).map((t) => `trigger ${t.name}`);
  return [...slos, ...triggers];
}

/** Honeycomb's slug of a dataset name: lower case, runs of other characters as one `-`. */
function slugOf(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9_.-]+/g, '-');
}

export function datasetWriteRoutes(seed: () => HoneycombSeed, schema: Validator): Route[] {
  const withCtx = (handler: (req: StandInRequest, ctx: Ctx) => StandInResponse) => (req: StandInRequest) => {
    const ctx = context(seed(), req);
    return isResponse(ctx) ? ctx : handler(req, ctx);
  };
  const checked = (req: StandInRequest, pointer: string, body: Body, fields: string[], filled: Body = {}): StandInResponse | undefined => {
    const known = Object.fromEntries(Object.entries(body).filter(([k]) => fields.includes(k)));
    const details = schema()
      .validateAt(pointer, { ...filled, ...known })
      .map(schemaDetail);
    return details.length ? invalid(req, details) : undefined;
  };
  const derivedIn = (ctx: Ctx, dataset: string) => (ctx.content.derivedColumns[dataset] ??= []);
  const derivedFields = ['alias', 'expression', 'description'];
  // The CalculatedField's required read-only fields bind answers only.
  const derivedFilled = { id: 'x', created_at: '', updated_at: '' };
  const writeDerived = (req: StandInRequest, ctx: Ctx, dataset: string, previous?: SeedDerivedColumn): StandInResponse => {
    const body = bodyOf(req);
    if (isResponse(body)) return body;
    const refused = checked(req, '/components/schemas/CalculatedField', body, derivedFields, derivedFilled);
    if (refused) return refused;
    const details = expressionDetails(String(body.expression));
    if (details.length === 0 && dataset !== ALL) details.push(...unknownColumns(ctx.content, dataset, String(body.expression)));
    if (details.length) return badRequest(req, details);
    const alias = String(body.alias);
    if (derivedIn(ctx, dataset).some((d) => d.alias === alias && d.id !== previous?.id)) return conflict(req, `a derived column with alias ${alias} already exists`);
    const now = new Date().toISOString();
    const column: SeedDerivedColumn = {
      id: previous?.id ?? hcId(`derived/${dataset}/${alias}/${now}`),
      alias,
      description: typeof body.description === 'string' ? body.description : '',
      expression: String(body.expression),
      created_at: previous?.created_at ?? now,
      updated_at: now,
    };
    const list = derivedIn(ctx, dataset);
    if (previous) list[list.indexOf(previous)] = column;
    else list.push(column);
    return json(previous ? 200 : 201, column);
  };
  const findDerived = (ctx: Ctx, req: StandInRequest) => (ctx.content.derivedColumns[req.params.datasetSlug] ?? []).find((d) => d.id === req.params.derivedColumnId);

  const columnFields = ['key_name', 'type', 'description', 'hidden'];
  const findColumn = (ctx: Ctx, req: StandInRequest) => (ctx.content.columns[req.params.datasetSlug] ?? []).find((c) => c.id === req.params.columnId);
  const findDataset = (ctx: Ctx, slug: string) => ctx.content.datasets.find((d) => d.slug === slug);

  return [
    {
      method: 'POST',
      path: '/1/derived_columns/{datasetSlug}',
      handler: withCtx((req, ctx) => (hasDataset(ctx.content, req.params.datasetSlug) ? writeDerived(req, ctx, req.params.datasetSlug) : notFound(req, 'Dataset'))),
    },
    {
      method: 'PUT',
      path: '/1/derived_columns/{datasetSlug}/{derivedColumnId}',
      handler: withCtx((req, ctx) => {
        const previous = findDerived(ctx, req);
        return previous ? writeDerived(req, ctx, req.params.datasetSlug, previous) : notFound(req, 'Derived column');
      }),
    },
    {
      method: 'DELETE',
      path: '/1/derived_columns/{datasetSlug}/{derivedColumnId}',
      handler: withCtx((req, ctx) => {
        const found = findDerived(ctx, req);
        if (!found) return notFound(req, 'Derived column');
        const users = derivedColumnUsers(ctx.content, req.params.datasetSlug, found.alias);
        if (users.length) return conflict(req, `derived column ${found.alias} is used by ${users.join(', ')}`);
        const list = derivedIn(ctx, req.params.datasetSlug);
        list.splice(list.indexOf(found), 1);
        return { status: 204, headers: {} };
      }),
    },
    {
      method: 'POST',
      path: '/1/columns/{datasetSlug}',
      handler: withCtx((req, ctx) => {
        const dataset = req.params.datasetSlug;
        if (!hasDataset(ctx.content, dataset) || dataset === ALL) return notFound(req, 'Dataset');
        const body = bodyOf(req);
        if (isResponse(body)) return body;
        const refused = checked(req, '/components/schemas/CreateColumn', body, columnFields);
        if (refused) return refused;
        const list = (ctx.content.columns[dataset] ??= []);
        if (list.some((c) => c.key_name === body.key_name)) return conflict(req, `column ${String(body.key_name)} already exists`);
        const now = new Date().toISOString();
        const column: SeedColumn = {
          id: hcId(`column/${dataset}/${String(body.key_name)}`),
          key_name: String(body.key_name),
          hidden: body.hidden === true,
          description: typeof body.description === 'string' ? body.description : '',
          type: (body.type as SeedColumnType | undefined) ?? 'string',
          last_written: now,
          created_at: now,
          updated_at: now,
        };
        list.push(column);
        return json(201, column);
      }),
    },
    {
      method: 'PUT',
      path: '/1/columns/{datasetSlug}/{columnId}',
      handler: withCtx((req, ctx) => {
        const previous = findColumn(ctx, req);
        if (!previous) return notFound(req, 'Column');
        const body = bodyOf(req);
        if (isResponse(body)) return body;
        // `Column`: key_name is read-only here; the Go client sends it back unchanged, another value is refused.
        const refused = checked(req, '/components/schemas/CreateColumn', body, columnFields);
        if (refused) return refused;
        if (body.key_name !== undefined && body.key_name !== previous.key_name) return invalid(req, [{ field: 'key_name', description: 'the name of a column cannot be changed' }]);
        // A PUT replaces: what the body leaves out goes back to its default.
        const column: SeedColumn = {
          ...previous,
          hidden: body.hidden === true,
          description: typeof body.description === 'string' ? body.description : '',
          type: (body.type as SeedColumnType | undefined) ?? 'string',
          updated_at: new Date().toISOString(),
        };
        const list = ctx.content.columns[req.params.datasetSlug];
        list[list.indexOf(previous)] = column;
        return json(200, column);
      }),
    },
    {
      method: 'DELETE',
      path: '/1/columns/{datasetSlug}/{columnId}',
      handler: withCtx((req, ctx) => {
        const found = findColumn(ctx, req);
        if (!found) return notFound(req, 'Column');
        const list = ctx.content.columns[req.params.datasetSlug];
        list.splice(list.indexOf(found), 1);
        return { status: 204, headers: {} };
      }),
    },
    {
      method: 'POST',
      path: '/1/datasets',
      handler: withCtx((req, ctx) => {
        const body = bodyOf(req);
        if (isResponse(body)) return body;
        const refused = checked(req, '/components/schemas/DatasetCreationPayload', body, ['name', 'description', 'expand_json_depth']);
        if (refused) return refused;
        const slug = slugOf(String(body.name));
        const existing = findDataset(ctx, slug);
        if (existing) return json(200, datasetBody(ctx.content, existing.slug));
        const dataset: SeedDataset = {
          name: String(body.name),
          description: typeof body.description === 'string' ? body.description : '',
          slug,
          expand_json_depth: typeof body.expand_json_depth === 'number' ? body.expand_json_depth : 0,
          // Go client: delete protection "defaults to true. Cannot be set on creation."
          delete_protected: true,
          created_at: new Date().toISOString(),
          last_written_at: null,
        };
        ctx.content.datasets.push(dataset);
        ctx.content.columns[slug] = [];
        ctx.content.derivedColumns[slug] = [];
        return json(201, datasetBody(ctx.content, dataset.slug));
      }),
    },
    {
      method: 'PUT',
      path: '/1/datasets/{datasetSlug}',
      handler: withCtx((req, ctx) => {
        const found = findDataset(ctx, req.params.datasetSlug);
        if (!found) return notFound(req, 'Dataset');
        const body = bodyOf(req);
        if (isResponse(body)) return body;
        const refused = checked(req, '/components/schemas/DatasetUpdatePayload', body, ['description', 'expand_json_depth', 'settings']);
        if (refused) return refused;
        // "omitting one will have the effect of reverting the setting to the default"
        found.description = typeof body.description === 'string' ? body.description : '';
        found.expand_json_depth = typeof body.expand_json_depth === 'number' ? body.expand_json_depth : 0;
        const protectedSetting = (body.settings as Body | undefined)?.delete_protected;
        if (typeof protectedSetting === 'boolean') found.delete_protected = protectedSetting;
        return json(200, datasetBody(ctx.content, found.slug));
      }),
    },
    {
      method: 'DELETE',
      path: '/1/datasets/{datasetSlug}',
      handler: withCtx((req, ctx) => {
        const found = findDataset(ctx, req.params.datasetSlug);
        if (!found) return notFound(req, 'Dataset');
        if (found.delete_protected) return conflict(req, 'Delete protection is enabled for this dataset');
        ctx.content.datasets.splice(ctx.content.datasets.indexOf(found), 1);
        return { status: 202, headers: { 'Content-Type': 'application/json' }, body: {} };
      }),
    },
    {
      method: 'GET',
      path: '/1/dataset_definitions/{datasetSlug}',
      handler: withCtx((req, ctx) => (findDataset(ctx, req.params.datasetSlug) ? json(200, definitions(ctx.content, req.params.datasetSlug)) : notFound(req, 'Dataset'))),
    },
    {
      method: 'PATCH',
      path: '/1/dataset_definitions/{datasetSlug}',
      handler: withCtx((req, ctx) => {
        if (!findDataset(ctx, req.params.datasetSlug)) return notFound(req, 'Dataset');
        const body = bodyOf(req);
        if (isResponse(body)) return body;
        const refused = checked(req, '/components/schemas/DatasetDefinitions', body, Object.keys(DEFINITION_DEFAULTS));
        if (refused) return refused;
        const current = definitions(ctx.content, req.params.datasetSlug);
        const names = new Set([...(ctx.content.columns[req.params.datasetSlug] ?? []).map((c) => c.key_name)]);
        const derived = new Set([...(ctx.content.derivedColumns[req.params.datasetSlug] ?? []), ...(ctx.content.derivedColumns[ALL] ?? [])].map((d) => d.alias));
        for (const [field, value] of Object.entries(body)) {
          if (!(field in DEFINITION_DEFAULTS) || !value || typeof value !== 'object') continue;
          const name = String((value as Body).name ?? '');
          current[field] = name === '' ? null : { name, column_type: derived.has(name) && !names.has(name) ? 'derived_column' : 'column' };
        }
        return json(200, current);
      }),
    },
  ];
}
