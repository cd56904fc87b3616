/**
 * Boards and board views on the Honeycomb stand-in (`/1/boards`, `/1/boards/{id}/views`): list,
 * get, create, replace and delete, with the session's state (seeded by boardSeed.ts, reset with
 * the stand-in). Bodies are checked against the document's `Board` and board view schemas (with
 * the overlay, openapi/overlay.ts) and against what the service enforces, refused with its 422
 * `validation-failed` naming each field:
 * - a query panel's query and query annotation exist in the environment, and the annotation names
 *   that query (API: "The Query Annotation must apply to the `query_id`"); an SLO panel's SLO
 *   exists (API: "The SLO must be in the same environment as the board");
 * - a panel holds the block of its type only; widths at most 12 (the provider's validators);
 * - tags as the trigger routes check them.
 * A field the document does not know is ignored, as Go's JSON decoder does. PUT replaces the
 * board, except `preset_filters`, kept when the body leaves them out (API). `layout_generation`
 * is write-only (never answered); "auto" drops the panels' positions. Keys without "Manage Public
 * Boards" are refused with 403.
 */
import type { Route, StandInRequest, StandInResponse } from '../core/types';
import { openApiValidator } from '../openapi/validator';
import { Body, SeedBoard, SeedBoardView, seedBoards } from './boardSeed';
import { hcId } from './content';
import type { QueryState } from './queryRoutes';
import type { HoneycombSeed } from './seed';
import { Ctx, Detail, bodyOf, context, invalid, isResponse, json, notFound, schemaDetail } from './writeRoutes';

const BOARD_FIELDS = ['name', 'description', 'type', 'panels', 'layout_generation', 'tags', 'preset_filters'];
const PANEL_BLOCKS: Record<string, string> = { query: 'query_panel', slo: 'slo_panel', text: 'text_panel' };

/** The boards of each environment of one seed; a reset makes a new store. */
export class BoardStore {
  private readonly byEnvironment = new Map<string, SeedBoard[]>();
  constructor(
    private readonly seed: HoneycombSeed,
    private readonly queries: QueryState,
  ) {
    for (const env of Object.keys(seed.content)) this.byEnvironment.set(env, seedBoards(env, seed.content[env], queries, Date.now()));
  }

  boards(environment: string): SeedBoard[] {
    return this.byEnvironment.get(environment) ?? [];
  }

  queryExists(environment: string, id: string): boolean {
    return this.queries.queries.get(id)?.environment === environment;
  }
}

function forbidden(): StandInResponse {
  return json(403, { error: 'This API key does not have the "Manage Public Boards" permission.' });
}

function boardRules(store: BoardStore, ctx: Ctx, body: Body): Detail[] {
  const out: Detail[] = [];
  ((body.panels ?? []) as Body[]).forEach((panel, i) => {
    const block = PANEL_BLOCKS[String(panel.type)];
    for (const other of Object.values(PANEL_BLOCKS))
      if (other !== block && panel[other] !== undefined) out.push({ field: `panels[${i}].${other}`, description: `a ${String(panel.type)} panel takes ${block} only` });
    const position = panel.position as Body | undefined;
    if (typeof position?.width === 'number' && position.width > 12) out.push({ field: `panels[${i}].position.width`, description: 'a panel is at most 12 columns wide' });
    const query = panel.query_panel as Body | undefined;
    if (query) {
      const annotation = ctx.content.queryAnnotations.find((a) => a.id === query.query_annotation_id);
      if (!store.queryExists(ctx.key.environment, String(query.query_id)))
        out.push({ field: `panels[${i}].query_panel.query_id`, description: `no query ${String(query.query_id)} in this environment` });
      else if (!annotation) out.push({ field: `panels[${i}].query_panel.query_annotation_id`, description: `no query annotation ${String(query.query_annotation_id)}` });
      else if (annotation.query_id !== query.query_id) out.push({ field: `panels[${i}].query_panel.query_annotation_id`, description: 'the query annotation must apply to the query_id' });
    }
    const slo = panel.slo_panel as Body | undefined;
    if (slo && !ctx.content.slos.some((s) => s.id === slo.slo_id)) out.push({ field: `panels[${i}].slo_panel.slo_id`, description: `no SLO ${String(slo.slo_id)} in this environment` });
  });
  ((body.tags ?? []) as Body[]).forEach((t, i) => {
    if (!/^[a-z]+$/.test(String(t.key))) out.push({ field: `tags[${i}].key`, description: 'a tag key is lowercase letters only' });
    if (!/^[a-z][a-z0-9/-]*$/.test(String(t.value))) out.push({ field: `tags[${i}].value`, description: 'a tag value begins with a lowercase letter and holds lowercase letters, digits, / and -' });
  });
  return out;
}

/** The stored board a body makes: what it leaves out is reset, but preset filters are kept. */
function boardFrom(body: Body, environment: string, previous?: Body): Body {
  const id = previous?.id ?? hcId(`board/${environment}/${Date.now()}/${Math.random()}`);
  const auto = body.layout_generation === 'auto';
  const panels = ((body.panels ?? []) as Body[]).map((p) => {
    const { position, ...rest } = p;
    return auto || position === undefined ? rest : { ...rest, position };
  });
  const presets = body.preset_filters ?? previous?.preset_filters;
  return {
    id,
    name: body.name,
    ...(typeof body.description === 'string' && body.description ? { description: body.description } : {}),
    type: 'flexible',
    panels,
    links: { board_url: `https://ui.honeycomb.io/acme/environments/${environment}/board/${String(id)}` },
    tags: body.tags ?? [],
    ...(Array.isArray(presets) && presets.length > 0 ? { preset_filters: presets } : {}),
  };
}

