import { QueryProblem, problem } from './querySpec';
import { tagProblems } from './triggerRules';

/**
 * The rules of a board and of a board view that their JSON schemas cannot say (the schemas, from
 * the API description's `Board` and `CreateBoardViewRequest`, already hold the bounds: a name of
 * 1–255 characters, `type` "flexible", panel types query/slo/text, positions ≥ 0, at most 10
 * tags, text up to 10,000 characters, a view's filter operations and at least one filter).
 * Each cites its source:
 * - "API": the Boards paths and schemas of Honeycomb's API description;
 * - "provider": honeycombio/terraform-provider-honeycombio@bde0d12,
 *   `internal/provider/flexible_board_resource.go` (FB), `internal/helper/validation/
 *   panel_type_consistency.go` (PT), `panel_positions_consistency.go` (PP),
 *   `client/board_view.go` (BV).
 */

type Json = Record<string, unknown>;
const PANEL_FIELDS: Record<string, string> = { query: 'query_panel', slo: 'slo_panel', text: 'text_panel' };

export function boardProblems(board: Json): QueryProblem[] {
  const out: QueryProblem[] = [];
  // FB: name Required, LengthBetween(1, 255); blank counts as empty.
  if (typeof board.name === 'string' && board.name.length > 0 && board.name.trim() === '') out.push(problem(['name'], 'a board needs a name that is not only spaces'));
  const panels = Array.isArray(board.panels) ? board.panels : [];
  panels.forEach((panel, i) => isObject(panel) && out.push(...panelProblems(panel, i)));
  out.push(...positionProblems(panels, board.layout_generation));
  out.push(...presetFilterProblems(board.preset_filters));
  out.push(...tagProblems(board.tags));
  return out;
}

function panelProblems(panel: Json, i: number): QueryProblem[] {
  const out: QueryProblem[] = [];
  const expected = typeof panel.type === 'string' ? PANEL_FIELDS[panel.type] : undefined;
  if (!expected) return out; // the schema names the three types
  // PT: a panel of a type holds that type's block, non-empty, and no other panel type's block.
  if (!isObject(panel[expected])) out.push(problem(['panels', i, 'type'], `a ${String(panel.type)} panel needs its ${expected}`));
  for (const other of Object.values(PANEL_FIELDS)) {
    if (other !== expected && panel[other] !== undefined) out.push(problem(['panels', i, other], `a ${String(panel.type)} panel holds ${expected} only, not ${other}`));
  }
  const query = panel.query_panel;
  if (expected === 'query_panel' && isObject(query)) {
    for (const field of ['query_id', 'query_annotation_id']) {
      // API: both required; a blank one names nothing.
      if (typeof query[field] === 'string' && String(query[field]).trim() === '')
        out.push(problem(['panels', i, 'query_panel', field], `${field} names the ${field === 'query_id' ? 'query' : 'query annotation'} this panel shows`));
    }
  }
  const slo = panel.slo_panel;
  // provider (FB): slo_id Required; the API description leaves slo_panel's fields optional.
  if (expected === 'slo_panel' && isObject(slo) && (typeof slo.slo_id !== 'string' || slo.slo_id.trim() === ''))
    out.push(problem(['panels', i, 'slo_panel', 'slo_id'], 'an SLO panel names its SLO (slo_id)'));
  const position = panel.position;
  if (isObject(position)) {
    // FB: width AtMost(12) (the board is 12 columns wide); x and y AlsoRequires each other.
    if (typeof position.width === 'number' && position.width > 12) out.push(problem(['panels', i, 'position', 'width'], `width ${position.width}: a board is 12 columns wide`));
    const hasX = position.x_coordinate !== undefined;
    if (hasX !== (position.y_coordinate !== undefined)) out.push(problem(['panels', i, 'position'], 'x_coordinate and y_coordinate go together: give both or neither'));
  }
  return out;
}

/** PP: either every panel has a position or none has (then Honeycomb lays the board out). */
function positionProblems(panels: unknown[], layout: unknown): QueryProblem[] {
  const placed = panels.map((p) => isObject(p) && isObject(p.position) && p.position.x_coordinate !== undefined);
  const some = placed.some(Boolean);
  if (layout === 'auto' || !some || placed.every(Boolean)) return [];
  const i = placed.indexOf(false);
  return [problem(['panels', i], 'either every panel has a position (x_coordinate, y_coordinate) or none has; this one has none while others do')];
}

/** FB: at most 5 preset filters, each alias 1–50 characters. */
function presetFilterProblems(filters: unknown): QueryProblem[] {
  if (!Array.isArray(filters)) return [];
  const out: QueryProblem[] = [];
  if (filters.length > 5) out.push(problem(['preset_filters'], `${filters.length} preset filters: a board has at most 5`));
  filters.forEach((f, i) => {
    if (isObject(f) && typeof f.alias === 'string' && (f.alias.trim() === '' || f.alias.length > 50)) out.push(problem(['preset_filters', i, 'alias'], 'a preset filter alias is 1 to 50 characters'));
  });
  return out;
}

/** BV: `exists`/`does-not-exist` take no value; `in`/`not-in` take a list; the others one value. */
export function boardViewProblems(view: Json): QueryProblem[] {
  const out: QueryProblem[] = [];
  if (typeof view.name === 'string' && view.name.length > 0 && view.name.trim() === '') out.push(problem(['name'], 'a board view needs a name that is not only spaces'));
  const filters = Array.isArray(view.filters) ? view.filters : [];
  filters.forEach((f, i) => {
    if (!isObject(f) || typeof f.operation !== 'string') return;
    const op = f.operation;
    const has = f.value !== undefined && f.value !== null;
    if ((op === 'exists' || op === 'does-not-exist') && has) out.push(problem(['filters', i, 'value'], `"${op}" takes no value`));
    else if ((op === 'in' || op === 'not-in') && !Array.isArray(f.value)) out.push(problem(['filters', i, 'value'], `"${op}" takes a list of values`));
    else if (op !== 'exists' && op !== 'does-not-exist' && op !== 'in' && op !== 'not-in' && (!has || Array.isArray(f.value)))
      out.push(problem(['filters', i, 'value'], `"${op}" compares with one value`));
  });
  return out;
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
