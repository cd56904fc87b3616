import { AuthentikApi, ListOptions, ListPage } from './api';
import { defined, exactlyOne, matchesLocally } from './lookup';
import { Flow, FlowAuthentication, FlowDesignation, FlowDiagram, FlowStageBinding } from './types';

export interface GetFlowInput {
  /** The flow's UUID. */
  id?: string;
  slug?: string;
  designation?: FlowDesignation;
  /** Not a server filter: checked against the match. */
  authentication?: FlowAuthentication;
}

export interface FlowOutput {
  id: string;
  slug: string;
  name: string;
  title: string;
  designation: string;
  authentication: string;
}

const OP = 'getFlow';

export async function getFlow(api: AuthentikApi, input: GetFlowInput = {}, signal?: AbortSignal): Promise<FlowOutput> {
  const page = await api.page(OP, '/flows/instances/', {
    signal,
    pageSize: input.authentication !== undefined ? 100 : 20,
    query: defined({ flow_uuid: input.id, slug: input.slug, designation: input.designation }),
  });
  const local = matchesLocally(page.items, [[input.authentication, (f) => f.authentication ?? 'none']]);
  const flow = exactlyOne(OP, 'flow', { ...input }, local.length === page.items.length ? page : local, (f) => f.slug);
  return {
    id: flow.pk,
    slug: flow.slug,
    name: flow.name,
    title: flow.title,
    designation: flow.designation,
    authentication: flow.authentication ?? 'none',
  };
}

export function listFlows(api: AuthentikApi, options: ListOptions = {}): Promise<ListPage<Flow>> {
  return api.page('listFlows', '/flows/instances/', { ...options, query: defined({ search: options.search, ordering: 'slug' }) });
}

export function retrieveFlow(api: AuthentikApi, slug: string, signal?: AbortSignal): Promise<Flow> {
  return api.call('retrieveFlow', '/flows/instances/{slug}/', { params: { slug }, signal });
}

/** authentik's own diagram of the flow (Mermaid text). */
export function flowDiagram(api: AuthentikApi, slug: string, signal?: AbortSignal): Promise<FlowDiagram> {
  return api.call('flowDiagram', '/flows/instances/{slug}/diagram/', { params: { slug }, signal });
}

/** The stage bindings of a flow, in execution order; each embeds its stage (kind included). */
export function listFlowBindings(api: AuthentikApi, flowPk: string, options: ListOptions = {}): Promise<ListPage<FlowStageBinding>> {
  return api.page('listFlowBindings', '/flows/bindings/', { ...options, query: { target: flowPk, ordering: 'order' } });
}
