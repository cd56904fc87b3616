/**
 * The read endpoints of the authentik stand-in's directory (brands, certificates, flows and
 * bindings, groups, users, applications, providers, sources, stages, property mappings,
 * outposts, service connections, permissions) with authentik's filters, search, ordering and
 * pagination (see listing.ts). Every answer is validated against the schema by the stand-in.
 */
import type { Route, StandInRequest, StandInResponse } from '../core/types';
import type { MappingKind, SeedFlow, SeedGroup } from './directory/model';
import { relationsOf, type Relations } from './directory/relations';
import * as S from './directory/serialize';
import { detail } from './errors';
import { BadFilter, type FieldMap, fieldError, filterExact, json, matchesAttributes, order, paginate, Query, search } from './listing';
import { rolePermissionIds } from './relationRoutes';
import { requireUser } from './routes';
import type { AuthentikSeed, AuthentikUser } from './seed';

const API = '/api/v3';

interface Ctx {
  seed: AuthentikSeed;
  r: Relations;
  q: Query;
  req: StandInRequest;
  user: AuthentikUser;
  /** scheme://host the client used; authentik builds absolute URLs from it */
  base: string;
}

const notFound = (model: string) => detail(404, `No ${model} matches the given query.`);
const FORBIDDEN = 'You do not have permission to perform this action.';

