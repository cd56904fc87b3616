/**
 * The typed item endpoints of every derived kind (`/stages/identification/{stage_uuid}/`,
 * `/providers/proxy/{id}/`, `/core/users/{id}/`…), one route family driven by the kinds table
 * (schemas/authentik-kinds.json) rather than one route per kind:
 *
 * - GET answers the object in its item schema's shape: the directory's own typed answer where it
 *   has one (users, groups, OAuth2 and SAML providers, typed mappings, outposts…), else the
 *   object as its polymorphic list (`/stages/all/`) serves it, with the fields that list leaves
 *   out given the plain value of their type (the directory keeps no more of a stage than its name);
 * - PATCH checks the body against the operation's `Patched…Request` schema (a wrong body is DRF's
 *   400 naming the field), keeps what it changed and answers the object again;
 * - a kind's change survives until `reset()` (it is kept per seed), and a changed `name` also
 *   shows in the lists, where the tree reads it;
 * - POST checks the body against the kind's `…Request` schema and answers 201 with the object as
 *   its typed GET then serves it; DELETE answers 204 (404 when absent); GET `used_by/` lists what
 *   refers to the object (typedWrites.ts keeps the directory's side of these).
 *
 * The 13 managed kinds keep their own stores (managedRoutes.ts) and are not served here.
 */
import type { Route, StandInRequest, StandInResponse } from '../core/types';
import { loadServiceModel } from '../openapi/loadDocument';
import { pointerGet } from '../openapi/transform';
import { TemplateIndex } from '../pathTemplate';
import { AUTHENTIK_KINDS, AUTHENTIK_KIND_NAMES } from '../../../src/clients/authentik/resources/kinds';
import { KINDS_TABLE, type TableKind } from '../../../src/clients/authentik/resources/kindsTable';
import { invalidateRelations } from './directory/relations';
import { detail } from './errors';
import { json } from './listing';
import { checkBody } from './managed/requestBody';
import { requireUser } from './routes';
import type { AuthentikSeed } from './seed';
import { create, remove, storeOf, usedBy } from './typedWrites';

const API = '/api/v3';
const FORBIDDEN = 'You do not have permission to perform this action.';
const MANAGED = new Set(AUTHENTIK_KIND_NAMES.map((k) => AUTHENTIK_KINDS[k].schemas.item));

type Body = Record<string, unknown>;
/** Per seed (so `reset()` forgets them): the fields each PATCH changed, by item path. */
const changes = new WeakMap<AuthentikSeed, Map<string, Body>>();

/** The typed routes, answering from `reads` (the directory's GET routes) underneath. */
export function typedRoutes(seed: () => AuthentikSeed, reads: Route[]): Route[] {
  const index = new TemplateIndex<Route>();
  for (const r of reads.filter((x) => x.method === 'GET')) index.add(r.path, r);
  const read = (req: StandInRequest, path: string): Body | undefined => {
    const hit = index.match(path);
    if (!hit) return undefined;
    const answer = hit.value.handler({ ...req, method: 'GET', path, params: hit.params });
    // The directory's and relations' reads answer at once; a deferred answer is none of theirs.
    return !(answer instanceof Promise) && answer.status === 200 ? (answer.body as Body) : undefined;
  };
  const kinds = Object.entries(KINDS_TABLE.kinds).filter(([name, row]) => !MANAGED.has(name) && row.ops.includes('r'));
  return kinds.flatMap(([name, row]) => {
    const item = `${API}${row.path}{${row.param}}/`;
    const serve = (req: StandInRequest): StandInResponse => {
      const found = typedObject(seed(), name, row, req, read);
      if (!found) return detail(404, `No ${name} matches the given query.`);
      return json({ ...found, ...visible(row, changes.get(seed())?.get(req.path)) });
    };
    const routes: Route[] = [{ method: 'GET', path: item, handler: requireUser(seed, (_, req) => serve(req)) }];
    if (row.ops.includes('u') && row.request) {
      routes.push({
        method: 'PATCH',
        path: item,
        handler: requireUser(seed, (user, req) => {
          if (!user.isSuperuser) return detail(403, FORBIDDEN);
          if (!typedObject(seed(), name, row, req, read)) return detail(404, `No ${name} matches the given query.`);
          const refused = checkBody(req);
          if (refused) return refused;
          const s = seed();
          const kept = changes.get(s) ?? new Map<string, Body>();
          changes.set(s, kept);
          const body = req.body as Body;
          kept.set(req.path, { ...kept.get(req.path), ...body });
          if (typeof body.name === 'string') renameInDirectory(s, req.params[row.param], body.name);
          return serve(req);
        }),
      });
    }
    routes.push(...writeRoutes(seed, name, row, serve, (req) => typedObject(seed(), name, row, req, read) !== undefined));
    return routes;
  });
}

