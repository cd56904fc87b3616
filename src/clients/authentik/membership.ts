import { AuthentikApi } from './api';
import { retrieveGroup } from './groups';
import { retrieveUser } from './users';

export interface GroupRef {
  pk: string;
  name: string;
}

export interface InheritedGroup extends GroupRef {
  /** The group through which it is inherited (a direct group or another inherited one). */
  via: string;
}

export interface UserGroupMembership {
  direct: GroupRef[];
  /** Ancestors of the direct groups that are not direct groups themselves, nearest first. */
  inherited: InheritedGroup[];
}

/**
 * A user's direct groups and the groups inherited through group nesting (a member of
 * "Platform" is also in its parent "Engineering"). One request for the user, then one per group
 * on the way up, level by level; a cycle in the nesting cannot loop.
 */
export async function userGroupMembership(api: AuthentikApi, userPk: number, signal?: AbortSignal): Promise<UserGroupMembership> {
  const user = await retrieveUser(api, userPk, signal);
  const names = new Map<string, string>((user.groups_obj ?? []).map((g) => [g.pk, g.name]));
  const direct = (user.groups ?? []).map((pk) => ({ pk, name: names.get(pk) ?? pk }));
  const seen = new Set(direct.map((g) => g.pk));
  const inherited: InheritedGroup[] = [];
  let frontier = direct;
  for (let depth = 0; frontier.length > 0 && depth < 50; depth++) {
    const loaded = await Promise.all(frontier.map((g) => retrieveGroup(api, g.pk, signal)));
    const next: GroupRef[] = [];
    for (const group of loaded) {
      for (const parent of group.parents_obj ?? (group.parents ?? []).map((pk) => ({ pk, name: pk }))) {
        if (!seen.has(parent.pk)) {
          seen.add(parent.pk);
          inherited.push({ pk: parent.pk, name: parent.name, via: group.name });
          next.push({ pk: parent.pk, name: parent.name });
        }
      }
    }
    frontier = next;
  }
  return { direct, inherited };
}
