import { AuthentikApi, ListOptions, ListPage } from './api';
import { badLookupInput, defined, exactlyOne, jsonString, oneOf, orNotFound } from './lookup';
import { User } from './types';

export interface GetUserInput {
  /** The user's numeric primary key (`id` is accepted as the same thing). */
  pk?: number;
  id?: number;
  username?: string;
}

export interface UserOutput {
  id: string;
  pk: number;
  username: string;
  name: string;
  email: string;
  avatar: string;
  uid: string;
  uuid: string;
  path: string;
  type: string;
  isActive: boolean;
  isSuperuser: boolean;
  /** RFC 3339, '' when the user never logged in. */
  lastLogin: string;
  dateJoined: string;
  /** UUIDs of the groups the user is a direct member of. */
  groups: string[];
  /** JSON string. */
  attributes: string;
}

const OP = 'getUser';

export async function getUser(api: AuthentikApi, input: GetUserInput, signal?: AbortSignal): Promise<UserOutput> {
  const inputs = { pk: input?.pk ?? input?.id, username: input?.username };
  const by = oneOf(OP, inputs, ['pk', 'username']);
  if (by === 'pk' && !Number.isInteger(inputs.pk)) {
    throw badLookupInput(OP, `pk must be a whole number, got ${JSON.stringify(inputs.pk)}`);
  }
  const user =
    by === 'pk'
      ? await orNotFound(OP, 'user', { pk: inputs.pk }, () => api.call(OP, '/core/users/{id}/', { params: { id: inputs.pk! }, signal }))
      : exactlyOne(
          OP,
          'user',
          { username: inputs.username },
          await api.page(OP, '/core/users/', { signal, pageSize: 20, query: { username: inputs.username, include_groups: false, include_roles: false } }),
          (u) => u.username,
        );
  return userOutput(user);
}

export function userOutput(u: User): UserOutput {
  return {
    id: String(u.pk),
    pk: u.pk,
    username: u.username,
    name: u.name,
    email: u.email ?? '',
    avatar: u.avatar ?? '',
    uid: u.uid,
    uuid: u.uuid,
    path: u.path ?? '',
    type: u.type ?? 'internal',
    isActive: u.is_active !== false,
    isSuperuser: u.is_superuser === true,
    lastLogin: u.last_login ?? '',
    dateJoined: u.date_joined ?? '',
    groups: u.groups ?? [],
    attributes: jsonString(u.attributes),
  };
}

/** A page of users for the tree: without group and role objects, which are costly on big directories. */
export function listUsers(api: AuthentikApi, options: ListOptions = {}): Promise<ListPage<User>> {
  return api.page('listUsers', '/core/users/', {
    ...options,
    query: defined({ search: options.search, ordering: 'username', include_groups: false, include_roles: false }),
  });
}

/** The direct members of a group, a page at a time (a group may have tens of thousands). */
export function listGroupMembers(api: AuthentikApi, groupUuid: string, options: ListOptions = {}): Promise<ListPage<User>> {
  return api.page('listGroupMembers', '/core/users/', {
    ...options,
    query: defined({ groups_by_pk: [groupUuid], search: options.search, ordering: 'username', include_groups: false, include_roles: false }),
  });
}

/** One user with its direct groups' objects. */
export function retrieveUser(api: AuthentikApi, pk: number, signal?: AbortSignal): Promise<User> {
  return api.call('retrieveUser', '/core/users/{id}/', { params: { id: pk }, signal });
}