/** POST on the collection, DELETE of an item, and `used_by/`, where the API has them. */
function writeRoutes(seed: () => AuthentikSeed, name: string, row: TableKind, serve: (req: StandInRequest) => StandInResponse, exists: (req: StandInRequest) => boolean): Route[] {
  const item = `${API}${row.path}{${row.param}}/`;
  const notFound = () => detail(404, `No ${name} matches the given query.`);
  const routes: Route[] = [];
  const stored = storeOf(name, row);
  if (stored && row.ops.includes('c') && row.request) {
    routes.push({
      method: 'POST',
      path: `${API}${row.path}`,
      handler: requireUser(seed, (user, req) => {
        if (!user.isSuperuser) return detail(403, FORBIDDEN);
        const refused = checkBody(req);
        if (refused) return refused;
        const body = req.body as Body;
        if (row.idField === 'slug' && stored.list(seed()).some((x) => x.slug === body.slug)) return json({ slug: [`${name.toLowerCase()} with this slug already exists.`] }, 400);
        const id = create(seed(), name, row, body);
        const path = `${API}${row.path}${encodeURIComponent(id)}/`;
        // The item schema's fields the directory does not keep itself are served from here, as PATCHed ones are.
        const own = Object.keys(component(name).properties ?? {});
        const kept = changes.get(seed()) ?? new Map<string, Body>();
        changes.set(seed(), kept);
        kept.set(path, Object.fromEntries(Object.entries(body).filter(([f]) => own.includes(f))));
        return { ...serve({ ...req, method: 'GET', path, params: { [row.param]: id } }), status: 201 };
      }),
    });
  }
  if (stored && row.ops.includes('d')) {
    routes.push({
      method: 'DELETE',
      path: item,
      handler: requireUser(seed, (user, req) => {
        if (!user.isSuperuser) return detail(403, FORBIDDEN);
        if (!remove(seed(), name, row, req.params[row.param])) return notFound();
        changes.get(seed())?.delete(req.path);
        return { status: 204 };
      }),
    });
  }
  if (row.usedBy) {
    routes.push({
      method: 'GET',
      path: `${item}used_by/`,
      handler: requireUser(seed, (_, req) => (exists({ ...req, path: req.path.replace(/used_by\/$/, '') }) ? json(usedBy(seed(), name, row, req.params[row.param])) : notFound())),
    });
  }
  return routes;
}

/**
 * The object at a typed path: the directory's typed answer, else its polymorphic list's answer
 * when that names this kind (`meta_model_name`), completed to the item schema.
 */
function typedObject(seed: AuthentikSeed, name: string, row: TableKind, req: StandInRequest, read: (req: StandInRequest, path: string) => Body | undefined): Body | undefined {
  const id = encodeURIComponent(req.params[row.param]);
  const own = read(req, `${API}${row.path}${id}/`);
  if (own) return own;
  // Every family is looked in when the table gives the kind none.
  const families = row.family ? [KINDS_TABLE.families[row.family]] : Object.values(KINDS_TABLE.families);
  for (const family of families) {
    const listed = read(req, `${API}${family.path}${id}/`);
    if (listed && listed.meta_model_name === row.model) return completed(name, { ...listed, ...seedExtra(seed, req.params[row.param]) });
  }
  return undefined;
}

/** The typed fields the directory keeps beside an object's common ones (a proxy provider's `external_host`). */
function seedExtra(s: AuthentikSeed, id: string): Body {
  const d = s.directory;
  const all: Array<{ pk: string | number; slug?: string; extra?: Body }> = [...d.providers, ...d.mappings, ...d.sources, ...d.serviceConnections];
  return all.find((x) => String(x.pk) === id || x.slug === id)?.extra ?? {};
}

/** `base` with only the item schema's fields, each field it lacks given the plain value of its type. */
function completed(schemaName: string, base: Body): Body {
  const schema = component(schemaName);
  const props = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const out: Body = {};
  for (const [field, fieldSchema] of Object.entries(props)) {
    // The list's schema may allow null where the typed one does not (`icon_url` of a source).
    if (field in base && (base[field] !== null || nullable(fieldSchema))) out[field] = base[field];
    else if (((schema.required ?? []) as string[]).includes(field)) out[field] = plainValue(fieldSchema);
  }
  return out;
}

function plainValue(raw: Record<string, unknown>): unknown {
  const s = resolved(raw);
  if (nullable(s)) return null;
  const variants = (s.oneOf ?? s.anyOf ?? s.allOf) as Array<Record<string, unknown>> | undefined;
  if (variants?.length) return plainValue(variants[0]);
  if (Array.isArray(s.enum)) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'boolean') return false;
  if (type === 'integer' || type === 'number') return typeof s.minimum === 'number' ? s.minimum : 0;
  if (type === 'array') return [];
  if (type === 'object' || s.properties) return objectOf(s);
  if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (s.format === 'date-time') return '1970-01-01T00:00:00Z';
  return '';
}

function nullable(raw: Record<string, unknown>): boolean {
  const s = resolved(raw);
  return s.nullable === true || (Array.isArray(s.type) && s.type.includes('null'));
}

function objectOf(s: Record<string, unknown>): Body {
  const props = (s.properties ?? {}) as Record<string, Record<string, unknown>>;
  return Object.fromEntries(((s.required ?? []) as string[]).map((f) => [f, plainValue(props[f] ?? {})]));
}

/** What a read returns of the changed fields: never a write-only one (a secret). */
function visible(row: TableKind, changed: Body | undefined): Body {
  return Object.fromEntries(Object.entries(changed ?? {}).filter(([f]) => !(row.writeOnly ?? []).includes(f)));
}

/** The lists serve the directory's own objects: a new name shows there as well. */
function renameInDirectory(s: AuthentikSeed, id: string, name: string): void {
  const d = s.directory;
  for (const list of [d.stages, d.providers, d.sources, d.mappings, d.outposts, d.serviceConnections, d.groups, s.users] as Array<Array<{ pk: string | number; slug?: string; name: string }>>) {
    const found = list.find((x) => String(x.pk) === id || x.slug === id);
    if (found) found.name = name;
  }
  invalidateRelations(s);
}

let document: Record<string, unknown> | undefined;
function component(name: string): Record<string, unknown> {
  document ??= loadServiceModel('authentik.schema.yml').data;
  return (pointerGet(document, `/components/schemas/${name}`) ?? {}) as Record<string, unknown>;
}

function resolved(s: Record<string, unknown>): Record<string, unknown> {
  const ref = typeof s.$ref === 'string' ? s.$ref : undefined;
  return ref ? { ...component(ref.replace('#/components/schemas/', '')), ...(s.nullable ? { nullable: true } : {}) } : s;
}
