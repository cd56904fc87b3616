import { AuthentikApi, ListOptions, ListPage } from './api';
import { defined, exactlyOne } from './lookup';
import { Source } from './types';

export interface GetSourceInput {
  /** The source's UUID. */
  id?: string;
  slug?: string;
  name?: string;
  /** e.g. "goauthentik.io/sources/inbuilt" for the built-in source. */
  managed?: string;
}

export interface SourceOutput {
  id: string;
  uuid: string;
  name: string;
  slug: string;
  managed: string;
}

const OP = 'getSource';

export async function getSource(api: AuthentikApi, input: GetSourceInput = {}, signal?: AbortSignal): Promise<SourceOutput> {
  const page = await api.page(OP, '/sources/all/', {
    signal,
    pageSize: 20,
    query: defined({ pbm_uuid: input.id, slug: input.slug, name: input.name, managed: input.managed }),
  });
  const source = exactlyOne(OP, 'source', { ...input }, page, (s) => s.slug);
  return { id: source.pk, uuid: source.pk, name: source.name, slug: source.slug, managed: source.managed ?? '' };
}

export function listSources(api: AuthentikApi, options: ListOptions = {}): Promise<ListPage<Source>> {
  return api.page('listSources', '/sources/all/', { ...options, query: defined({ search: options.search, ordering: 'name' }) });
}

export function retrieveSource(api: AuthentikApi, slug: string, signal?: AbortSignal): Promise<Source> {
  return api.call('retrieveSource', '/sources/all/{slug}/', { params: { slug }, signal });
}
