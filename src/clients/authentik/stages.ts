import { AuthentikApi, ListOptions, ListPage } from './api';
import { defined, exactlyOne, notFoundError, orNotFound } from './lookup';
import { Stage } from './types';

export interface GetStageInput {
  /** The stage's UUID. */
  id?: string;
  name?: string;
}

export interface StageOutput {
  id: string;
  name: string;
}

const OP = 'getStage';

export async function getStage(api: AuthentikApi, input: GetStageInput = {}, signal?: AbortSignal): Promise<StageOutput> {
  if (input.id) {
    const stage = await orNotFound(OP, 'stage', { id: input.id }, () => retrieveStage(api, input.id!, signal, OP));
    if (input.name !== undefined && stage.name !== input.name) {
      throw notFoundError(OP, 'stage', { ...input });
    }
    return { id: stage.pk, name: stage.name };
  }
  const page = await api.page(OP, '/stages/all/', { signal, pageSize: 20, query: defined({ name: input.name }) });
  const stage = exactlyOne(OP, 'stage', { ...input }, page, (s) => s.name);
  return { id: stage.pk, name: stage.name };
}

export function listStages(api: AuthentikApi, options: ListOptions = {}): Promise<ListPage<Stage>> {
  return api.page('listStages', '/stages/all/', { ...options, query: defined({ search: options.search, ordering: 'name' }) });
}

/** One stage with `flow_set`: the flows it is bound into. */
export function retrieveStage(api: AuthentikApi, stageUuid: string, signal?: AbortSignal, operation = 'retrieveStage'): Promise<Stage> {
  return api.call(operation, '/stages/all/{stage_uuid}/', { params: { stage_uuid: stageUuid }, signal });
}
