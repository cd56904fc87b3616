import { RelationPlan } from './relationPlan';

/**
 * Permissions assigned to a role, or taken back (`/rbac/permissions/assigned_by_roles/{role}/assign/`
 * and `…/unassign/`). authentik names a permission `app_label.codename`
 * (`authentik_core.view_user`); without `object_pk` the permission is global (every user of the
 * model), with `model` and `object_pk` it holds for that one object only.
 */
export interface RoleRef {
  pk: string;
  name: string;
}
export interface PermissionRef {
  app_label: string;
  codename: string;
  name?: string;
}
export interface PermissionObject {
  /** `authentik_core.user` */
  model: string;
  pk: string;
  name: string;
}

export const permissionId = (p: PermissionRef): string => `${p.app_label}.${p.codename}`;

export function rolePermissionsPlan(op: 'assign' | 'unassign', role: RoleRef, permissions: readonly PermissionRef[], object?: PermissionObject): RelationPlan {
  if (permissions.length === 0) throw new Error('Pick at least one permission.');
  const ids = [...new Set(permissions.map(permissionId))];
  const scope = object ? `on ${object.model} “${object.name}” only` : 'globally (on every object of its model)';
  const body: Record<string, unknown> = { permissions: ids, ...(object ? { model: object.model, object_pk: object.pk } : {}) };
  const lines = permissions.map((p) => `role “${role.name}”: ${op === 'assign' ? '+' : '−'}${permissionId(p)}${p.name ? ` (${p.name})` : ''} ${scope}`);
  const plural = ids.length === 1 ? 'permission' : `${ids.length} permissions`;
  if (op === 'assign') {
    return {
      title: `Assign ${plural} to role “${role.name}”?`,
      action: 'Assign',
      changes: [...lines, `Every user and group holding role “${role.name}” gets ${ids.length === 1 ? 'it' : 'them'}.`],
      requests: [{ operation: 'assignRolePermissions', method: 'POST', path: `/rbac/permissions/assigned_by_roles/${role.pk}/assign/`, body, says: `assigning ${ids.join(', ')} to “${role.name}”` }],
      destructive: false,
      done: `Assigned ${ids.join(', ')} to role “${role.name}”.`,
    };
  }
  return {
    title: `Unassign ${plural} from role “${role.name}”?`,
    action: 'Unassign',
    changes: [...lines, `Users and groups holding role “${role.name}” lose ${ids.length === 1 ? 'it' : 'them'} unless something else grants ${ids.length === 1 ? 'it' : 'them'}.`],
    requests: [
      { operation: 'unassignRolePermissions', method: 'PATCH', path: `/rbac/permissions/assigned_by_roles/${role.pk}/unassign/`, body, says: `unassigning ${ids.join(', ')} from “${role.name}”` },
    ],
    destructive: true,
    done: `Unassigned ${ids.join(', ')} from role “${role.name}”.`,
  };
}
