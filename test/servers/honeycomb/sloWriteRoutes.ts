/**
 * The SLO and burn alert endpoints of the Honeycomb stand-in that the editor writes through:
 * SLOs created, replaced and deleted; burn alerts listed by SLO, read, created, replaced and
 * deleted. State lives in the session's seed, like the trigger routes (writeRoutes.ts).
 *
 * Bodies are checked against the document (with the overlay of what Honeycomb accepts beyond it)
 * and against the service's rules, refused with its 422 `validation-failed` naming each field:
 * - an SLO under `__all__` needs `dataset_slugs` (API: "Required if using `__all__` in the path"),
 *   each an existing dataset; its SLI is a derived column of its dataset or an environment-wide
 *   one, only an environment-wide one for several datasets (provider, slo_resource.go `dataset`);
 *   the datasets of an existing SLO do not change (the PUT body marks them read-only; the Go client
 *   sends them back as they are, and the stand-in refuses another value rather than ignore it);
 * - a burn alert's fields by its `alert_type` (API: "Required when …", "Must not be specified
 *   when …"), its window no longer than its SLO's time period (API), an SLO that exists, and
 *   recipients that exist (no marker recipients: those are for triggers).
 * A field the document does not have is ignored, as Go's JSON decoder does (a burn alert's `slo`,
 * which the Go client sends on a PUT whose schema lacks it, included). PUT replaces: what a body
 * leaves out goes back to its default. Deleting an SLO deletes its burn alerts.
 */
import type { Route, StandInRequest, StandInResponse } from '../core/types';
import type { openApiValidator } from '../openapi/validator';
import { hcId, type EnvironmentContent, type SeedBurnAlert, type SeedSlo, type SeedTriggerRecipient } from './content';
import type { HoneycombSeed } from './seed';
import { Body, Ctx, Detail, bodyOf, context, hasDataset, invalid, isResponse, json, notFound, schemaDetail } from './writeRoutes';

const ALL = '__all__';
type Validator = () => ReturnType<typeof openApiValidator>;

const SLO_FIELDS = ['name', 'description', 'sli', 'time_period_days', 'target_per_million', 'tags', 'dataset_slugs'];
const SLO_READ_ONLY = ['id', 'reset_at', 'created_at', 'updated_at'];
const BURN_ALERT_FIELDS = ['alert_type', 'description', 'exhaustion_minutes', 'budget_rate_window_minutes', 'budget_rate_decrease_threshold_per_million', 'auto_investigate', 'slo', 'recipients'];
const BURN_ALERT_READ_ONLY = ['id', 'triggered', 'created_at', 'updated_at'];

function forbidden(): StandInResponse {
  return json(403, { error: 'This API key does not have the "Manage SLOs" permission.' });
}

/** Only the fields the document knows are checked; the rest is ignored, as Go's decoder does. */
function known(body: Body, fields: string[]): Body {
  return Object.fromEntries(Object.entries(body).filter(([k]) => fields.includes(k)));
}

/** The environment's SLOs' context, or the response that refuses the request. */
function sloContext(seed: HoneycombSeed, req: StandInRequest): Ctx | StandInResponse {
  const ctx = context(seed, req);
  if (isResponse(ctx)) return ctx;
  return ctx.key.access.slos ? ctx : forbidden();
}

function findSlo(content: EnvironmentContent, dataset: string, id: string): SeedSlo | undefined {
  return content.slos.find((s) => s.id === id && (dataset === ALL || s.dataset_slugs.includes(dataset)));
}

