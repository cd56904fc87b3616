/**
 * The write endpoints of the Honeycomb stand-in: triggers (create, replace, delete) and query
 * annotations (list, get, create, replace, delete), keeping state for the session.
 *
 * Request bodies are checked against the document (with the overlay of what Honeycomb accepts
 * beyond it, openapi/overlay.ts) and against the service's own rules, and refused with its 422
 * `validation-failed` problem naming each field:
 * - the document's `CreateTriggerRequest` is a `oneOf` of two open schemas that every body matches
 *   both of, so as written it accepts nothing; bodies are checked against `TriggerResponse` plus
 *   the rule the `oneOf` means: `query` or `query_id`, not both;
 * - the rules of the trigger fields' descriptions and of the Terraform provider's validators:
 *   frequency a multiple of 60 within 60–86400; the query's duration from the frequency to four
 *   times it (without a time_range the query runs over the frequency, and is answered so); no
 *   HEATMAP or CONCURRENCY, orders, limit or absolute times in a trigger query; one alerting
 *   calculation unless a formula combines them; at most one having and one formula; baseline
 *   thresholds only with >= (value ≥ 0) or <= (value ≤ 0); a window schedule with its window;
 *   recipients that exist; webhook variables named once; tags as the descriptions say;
 * - an annotation's `query_id` must name a stored query and cannot change.
 * A field the document does not have is ignored, as Go's JSON decoder does. PUT replaces: what a
 * body leaves out goes back to its default (a trigger's description, tags, schedule,
 * recipients…), as the real API does — except `disabled`, which keeps its value (Honeycomb's Go
 * client says so) — which is why clients send the whole object.
 */
import type { Route, StandInRequest, StandInResponse } from '../core/types';
import { openApiValidator } from '../openapi/validator';
import { findEnvironmentKey } from './auth';
import { hcId, type EnvironmentContent, type SeedQueryAnnotation, type SeedTrigger, type SeedTriggerRecipient } from './content';
import { JSON_TYPE, problem, unknownKeyV1 } from './errors';
import { markerRoutes } from './markerRoutes';
import { datasetWriteRoutes } from './datasetWriteRoutes';
import { recipientRoutes } from './recipientRoutes';
import type { EnvironmentKey, HoneycombSeed } from './seed';
import { sloWriteRoutes } from './sloWriteRoutes';

const ALL = '__all__';
export type Detail = { field: string; description: string; code?: 'invalid' | 'missing' | 'incorrect_type' };
export type Body = Record<string, unknown>;

/** What a trigger query may not have (the provider's ValidTriggerQuerySpec). */
const REFUSED_QUERY_FIELDS = ['orders', 'limit', 'start_time', 'end_time'];
const BASE_FIELDS = [
  'auto_investigate',
  'name',
  'description',
  'tags',
  'threshold',
  'frequency',
  'alert_type',
  'disabled',
  'recipients',
  'evaluation_schedule_type',
  'evaluation_schedule',
  'baseline_details',
  'query',
  'query_id',
];
/** Read-only fields a client may send back (a PUT of what it read); they are ignored. */
const READ_ONLY = ['id', 'dataset_slug', 'triggered', 'created_at', 'updated_at'];

export function json(status: number, body: unknown): StandInResponse {
  return { status, headers: { 'Content-Type': JSON_TYPE }, body };
}

export function invalid(req: StandInRequest, details: Detail[]): StandInResponse {
  const res = problem(req, 422, 'validation-failed', 'The provided input is invalid.', 'The provided input is invalid.');
  (res.body as Body).type_detail = details.map((d) => ({ field: d.field, code: d.code ?? 'invalid', description: d.description }));
  return res;
}

export function notFound(req: StandInRequest, what: string): StandInResponse {
  return problem(req, 404, 'not-found', 'The requested resource cannot be found.', `${what} not found`, `${what} not found`);
}

function forbidden(): StandInResponse {
  return json(403, { error: 'This API key does not have the "Manage Triggers" permission.' });
}

