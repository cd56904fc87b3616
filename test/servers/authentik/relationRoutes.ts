/**
 * The relation endpoints of the authentik stand-in, each as authentik answers it:
 * - group membership: `POST /core/groups/{uuid}/add_user/` and `…/remove_user/` with `{pk}`,
 *   204 without a body; an unknown user is 404 (authentik's `get_object_or_404`);
 * - policy bindings: list (filter `target`, `policy`; ordering), create, retrieve, delete; a
 *   binding binds exactly one of policy, group and user, to an application's pk or a flow's
 *   policy-binding model;
 * - `GET /policies/all/` (and one by its uuid) over a few expression and password policies;
 * - roles: `GET /rbac/roles/`, and a role's global permissions assigned and unassigned through
 *   `/rbac/permissions/assigned_by_roles/{uuid}/assign/` (`app_label.codename`) and `…/unassign/`;
 *   `GET /rbac/permissions/?role=` reads them (directoryRoutes.ts asks `rolePermissionIds`).
 * State beyond the seed's directory lives per seed here, so `reset()` starts it again.
 */
import * as crypto from 'node:crypto';
import type { Route, StandInRequest, StandInResponse } from '../core/types';
import { invalidateRelations, relationsOf } from './directory/relations';
import { partialGroup, partialUser } from './directory/serialize';
import { detail } from './errors';
import { BadFilter, filterExact, json, order, paginate, Query, search } from './listing';
import { checkBody } from './managed/requestBody';
import { requireUser } from './routes';
import type { AuthentikSeed, AuthentikUser } from './seed';

const API = '/api/v3';
const FORBIDDEN = 'You do not have permission to perform this action.';
const notFound = (model: string) => detail(404, `No ${model} matches the given query.`);

interface SeedPolicy {
  pk: string;
  name: string;
  kind: 'expression' | 'password';
}
interface SeedPolicyBinding {
  pk: string;
  target: string;
  policy: string | null;
  group: string | null;
  user: number | null;
  order: number;
  negate: boolean;
  enabled: boolean;
  timeout: number;
  failure_result: boolean;
}
interface RelationState {
  policies: SeedPolicy[];
  bindings: SeedPolicyBinding[];
  /** role pk → permission ids held globally */
  rolePermissions: Map<string, Set<number>>;
}

const states = new WeakMap<AuthentikSeed, RelationState>();

function stateOf(seed: AuthentikSeed): RelationState {
  let state = states.get(seed);
  if (!state) {
    const id = (name: string) =>
      crypto
        .createHash('sha1')
        .update(`policy:${name}`)
        .digest('hex')
        .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12}).*/, '$1-$2-$3-$4-$5');
    state = {
      policies: [
        { pk: id('Office hours only'), name: 'Office hours only', kind: 'expression' },
        { pk: id('Require MFA device'), name: 'Require MFA device', kind: 'expression' },
        { pk: id('Strong passwords'), name: 'Strong passwords', kind: 'password' },
      ],
      bindings: [],
      rolePermissions: new Map(),
    };
    states.set(seed, state);
  }
  return state;
}

/** The permission ids a role holds globally, for `GET /rbac/permissions/?role=`. */
export function rolePermissionIds(seed: AuthentikSeed, role: string): Set<number> {
  return stateOf(seed).rolePermissions.get(role) ?? new Set();
}

/** Every role the seed knows (the users' and the groups'). */
function roles(seed: AuthentikSeed): Array<{ pk: string; name: string }> {
  const byPk = new Map<string, string>();
  for (const r of [...seed.users.flatMap((u) => u.roles), ...seed.directory.groups.flatMap((g) => g.roles)]) byPk.set(r.pk, r.name);
  return [...byPk].map(([pk, name]) => ({ pk, name }));
}

/** What a binding's `target` may be: an application's pk or a flow's policy-binding model. */
function targetExists(seed: AuthentikSeed, target: string): boolean {
  return seed.directory.applications.some((a) => a.pk === target) || seed.directory.flows.some((f) => f.pk === target);
}

