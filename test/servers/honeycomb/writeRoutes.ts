/**
 * The write endpoints of the Honeycomb stand-in: triggers (create, replace, delete) and query
 * annotations (list, get, create, replace, delete), keeping state for the session.
 *
 * Request bodies are checked against the document and against the service's own rules, and
 * refused with its 422 `validation-failed` problem naming each field:
 * - the document's `CreateTriggerRequest` is a `oneOf` of two open schemas that every body matches
 *   both of, so as written it accepts nothing; bodies are checked against `TriggerResponse` (the
 *   union, closed at load) plus the rule the `oneOf` means: `query` or `query_id`, not both;
 * - the rules of the trigger fields' descriptions and of the provider: frequency a multiple of 60
 *   within 60–86400, the query's duration at most four times the frequency, the trigger query
 *   subset (one calculation; calculations, filters, filter_combination, breakdowns, time_range),
 *   baseline thresholds only with >= or <=, a window schedule with its window, recipients that
 *   exist, tags as the descriptions say;
 * - an annotation's `query_id` must name a stored query and cannot change.
 * PUT replaces: what a body leaves out goes back to its default (a trigger's description, tags,
 * schedule, recipients…), as the real API does — which is why clients send the whole object.
 */
import type { Route, StandInRequest, StandInResponse } from '../core/types';
import { openApiValidator } from '../openapi/validator';
import { findEnvironmentKey } from './auth';
import { hcId, type EnvironmentContent, type SeedQueryAnnotation, type SeedTrigger, type SeedTriggerRecipient } from './content';
import { JSON_TYPE, problem, unknownKeyV1 } from './errors';
import type { EnvironmentKey, HoneycombSeed } from './seed';

const ALL = '__all__';
type Detail = { field: string; description: string; code?: 'invalid' | 'missing' | 'incorrect_type' };
type Body = Record<string, unknown>;

const TRIGGER_QUERY_FIELDS = ['calculations', 'filters', 'filter_combination', 'breakdowns', 'time_range'];
const BASE_FIELDS = [
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

function json(status: number, body: unknown): StandInResponse {
  return { status, headers: { 'Content-Type': JSON_TYPE }, body };
}

function invalid(req: StandInRequest, details: Detail[]): StandInResponse {
  const res = problem(req, 422, 'validation-failed', 'The provided input is invalid.', 'The provided input is invalid.');
  (res.body as Body).type_detail = details.map((d) => ({ field: d.field, code: d.code ?? 'invalid', description: d.description }));
  return res;
}

function notFound(req: StandInRequest, what: string): StandInResponse {
  return problem(req, 404, 'not-found', 'The requested resource cannot be found.', `${what} not found`, `${what} not found`);
}

function forbidden(): StandInResponse {
  return json(403, { error: 'This API key does not have the "Manage Triggers" permission.' });
}

/** `/threshold/op must be equal to one of the allowed values` → `threshold.op`. */
function schemaDetail(error: string): Detail {
  const [pointer] = error.split(' ');
  const parts = pointer === '(root)' ? [] : pointer.slice(1).split('/');
  const unknown = /unevaluated properties: '([^']+)'/.exec(error);
  if (unknown) parts.push(unknown[1]);
  const field = parts.reduce((out, part) => (/^\d+$/.test(part) ? `${out}[${part}]` : out ? `${out}.${part}` : part), '') || '(body)';
  return unknown ? { field, description: `${unknown[1]} is not a field of this object` } : { field, description: error.slice(pointer.length + 1) };
}

interface Ctx {
  key: EnvironmentKey;
  content: EnvironmentContent;
}

function context(seed: HoneycombSeed, req: StandInRequest): Ctx | StandInResponse {
  const key = findEnvironmentKey(seed, req);
  if (!key || key.type !== 'configuration') return unknownKeyV1();
  const content = seed.content[key.environment];
  if (!content) throw new Error(`seed: no content for environment ${key.environment}`);
  return { key, content };
}

const isResponse = (v: unknown): v is StandInResponse => typeof (v as StandInResponse)?.status === 'number';

function bodyOf(req: StandInRequest): Body | StandInResponse {
  if (req.bodyError !== undefined || !req.body || typeof req.body !== 'object' || Array.isArray(req.body)) {
    return problem(req, 400, 'unparseable', 'The request body could not be parsed.', req.bodyError ?? 'the body must be a JSON object');
  }
  return req.body as Body;
}