export function boardRoutes(seed: () => HoneycombSeed, store: () => BoardStore): Route[] {
  const schema = () => openApiValidator('honeycomb');
  const boardContext = (req: StandInRequest): Ctx | StandInResponse => {
    const ctx = context(seed(), req);
    if (isResponse(ctx)) return ctx;
    return ctx.key.access.boards ? ctx : forbidden();
  };
  const find = (ctx: Ctx, id: string) =>
    store()
      .boards(ctx.key.environment)
      .find((b) => b.board.id === id);
  const checkBoard = (req: StandInRequest, ctx: Ctx, body: Body): StandInResponse | undefined => {
    const known = Object.fromEntries(Object.entries(body).filter(([k]) => BOARD_FIELDS.includes(k)));
    const details = schema().validateAt('/components/schemas/Board', known).map(schemaDetail);
    if (details.length === 0) details.push(...boardRules(store(), ctx, known));
    return details.length ? invalid(req, details) : undefined;
  };
  const checkView = (req: StandInRequest, body: Body, component: string): StandInResponse | undefined => {
    const details = schema().validateAt(`/components/schemas/${component}`, body).map(schemaDetail);
    return details.length ? invalid(req, details) : undefined;
  };
  /** A board's route: its context and the board, or the response that refuses it. */
  const withBoard = (handler: (req: StandInRequest, ctx: Ctx, found: SeedBoard) => StandInResponse) => (req: StandInRequest) => {
    const ctx = boardContext(req);
    if (isResponse(ctx)) return ctx;
    const found = find(ctx, req.params.boardId);
    return found ? handler(req, ctx, found) : notFound(req, 'Board');
  };
  const withView = (handler: (req: StandInRequest, found: SeedBoard, index: number) => StandInResponse) =>
    withBoard((req, _ctx, found) => {
      const index = found.views.findIndex((v) => v.id === req.params.viewId);
      return index < 0 ? notFound(req, 'Board view') : handler(req, found, index);
    });

  return [
    {
      method: 'GET',
      path: '/1/boards',
      handler: (req) => {
        const ctx = boardContext(req);
        return isResponse(ctx)
          ? ctx
          : json(
              200,
              store()
                .boards(ctx.key.environment)
                .map((b) => b.board),
            );
      },
    },
    {
      method: 'POST',
      path: '/1/boards',
      handler: (req) => {
        const ctx = boardContext(req);
        if (isResponse(ctx)) return ctx;
        const body = bodyOf(req);
        if (isResponse(body)) return body;
        const refused = checkBoard(req, ctx, body);
        if (refused) return refused;
        const board = boardFrom(body, ctx.key.environment);
        store().boards(ctx.key.environment).push({ board, views: [] });
        return json(201, board);
      },
    },
    { method: 'GET', path: '/1/boards/{boardId}', handler: withBoard((_req, _ctx, found) => json(200, found.board)) },
    {
      method: 'PUT',
      path: '/1/boards/{boardId}',
      handler: withBoard((req, ctx, found) => {
        const body = bodyOf(req);
        if (isResponse(body)) return body;
        const refused = checkBoard(req, ctx, body);
        if (refused) return refused;
        found.board = boardFrom(body, ctx.key.environment, found.board);
        return json(200, found.board);
      }),
    },
    {
      method: 'DELETE',
      path: '/1/boards/{boardId}',
      handler: withBoard((_req, ctx, found) => {
        const boards = store().boards(ctx.key.environment);
        boards.splice(boards.indexOf(found), 1);
        return { status: 204, headers: {} };
      }),
    },
    { method: 'GET', path: '/1/boards/{boardId}/views', handler: withBoard((_req, _ctx, found) => json(200, found.views)) },
    {
      method: 'POST',
      path: '/1/boards/{boardId}/views',
      handler: withBoard((req, _ctx, found) => {
        const body = bodyOf(req);
        if (isResponse(body)) return body;
        const refused = checkView(req, body, 'CreateBoardViewRequest');
        if (refused) return refused;
        if (found.views.some((v) => v.name === body.name)) return json(409, { error: `a view named ${String(body.name)} exists on this board` });
        const view: SeedBoardView = { id: hcId(`board-view/${String(found.board.id)}/${Date.now()}/${Math.random()}`), name: String(body.name), filters: body.filters as Body[] };
        found.views.push(view);
        return json(201, view);
      }),
    },
    { method: 'GET', path: '/1/boards/{boardId}/views/{viewId}', handler: withView((_req, found, index) => json(200, found.views[index])) },
    {
      method: 'PUT',
      path: '/1/boards/{boardId}/views/{viewId}',
      handler: withView((req, found, index) => {
        const body = bodyOf(req);
        if (isResponse(body)) return body;
        const refused = checkView(req, body, 'UpdateBoardViewRequest');
        if (refused) return refused;
        found.views[index] = { id: found.views[index].id, name: String(body.name), filters: body.filters as Body[] };
        return json(200, found.views[index]);
      }),
    },
    {
      method: 'DELETE',
      path: '/1/boards/{boardId}/views/{viewId}',
      handler: withView((_req, found, index) => {
        found.views.splice(index, 1);
        return { status: 204, headers: {} };
      }),
    },
  ];
}
