import { Address, EditableKind, JsonObject, KindBackend, Problem } from '../../../editing/kind';
import { BOARD_KIND_ID, BOARD_VIEW_KIND_ID } from './ids';

export { BOARD_KIND_ID, BOARD_VIEW_KIND_ID };

/**
 * A Honeycomb flexible board (`/1/boards/{id}`) and a board view (`/1/boards/{id}/views/{viewId}`)
 * as editable kinds. Boards belong to an environment: a board's address is `{ env, id }`, a view's
 * `{ env, board, id }`. The document is every field the server answered less what it computes
 * (`id`, `links`); a PUT sends it all back (the API: "Update a Board by specifying its ID and full
 * details"), each panel's `dataset` included, as Honeycomb's Go client does. A PUT that leaves out
 * `preset_filters` keeps them (the API: "if no preset filters are provided, the existing preset
 * filters will be preserved"). `layout_generation` is write-only: a read never answers it.
 */
export const BOARD_FIELDS = ['name', 'description', 'type', 'layout_generation', 'panels', 'preset_filters', 'tags'] as const;
export const BOARD_READ_ONLY_FIELDS = ['id', 'links'] as const;
export const BOARD_VIEW_FIELDS = ['name', 'filters'] as const;
export const BOARD_VIEW_READ_ONLY_FIELDS = ['id'] as const;

export interface BoardKindParts {
  backend: KindBackend;
  schema(): Promise<JsonObject>;
  rules(document: JsonObject, baseline?: JsonObject): Problem[] | Promise<Problem[]>;
}

const nameOf = (object: JsonObject) => (typeof object.name === 'string' ? object.name : '');
const envLocation = (address: Address) => `environment “${address.env}” (Honeycomb)`;
const code = (language: 'terraform' | 'pulumi', what: 'board' | 'view') => async (object: JsonObject, address: Address) =>
  (await import(/* webpackChunkName: "editing-code" */ './boardCode')).boardCode(language, what, object, address);

export function boardKind(parts: BoardKindParts): EditableKind {
  return {
    id: BOARD_KIND_ID,
    noun: 'board',
    service: 'Honeycomb',
    fileSuffix: 'honeycomb-board',
    addressKeys: ['env', 'id'],
    parentKeys: ['env'],
    fieldOrder: BOARD_FIELDS,
    readOnlyFields: BOARD_READ_ONLY_FIELDS,
    keptWhenLeftOut: ['preset_filters'],
    updateStyle: 'replace',
    schema: parts.schema,
    rules: (document, baseline) => parts.rules(document, baseline),
    // A text panel to start from: query panels need a saved query (its id and annotation), added by hand.
    template: () => ({
      name: 'New board',
      description: '',
      type: 'flexible',
      panels: [{ type: 'text', position: { x_coordinate: 0, y_coordinate: 0, width: 6, height: 4 }, text_panel: { content: '## Notes\n\nWhat this board is for.' } }],
      tags: [],
    }),
    nameOf,
    label: (address, object) => ({
      title: object && nameOf(object) && address.id ? `board “${nameOf(object)}”` : address.id ? `board ${address.id}` : 'a new board',
      location: envLocation(address),
    }),
    backend: parts.backend,
    code: { terraform: code('terraform', 'board'), pulumi: code('pulumi', 'board') },
  };
}

export function boardViewKind(parts: BoardKindParts): EditableKind {
  return {
    id: BOARD_VIEW_KIND_ID,
    noun: 'board view',
    service: 'Honeycomb',
    fileSuffix: 'honeycomb-board-view',
    addressKeys: ['env', 'board', 'id'],
    parentKeys: ['env', 'board'],
    fieldOrder: BOARD_VIEW_FIELDS,
    readOnlyFields: BOARD_VIEW_READ_ONLY_FIELDS,
    updateStyle: 'replace',
    schema: parts.schema,
    rules: (document, baseline) => parts.rules(document, baseline),
    template: () => ({ name: 'New view', filters: [{ column: 'service.name', operation: '=', value: 'replace-me' }] }),
    nameOf,
    label: (address, object) => ({
      title: object && nameOf(object) && address.id ? `board view “${nameOf(object)}”` : address.id ? `board view ${address.id}` : 'a new board view',
      location: `board ${address.board} of ${envLocation(address)}`,
    }),
    backend: parts.backend,
    code: { terraform: code('terraform', 'view'), pulumi: code('pulumi', 'view') },
  };
}