function hasDataset(content: EnvironmentContent, slug: string): boolean {
  return slug === ALL || content.datasets.some((d) => d.slug === slug);
}

/** The duration a query covers, in seconds (time_range, else end − start, else the default two hours). */
function duration(query: Body | undefined): number {
  if (!query) return 7200;
  if (typeof query.time_range === 'number') return query.time_range;
  if (typeof query.start_time === 'number' && typeof query.end_time === 'number') return query.end_time - query.start_time;
  return 7200;
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
    for (const key of Object.keys(query)) {
      if (!TRIGGER_QUERY_FIELDS.includes(key)) out.push({ field: `query.${key}`, description: `a trigger query may only have ${TRIGGER_QUERY_FIELDS.join(', ')}` });
    }
    const calcs = Array.isArray(query.calculations) ? query.calculations : [];
    if (calcs.length !== 1) out.push({ field: 'query.calculations', description: 'a trigger query has exactly one calculation' });
    else if ((calcs[0] as Body).op === 'HEATMAP') out.push({ field: 'query.calculations[0].op', description: 'a trigger cannot alert on a HEATMAP' });
  } else if (hasQueryId) {
    query = state.storedQuery(environment, String(body.query_id)) ?? content.triggers.find((t) => t.query_id === body.query_id)?.query;
    if (!query) out.push({ field: 'query_id', description: `no query with id ${String(body.query_id)} in this environment` });
  }
  const frequency = typeof body.frequency === 'number' ? body.frequency : 900;
  if (frequency % 60 !== 0 || frequency < 60 || frequency > 86400) out.push({ field: 'frequency', description: 'frequency must be a multiple of 60 between 60 and 86400 seconds' });
  else if (query && duration(query) > frequency * 4)
    out.push({ field: 'query.time_range', description: `the query's duration (${duration(query)} s) is more than 4 times the frequency (${frequency} s)` });
  const threshold = (body.threshold ?? {}) as Body;
  const baseline = body.baseline_details as Body | undefined;
  if (baseline && Object.keys(baseline).length > 0 && !['>=', '<='].includes(String(threshold.op))) {
    out.push({ field: 'threshold.op', description: 'a baseline threshold takes >= or <=' });
  }
  if (body.evaluation_schedule_type === 'window' && !body.evaluation_schedule) out.push({ field: 'evaluation_schedule', code: 'missing', description: 'a window schedule needs evaluation_schedule' });
  if (body.evaluation_schedule && body.evaluation_schedule_type !== 'window')
    out.push({ field: 'evaluation_schedule_type', description: 'evaluation_schedule needs evaluation_schedule_type "window"' });
  ((body.recipients ?? []) as Body[]).forEach((r, i) => {
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
  const query = (body.query as Body | undefined) ?? state.storedQuery(environment, String(body.query_id)) ?? content.triggers.find((t) => t.query_id === body.query_id)?.query ?? {};
  const recipients = ((body.recipients ?? []) as Body[]).map((r) => {
    const resolved = typeof r.id === 'string' && r.id ? seed.recipients.find((x) => x.id === r.id) : undefined;
    const base = resolved ? { id: resolved.id, type: resolved.type } : (resolveRecipient(seed, r) as SeedTriggerRecipient);
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
    frequency: typeof body.frequency === 'number' ? body.frequency : 900,
    alert_type: (body.alert_type as SeedTrigger['alert_type']) ?? 'on_change',
    disabled: body.disabled === true,
    triggered: previous?.triggered ?? false,
    recipients,
    evaluation_schedule_type: (body.evaluation_schedule_type as SeedTrigger['evaluation_schedule_type']) ?? 'frequency',
    created_at: previous?.created_at ?? now,
    updated_at: now,
    query_id: queryIdOf(query),
    query,
  };
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
    const unknown = Object.keys(body).filter((k) => !BASE_FIELDS.includes(k) && !READ_ONLY.includes(k));
    const schemaErrors = schema().validateAt('/components/schemas/TriggerResponse', body).map(schemaDetail);
    const details = [...unknown.map((k) => ({ field: k, description: `${k} is not a trigger field` })), ...schemaErrors.filter((d) => !unknown.includes(d.field))];
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
