import { AuthentikApi } from '../api';
import { send } from '../resources/send';
import type { PolicyBindingLike } from './policyBindingPlan';

/**
 * The reads the relation actions make before they plan: the state now, not as the tree loaded
 * it. Lists are read up to 100 items (a picker shows no more; its search narrows the rest).
 */
interface Page<T> {
  results: T[];
}
const list = async <T>(api: AuthentikApi, operation: string, path: string, query: Record<string, string | number | boolean>, signal?: AbortSignal): Promise<T[]> =>
  (await send<Page<T>>(api, { operation, method: 'GET', path, query: { page_size: 100, ...query }, signal })).results ?? [];

export interface PolicySummary {
  pk: string;
  name: string;
  verbose_name?: string;
  bound_to?: number;
}
export interface RoleSummary {
  pk: string;
  name: string;
}
export interface PermissionSummary {
  id: number;
  codename: string;
  app_label: string;
  model: string;
  name: string;
}

export const listPolicies = (api: AuthentikApi, search = '', signal?: AbortSignal) =>
  list<PolicySummary>(api, 'listPolicies', '/policies/all/', { ordering: 'name', ...(search ? { search } : {}) }, signal);
export const listPolicyBindings = (api: AuthentikApi, target: string, signal?: AbortSignal) =>
  list<PolicyBindingLike & { target: string }>(api, 'listPolicyBindings', '/policies/bindings/', { target, ordering: 'order' }, signal);
export const listRoles = (api: AuthentikApi, signal?: AbortSignal) => list<RoleSummary>(api, 'listRoles', '/rbac/roles/', { ordering: 'name' }, signal);
/** The role's global permissions (those `assign` without an object gives). */
export const listRolePermissions = (api: AuthentikApi, role: string, signal?: AbortSignal) =>
  list<PermissionSummary>(api, 'listRolePermissions', '/rbac/permissions/', { role, ordering: 'codename' }, signal);
