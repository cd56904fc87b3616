/**
 * Writes of the 13 managed kinds, and the reads of the eight the directory routes do not serve,
 * built from one table of stores (managed/stores.ts) plus the special actions:
 *
 * - POST collection (201), PUT and PATCH item (200), DELETE item (204), GET `used_by/`;
 * - every body is checked against the operation's request schema first (managed/requestBody.ts),
 *   then against authentik's own rules (unique fields, references, durations, blueprint content,
 *   license keys…); errors are DRF's `{field: [messages]}` / `non_field_errors`, status 400;
 * - writes need a superuser token (the read-only token gets authentik's 403);
 * - state lives in the seed until `reset()`; deletes cascade the way authentik's foreign keys do.
 */
import * as crypto from 'node:crypto';
import { stringify } from 'yaml';
import type { Route, StandInRequest, StandInResponse } from '../core/types';
import { makeCertificate } from './directory/certificates';
import { contentHash } from './directory/managed';
import { invalidateRelations, relationsOf } from './directory/relations';
import { detail } from './errors';
import { BadFilter, filterExact, json, order, paginate, Query, search } from './listing';
import { checkBlueprint } from './managed/blueprintImporter';
import { checkBody } from './managed/requestBody';
import type { Body, Ctx, Store } from './managed/store';
import { blueprints, certificateFromPem, certificates, STORES } from './managed/stores';
import { requireUser } from './routes';
import type { AuthentikSeed, AuthentikUser } from './seed';

const API = '/api/v3';
const FORBIDDEN = 'You do not have permission to perform this action.';
const notFound = (model: string) => detail(404, `No ${model} matches the given query.`);

type Handler = (ctx: Ctx, req: StandInRequest, user: AuthentikUser) => StandInResponse;

export function managedRoutes(seed: () => AuthentikSeed): Route[] {
  const route = (method: string, path: string, handler: Handler, write = method !== 'GET'): Route => ({
    method,
    path: API + path,
    handler: requireUser(seed, (user, req) => {
      if (write && !user.isSuperuser) return detail(403, FORBIDDEN);
      const s = seed();
      try {
        return handler({ seed: s, r: relationsOf(s), base: req.baseUrl, now: Date.now() }, req, user);
      } catch (e) {
        if (e instanceof BadFilter) return e.response;
        throw e;
      } finally {
        if (write) invalidateRelations(s);
      }
    }),
  });
  return [...STORES.flatMap((store) => storeRoutes(store, route)), ...actionRoutes(route)];
}

type RouteOf = (method: string, path: string, handler: Handler, write?: boolean) => Route;

function storeRoutes<T>(store: Store<T>, route: RouteOf): Route[] {
  const item = `${store.path}{${store.param}}/`;
  const find = (ctx: Ctx, req: StandInRequest) => store.items(ctx.seed).find((x) => store.key(x) === req.params[store.param]);
  const routes: Route[] = [];

  const reads = store.reads;
  if (reads) {
    routes.push(
      route('GET', store.path, (ctx, req) => {
        const q = new Query(req.query);
        let items = filterExact(store.items(ctx.seed), q, reads.filters);
        items = search(items, q.str('search'), reads.search);
        return paginate(req, order(items, q.str('ordering'), reads.order, reads.fallback), (x) => store.serialize(ctx, x));
      }),
      route('GET', item, (ctx, req) => {
        const found = find(ctx, req);
        return found ? json(store.serialize(ctx, found)) : notFound(store.model);
      }),
    );
  }

  if (!reads && store.retrieve) {
    routes.push(
      route('GET', item, (ctx, req) => {
        const found = find(ctx, req);
        return found ? json(store.serialize(ctx, found)) : notFound(store.model);
      }),
    );
  }

  routes.push(
    route('POST', store.path, (ctx, req) => {
      const refused = checkBody(req);
      if (refused) return refused;
      const sent = req.body as Body;
      const merged = { ...store.defaults(ctx), ...sent };
      const errors = store.check(ctx, merged, sent, undefined);
      if (Object.keys(errors).length > 0) return json(errors, 400);
      const created = store.build(ctx, merged);
      store.items(ctx.seed).push(created);
      invalidateRelations(ctx.seed);
      return json(store.serialize({ ...ctx, r: relationsOf(ctx.seed) }, created), 201);
    }),
    ...(['PUT', 'PATCH'] as const).map((method) =>
      route(method, item, (ctx, req) => {
        const found = find(ctx, req);
        if (!found) return notFound(store.model);
        const refused = checkBody(req);
        if (refused) return refused;
        const sent = req.body as Body;
        const errors = store.check(ctx, { ...store.fields(found), ...sent }, sent, found);
        if (Object.keys(errors).length > 0) return json(errors, 400);
        store.apply(ctx, found, sent);
        invalidateRelations(ctx.seed);
        return json(store.serialize({ ...ctx, r: relationsOf(ctx.seed) }, found));
      }),
    ),
    route('DELETE', item, (ctx, req) => {
      const found = find(ctx, req);
      if (!found) return notFound(store.model);
      store.cascade(ctx, found);
      const list = store.items(ctx.seed);
      list.splice(list.indexOf(found), 1);
      return { status: 204 };
    }),
    route('GET', `${item}used_by/`, (ctx, req) => {
      const found = find(ctx, req);
      return found ? json(store.usedBy(ctx, found)) : notFound(store.model);
    }),
  );
  return routes;
}