function sloRules(content: EnvironmentContent, dataset: string, body: Body, previous?: SeedSlo): Detail[] {
  const out: Detail[] = [];
  const slugs = Array.isArray(body.dataset_slugs) ? (body.dataset_slugs as string[]) : undefined;
  if (previous) {
    if (slugs && (slugs.length !== previous.dataset_slugs.length || slugs.some((s) => !previous.dataset_slugs.includes(s)))) {
      out.push({ field: 'dataset_slugs', description: 'the datasets of an SLO cannot be changed' });
    }
  } else if (dataset === ALL) {
    if (!slugs) out.push({ field: 'dataset_slugs', code: 'missing', description: 'dataset_slugs is required when creating an SLO in __all__' });
    slugs?.forEach((slug, i) => {
      if (!hasDataset(content, slug) || slug === ALL) out.push({ field: `dataset_slugs[${i}]`, description: `no dataset ${slug}` });
    });
  }
  const datasets = previous?.dataset_slugs ?? (dataset === ALL ? (slugs ?? []) : [dataset]);
  const alias = String((body.sli as Body).alias);
  const envWide = (content.derivedColumns[ALL] ?? []).some((d) => d.alias === alias);
  const own = datasets.length === 1 && (content.derivedColumns[datasets[0]] ?? []).some((d) => d.alias === alias);
  if (!envWide && !own) {
    out.push({ field: 'sli.alias', description: datasets.length > 1 ? `no environment-wide derived column ${alias}` : `no derived column ${alias} in ${datasets[0]} or environment-wide` });
  }
  ((body.tags ?? []) as Body[]).forEach((t, i) => {
    if (!/^[a-z]+$/.test(String(t.key))) out.push({ field: `tags[${i}].key`, description: 'a tag key is lowercase letters only' });
    if (!/^[a-z][a-z0-9/-]*$/.test(String(t.value))) out.push({ field: `tags[${i}].value`, description: 'a tag value begins with a lowercase letter and holds lowercase letters, digits, / and -' });
  });
  return out;
}

function sloFrom(dataset: string, body: Body, previous?: SeedSlo): SeedSlo {
  const now = new Date().toISOString();
  return {
    id: previous?.id ?? hcId(`slo/${dataset}/${now}/${Math.random()}`),
    name: String(body.name),
    description: typeof body.description === 'string' ? body.description : '',
    sli: { alias: String((body.sli as Body).alias) },
    time_period_days: body.time_period_days as number,
    target_per_million: body.target_per_million as number,
    tags: (body.tags as SeedSlo['tags']) ?? [],
    reset_at: previous?.reset_at ?? null,
    created_at: previous?.created_at ?? now,
    updated_at: now,
    dataset_slugs: previous?.dataset_slugs ?? (dataset === ALL ? (body.dataset_slugs as string[]) : [dataset]),
  };
}

function burnAlertRules(seed: HoneycombSeed, content: EnvironmentContent, dataset: string, body: Body, sloId: string): Detail[] {
  const out: Detail[] = [];
  const type = body.alert_type ?? 'exhaustion_time';
  const [needed, refused] =
    type === 'budget_rate'
      ? [['budget_rate_window_minutes', 'budget_rate_decrease_threshold_per_million'], ['exhaustion_minutes']]
      : [['exhaustion_minutes'], ['budget_rate_window_minutes', 'budget_rate_decrease_threshold_per_million']];
  for (const field of needed) if (body[field] === undefined) out.push({ field, code: 'missing', description: `${field} is required when alert_type is ${String(type)}` });
  for (const field of refused) if (body[field] !== undefined) out.push({ field, description: `${field} must not be specified when alert_type is ${String(type)}` });
  const slo = findSlo(content, dataset, sloId);
  if (!slo) out.push({ field: 'slo.id', description: `no SLO ${sloId} in ${dataset}` });
  else if (typeof body.budget_rate_window_minutes === 'number' && body.budget_rate_window_minutes > slo.time_period_days * 1440) {
    out.push({ field: 'budget_rate_window_minutes', description: `the window must be no greater than the SLO's time period (${slo.time_period_days} days)` });
  }
  ((body.recipients ?? []) as Body[]).forEach((r, i) => {
    if (r.type === 'marker') out.push({ field: `recipients[${i}].type`, description: 'a burn alert cannot notify a marker recipient' });
    else if (typeof r.id === 'string' && r.id && !seed.recipients.some((x) => x.id === r.id)) out.push({ field: `recipients[${i}].id`, description: `no recipient with id ${r.id}` });
  });
  return out;
}

