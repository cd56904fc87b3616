import { CodeResource, HclBody, PulumiResource, TerraformResource, pulumiOf, referenceTo, terraformOf } from '../../../editing/exportCode';
import { Address, JsonObject } from '../../../editing/kind';
import { tagsOf } from './notifiedRecipientsCode';

/**
 * Boards and board views as code: the provider's `honeycombio_flexible_board` (a `panel` block per
 * panel, with its `position` and `query_panel` / `slo_panel` / `text_panel` block, and
 * `preset_filter` blocks) and `honeycombio_board_view` (`filter` blocks), with their import blocks
 * — a board by its id, a view as `<board id>/<view id>` (flexible_board_resource.go and
 * board_view_resource.go, ImportState) — and the same as Pulumi resources, whose nested blocks are
 * lists named in the plural.
 */
type Language = 'terraform' | 'pulumi';
type Pairs = Array<[string, unknown]>;

export function boardCode(language: Language, what: 'board' | 'view', object: JsonObject, address: Address): string {
  const resources = boardResources(what, object, address);
  return language === 'terraform' ? terraformOf(resources) : pulumiOf(resources);
}

export function boardResources(what: 'board' | 'view', object: JsonObject, address: Address): CodeResource[] {
  return [
    {
      keys: [what === 'view' ? `boardView:${address.board}/${address.id}` : `board:${address.id}`],
      terraform: boardResource('terraform', what, object, address) as TerraformResource,
      pulumi: boardResource('pulumi', what, object, address) as PulumiResource,
    },
  ];
}

function boardResource(language: Language, what: 'board' | 'view', object: JsonObject, address: Address): TerraformResource | PulumiResource {
  const name = String(object.name ?? what);
  if (what === 'view') {
    const filters = listOf(object.filters).map((f): Pairs => [
      ['column', f.column],
      ['operation', f.operation],
      ['value', valueText(f.value)],
    ]);
    const importId = `${address.board}/${address.id}`;
    const board = referenceTo(`board:${address.board}`, 'id', address.board);
    if (language === 'terraform') {
      const blocks = filters.map((f): [string, HclBody] => ['filter', { attributes: f }]);
      return {
        type: 'honeycombio_board_view',
        name,
        body: {
          attributes: [
            ['board_id', board],
            ['name', object.name],
          ],
          blocks,
        },
        importId,
      };
    }
    return { ...PULUMI, className: 'BoardView', name, args: { boardId: board, name: object.name, filters: filters.map(asObject) }, importId };
  }
  const attributes: Pairs = [
    ['name', object.name],
    ['description', object.description || undefined],
    ['tags', tagsOf(object)],
  ];
  const panels = listOf(object.panels).map((p) => panelParts(p, language));
  const presets = listOf(object.preset_filters).map((f): Pairs => [
    ['column', f.column],
    ['alias', f.alias],
  ]);
  if (language === 'terraform') {
    const blocks: Array<[string, HclBody]> = [
      ...panels.map((p): [string, HclBody] => ['panel', { attributes: p.attributes, blocks: p.blocks.map(([n, a]) => [n, { attributes: a }]) }]),
      ...presets.map((f): [string, HclBody] => ['preset_filter', { attributes: f }]),
    ];
    return { type: 'honeycombio_flexible_board', name, body: { attributes, blocks }, importId: address.id };
  }
  const args = {
    ...asObject(attributes),
    panels: panels.map((p) => ({ ...asObject(p.attributes), ...Object.fromEntries(p.blocks.map(([n, a]) => [plural(n), [asObject(a)]])) })),
    ...(presets.length ? { presetFilters: presets.map(asObject) } : {}),
  };
  return { ...PULUMI, className: 'FlexibleBoard', name, args, importId: address.id };
}

const PULUMI = { module: 'honeycombio', packageName: '@pulumi/honeycombio' };

/** A panel's `type` and its blocks (position, then the block of its type), by the provider's names. */
function panelParts(panel: JsonObject, language: Language): { attributes: Pairs; blocks: Array<[string, Pairs]> } {
  const name = (snake: string) => (language === 'terraform' ? snake : snake.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()));
  const blocks: Array<[string, Pairs]> = [];
  const position = isObject(panel.position) ? panel.position : undefined;
  if (position) blocks.push(['position', ['x_coordinate', 'y_coordinate', 'height', 'width'].map((k): [string, unknown] => [name(k), position[k]])]);
  const query = isObject(panel.query_panel) ? panel.query_panel : undefined;
  if (query) {
    blocks.push([
      name('query_panel'),
      [
        [name('query_id'), query.query_id],
        [name('query_annotation_id'), referenceTo(`queryAnnotation:${String(query.query_annotation_id)}`, 'id', query.query_annotation_id)],
        [name('query_style'), query.query_style],
      ],
    ]);
  }
  if (isObject(panel.slo_panel)) blocks.push([name('slo_panel'), [[name('slo_id'), referenceTo(`slo:${String(panel.slo_panel.slo_id)}`, 'id', panel.slo_panel.slo_id)]]]);
  if (isObject(panel.text_panel)) blocks.push([name('text_panel'), [['content', panel.text_panel.content]]]);
  return { attributes: [['type', panel.type]], blocks };
}

/** The provider takes a filter value as a string (a list joined with commas for in / not-in). */
function valueText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return Array.isArray(value) ? value.map(String).join(',') : String(value);
}

function plural(name: string): string {
  return name.endsWith('s') ? name : `${name}s`;
}

function asObject(pairs: Pairs): JsonObject {
  return Object.fromEntries<unknown>(pairs.filter(([, v]) => v !== undefined));
}

function listOf(value: unknown): JsonObject[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