function actionRoutes(route: RouteOf): Route[] {
  return [
    // A new self-signed pair. The schema documents this action's 400 without a body.
    route('POST', '/crypto/certificatekeypairs/generate/', (ctx, req) => {
      if (checkBody(req)) return { status: 400 };
      const body = req.body as { common_name: string; subject_alt_name?: string; validity_days: number; alg?: 'rsa' | 'ecdsa' | 'ed25519' | 'ed448' };
      if (ctx.seed.directory.certificates.some((c) => c.name === body.common_name)) return { status: 400 };
      const made = makeCertificate({
        subject: `/O=authentik/OU=Self-signed/CN=${body.common_name.replace(/[/=]/g, ' ')}`,
        notBefore: new Date(ctx.now),
        notAfter: new Date(ctx.now + body.validity_days * 86_400_000),
        alg: body.alg ?? 'rsa',
        altNames: body.subject_alt_name
          ? body.subject_alt_name
              .split(',')
              .map((n) => n.trim())
              .filter(Boolean)
          : [],
      });
      const pair = certificateFromPem(crypto.randomUUID(), body.common_name, made.certificatePem, made.keyPem);
      ctx.seed.directory.certificates.push(pair);
      invalidateRelations(ctx.seed);
      return json(certificates.serialize(ctx, pair));
    }),

    // Queues the blueprint and answers the instance as it was; the stand-in records the outcome at once.
    route('POST', '/managed/blueprints/{instance_uuid}/apply/', (ctx, req) => {
      const b = ctx.seed.directory.blueprints.find((x) => x.pk === req.params.instance_uuid);
      if (!b) return notFound('BlueprintInstance');
      const answer = json(blueprints.serialize(ctx, b));
      const content = b.content || ctx.seed.directory.blueprintFiles.find((f) => f.path === b.path)?.content || '';
      const result = checkBlueprint(ctx.seed, content, b.context);
      b.last_applied = new Date(ctx.now).toISOString();
      b.status = result.valid ? 'successful' : 'error';
      if (result.valid) {
        b.last_applied_hash = contentHash(content);
        b.managed_models = result.models;
      }
      return answer;
    }),
    route('GET', '/managed/blueprints/available/', (ctx) => json(ctx.seed.directory.blueprintFiles.map(({ path, last_m, hash, meta }) => ({ path, last_m, hash, meta })))),

    // Django's HttpResponse: the YAML as a download, content type text/html.
    route('GET', '/flows/instances/{slug}/export/', (ctx, req) => {
      const f = ctx.r.flowsBySlug.get(req.params.slug);
      if (!f) return notFound('Flow');
      return { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Disposition': `attachment; filename="${f.slug}.yaml"` }, text: exportFlow(ctx, f.pk) };
    }),

    // Sends a test notification: local and email give no messages, a webhook its status and answer;
    // a host that cannot be reached is authentik's 500 (documented without a body).
    route('POST', '/events/transports/{uuid}/test/', (ctx, req) => {
      const t = ctx.seed.directory.notificationTransports.find((x) => x.pk === req.params.uuid);
      if (!t) return notFound('NotificationTransport');
      if (t.mode === 'local' || t.mode === 'email') return json({ messages: [] });
      let host = '';
      try {
        host = new URL(t.webhook_url).hostname;
      } catch {
        // an empty or broken URL fails like an unreachable host
      }
      if (!host || host.endsWith('.invalid')) return { status: 500 };
      return json({ messages: ['200', 'ok'] });
    }),

    // The key is a secret: a separate permission, an audit event, and 404 once the token expired.
    route(
      'GET',
      '/endpoints/agents/enrollment_tokens/{token_uuid}/view_key/',
      (ctx, req, user) => {
        const t = ctx.seed.directory.enrollmentTokens.find((x) => x.token_uuid === req.params.token_uuid);
        if (!t) return notFound('EnrollmentToken');
        if (!user.isSuperuser) return detail(403, FORBIDDEN);
        if (t.expiring && t.expires && Date.parse(t.expires) <= ctx.now) return { status: 404 };
        return json({ key: t.key });
      },
      false,
    ),

    route('GET', '/enterprise/license/summary/', (ctx) => json(licenseSummary(ctx))),
    route('GET', '/enterprise/license/install_id/', (ctx) => json({ install_id: ctx.seed.installId })),
    route('GET', '/enterprise/license/forecast/', (ctx) => {
      const monthAgo = ctx.now - 30 * 86_400_000;
      const active = ctx.seed.users.filter((u) => u.isActive);
      const recent = (type: string) => active.filter((u) => u.type === type && Date.parse(u.dateJoined) >= monthAgo).length;
      return json({
        internal_users: active.filter((u) => u.type === 'internal').length,
        external_users: active.filter((u) => u.type === 'external').length,
        forecasted_internal_users: recent('internal') * 12,
        forecasted_external_users: recent('external') * 12,
      });
    }),
  ];
}

/**
 * The installation's license status as authentik sums it (enterprise/license.py): user counts
 * and the earliest expiry over all licenses; over the user limit → limit_exceeded_admin,
 * expired → expired (read_only six weeks later), within two weeks → expiry_soon.
 */
function licenseSummary(ctx: Ctx) {
  const licenses = ctx.seed.directory.licenses;
  const active = ctx.seed.users.filter((u) => u.isActive);
  const internal = licenses.reduce((n, l) => n + l.internal_users, 0);
  const external = licenses.reduce((n, l) => n + l.external_users, 0);
  const expiry = licenses.length ? Math.min(...licenses.map((l) => Date.parse(l.expiry))) : 0;
  const week = 7 * 86_400_000;
  let status: string;
  if (licenses.length === 0) status = 'unlicensed';
  else if (active.filter((u) => u.type === 'internal').length > internal || active.filter((u) => u.type === 'external').length > external) status = 'limit_exceeded_admin';
  else if (expiry < ctx.now) status = expiry < ctx.now - 6 * week ? 'read_only' : 'expired';
  else if (expiry <= ctx.now + 2 * week) status = 'expiry_soon';
  else status = 'valid';
  return { internal_users: internal, external_users: external, status, latest_valid: new Date(expiry).toISOString(), license_flags: [] };
}

/** The flow, its stages and bindings as a blueprint, in the shape authentik's FlowExporter writes. */
function exportFlow(ctx: Ctx, flowPk: string): string {
  const f = ctx.r.flowsByPk.get(flowPk)!;
  const bindings = ctx.r.bindingsByFlow.get(f.pk) ?? [];
  const stages = [...new Set(bindings.map((b) => b.stage))].map((pk) => ctx.r.stagesByPk.get(pk)!);
  const stageModel = (kind: string) => `authentik_stages_${kind}.${kind.replace(/_/g, '')}stage`;
  const blueprint = {
    version: 1,
    metadata: { name: `authentik Export - ${f.name}`, labels: { 'blueprints.goauthentik.io/generated': 'true' } },
    entries: [
      {
        identifiers: { slug: f.slug, pk: f.pk },
        model: 'authentik_flows.flow',
        attrs: {
          name: f.name,
          title: f.title,
          designation: f.designation,
          policy_engine_mode: f.policy_engine_mode,
          compatibility_mode: f.compatibility_mode,
          layout: f.layout,
          denied_action: f.denied_action,
          authentication: f.authentication,
        },
      },
      ...stages.map((s) => ({ identifiers: { pk: s.pk, name: s.name }, model: stageModel(s.kind), attrs: {} })),
      ...bindings.map((b) => ({
        identifiers: { pk: b.pk, target: f.pk, stage: b.stage, order: b.order },
        model: 'authentik_flows.flowstagebinding',
        attrs: { evaluate_on_plan: b.evaluate_on_plan, re_evaluate_policies: b.re_evaluate_policies, policy_engine_mode: b.policy_engine_mode, invalid_response_action: b.invalid_response_action },
      })),
    ],
  };
  return stringify(blueprint);
}
