import { AuthentikApi, ListOptions, ListPage } from './api';
import { defined } from './lookup';
import { Application } from './types';

/**
 * Applications for the tree. `superuser_full_list=true`: without it authentik lists only the
 * applications the calling user may open, which is not what an admin browsing them expects.
 */
export function listApplications(api: AuthentikApi, options: ListOptions = {}): Promise<ListPage<Application>> {
  return api.page('listApplications', '/core/applications/', {
    ...options,
    query: defined({ search: options.search, ordering: 'name', superuser_full_list: true }),
  });
}

export function retrieveApplication(api: AuthentikApi, slug: string, signal?: AbortSignal): Promise<Application> {
  return api.call('retrieveApplication', '/core/applications/{slug}/', { params: { slug }, signal });
}
