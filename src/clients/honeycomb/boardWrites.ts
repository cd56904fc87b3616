import { writtenObject } from '../../core/writtenObject';
import { HoneycombApi } from './api';
import { idSegment } from './paths';
import type { ApiObject, DeleteOutcome } from './writes';

/**
 * Boards (`/1/boards`, `/1/boards/{id}`) and their views (`/1/boards/{id}/views[/{viewId}]`), with
 * the semantics of writes.ts: PUT replaces the whole object ("Update a Board by specifying its ID
 * and full details"), no write is retried, a DELETE answered 404 is "already gone". Boards belong
 * to an environment (no dataset in the path). The view endpoints are marked `x-internal` in the
 * API description; Honeycomb's Go client (`client/board_view.go`) uses them as documented.
 */
const boardPath = (id?: string) => `/1/boards${id === undefined ? '' : `/${idSegment(id)}`}`;
const viewPath = (boardId: string, id?: string) => `${boardPath(boardId)}/views${id === undefined ? '' : `/${idSegment(id)}`}`;

function resource(noun: string, operationNoun: string) {
  return {
    async list(api: HoneycombApi, path: string, signal?: AbortSignal): Promise<ApiObject[]> {
      const operation = `list${operationNoun}s`;
      return api.expectArray<ApiObject>(operation, await api.v1({ operation, path, signal }));
    },
    async get(api: HoneycombApi, path: string, signal?: AbortSignal): Promise<ApiObject> {
      const operation = `get${operationNoun}`;
      return api.expectObject<ApiObject>(operation, await api.v1({ operation, path, signal }));
    },
    async create(api: HoneycombApi, path: string, body: ApiObject, signal?: AbortSignal): Promise<ApiObject> {
      const operation = `create${operationNoun}`;
      const response = await api.v1Response({ operation, method: 'POST', path, body, signal });
      return writtenObject(response.status, response.data, { service: 'Honeycomb', operation, noun, idField: 'id' });
    },
    async update(api: HoneycombApi, path: string, body: ApiObject, signal?: AbortSignal): Promise<ApiObject> {
      const operation = `update${operationNoun}`;
      const response = await api.v1Response({ operation, method: 'PUT', path, body, idempotent: false, signal });
      return writtenObject(response.status, response.data, { service: 'Honeycomb', operation, noun });
    },
    async remove(api: HoneycombApi, path: string, signal?: AbortSignal): Promise<DeleteOutcome> {
      const operation = `delete${operationNoun}`;
      const response = await api.v1Response({ operation, method: 'DELETE', path, idempotent: false, acceptStatus: [404], signal });
      return response.status === 404 ? 'alreadyGone' : 'deleted';
    },
  };
}

const boards = resource('board', 'Board');
const views = resource('board view', 'BoardView');

export const boardWrites = {
  list: (api: HoneycombApi, signal?: AbortSignal) => boards.list(api, boardPath(), signal),
  get: (api: HoneycombApi, id: string, signal?: AbortSignal) => boards.get(api, boardPath(id), signal),
  create: (api: HoneycombApi, body: ApiObject, signal?: AbortSignal) => boards.create(api, boardPath(), body, signal),
  update: (api: HoneycombApi, id: string, body: ApiObject, signal?: AbortSignal) => boards.update(api, boardPath(id), body, signal),
  remove: (api: HoneycombApi, id: string, signal?: AbortSignal) => boards.remove(api, boardPath(id), signal),
};

export const boardViewWrites = {
  list: (api: HoneycombApi, boardId: string, signal?: AbortSignal) => views.list(api, viewPath(boardId), signal),
  get: (api: HoneycombApi, boardId: string, id: string, signal?: AbortSignal) => views.get(api, viewPath(boardId, id), signal),
  create: (api: HoneycombApi, boardId: string, body: ApiObject, signal?: AbortSignal) => views.create(api, viewPath(boardId), body, signal),
  // The Go client sends the view's id in the PUT body (UpdateBoardViewRequest has it).
  update: (api: HoneycombApi, boardId: string, id: string, body: ApiObject, signal?: AbortSignal) => views.update(api, viewPath(boardId, id), { ...body, id }, signal),
  remove: (api: HoneycombApi, boardId: string, id: string, signal?: AbortSignal) => views.remove(api, viewPath(boardId, id), signal),
};

/** A board as the tree lists it. */
export interface BoardItem {
  id: string;
  name: string;
  description: string;
  panels: number;
  url: string;
}

export async function listBoards(api: HoneycombApi, signal?: AbortSignal): Promise<BoardItem[]> {
  return (await boardWrites.list(api, signal))
    .filter((b) => typeof b.id === 'string')
    .map((b) => ({
      id: String(b.id),
      name: typeof b.name === 'string' ? b.name : '',
      description: typeof b.description === 'string' ? b.description : '',
      panels: Array.isArray(b.panels) ? b.panels.length : 0,
      url: typeof (b.links as ApiObject | undefined)?.board_url === 'string' ? String((b.links as ApiObject).board_url) : '',
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