const MODEL_NAMES = { expression: 'expressionpolicy', password: 'passwordpolicy' };

function policyJson(state: RelationState, p: SeedPolicy) {
  return {
    pk: p.pk,
    name: p.name,
    execution_logging: false,
    component: `ak-policy-${p.kind}-form`,
    verbose_name: p.kind === 'expression' ? 'Expression Policy' : 'Password Policy',
    verbose_name_plural: p.kind === 'expression' ? 'Expression Policies' : 'Password Policies',
    meta_model_name: `authentik_policies_${p.kind}.${MODEL_NAMES[p.kind]}`,
    bound_to: state.bindings.filter((b) => b.policy === p.pk).length,
  };
}

function bindingJson(seed: AuthentikSeed, state: RelationState, b: SeedPolicyBinding) {
  const r = relationsOf(seed);
  const policy = b.policy ? state.policies.find((p) => p.pk === b.policy) : undefined;
  const group = b.group ? r.groupsByPk.get(b.group) : undefined;
  const user = b.user !== null ? r.usersByPk.get(b.user) : undefined;
  return {
    pk: b.pk,
    policy: b.policy,
    group: b.group,
    user: b.user,
    policy_obj: policy ? policyJson(state, policy) : null,
    group_obj: group ? partialGroup(group) : null,
    user_obj: user ? partialUser(seed, user) : null,
    target: b.target,
    negate: b.negate,
    enabled: b.enabled,
    order: b.order,
    timeout: b.timeout,
    failure_result: b.failure_result,
    expires: null,
    expiring: false,
  };
}

type Handler = (seed: AuthentikSeed, req: StandInRequest, user: AuthentikUser) => StandInResponse;