function burnAlertFrom(seed: HoneycombSeed, dataset: string, body: Body, sloId: string, previous?: SeedBurnAlert): SeedBurnAlert {
  const now = new Date().toISOString();
  const type = (body.alert_type as SeedBurnAlert['alert_type'] | undefined) ?? 'exhaustion_time';
  const recipients = ((body.recipients ?? []) as Body[]).map((r): SeedTriggerRecipient => {
    const found = seed.recipients.find((x) => x.id === r.id);
    return {
      id: String(r.id),
      type: found?.type ?? String(r.type ?? ''),
      ...(typeof r.target === 'string' ? { target: r.target } : {}),
      ...(r.details ? { details: r.details } : {}),
    };
  });
  const alert: SeedBurnAlert = {
    id: previous?.id ?? hcId(`burnAlert/${sloId}/${now}/${Math.random()}`),
    dataset,
    alert_type: type,
    description: typeof body.description === 'string' ? body.description : '',
    triggered: previous?.triggered ?? false,
    slo: { id: sloId },
    recipients,
    created_at: previous?.created_at ?? now,
    updated_at: now,
  };
  for (const field of ['exhaustion_minutes', 'budget_rate_window_minutes', 'budget_rate_decrease_threshold_per_million'] as const) {
    if (typeof body[field] === 'number') alert[field] = body[field];
  }
  if (typeof body.auto_investigate === 'boolean') alert.auto_investigate = body.auto_investigate;
  return alert;
}

/** A burn alert as the API answers it: without where it is addressed; lists without recipients. */
function burnAlertView(a: SeedBurnAlert, detail: boolean): Body {
  const { dataset: _dataset, recipients, ...rest } = a;
  return detail ? { ...rest, recipients: recipients.map((r) => ({ ...r })) } : rest;
}

