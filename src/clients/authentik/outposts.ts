import { AuthentikApi, ListOptions, ListPage } from './api';
import { defined, exactlyOne, oneOf, orNotFound } from './lookup';
import { Outpost } from './types';

export interface GetOutpostInput {
  /** The outpost's UUID. */
  id?: string;
  /** Matched case-insensitively, as the provider does (`name__iexact`). */
  name?: string;
}

export interface OutpostOutput {
  id: string;
  name: string;
}

const OP = 'getOutpost';

export async function getOutpost(api: AuthentikApi, input: GetOutpostInput, signal?: AbortSignal): Promise<OutpostOutput> {
  const by = oneOf(OP, { id: input?.id, name: input?.name }, ['id', 'name']);
  const outpost =
    by === 'id'
      ? await orNotFound(OP, 'outpost', { id: input.id }, () => retrieveOutpost(api, input.id!, signal, OP))
      : exactlyOne(OP, 'outpost', { name: input.name }, await api.page(OP, '/outposts/instances/', { signal, pageSize: 20, query: { name__iexact: input.name } }), (o) => o.name);
  return { id: outpost.pk, name: outpost.name };
}

export function listOutposts(api: AuthentikApi, options: ListOptions = {}): Promise<ListPage<Outpost>> {
  return api.page('listOutposts', '/outposts/instances/', { ...options, query: defined({ search: options.search, ordering: 'name' }) });
}

export function retrieveOutpost(api: AuthentikApi, uuid: string, signal?: AbortSignal, operation = 'retrieveOutpost'): Promise<Outpost> {
  return api.call(operation, '/outposts/instances/{uuid}/', { params: { uuid }, signal });
}