/** `/threshold/op must be equal to one of the allowed values` → `threshold.op`. */
export function schemaDetail(error: string): Detail {
  const [pointer] = error.split(' ');
  const parts = pointer === '(root)' ? [] : pointer.slice(1).split('/');
  const unknown = /unevaluated properties: '([^']+)'/.exec(error);
  if (unknown) parts.push(unknown[1]);
  const field = parts.reduce((out, part) => (/^\d+$/.test(part) ? `${out}[${part}]` : out ? `${out}.${part}` : part), '') || '(body)';
  return unknown ? { field, description: `${unknown[1]} is not a field of this object` } : { field, description: error.slice(pointer.length + 1) };
}

export interface Ctx {
  key: EnvironmentKey;
  content: EnvironmentContent;
}

export function context(seed: HoneycombSeed, req: StandInRequest): Ctx | StandInResponse {
  const key = findEnvironmentKey(seed, req);
  if (!key || key.type !== 'configuration') return unknownKeyV1();
  const content = seed.content[key.environment];
  if (!content) throw new Error(`seed: no content for environment ${key.environment}`);
  return { key, content };
}

export const isResponse = (v: unknown): v is StandInResponse => typeof (v as StandInResponse)?.status === 'number';

export function bodyOf(req: StandInRequest): Body | StandInResponse {
  if (req.bodyError !== undefined || !req.body || typeof req.body !== 'object' || Array.isArray(req.body)) {
    return problem(req, 400, 'unparseable', 'The request body could not be parsed.', req.bodyError ?? 'the body must be a JSON object');
  }
  return req.body as Body;
}

export function hasDataset(content: EnvironmentContent, slug: string): boolean {
  return slug === ALL || content.datasets.some((d) => d.slug === slug);
}

/** The duration a trigger's query covers, in seconds: its time_range, else the trigger's frequency. */
function duration(query: Body | undefined, frequency: number): number {
  return typeof query?.time_range === 'number' ? query.time_range : frequency;
}

/** Honeycomb gives identical queries the same id; the stand-in does the same with a content hash. */
function queryIdOf(query: Body): string {
  const canonical = (v: unknown): string =>
    Array.isArray(v)
      ? `[${v.map(canonical).join(',')}]`
      : v && typeof v === 'object'
        ? `{${Object.keys(v)
            .sort()
            .map((k) => `${k}:${canonical((v as Body)[k])}`)
            .join(',')}}`
        : JSON.stringify(v);
  return hcId(`query/${canonical(query)}`);
}

export interface WriteState {
  /** Queries created through POST /1/queries, by id (shared with the query routes). */
  storedQuery(environment: string, id: string): Body | undefined;
}