export function sloWriteRoutes(seed: () => HoneycombSeed, schema: Validator): Route[] {
  const checked = (req: StandInRequest, pointer: string, body: Body, fields: string[], rules: () => Detail[]): StandInResponse | undefined => {
    const details = schema().validateAt(pointer, known(body, fields)).map(schemaDetail);
    if (details.length === 0) details.push(...rules());
    return details.length ? invalid(req, details) : undefined;
  };
  const findAlert = (ctx: Ctx, dataset: string, id: string) => ctx.content.burnAlerts.findIndex((a) => a.id === id && a.dataset === dataset);

  return [
    {
      method: 'POST',
      path: '/1/slos/{datasetSlug}',
      handler: (req) => {
        const ctx = sloContext(seed(), req);
        if (isResponse(ctx)) return ctx;
        const dataset = req.params.datasetSlug;
        if (!hasDataset(ctx.content, dataset)) return notFound(req, 'Dataset');
        const body = bodyOf(req);
        if (isResponse(body)) return body;
        const refused = checked(req, '/components/schemas/SLOCreate', body, [...SLO_FIELDS, ...SLO_READ_ONLY], () => sloRules(ctx.content, dataset, body));
        if (refused) return refused;
        const slo = sloFrom(dataset, body);
        ctx.content.slos.push(slo);
        return json(201, slo);
      },
    },
    {
      method: 'PUT',
      path: '/1/slos/{datasetSlug}/{sloId}',
      handler: (req) => {
        const ctx = sloContext(seed(), req);
        if (isResponse(ctx)) return ctx;
        const dataset = req.params.datasetSlug;
        const previous = findSlo(ctx.content, dataset, req.params.sloId);
        if (!previous) return notFound(req, 'SLO');
        const body = bodyOf(req);
        if (isResponse(body)) return body;
        // The PUT body's schema (`SLO`) marks dataset_slugs read-only; the Go client sends it back.
        const refused = checked(req, '/components/schemas/SLOCreate', body, [...SLO_FIELDS, ...SLO_READ_ONLY], () => sloRules(ctx.content, dataset, body, previous));
        if (refused) return refused;
        const slo = sloFrom(dataset, body, previous);
        ctx.content.slos[ctx.content.slos.indexOf(previous)] = slo;
        return json(200, slo);
      },
    },
    {
      method: 'DELETE',
      path: '/1/slos/{datasetSlug}/{sloId}',
      handler: (req) => {
        const ctx = sloContext(seed(), req);
        if (isResponse(ctx)) return ctx;
        const previous = findSlo(ctx.content, req.params.datasetSlug, req.params.sloId);
        if (!previous) return notFound(req, 'SLO');
        ctx.content.slos.splice(ctx.content.slos.indexOf(previous), 1);
        ctx.content.burnAlerts = ctx.content.burnAlerts.filter((a) => a.slo.id !== previous.id);
        return { status: 204, headers: {} };
      },
    },
    {
      method: 'GET',
      path: '/1/burn_alerts/{datasetSlug}',
      handler: (req) => {
        const ctx = sloContext(seed(), req);
        if (isResponse(ctx)) return ctx;
        const dataset = req.params.datasetSlug;
        const sloId = req.query.get('slo_id');
        if (!sloId) return invalid(req, [{ field: 'slo_id', code: 'missing', description: 'slo_id is required' }]);
        if (!findSlo(ctx.content, dataset, sloId)) return notFound(req, 'SLO');
        return json(
          200,
          ctx.content.burnAlerts.filter((a) => a.slo.id === sloId && a.dataset === dataset).map((a) => burnAlertView(a, false)),
        );
      },
    },
    {
      method: 'GET',
      path: '/1/burn_alerts/{datasetSlug}/{burnAlertId}',
      handler: (req) => {
        const ctx = sloContext(seed(), req);
        if (isResponse(ctx)) return ctx;
        const index = findAlert(ctx, req.params.datasetSlug, req.params.burnAlertId);
        return index < 0 ? notFound(req, 'Burn alert') : json(200, burnAlertView(ctx.content.burnAlerts[index], true));
      },
    },
    {
      method: 'POST',
      path: '/1/burn_alerts/{datasetSlug}',
      handler: (req) => {
        const ctx = sloContext(seed(), req);
        if (isResponse(ctx)) return ctx;
        const dataset = req.params.datasetSlug;
        if (!hasDataset(ctx.content, dataset)) return notFound(req, 'Dataset');
        const body = bodyOf(req);
        if (isResponse(body)) return body;
        const sloId = String((body.slo as Body | undefined)?.id ?? '');
        const refused = checked(req, '/components/schemas/CreateBurnAlertRequest', body, [...BURN_ALERT_FIELDS, ...BURN_ALERT_READ_ONLY], () =>
          burnAlertRules(seed(), ctx.content, dataset, body, sloId),
        );
        if (refused) return refused;
        const alert = burnAlertFrom(seed(), dataset, body, sloId);
        ctx.content.burnAlerts.push(alert);
        return json(201, burnAlertView(alert, true));
      },
    },
    {
      method: 'PUT',
      path: '/1/burn_alerts/{datasetSlug}/{burnAlertId}',
      handler: (req) => {
        const ctx = sloContext(seed(), req);
        if (isResponse(ctx)) return ctx;
        const dataset = req.params.datasetSlug;
        const index = findAlert(ctx, dataset, req.params.burnAlertId);
        if (index < 0) return notFound(req, 'Burn alert');
        const body = bodyOf(req);
        if (isResponse(body)) return body;
        const previous = ctx.content.burnAlerts[index];
        // The update schema has no `slo`: the one sent (the Go client sends it) is ignored.
        const fields = [...BURN_ALERT_FIELDS.filter((f) => f !== 'slo'), ...BURN_ALERT_READ_ONLY];
        const refused = checked(req, '/components/schemas/UpdateBurnAlertRequest', body, fields, () => burnAlertRules(seed(), ctx.content, dataset, body, previous.slo.id));
        if (refused) return refused;
        const alert = burnAlertFrom(seed(), dataset, body, previous.slo.id, previous);
        ctx.content.burnAlerts[index] = alert;
        return json(200, burnAlertView(alert, true));
      },
    },
    {
      method: 'DELETE',
      path: '/1/burn_alerts/{datasetSlug}/{burnAlertId}',
      handler: (req) => {
        const ctx = sloContext(seed(), req);
        if (isResponse(ctx)) return ctx;
        const index = findAlert(ctx, req.params.datasetSlug, req.params.burnAlertId);
        if (index < 0) return notFound(req, 'Burn alert');
        ctx.content.burnAlerts.splice(index, 1);
        return { status: 204, headers: {} };
      },
    },
  ];
}