export function directoryRoutes(seed: () => AuthentikSeed): Route[] {
  const get = (path: string, handler: (ctx: Ctx) => StandInResponse): Route => ({
    method: 'GET',
    path: API + path,
    handler: requireUser(seed, (user, req) => {
      const s = seed();
      try {
        return handler({ seed: s, r: relationsOf(s), q: new Query(req.query), req, user, base: req.baseUrl });
      } catch (e) {
        if (e instanceof BadFilter) return e.response;
        throw e;
      }
    }),
  });

  return [
    // --- brands ---
    get('/core/brands/', ({ seed: s, q, req }) => {
      let items = filterExact(s.directory.brands, q, {
        brand_uuid: (b) => b.brand_uuid,
        domain: (b) => b.domain,
        default: (b) => b.default === true,
        branding_title: (b) => b.branding_title,
        branding_logo: (b) => b.branding_logo,
        branding_favicon: (b) => b.branding_favicon,
        branding_default_flow_background: (b) => b.branding_default_flow_background,
        flow_authentication: (b) => b.flow_authentication,
        flow_invalidation: (b) => b.flow_invalidation,
        flow_recovery: (b) => b.flow_recovery,
        flow_unenrollment: (b) => b.flow_unenrollment,
        flow_user_settings: (b) => b.flow_user_settings,
        flow_device_code: (b) => b.flow_device_code,
        web_certificate: (b) => b.web_certificate,
      });
      const clientCerts = q.all('client_certificates');
      if (clientCerts.length) items = items.filter((b) => clientCerts.some((c) => (b.client_certificates ?? []).includes(c)));
      items = search(items, q.str('search'), { domain: (b) => b.domain, branding_title: (b) => b.branding_title });
      return paginate(req, order(items, q.str('ordering'), { domain: (b) => b.domain, branding_title: (b) => b.branding_title ?? '' }, 'domain'), (b) => b);
    }),
    get('/core/brands/{brand_uuid}/', ({ seed: s, req }) => {
      const b = s.directory.brands.find((x) => x.brand_uuid === req.params.brand_uuid);
      return b ? json(b) : notFound('Brand');
    }),

    // --- certificates ---
    get('/crypto/certificatekeypairs/', ({ seed: s, q, req, base }) => {
      let items = filterExact(s.directory.certificates, q, { name: (c) => c.name, managed: (c) => c.managed });
      const hasKey = q.bool('has_key');
      if (hasKey !== undefined) items = items.filter((c) => (c.keyPem !== null) === hasKey);
      const keyTypes = q.all('key_type');
      if (keyTypes.length) items = items.filter((c) => keyTypes.includes(String(c.keyType)));
      items = search(items, q.str('search'), { name: (c) => c.name });
      return paginate(req, order(items, q.str('ordering'), { name: (c) => c.name, expiry: (c) => c.expiry }, 'name'), (c) => S.certificate(c, base));
    }),
    get('/crypto/certificatekeypairs/{kp_uuid}/', ({ r, req, base }) => {
      const c = r.certificatesByPk.get(req.params.kp_uuid);
      return c ? json(S.certificate(c, base)) : notFound('CertificateKeyPair');
    }),
    get('/crypto/certificatekeypairs/{kp_uuid}/view_certificate/', ({ r, req }) => {
      const c = r.certificatesByPk.get(req.params.kp_uuid);
      return c ? json({ data: c.certificatePem }) : notFound('CertificateKeyPair');
    }),
    get('/crypto/certificatekeypairs/{kp_uuid}/view_private_key/', ({ r, req, user }) => {
      const c = r.certificatesByPk.get(req.params.kp_uuid);
      if (!c) return notFound('CertificateKeyPair');
      // Viewing a key needs its own permission; only superusers have it here.
      if (!user.isSuperuser) return detail(403, FORBIDDEN);
      return json({ data: c.keyPem ?? '' });
    }),
    // used_by/ of certificates is served with the other managed kinds (managedRoutes.ts).

    // --- flows, bindings, stages ---
    get('/flows/instances/', ({ seed: s, r, q, req }) => {
      let items = filterExact(s.directory.flows, q, { slug: (f) => f.slug, name: (f) => f.name, designation: (f) => f.designation, denied_action: (f) => f.denied_action, flow_uuid: (f) => f.pk });
      items = search(items, q.str('search'), { name: (f) => f.name, slug: (f) => f.slug, designation: (f) => f.designation, title: (f) => f.title });
      return paginate(req, order(items, q.str('ordering'), FLOW_ORDER, 'slug'), (f) => S.flow(r, f));
    }),
    get('/flows/instances/{slug}/', ({ r, req }) => {
      const f = r.flowsBySlug.get(req.params.slug);
      return f ? json(S.flow(r, f)) : notFound('Flow');
    }),
    get('/flows/instances/{slug}/diagram/', ({ r, req }) => {
      const f = r.flowsBySlug.get(req.params.slug);
      return f ? json(S.flowDiagram(r, f)) : notFound('Flow');
    }),
    get('/flows/bindings/', ({ seed: s, r, q, req }) => {
      const target = q.str('target');
      let items = target ? [...(r.bindingsByFlow.get(target) ?? [])] : s.directory.bindings;
      items = filterExact(items, q, {
        target: (b) => b.target,
        stage: (b) => b.stage,
        order: (b) => b.order,
        fsb_uuid: (b) => b.pk,
        pbm_uuid: (b) => b.pk,
        evaluate_on_plan: (b) => b.evaluate_on_plan,
        re_evaluate_policies: (b) => b.re_evaluate_policies,
        policy_engine_mode: (b) => b.policy_engine_mode,
        invalid_response_action: (b) => b.invalid_response_action,
      });
      items = search(items, q.str('search'), { stage: (b) => r.stagesByPk.get(b.stage)?.name, target: (b) => r.flowsByPk.get(b.target)?.slug });
      return paginate(req, order(items, q.str('ordering'), { order: (b) => b.order, target: (b) => r.flowsByPk.get(b.target)?.slug, pk: (b) => b.pk }, 'order'), (b) => S.binding(r, b));
    }),
    get('/stages/all/', ({ seed: s, r, q, req }) => {
      let items = filterExact(s.directory.stages, q, { name: (x) => x.name });
      items = search(items, q.str('search'), { name: (x) => x.name });
      return paginate(req, order(items, q.str('ordering'), { name: (x) => x.name }, 'name'), (x) => S.stage(r, x));
    }),
    get('/stages/all/{stage_uuid}/', ({ r, req }) => {
      const x = r.stagesByPk.get(req.params.stage_uuid);
      return x ? json(S.stage(r, x)) : notFound('Stage');
    }),

    // --- groups and users ---
    get('/core/groups/', ({ seed: s, r, q, req }) => {
      const inc = groupIncludes(q);
      let items: SeedGroup[] = filterExact(s.directory.groups, q, { name: (g) => g.name, is_superuser: (g) => g.isSuperuser });
      const byPk = q.ints('members_by_pk');
      const byName = q.all('members_by_username');
      const unknownPk = byPk.find((pk) => !r.usersByPk.has(pk));
      if (unknownPk !== undefined) return fieldError('members_by_pk', `Select a valid choice. ${unknownPk} is not one of the available choices.`);
      const unknownName = byName.find((u) => !r.usersByUsername.has(u));
      if (unknownName !== undefined) return fieldError('members_by_username', `Select a valid choice. ${unknownName} is not one of the available choices.`);
      if (byPk.length || byName.length) {
        const members = [...byPk.map((pk) => r.usersByPk.get(pk)!), ...byName.map((u) => r.usersByUsername.get(u)!)];
        const wanted = new Set(members.flatMap((u) => u.groups.map((g) => g.pk)));
        items = items.filter((g) => wanted.has(g.pk));
      }
      const attributes = q.attributes();
      if (attributes) items = items.filter((g) => matchesAttributes(g.attributes, attributes));
      items = search(items, q.str('search'), { name: (g) => g.name }, { name: (g) => g.name, is_superuser: (g) => String(g.isSuperuser) });
      return paginate(req, order(items, q.str('ordering'), { name: (g) => g.name, is_superuser: (g) => g.isSuperuser, num_pk: (g) => g.numPk }, 'name'), (g) => S.group(s, r, g, inc));
    }),
    get('/core/groups/{group_uuid}/', ({ seed: s, r, q, req }) => {
      const g = r.groupsByPk.get(req.params.group_uuid);
      return g ? json(S.group(s, r, g, groupIncludes(q))) : notFound('Group');
    }),
    get('/core/users/', ({ seed: s, r, q, req }) => {
      const inc = { groups: q.flag('include_groups', true), roles: q.flag('include_roles', true) };
      const groupPks = q.all('groups_by_pk');
      const groupNames = q.all('groups_by_name');
      const unknownPk = groupPks.find((pk) => !r.groupsByPk.has(pk));
      if (unknownPk !== undefined) return fieldError('groups_by_pk', `Select a valid choice. ${unknownPk} is not one of the available choices.`);
      const byName = groupNames.map((name) => s.directory.groups.filter((g) => g.name === name));
      const unknownName = groupNames.find((_, i) => byName[i].length === 0);
      if (unknownName !== undefined) return fieldError('groups_by_name', `Select a valid choice. ${unknownName} is not one of the available choices.`);
      let items: AuthentikUser[] = s.users;
      if (groupPks.length || groupNames.length) {
        // Start from the groups' members rather than scanning 50,000 users.
        const set = new Set<AuthentikUser>();
        for (const g of [...groupPks, ...byName.flat().map((x) => x.pk)]) for (const u of r.membersByGroup.get(g) ?? []) set.add(u);
        items = [...set];
      }
      items = filterExact(items, q, {
        username: (u) => u.username,
        email: (u) => u.email,
        name: (u) => u.name,
        uuid: (u) => u.uuid,
        path: (u) => u.path,
        is_active: (u) => u.isActive,
        is_superuser: (u) => u.isSuperuser,
      });
      const types = q.all('type');
      if (types.length) items = items.filter((u) => types.includes(u.type));
      const prefix = q.str('path_startswith');
      if (prefix) items = items.filter((u) => u.path.startsWith(prefix));
      const attributes = q.attributes();
      if (attributes) items = items.filter((u) => matchesAttributes(u.attributes, attributes));
      items = search(items, q.str('search'), USER_SEARCH, USER_QL);
      return paginate(req, order(items, q.str('ordering'), USER_ORDER, 'username'), (u) => S.user(s, r, u, inc));
    }),
    get('/core/users/{id}/', ({ seed: s, r, q, req }) => {
      const u = /^\d+$/.test(req.params.id) ? r.usersByPk.get(Number(req.params.id)) : undefined;
      return u ? json(S.user(s, r, u, { groups: q.flag('include_groups', true), roles: q.flag('include_roles', true) })) : notFound('User');
    }),

    // --- applications and providers ---
    get('/core/applications/', ({ seed: s, r, q, req }) => {
      let items = filterExact(s.directory.applications, q, {
        name: (a) => a.name,
        slug: (a) => a.slug,
        group: (a) => a.group,
        meta_launch_url: (a) => a.meta_launch_url,
        meta_description: (a) => a.meta_description,
        meta_publisher: (a) => a.meta_publisher,
      });
      if (q.bool('only_with_launch_url')) items = items.filter((a) => a.meta_launch_url !== '');
      items = search(items, q.str('search'), {
        name: (a) => a.name,
        slug: (a) => a.slug,
        meta_launch_url: (a) => a.meta_launch_url,
        meta_description: (a) => a.meta_description,
        meta_publisher: (a) => a.meta_publisher,
        group: (a) => a.group,
      });
      return paginate(req, order(items, q.str('ordering'), { name: (a) => a.name, slug: (a) => a.slug, group: (a) => a.group }, 'name'), (a) => S.application(r, a));
    }),
    get('/core/applications/{slug}/', ({ seed: s, r, req }) => {
      const a = s.directory.applications.find((x) => x.slug === req.params.slug);
      return a ? json(S.application(r, a)) : notFound('Application');
    }),
    get('/providers/all/', ({ seed: s, r, q, req }) => {
      let items = s.directory.providers;
      const unassigned = q.bool('application__isnull');
      if (unassigned !== undefined) items = items.filter((p) => !r.applicationByProvider.has(p.pk) === unassigned);
      items = search(items, q.str('search'), { name: (p) => p.name, application: (p) => r.applicationByProvider.get(p.pk)?.name });
      return paginate(req, order(items, q.str('ordering'), { name: (p) => p.name, pk: (p) => p.pk }, 'name'), (p) => S.provider(r, p));
    }),
    get('/providers/all/{id}/', ({ r, req }) => {
      const p = /^\d+$/.test(req.params.id) ? r.providersByPk.get(Number(req.params.id)) : undefined;
      return p ? json(S.provider(r, p)) : notFound('Provider');
    }),
    get('/providers/oauth2/', ({ seed: s, r, q, req }) => {
      let items = filterExact(
        s.directory.providers.filter((p) => p.kind === 'oauth2'),
        q,
        { name: (p) => p.name, client_id: (p) => String(p.extra.client_id), client_type: (p) => String(p.extra.client_type), authorization_flow: (p) => p.authorization_flow },
      );
      items = search(items, q.str('search'), { name: (p) => p.name, client_id: (p) => String(p.extra.client_id) });
      return paginate(req, order(items, q.str('ordering'), { name: (p) => p.name, pk: (p) => p.pk }, 'name'), (p) => S.oauth2Provider(r, p));
    }),
    get('/providers/oauth2/{id}/', ({ r, req }) => {
      const p = oauth2Or404(r, req.params.id);
      return p ? json(S.oauth2Provider(r, p)) : notFound('OAuth2Provider');
    }),
    get('/providers/oauth2/{id}/setup_urls/', ({ r, req, base }) => {
      const p = oauth2Or404(r, req.params.id);
      const app = p && r.applicationByProvider.get(p.pk);
      // Setup URLs are built from the application's slug; without one the schema documents a
      // bodiless 404.
      return p && app ? json(S.oauth2SetupUrls(app, base)) : { status: 404 };
    }),
    get('/providers/saml/', ({ seed: s, r, q, req, base }) => {
      let items = filterExact(
        s.directory.providers.filter((p) => p.kind === 'saml'),
        q,
        { name: (p) => p.name, acs_url: (p) => String(p.extra.acs_url), audience: (p) => String(p.extra.audience), signing_kp: (p) => (p.extra.signing_kp as string | null) ?? null },
      );
      items = search(items, q.str('search'), { name: (p) => p.name });
      return paginate(req, order(items, q.str('ordering'), { name: (p) => p.name, pk: (p) => p.pk }, 'name'), (p) => S.samlProvider(r, p, base));
    }),
    get('/providers/saml/{id}/', ({ r, req, base }) => {
      const p = samlOr404(r, req.params.id);
      return p ? json(S.samlProvider(r, p, base)) : notFound('SAMLProvider');
    }),
    get('/providers/saml/{id}/metadata/', ({ r, req, base }) => {
      const p = samlOr404(r, req.params.id);
      if (!p || !r.applicationByProvider.get(p.pk)) return { status: 404 }; // documented without a body
      return json(S.samlMetadata(r, p, base));
    }),

    // --- sources and property mappings ---
    get('/sources/all/', ({ seed: s, q, req }) => {
      let items = filterExact(s.directory.sources, q, { name: (x) => x.name, slug: (x) => x.slug, managed: (x) => x.managed, pbm_uuid: (x) => x.pk });
      items = search(items, q.str('search'), { name: (x) => x.name, slug: (x) => x.slug });
      return paginate(req, order(items, q.str('ordering'), { name: (x) => x.name, slug: (x) => x.slug }, 'name'), S.source);
    }),
    get('/sources/all/{slug}/', ({ seed: s, req }) => {
      const x = s.directory.sources.find((y) => y.slug === req.params.slug);
      return x ? json(S.source(x)) : notFound('Source');
    }),
    get('/propertymappings/all/', ({ seed: s, q, req }) => paginate(req, mappings(s.directory.mappings, q), S.mapping)),
    get('/propertymappings/all/{pm_uuid}/', ({ r, req }) => {
      const m = r.mappingsByPk.get(req.params.pm_uuid);
      return m ? json(S.mapping(m)) : notFound('PropertyMapping');
    }),
    ...typedMappingRoutes(get),

    // --- outposts and service connections ---
    get('/outposts/instances/', ({ seed: s, r, q, req }) => {
      let items = s.directory.outposts;
      const iexact = (name: string, get: (o: (typeof items)[number]) => string | null) => {
        const v = q.str(name);
        if (v !== undefined) items = items.filter((o) => (get(o) ?? '').toLowerCase() === v.toLowerCase());
      };
      const icontains = (name: string, get: (o: (typeof items)[number]) => string | null) => {
        const v = q.str(name);
        if (v !== undefined) items = items.filter((o) => (get(o) ?? '').toLowerCase().includes(v.toLowerCase()));
      };
      const connectionName = (o: (typeof items)[number]) => (o.service_connection ? (r.serviceConnectionsByPk.get(o.service_connection)?.name ?? null) : null);
      iexact('name__iexact', (o) => o.name);
      icontains('name__icontains', (o) => o.name);
      iexact('managed__iexact', (o) => o.managed);
      icontains('managed__icontains', (o) => o.managed);
      iexact('service_connection__name__iexact', connectionName);
      icontains('service_connection__name__icontains', connectionName);
      const byProvider = q.ints('providers_by_pk');
      if (byProvider.length) items = items.filter((o) => o.providers.some((p) => byProvider.includes(p)));
      const noProviders = q.bool('providers__isnull');
      if (noProviders !== undefined) items = items.filter((o) => (o.providers.length === 0) === noProviders);
      items = search(items, q.str('search'), { name: (o) => o.name });
      return paginate(req, order(items, q.str('ordering'), { name: (o) => o.name }, 'name'), (o) => S.outpost(r, o));
    }),
    get('/outposts/instances/{uuid}/', ({ seed: s, r, req }) => {
      const o = s.directory.outposts.find((x) => x.pk === req.params.uuid);
      return o ? json(S.outpost(r, o)) : notFound('Outpost');
    }),
    get('/outposts/service_connections/all/', ({ seed: s, q, req }) => {
      let items = filterExact(s.directory.serviceConnections, q, { name: (x) => x.name });
      items = search(items, q.str('search'), { name: (x) => x.name });
      return paginate(req, order(items, q.str('ordering'), { name: (x) => x.name }, 'name'), S.serviceConnection);
    }),
    get('/outposts/service_connections/all/{uuid}/', ({ r, req }) => {
      const x = r.serviceConnectionsByPk.get(req.params.uuid);
      return x ? json(S.serviceConnection(x)) : notFound('OutpostServiceConnection');
    }),
    get('/outposts/service_connections/kubernetes/', ({ seed: s, q, req }) => {
      let items = filterExact(
        s.directory.serviceConnections.filter((x) => x.kind === 'kubernetes'),
        q,
        { name: (x) => x.name, local: (x) => x.local },
      );
      items = search(items, q.str('search'), { name: (x) => x.name });
      return paginate(req, order(items, q.str('ordering'), { name: (x) => x.name }, 'name'), S.kubernetesConnection);
    }),
    get('/outposts/service_connections/kubernetes/{uuid}/', ({ r, req }) => {
      const x = r.serviceConnectionsByPk.get(req.params.uuid);
      return x && x.kind === 'kubernetes' ? json(S.kubernetesConnection(x)) : notFound('KubernetesServiceConnection');
    }),

    // --- permissions ---
    get('/rbac/permissions/', ({ seed: s, q, req }) => {
      let items = filterExact(s.directory.permissions, q, { codename: (p) => p.codename, content_type__app_label: (p) => p.app_label, content_type__model: (p) => p.model });
      const role = q.str('role');
      if (role) items = items.filter((p) => rolePermissionIds(s, role).has(p.id));
      items = search(items, q.str('search'), { codename: (p) => p.codename, model: (p) => p.model, app_label: (p) => p.app_label, name: (p) => p.name });
      return paginate(req, order(items, q.str('ordering'), { codename: (p) => p.codename, id: (p) => p.id, name: (p) => p.name, model: (p) => p.model }, 'id'), (p) => p);
    }),
    get('/rbac/permissions/{id}/', ({ seed: s, req }) => {
      const p = /^\d+$/.test(req.params.id) ? s.directory.permissions.find((x) => x.id === Number(req.params.id)) : undefined;
      return p ? json(p) : notFound('Permission');
    }),
  ];
}