function triggerRules(seed: HoneycombSeed, content: EnvironmentContent, environment: string, body: Body, state: WriteState): Detail[] {
  const out: Detail[] = [];
  const hasQuery = body.query !== undefined && body.query !== null;
  const hasQueryId = typeof body.query_id === 'string' && body.query_id !== '';
  if (hasQuery === hasQueryId) out.push({ field: 'query', code: hasQuery ? 'invalid' : 'missing', description: 'give either query (an inline query) or query_id, not both' });
  let query: Body | undefined;
  if (hasQuery) {
    query = body.query as Body;
    out.push(...triggerQueryRules(query));
  } else if (hasQueryId) {
    query = state.storedQuery(environment, String(body.query_id)) ?? content.triggers.find((t) => t.query_id === body.query_id)?.query;
    if (!query) out.push({ field: 'query_id', description: `no query with id ${String(body.query_id)} in this environment` });
  }
  const frequency = typeof body.frequency === 'number' ? body.frequency : 900;
  if (frequency % 60 !== 0 || frequency < 60 || frequency > 86400) out.push({ field: 'frequency', description: 'frequency must be a multiple of 60 between 60 and 86400 seconds' });
  else if (query && duration(query, frequency) > frequency * 4)
    out.push({ field: 'frequency', description: `the query's duration (${duration(query, frequency)} s) is more than 4 times the frequency (${frequency} s)` });
  else if (query && duration(query, frequency) < frequency)
    out.push({ field: 'frequency', description: `the query's duration (${duration(query, frequency)} s) is shorter than the frequency (${frequency} s)` });
  const threshold = (body.threshold ?? {}) as Body;
  const baseline = body.baseline_details as Body | undefined;
  if (baseline && Object.keys(baseline).length > 0) {
    if (!['>=', '<='].includes(String(threshold.op))) out.push({ field: 'threshold.op', description: 'a baseline threshold takes >= or <=' });
    else if (threshold.op === '>=' ? Number(threshold.value) < 0 : Number(threshold.value) > 0)
      out.push({ field: 'threshold.value', description: 'a baseline threshold with >= takes a value of 0 or more, with <= a value of 0 or less' });
  }
  if (body.evaluation_schedule_type === 'window' && !body.evaluation_schedule) out.push({ field: 'evaluation_schedule', code: 'missing', description: 'a window schedule needs evaluation_schedule' });
  if (body.evaluation_schedule && body.evaluation_schedule_type !== 'window')
    out.push({ field: 'evaluation_schedule_type', description: 'evaluation_schedule needs evaluation_schedule_type "window"' });
  ((body.recipients ?? []) as Body[]).forEach((r, i) => {
    const names = (((r.details as Body | undefined)?.variables ?? []) as Body[]).map((v) => v.name);
    if (new Set(names).size !== names.length) out.push({ field: `recipients[${i}].details.variables`, description: 'each variable name may be set once' });
    if (r.type === 'marker') return; // a marker recipient is made by the trigger itself
    if (typeof r.id === 'string' && r.id) {
      if (!seed.recipients.some((x) => x.id === r.id)) out.push({ field: `recipients[${i}].id`, description: `no recipient with id ${r.id}` });
    } else if (!r.type) {
      out.push({ field: `recipients[${i}]`, code: 'missing', description: 'a recipient needs an id (or, deprecated, a type and target)' });
    } else if (!resolveRecipient(seed, r)) {
      out.push({ field: `recipients[${i}]`, description: `no ${String(r.type)} recipient with target ${JSON.stringify(r.target ?? '')}; create it with the Recipients API first` });
    }
  });
  ((body.tags ?? []) as Body[]).forEach((t, i) => {
    if (!/^[a-z]+$/.test(String(t.key))) out.push({ field: `tags[${i}].key`, description: 'a tag key is lowercase letters only' });
    if (!/^[a-z][a-z0-9/-]*$/.test(String(t.value))) out.push({ field: `tags[${i}].value`, description: 'a tag value begins with a lowercase letter and holds lowercase letters, digits, / and -' });
  });
  return out;
}

/** The limits of a trigger's query (the provider's ValidTriggerQuerySpec), in the stand-in's words. */
function triggerQueryRules(query: Body): Detail[] {
  const out: Detail[] = [];
  for (const key of REFUSED_QUERY_FIELDS) if (query[key] !== undefined) out.push({ field: `query.${key}`, description: `a trigger query cannot use ${key}` });
  const calcs = (Array.isArray(query.calculations) ? query.calculations : []) as Body[];
  const havings = (Array.isArray(query.havings) ? query.havings : []) as Body[];
  const formulas = Array.isArray(query.formulas) ? query.formulas : [];
  calcs.forEach((c, i) => {
    if (c.op === 'HEATMAP' || c.op === 'CONCURRENCY') out.push({ field: `query.calculations[${i}].op`, description: `a trigger cannot alert on ${String(c.op)}` });
  });
  if (havings.length > 1) out.push({ field: 'query.havings', description: 'a trigger query has at most one having' });
  if (formulas.length > 1) out.push({ field: 'query.formulas', description: 'a trigger query has at most one formula' });
  const alerting = calcs.filter((c) => !havings.some((h) => h.calculate_op === c.op && (h.column ?? null) === (c.column ?? null)));
  if (formulas.length === 0 && calcs.length > 1 && (havings.length === 0 ? calcs.length : alerting.length) !== 1) {
    out.push({ field: 'query.calculations', description: 'a trigger query has one calculation, besides those its having or formula needs' });
  }
  return out;
}

