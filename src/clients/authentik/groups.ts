import { AuthentikApi, ListOptions, ListPage } from './api';
import { defined, exactlyOne, jsonObjectInput, jsonString, oneOf, orNotFound } from './lookup';
import { Group, PartialUser } from './types';

export interface GetGroupInput {
  /** The group's UUID (`id` is accepted as the same thing, as in the provider). */
  pk?: string;
  id?: string;
  /** Exact, case-sensitive. */
  name?: string;
  /** Include the members' objects (default true, like the provider). */
  includeUsers?: boolean;
}

export interface GroupUserOutput {
  pk: number;
  username: string;
  name: string;
  isActive: boolean;
  /** RFC 3339, '' when the user never logged in. */
  lastLogin: string;
  email: string;
  /** JSON string. */
  attributes: string;
  uid: string;
}

export interface GroupOutput {
  id: string;
  pk: string;
  numPk: number;
  name: string;
  isSuperuser: boolean;
  /** UUIDs of the parent groups. */
  parents: string[];
  /** Name of the first parent ('' for a top-level group), from the old single-parent model. */
  parentName: string;
  users: number[];
  usersObjs: GroupUserOutput[];
  /** JSON string. */
  attributes: string;
}

const OP = 'getGroup';

export async function getGroup(api: AuthentikApi, input: GetGroupInput, signal?: AbortSignal): Promise<GroupOutput & { includeUsers: boolean }> {
  const includeUsers = input?.includeUsers ?? true;
  const inputs = { pk: input?.pk ?? input?.id, name: input?.name };
  const by = oneOf(OP, inputs, ['pk', 'name']);
  const query = { include_users: includeUsers, include_parents: true };
  let group: Group;
  if (by === 'pk') {
    group = await orNotFound(OP, 'group', { ...inputs, includeUsers }, () => api.call(OP, '/core/groups/{group_uuid}/', { params: { group_uuid: inputs.pk! }, query, signal }));
  } else {
    const page = await api.page(OP, '/core/groups/', { signal, pageSize: 20, query: { ...query, name: inputs.name } });
    group = exactlyOne(OP, 'group', { name: inputs.name, includeUsers }, page, (g) => g.name);
  }
  return { ...groupOutput(group), includeUsers };
}

export interface GetGroupsInput {
  /** A JSON object; each key is a Django lookup on the attributes (`{"team__icontains": "x"}`). */
  attributes?: string;
  isSuperuser?: boolean;
  includeUsers?: boolean;
  membersByPks?: number[];
  membersByUsernames?: string[];
  name?: string;
  ordering?: string;
  search?: string;
}

export interface GetGroupsOutput extends GetGroupsInput {
  id: string;
  includeUsers: boolean;
  groups: GroupOutput[];
}

/** Every group matching the filters, all pages (100 a page) — the provider's plural lookup. */
export async function getGroups(api: AuthentikApi, input: GetGroupsInput = {}, signal?: AbortSignal): Promise<GetGroupsOutput> {
  const includeUsers = input.includeUsers ?? true;
  const attributes = input.attributes !== undefined ? jsonObjectInput('getGroups', 'attributes', input.attributes) : undefined;
  const groups = await api.all('getGroups', '/core/groups/', {
    signal,
    query: defined({
      attributes,
      is_superuser: input.isSuperuser,
      include_users: includeUsers,
      members_by_pk: input.membersByPks,
      members_by_username: input.membersByUsernames,
      name: input.name,
      ordering: input.ordering,
      search: input.search,
    }),
  });
  // The provider's data source has a constant id; so does this one.
  return { ...input, includeUsers, id: '0', groups: groups.map(groupOutput) };
}

export function groupOutput(g: Group): GroupOutput {
  return {
    id: g.pk,
    pk: g.pk,
    numPk: g.num_pk,
    name: g.name,
    isSuperuser: g.is_superuser === true,
    parents: g.parents ?? [],
    parentName: g.parents_obj?.[0]?.name ?? '',
    users: g.users ?? [],
    usersObjs: (g.users_obj ?? []).map(groupUserOutput),
    attributes: jsonString(g.attributes),
  };
}

function groupUserOutput(u: PartialUser): GroupUserOutput {
  return {
    pk: u.pk,
    username: u.username,
    name: u.name,
    isActive: u.is_active !== false,
    lastLogin: u.last_login ?? '',
    email: u.email ?? '',
    attributes: jsonString(u.attributes),
    uid: u.uid,
  };
}

/** A page of groups for the tree: no member objects (they can be thousands per group). */
export function listGroups(api: AuthentikApi, options: ListOptions = {}): Promise<ListPage<Group>> {
  return api.page('listGroups', '/core/groups/', { ...options, query: defined({ search: options.search, ordering: 'name', include_users: false }) });
}

/** One group with its parents' and children's names, without member objects. */
export function retrieveGroup(api: AuthentikApi, groupUuid: string, signal?: AbortSignal): Promise<Group> {
  return api.call('retrieveGroup', '/core/groups/{group_uuid}/', {
    params: { group_uuid: groupUuid },
    query: { include_users: false, include_parents: true, include_children: true },
    signal,
  });
}
