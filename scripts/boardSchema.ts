import type { KindSchemaSpec } from './generate-schemas';

/**
 * A board's document: the API description's `Board` (its panels a `oneOf` of the query, SLO and
 * text panel forms, told apart by `type`), with the overlay's writable `query_panel.dataset` and
 * required `slo_panel.slo_id` (openapi/overlay.ts). A board view's: the create body
 * (`CreateBoardViewRequest`; the PUT body is the same plus the id, which the address holds).
 */
export const BOARD_SCHEMAS: KindSchemaSpec[] = [
  { file: 'honeycomb-board', document: 'honeycomb.openapi.yaml', component: 'Board', title: 'Honeycomb board', hints: onePanelForm },
  { file: 'honeycomb-board-view', document: 'honeycomb.openapi.yaml', component: 'CreateBoardViewRequest', title: 'Honeycomb board view' },
];

type Schema = Record<string, unknown>;

/**
 * For completion, a panel is one object offering every panel type's fields (the three forms share
 * `position`, which the package would otherwise carry three times); which type takes which block
 * is the rules' to say.
 */
function onePanelForm(schema: Schema): void {
  const panels = (schema.properties as Record<string, Schema>).panels;
  // toHints has made the document's `oneOf` an `anyOf` by then.
  const forms = ((panels.items as Schema).anyOf ?? []) as Schema[];
  const properties: Record<string, Schema> = {};
  for (const form of forms) Object.assign(properties, form.properties as Record<string, Schema>);
  properties.type = { description: 'The panel type: query, slo or text.', examples: ['query', 'slo', 'text'] };
  panels.items = { type: 'object', properties };
}