/** A recipient given by type and target, matched to an existing one (Honeycomb's best effort). */
function resolveRecipient(seed: HoneycombSeed, r: Body): SeedTriggerRecipient | undefined {
  const found = seed.recipients.find((x) => {
    if (x.type !== r.type) return false;
    const d = x.details;
    const target = d.email_address ?? d.slack_channel ?? d.webhook_name ?? d.pagerduty_integration_name ?? '';
    return x.type === 'pagerduty' || target === (r.target ?? '');
  });
  return found ? { id: found.id, type: found.type, target: typeof r.target === 'string' ? r.target : undefined } : undefined;
}

/** The stored trigger a body makes: defaults for what it leaves out (PUT replaces), server-set fields kept. */
function triggerFrom(seed: HoneycombSeed, dataset: string, body: Body, content: EnvironmentContent, environment: string, state: WriteState, previous?: SeedTrigger): SeedTrigger {
  const now = new Date().toISOString();
  const frequency = typeof body.frequency === 'number' ? body.frequency : 900;
  const given = (body.query as Body | undefined) ?? state.storedQuery(environment, String(body.query_id)) ?? content.triggers.find((t) => t.query_id === body.query_id)?.query ?? {};
  // A trigger query without a time range runs over the frequency, and is answered so.
  const query = typeof given.time_range === 'number' ? given : { ...given, time_range: frequency };
  const recipients = ((body.recipients ?? []) as Body[]).map((r) => {
    const resolved = typeof r.id === 'string' && r.id ? seed.recipients.find((x) => x.id === r.id) : undefined;
    // A marker recipient belongs to the trigger itself: Honeycomb gives it an id of its own.
    const marker = r.type === 'marker' ? { id: typeof r.id === 'string' && r.id ? r.id : hcId(`marker/${String(r.target ?? '')}`), type: 'marker' } : undefined;
    // The rules made sure every other recipient resolves.
    const base = (marker ?? (resolved ? { id: resolved.id, type: resolved.type } : resolveRecipient(seed, r))) as SeedTriggerRecipient;
    const target = typeof r.target === 'string' ? r.target : undefined;
    return { ...base, ...(target !== undefined ? { target } : {}), ...(r.details ? { details: r.details } : {}) };
  });
  const threshold = body.threshold as SeedTrigger['threshold'];
  const trigger: SeedTrigger = {
    id: previous?.id ?? hcId(`trigger/${dataset}/${now}/${Math.random()}`),
    dataset_slug: dataset,
    name: String(body.name),
    description: typeof body.description === 'string' ? body.description : '',
    tags: (body.tags as SeedTrigger['tags']) ?? [],
    threshold: { op: threshold.op, value: threshold.value, exceeded_limit: threshold.exceeded_limit ?? 1 },
    frequency,
    alert_type: (body.alert_type as SeedTrigger['alert_type']) ?? 'on_change',
    // Honeycomb's Go client: a PUT leaves `disabled` as it was when the body leaves it out.
    disabled: typeof body.disabled === 'boolean' ? body.disabled : (previous?.disabled ?? false),
    triggered: previous?.triggered ?? false,
    recipients,
    evaluation_schedule_type: (body.evaluation_schedule_type as SeedTrigger['evaluation_schedule_type']) ?? 'frequency',
    created_at: previous?.created_at ?? now,
    updated_at: now,
    query_id: typeof body.query_id === 'string' && body.query === undefined ? body.query_id : queryIdOf(query),
    query,
  };
  if (typeof body.auto_investigate === 'boolean') trigger.auto_investigate = body.auto_investigate;
  if (body.evaluation_schedule) trigger.evaluation_schedule = body.evaluation_schedule as SeedTrigger['evaluation_schedule'];
  const baseline = body.baseline_details as Body | undefined;
  if (baseline && Object.keys(baseline).length > 0) trigger.baseline_details = baseline as SeedTrigger['baseline_details'];
  return trigger;
}

