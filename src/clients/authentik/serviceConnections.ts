import { AuthentikApi, ListOptions, ListPage } from './api';
import { badLookupInput, defined, exactlyOne, jsonString, matchesLocally, orNotFound } from './lookup';
import { KubernetesServiceConnection, ServiceConnection } from './types';

export interface GetServiceConnectionKubernetesInput {
  name: string;
  /** The connection's UUID. */
  id?: string;
  local?: boolean;
  verifySsl?: boolean;
}

export interface ServiceConnectionKubernetesOutput {
  id: string;
  name: string;
  local: boolean;
  verifySsl: boolean;
  /** Secret: the kubeconfig as a JSON string (authentik returns it in clear). */
  kubeconfig: string;
}

const OP = 'getServiceConnectionKubernetes';

export async function getServiceConnectionKubernetes(api: AuthentikApi, input: GetServiceConnectionKubernetesInput, signal?: AbortSignal): Promise<ServiceConnectionKubernetesOutput> {
  if (!input?.name) {
    throw badLookupInput(OP, 'name is required');
  }
  // The kubeconfig never appears in an error: only the identifying inputs are named.
  const inputs = { name: input.name, id: input.id, local: input.local, verifySsl: input.verifySsl };
  let connection: KubernetesServiceConnection;
  if (input.id) {
    connection = await orNotFound(OP, 'Kubernetes service connection', inputs, () => retrieveKubernetesConnection(api, input.id!, signal, OP));
    connection = exactlyOne(
      OP,
      'Kubernetes service connection',
      inputs,
      matchesLocally(
        [connection],
        [
          [input.name, (c) => c.name],
          [input.local, (c) => c.local === true],
          [input.verifySsl, (c) => c.verify_ssl !== false],
        ],
      ),
      (c) => c.name,
    );
  } else {
    const page = await api.page(OP, '/outposts/service_connections/kubernetes/', { signal, pageSize: 20, query: defined({ name: input.name, local: input.local }) });
    const local = matchesLocally(page.items, [[input.verifySsl, (c) => c.verify_ssl !== false]]);
    connection = exactlyOne(OP, 'Kubernetes service connection', inputs, local.length === page.items.length ? page : local, (c) => c.name);
  }
  return {
    id: connection.pk,
    name: connection.name,
    local: connection.local === true,
    verifySsl: connection.verify_ssl !== false,
    kubeconfig: jsonString(connection.kubeconfig),
  };
}

/** Every kind of service connection (Docker, Kubernetes) in one list. */
export function listServiceConnections(api: AuthentikApi, options: ListOptions = {}): Promise<ListPage<ServiceConnection>> {
  return api.page('listServiceConnections', '/outposts/service_connections/all/', { ...options, query: defined({ search: options.search, ordering: 'name' }) });
}

export function retrieveServiceConnection(api: AuthentikApi, uuid: string, signal?: AbortSignal): Promise<ServiceConnection> {
  return api.call('retrieveServiceConnection', '/outposts/service_connections/all/{uuid}/', { params: { uuid }, signal });
}

/** Note: the answer carries the kubeconfig in clear; callers must mask it. */
export function retrieveKubernetesConnection(api: AuthentikApi, uuid: string, signal?: AbortSignal, operation = 'retrieveKubernetesConnection'): Promise<KubernetesServiceConnection> {
  return api.call(operation, '/outposts/service_connections/kubernetes/{uuid}/', { params: { uuid }, signal });
}