const FLOW_ORDER: FieldMap<SeedFlow> = { slug: (f) => f.slug, name: (f) => f.name, title: (f) => f.title, designation: (f) => f.designation };
const USER_SEARCH: FieldMap<AuthentikUser> = { username: (u) => u.username, name: (u) => u.name, email: (u) => u.email };
const USER_QL: FieldMap<AuthentikUser> = { ...USER_SEARCH, path: (u) => u.path, type: (u) => u.type, is_active: (u) => String(u.isActive), is_superuser: (u) => String(u.isSuperuser) };
const USER_ORDER: FieldMap<AuthentikUser> = {
  username: (u) => u.username,
  name: (u) => u.name,
  email: (u) => u.email,
  pk: (u) => u.pk,
  last_login: (u) => u.lastLogin,
  date_joined: (u) => u.dateJoined,
};

function groupIncludes(q: Query): S.GroupIncludes {
  return { users: q.flag('include_users', true), parents: q.flag('include_parents', false), children: q.flag('include_children', false), inheritedRoles: q.flag('include_inherited_roles', false) };
}

function oauth2Or404(r: Relations, id: string) {
  const p = /^\d+$/.test(id) ? r.providersByPk.get(Number(id)) : undefined;
  return p?.kind === 'oauth2' ? p : undefined;
}