export function triggerBody(t: SeedTrigger): Body {
  return { ...t, recipients: t.recipients.map((r) => ({ ...r })) };
}

export function writeRoutes(seed: () => HoneycombSeed, state: WriteState): Route[] {
  const schema = () => openApiValidator('honeycomb');

  /** The checks both trigger writes share; a response when the body is refused. */
  const checkTrigger = (req: StandInRequest, ctx: Ctx, body: Body): StandInResponse | undefined => {
    // A field the document does not know is ignored, as Go's JSON decoder does: only the known ones are checked.
    const known = Object.fromEntries(Object.entries(body).filter(([k]) => BASE_FIELDS.includes(k) || READ_ONLY.includes(k)));
    const details = schema().validateAt('/components/schemas/TriggerResponse', known).map(schemaDetail);
    if (details.length === 0) details.push(...triggerRules(seed(), ctx.content, ctx.key.environment, body, state));
    return details.length ? invalid(req, details) : undefined;
  };

  return [
    {
      method: 'POST',
      path: '/1/triggers/{datasetSlug}',
      handler: (req) => {
        const ctx = context(seed(), req);
        if (isResponse(ctx)) return ctx;
        if (!ctx.key.access.triggers) return forbidden();
        const dataset = req.params.datasetSlug;
        if (!hasDataset(ctx.content, dataset)) return notFound(req, 'Dataset');
        const body = bodyOf(req);
        if (isResponse(body)) return body;
        const refused = checkTrigger(req, ctx, body);
        if (refused) return refused;
        const trigger = triggerFrom(seed(), dataset, body, ctx.content, ctx.key.environment, state);
        ctx.content.triggers.push(trigger);
        return { ...json(201, triggerBody(trigger)), headers: { 'Content-Type': JSON_TYPE, Location: `/1/triggers/${dataset}/${trigger.id}` } };
      },
    },
    {
      method: 'PUT',
      path: '/1/triggers/{datasetSlug}/{triggerId}',
      handler: (req) => {
        const ctx = context(seed(), req);
        if (isResponse(ctx)) return ctx;
        if (!ctx.key.access.triggers) return forbidden();
        const dataset = req.params.datasetSlug;
        const index = ctx.content.triggers.findIndex((t) => t.id === req.params.triggerId && t.dataset_slug === dataset);
        if (index < 0) return notFound(req, 'Trigger');
        const body = bodyOf(req);
        if (isResponse(body)) return body;
        const refused = checkTrigger(req, ctx, body);
        if (refused) return refused;
        const trigger = triggerFrom(seed(), dataset, body, ctx.content, ctx.key.environment, state, ctx.content.triggers[index]);
        ctx.content.triggers[index] = trigger;
        return json(200, triggerBody(trigger));
      },
    },
    {
      method: 'DELETE',
      path: '/1/triggers/{datasetSlug}/{triggerId}',
      handler: (req) => {
        const ctx = context(seed(), req);
        if (isResponse(ctx)) return ctx;
        if (!ctx.key.access.triggers) return forbidden();
        const index = ctx.content.triggers.findIndex((t) => t.id === req.params.triggerId && t.dataset_slug === req.params.datasetSlug);
        if (index < 0) return notFound(req, 'Trigger');
        ctx.content.triggers.splice(index, 1);
        return { status: 204, headers: {} };
      },
    },
    ...annotationRoutes(seed, state, schema),
    ...sloWriteRoutes(seed, schema),
    ...recipientRoutes(seed, schema),
    ...markerRoutes(seed, schema),
    ...datasetWriteRoutes(seed, schema),
  ];
}

