import { AuthentikApi, ListOptions, ListPage } from './api';
import { badLookupInput, defined, exactlyOne, orNotFound } from './lookup';
import { Permission } from './types';

export interface GetRbacPermissionInput {
  codename: string;
  /** The permission's numeric ID; when given, the permission must also have this codename. */
  id?: number | string;
  /**
   * Codenames are unique per model, not globally ("view_user" exists once); these narrow an
   * ambiguous codename. Not provider inputs: additions, so an ambiguous lookup can be fixed.
   */
  app?: string;
  model?: string;
}

export interface RbacPermissionOutput {
  id: string;
  codename: string;
  app: string;
  model: string;
}

const OP = 'getRbacPermission';

export async function getRbacPermission(api: AuthentikApi, input: GetRbacPermissionInput, signal?: AbortSignal): Promise<RbacPermissionOutput> {
  if (!input?.codename) {
    throw badLookupInput(OP, 'codename is required', 'Give the permission\u2019s codename, e.g. "view_user".');
  }
  let permission: Permission;
  if (input.id !== undefined && input.id !== '') {
    const id = Number(input.id);
    if (!Number.isInteger(id)) throw badLookupInput(OP, `id must be a whole number, got ${JSON.stringify(input.id)}`);
    permission = await orNotFound(OP, 'permission', { ...input }, () => retrievePermission(api, id, signal, OP));
    if (permission.codename !== input.codename) {
      throw badLookupInput(OP, `permission ${id} has the codename "${permission.codename}", not "${input.codename}"`);
    }
  } else {
    const page = await api.page(OP, '/rbac/permissions/', {
      signal,
      pageSize: 20,
      query: defined({ codename: input.codename, content_type__app_label: input.app, content_type__model: input.model }),
    });
    permission = exactlyOne(OP, 'permission', { ...input }, page, (p) => `${p.app_label}.${p.codename}`);
  }
  return { id: String(permission.id), codename: permission.codename, app: permission.app_label, model: permission.model };
}

export function listPermissions(api: AuthentikApi, options: ListOptions = {}): Promise<ListPage<Permission>> {
  return api.page('listPermissions', '/rbac/permissions/', { ...options, query: defined({ search: options.search, ordering: 'codename' }) });
}

export function retrievePermission(api: AuthentikApi, id: number, signal?: AbortSignal, operation = 'retrievePermission'): Promise<Permission> {
  return api.call(operation, '/rbac/permissions/{id}/', { params: { id }, signal });
}