export function relationRoutes(seed: () => AuthentikSeed): Route[] {
  const route = (method: string, path: string, handler: Handler): Route => ({
    method,
    path: API + path,
    handler: requireUser(seed, (user, req) => {
      if (method !== 'GET' && !user.isSuperuser) return detail(403, FORBIDDEN);
      try {
        return handler(seed(), req, user);
      } catch (e) {
        if (e instanceof BadFilter) return e.response;
        throw e;
      } finally {
        if (method !== 'GET') invalidateRelations(seed());
      }
    }),
  });

  const membership = (op: 'add' | 'remove') =>
    route('POST', `/core/groups/{group_uuid}/${op}_user/`, (s, req) => {
      const group = s.directory.groups.find((g) => g.pk === req.params.group_uuid);
      if (!group) return notFound('Group');
      const refused = checkBody(req);
      if (refused) return refused;
      const user = s.users.find((u) => u.pk === (req.body as { pk: number }).pk);
      if (!user) return notFound('User');
      const index = user.groups.findIndex((g) => g.pk === group.pk);
      if (op === 'add' && index < 0) user.groups.push({ pk: group.pk, name: group.name });
      if (op === 'remove' && index >= 0) user.groups.splice(index, 1);
      return { status: 204 };
    });

  return [
    membership('add'),
    membership('remove'),

    route('GET', '/policies/all/', (s, req) => {
      const state = stateOf(s);
      const q = new Query(req.query);
      const items = search(state.policies, q.str('search'), { name: (p) => p.name });
      return paginate(req, order(items, q.str('ordering'), { name: (p) => p.name }, 'name'), (p) => policyJson(state, p));
    }),

    // authentik answers one policy in the list's shape here; the typed paths (typedRoutes.ts) complete it.
    route('GET', '/policies/all/{policy_uuid}/', (s, req) => {
      const state = stateOf(s);
      const p = state.policies.find((x) => x.pk === req.params.policy_uuid);
      return p ? json(policyJson(state, p)) : notFound('Policy');
    }),
    route('GET', '/policies/bindings/', (s, req) => {
      const state = stateOf(s);
      const q = new Query(req.query);
      const items = filterExact(state.bindings, q, { target: (b) => b.target, policy: (b) => b.policy ?? '', enabled: (b) => b.enabled, order: (b) => b.order });
      return paginate(req, order(items, q.str('ordering'), { order: (b) => b.order, target: (b) => b.target }, 'order'), (b) => bindingJson(s, state, b));
    }),
    route('POST', '/policies/bindings/', (s, req) => {
      const refused = checkBody(req);
      if (refused) return refused;
      const state = stateOf(s);
      const body = req.body as Partial<SeedPolicyBinding> & { target: string; order: number };
      const errors: Record<string, string[]> = {};
      const chosen = (['policy', 'group', 'user'] as const).filter((f) => body[f] !== undefined && body[f] !== null);
      if (chosen.length !== 1) errors.non_field_errors = ["Only one of 'policy', 'group' or 'user' can be set."];
      if (!targetExists(s, body.target)) errors.target = [`Invalid pk "${body.target}" - object does not exist.`];
      if (body.policy && !state.policies.some((p) => p.pk === body.policy)) errors.policy = [`Invalid pk "${body.policy}" - object does not exist.`];
      if (body.group && !s.directory.groups.some((g) => g.pk === body.group)) errors.group = [`Invalid pk "${body.group}" - object does not exist.`];
      if (typeof body.user === 'number' && !s.users.some((u) => u.pk === body.user)) errors.user = [`Invalid pk "${body.user}" - object does not exist.`];
      if (Object.keys(errors).length > 0) return json(errors, 400);
      const binding: SeedPolicyBinding = {
        pk: crypto.randomUUID(),
        target: body.target,
        policy: body.policy ?? null,
        group: body.group ?? null,
        user: body.user ?? null,
        order: body.order,
        negate: body.negate ?? false,
        enabled: body.enabled ?? true,
        timeout: body.timeout ?? 30,
        failure_result: body.failure_result ?? false,
      };
      state.bindings.push(binding);
      return json(bindingJson(s, state, binding), 201);
    }),
    route('GET', '/policies/bindings/{policy_binding_uuid}/', (s, req) => {
      const state = stateOf(s);
      const b = state.bindings.find((x) => x.pk === req.params.policy_binding_uuid);
      return b ? json(bindingJson(s, state, b)) : notFound('PolicyBinding');
    }),
    route('DELETE', '/policies/bindings/{policy_binding_uuid}/', (s, req) => {
      const list = stateOf(s).bindings;
      const index = list.findIndex((x) => x.pk === req.params.policy_binding_uuid);
      if (index < 0) return notFound('PolicyBinding');
      list.splice(index, 1);
      return { status: 204 };
    }),

    route('GET', '/rbac/roles/', (s, req) => {
      const q = new Query(req.query);
      const items = search(roles(s), q.str('search'), { name: (r) => r.name });
      return paginate(req, order(items, q.str('ordering'), { name: (r) => r.name }, 'name'), (r) => r);
    }),
    ...(['assign', 'unassign'] as const).map((op) =>
      route(op === 'assign' ? 'POST' : 'PATCH', `/rbac/permissions/assigned_by_roles/{uuid}/${op}/`, (s, req) => {
        const role = roles(s).find((r) => r.pk === req.params.uuid);
        if (!role) return notFound('Role');
        const refused = checkBody(req);
        if (refused) return refused;
        const body = req.body as { permissions?: string[]; model?: string; object_pk?: string };
        if (body.object_pk !== undefined) return json({ object_pk: ['The stand-in assigns global permissions only.'] }, 400);
        const found = (body.permissions ?? []).map((id) => {
          const [app, codename] = id.split('.', 2);
          return s.directory.permissions.find((p) => p.app_label === app && p.codename === codename);
        });
        const missing = (body.permissions ?? []).filter((_, i) => !found[i]);
        if (missing.length) return json({ permissions: missing.map((id) => `Permission ${id} does not exist`) }, 400);
        const held = stateOf(s).rolePermissions.get(role.pk) ?? new Set<number>();
        stateOf(s).rolePermissions.set(role.pk, held);
        for (const p of found) {
          if (op === 'assign') held.add(p!.id);
          else held.delete(p!.id);
        }
        return op === 'assign' ? json(found.map((p) => ({ id: String(p!.id) }))) : { status: 204 };
      }),
    ),
  ];
}