function annotationRoutes(seed: () => HoneycombSeed, state: WriteState, schema: () => ReturnType<typeof openApiValidator>): Route[] {
  const queryExists = (ctx: Ctx, id: string) => state.storedQuery(ctx.key.environment, id) !== undefined || ctx.content.triggers.some((t) => t.query_id === id);
  const checkBody = (req: StandInRequest, ctx: Ctx, body: Body, previous?: SeedQueryAnnotation): StandInResponse | undefined => {
    const details = schema().validateAt('/components/schemas/QueryAnnotation', body).map(schemaDetail);
    if (details.length === 0 && typeof body.query_id === 'string') {
      if (previous && body.query_id !== previous.query_id) details.push({ field: 'query_id', description: 'the query ID of an annotation cannot be changed' });
      else if (!previous && !queryExists(ctx, body.query_id)) return json(400, { error: 'Query ID included in body is invalid' });
    }
    return details.length ? invalid(req, details) : undefined;
  };
  const find = (ctx: Ctx, dataset: string, id: string) => ctx.content.queryAnnotations.findIndex((a) => a.id === id && a.dataset === dataset);
  const view = (a: SeedQueryAnnotation): Body => {
    const { dataset: _dataset, ...body } = a;
    return body;
  };
  return [
    {
      method: 'GET',
      path: '/1/query_annotations/{datasetSlug}',
      handler: (req) => {
        const ctx = context(seed(), req);
        if (isResponse(ctx)) return ctx;
        const dataset = req.params.datasetSlug;
        if (!hasDataset(ctx.content, dataset)) return notFound(req, 'Dataset');
        return json(200, ctx.content.queryAnnotations.filter((a) => a.dataset === dataset).map(view));
      },
    },
    {
      method: 'GET',
      path: '/1/query_annotations/{datasetSlug}/{queryAnnotationId}',
      handler: (req) => {
        const ctx = context(seed(), req);
        if (isResponse(ctx)) return ctx;
        const index = find(ctx, req.params.datasetSlug, req.params.queryAnnotationId);
        return index < 0 ? notFound(req, 'Query annotation') : json(200, view(ctx.content.queryAnnotations[index]));
      },
    },
    {
      method: 'POST',
      path: '/1/query_annotations/{datasetSlug}',
      handler: (req) => {
        const ctx = context(seed(), req);
        if (isResponse(ctx)) return ctx;
        const dataset = req.params.datasetSlug;
        if (!hasDataset(ctx.content, dataset)) return notFound(req, 'Dataset');
        const body = bodyOf(req);
        if (isResponse(body)) return body;
        const refused = checkBody(req, ctx, body);
        if (refused) return refused;
        const now = new Date().toISOString();
        const annotation: SeedQueryAnnotation = {
          id: hcId(`annotation/${dataset}/${now}/${Math.random()}`),
          dataset,
          name: String(body.name),
          description: typeof body.description === 'string' ? body.description : '',
          query_id: String(body.query_id),
          created_at: now,
          updated_at: now,
        };
        ctx.content.queryAnnotations.push(annotation);
        return json(201, view(annotation));
      },
    },
    {
      method: 'PUT',
      path: '/1/query_annotations/{datasetSlug}/{queryAnnotationId}',
      handler: (req) => {
        const ctx = context(seed(), req);
        if (isResponse(ctx)) return ctx;
        const index = find(ctx, req.params.datasetSlug, req.params.queryAnnotationId);
        if (index < 0) return notFound(req, 'Query annotation');
        const body = bodyOf(req);
        if (isResponse(body)) return body;
        const previous = ctx.content.queryAnnotations[index];
        const refused = checkBody(req, ctx, body, previous);
        if (refused) return refused;
        // Partial updates are not supported: what the body leaves out is reset.
        const annotation = { ...previous, name: String(body.name), description: typeof body.description === 'string' ? body.description : '', updated_at: new Date().toISOString() };
        ctx.content.queryAnnotations[index] = annotation;
        return json(200, view(annotation));
      },
    },
    {
      method: 'DELETE',
      path: '/1/query_annotations/{datasetSlug}/{queryAnnotationId}',
      handler: (req) => {
        const ctx = context(seed(), req);
        if (isResponse(ctx)) return ctx;
        const index = find(ctx, req.params.datasetSlug, req.params.queryAnnotationId);
        if (index < 0) return notFound(req, 'Query annotation');
        ctx.content.queryAnnotations.splice(index, 1);
        return { status: 204, headers: {} };
      },
    },
  ];
}