function samlOr404(r: Relations, id: string) {
  const p = /^\d+$/.test(id) ? r.providersByPk.get(Number(id)) : undefined;
  return p?.kind === 'saml' ? p : undefined;
}

/** Filters every mapping list shares: `managed` (repeatable), `managed__isnull`, `name`, search. */
function mappings<T extends { name: string; managed: string | null }>(items: T[], q: Query): T[] {
  let out = filterExact(items, q, { name: (m) => m.name, managed: (m) => m.managed });
  const isNull = q.bool('managed__isnull');
  if (isNull !== undefined) out = out.filter((m) => (m.managed === null) === isNull);
  out = search(out, q.str('search'), { name: (m) => m.name });
  return order(out, q.str('ordering'), { name: (m) => m.name, managed: (m) => m.managed }, 'name');
}

const TYPED_MAPPINGS: Array<{ path: string; kind: MappingKind; model: string; filters: string[] }> = [
  { path: '/propertymappings/provider/rac/', kind: 'rac', model: 'RACPropertyMapping', filters: [] },
  { path: '/propertymappings/provider/radius/', kind: 'radius', model: 'RadiusProviderPropertyMapping', filters: [] },
  { path: '/propertymappings/provider/saml/', kind: 'saml', model: 'SAMLPropertyMapping', filters: ['saml_name', 'friendly_name'] },
  { path: '/propertymappings/provider/scim/', kind: 'scim', model: 'SCIMMapping', filters: [] },
  { path: '/propertymappings/provider/scope/', kind: 'scope', model: 'ScopeMapping', filters: ['scope_name'] },
  { path: '/propertymappings/source/ldap/', kind: 'ldap_source', model: 'LDAPSourcePropertyMapping', filters: [] },
];

function typedMappingRoutes(get: (path: string, handler: (ctx: Ctx) => StandInResponse) => Route): Route[] {
  return TYPED_MAPPINGS.flatMap(({ path, kind, model, filters }) => [
    get(path, ({ seed: s, q, req }) => {
      let items = s.directory.mappings.filter((m) => m.kind === kind);
      items = filterExact(items, q, Object.fromEntries(filters.map((f) => [f, (m: (typeof items)[number]) => (m.extra[f] as string | null) ?? null])));
      return paginate(req, mappings(items, q), S.typedMapping);
    }),
    get(`${path}{pm_uuid}/`, ({ r, req }) => {
      const m = r.mappingsByPk.get(req.params.pm_uuid);
      return m && m.kind === kind ? json(S.typedMapping(m)) : notFound(model);
    }),
  ]);
}
