/**
 * The marker and marker setting endpoints of the Honeycomb stand-in: list, create, replace and
 * delete under `/1/markers/{dataset}` and `/1/marker_settings/{dataset}` (`__all__` for the
 * environment-wide ones; a list under `__all__` holds those only). The API has no GET of one of
 * either, and neither has the stand-in: clients read them from the list, as the Go client does.
 *
 * The state lives beside the seed (a fresh seed after reset() starts it again), seeded per
 * environment with a few markers and settings. Bodies are checked against the document's
 * `Marker` and `MarkerSetting` (with the overlay's colour pattern, from the provider) and refused
 * with the 422 `validation-failed` problem naming each field; a marker setting's `type` cannot
 * change (API: "A marker setting's `type` may not be changed after creation"). A PUT erases what
 * it leaves out (API). Markers list with the colour of their type's setting (API: "This field
 * will be populated when List All Markers is called"). A field the document does not have is
 * ignored, as Go's JSON decoder does.
 */
import { createHash } from 'node:crypto';
import type { Route, StandInRequest, StandInResponse } from '../core/types';
import type { openApiValidator } from '../openapi/validator';
import { hcId, iso } from './content';
import type { HoneycombSeed } from './seed';
import { Body, Ctx, Detail, bodyOf, context, hasDataset, invalid, isResponse, json, notFound, schemaDetail } from './writeRoutes';

const ALL = '__all__';
type Validator = () => ReturnType<typeof openApiValidator>;

const MARKER_FIELDS = ['start_time', 'end_time', 'message', 'type', 'url'];
const SETTING_FIELDS = ['type', 'color'];

interface StoredMarker {
  dataset: string;
  id: string;
  start_time: number;
  end_time?: number;
  message?: string;
  type?: string;
  url?: string;
  created_at: string;
  updated_at: string;
}

interface StoredSetting {
  dataset: string;
  id: string;
  type: string;
  color: string;
  created_at: string;
  updated_at: string | null;
}

interface MarkerState {
  markers: StoredMarker[];
  settings: StoredSetting[];
}

const states = new WeakMap<HoneycombSeed, Map<string, MarkerState>>();

/** The markers of an environment, made on first use: a few deploys on the first dataset, one environment-wide incident. */
export function markerState(seed: HoneycombSeed, environment: string): MarkerState {
  let byEnvironment = states.get(seed);
  if (!byEnvironment) states.set(seed, (byEnvironment = new Map()));
  let state = byEnvironment.get(environment);
  if (!state) {
    const dataset = seed.content[environment]?.datasets[0]?.slug ?? 'unknown';
    const now = Math.floor(Date.now() / 1000);
    const marker = (where: string, ago: number, type: string, message: string, url?: string, length?: number): StoredMarker => ({
      dataset: where,
      id: markerId(`${environment}/${where}/${message}`),
      start_time: now - ago,
      ...(length ? { end_time: now - ago + length } : {}),
      message,
      type,
      ...(url ? { url } : {}),
      created_at: iso((now - ago) * 1000),
      updated_at: iso((now - ago) * 1000),
    });
    const setting = (where: string, type: string, color: string): StoredSetting => ({
      dataset: where,
      id: hcId(`marker-setting/${environment}/${where}/${type}`),
      type,
      color,
      created_at: iso((now - 30 * 86400) * 1000),
      updated_at: null,
    });
    state = {
      markers: [
        marker(dataset, 3 * 86400, 'deploy', `${dataset} deploy #41`, 'https://ci.example.com/builds/41'),
        marker(dataset, 86400, 'deploy', `${dataset} deploy #42`, 'https://ci.example.com/builds/42', 300),
        marker(dataset, 3600, 'feature-flag', 'new checkout enabled for 10%'),
        marker(ALL, 2 * 86400, 'incident', 'INC-1234 upstream DNS outage', 'https://status.example.com/incidents/1234', 1800),
      ],
      settings: [setting(dataset, 'deploy', '#1fa297'), setting(dataset, 'feature-flag', '#7b1fa2'), setting(ALL, 'incident', '#d32f2f')],
    };
    byEnvironment.set(environment, state);
  }
  return state;
}

/** Marker ids are hexadecimal (API: "A 6 character hexadecimal string"; its examples have 8). */
function markerId(seedText: string): string {
  return createHash('sha256').update(seedText).digest('hex').slice(0, 8);
}

function forbidden(): StandInResponse {
  return json(403, { error: 'This API key does not have the "Manage Markers" permission.' });
}

function markerContext(seed: HoneycombSeed, req: StandInRequest): { ctx: Ctx; state: MarkerState; dataset: string } | StandInResponse {
  const ctx = context(seed, req);
  if (isResponse(ctx)) return ctx;
  if (!ctx.key.access.markers) return forbidden();
  const dataset = req.params.datasetSlug;
  if (!hasDataset(ctx.content, dataset)) return notFound(req, 'Dataset');
  return { ctx, state: markerState(seed, ctx.key.environment), dataset };
}

function known(body: Body, fields: string[]): Body {
  return Object.fromEntries(Object.entries(body).filter(([k]) => fields.includes(k)));
}

/** The colour of a marker: its type's setting in its dataset, else the environment-wide one. */
function colorOf(state: MarkerState, m: StoredMarker): string | undefined {
  const own = state.settings.find((s) => s.dataset === m.dataset && s.type === m.type);
  return (own ?? state.settings.find((s) => s.dataset === ALL && s.type === m.type))?.color;
}

function markerView(state: MarkerState, m: StoredMarker, withColor: boolean): Body {
  const { dataset: _dataset, ...body } = m;
  const color = withColor ? colorOf(state, m) : undefined;
  return color ? { ...body, color } : body;
}

function settingView(s: StoredSetting): Body {
  const { dataset: _dataset, ...body } = s;
  return body;
}

export function markerRoutes(seed: () => HoneycombSeed, schema: Validator): Route[] {
  const check = (req: StandInRequest, component: string, body: Body, fields: string[], extra: Detail[] = []): StandInResponse | undefined => {
    const details = schema().validateAt(`/components/schemas/${component}`, known(body, fields)).map(schemaDetail);
    details.push(...extra);
    return details.length ? invalid(req, details) : undefined;
  };
  const markerFrom = (dataset: string, body: Body, previous?: StoredMarker): StoredMarker => {
    const now = new Date();
    const m: StoredMarker = {
      dataset,
      id: previous?.id ?? markerId(`${dataset}/${now.getTime()}/${Math.random()}`),
      // A marker without a start time is placed when the request arrives (API).
      start_time: typeof body.start_time === 'number' ? body.start_time : Math.floor(now.getTime() / 1000),
      created_at: previous?.created_at ?? iso(now.getTime()),
      updated_at: iso(now.getTime()),
    };
    for (const field of ['message', 'type', 'url'] as const) if (typeof body[field] === 'string') m[field] = body[field];
    if (typeof body.end_time === 'number') m.end_time = body.end_time;
    return m;
  };

  return [
    {
      method: 'GET',
      path: '/1/markers/{datasetSlug}',
      handler: (req) => {
        const c = markerContext(seed(), req);
        if (isResponse(c)) return c;
        return json(
          200,
          c.state.markers.filter((m) => m.dataset === c.dataset).map((m) => markerView(c.state, m, true)),
        );
      },
    },
    {
      method: 'POST',
      path: '/1/markers/{datasetSlug}',
      handler: (req) => {
        const c = markerContext(seed(), req);
        if (isResponse(c)) return c;
        const body = bodyOf(req);
        if (isResponse(body)) return body;
        const refused = check(req, 'Marker', body, MARKER_FIELDS);
        if (refused) return refused;
        const marker = markerFrom(c.dataset, body);
        c.state.markers.push(marker);
        return json(201, markerView(c.state, marker, false));
      },
    },
    {
      method: 'PUT',
      path: '/1/markers/{datasetSlug}/{markerId}',
      handler: (req) => {
        const c = markerContext(seed(), req);
        if (isResponse(c)) return c;
        const index = c.state.markers.findIndex((m) => m.id === req.params.markerId && m.dataset === c.dataset);
        if (index < 0) return notFound(req, 'Marker');
        const body = bodyOf(req);
        if (isResponse(body)) return body;
        const refused = check(req, 'Marker', body, MARKER_FIELDS);
        if (refused) return refused;
        // What the body leaves out is erased (API), the start time aside, which the service always has.
        const marker = markerFrom(c.dataset, body, c.state.markers[index]);
        if (typeof body.start_time !== 'number') marker.start_time = c.state.markers[index].start_time;
        c.state.markers[index] = marker;
        return json(200, markerView(c.state, marker, false));
      },
    },
    {
      method: 'DELETE',
      path: '/1/markers/{datasetSlug}/{markerId}',
      handler: (req) => {
        const c = markerContext(seed(), req);
        if (isResponse(c)) return c;
        const index = c.state.markers.findIndex((m) => m.id === req.params.markerId && m.dataset === c.dataset);
        if (index < 0) return notFound(req, 'Marker');
        const [removed] = c.state.markers.splice(index, 1);
        return json(200, markerView(c.state, removed, false));
      },
    },
    {
      method: 'GET',
      path: '/1/marker_settings/{datasetSlug}',
      handler: (req) => {
        const c = markerContext(seed(), req);
        if (isResponse(c)) return c;
        return json(200, c.state.settings.filter((s) => s.dataset === c.dataset).map(settingView));
      },
    },
    {
      method: 'POST',
      path: '/1/marker_settings/{datasetSlug}',
      handler: (req) => {
        const c = markerContext(seed(), req);
        if (isResponse(c)) return c;
        const body = bodyOf(req);
        if (isResponse(body)) return body;
        const refused = check(req, 'MarkerSetting', body, SETTING_FIELDS);
        if (refused) return refused;
        const now = iso(Date.now());
        const setting: StoredSetting = {
          dataset: c.dataset,
          id: hcId(`marker-setting/${c.dataset}/${now}/${Math.random()}`),
          type: String(body.type),
          color: String(body.color),
          created_at: now,
          updated_at: now,
        };
        c.state.settings.push(setting);
        return json(201, settingView(setting));
      },
    },
    {
      method: 'PUT',
      path: '/1/marker_settings/{datasetSlug}/{markerSettingId}',
      handler: (req) => {
        const c = markerContext(seed(), req);
        if (isResponse(c)) return c;
        const index = c.state.settings.findIndex((s) => s.id === req.params.markerSettingId && s.dataset === c.dataset);
        if (index < 0) return notFound(req, 'Marker setting');
        const body = bodyOf(req);
        if (isResponse(body)) return body;
        const previous = c.state.settings[index];
        const changedType = typeof body.type === 'string' && body.type !== previous.type;
        const refused = check(req, 'MarkerSetting', body, SETTING_FIELDS, changedType ? [{ field: 'type', description: "a marker setting's type may not be changed after creation" }] : []);
        if (refused) return refused;
        const setting = { ...previous, color: String(body.color), updated_at: iso(Date.now()) };
        c.state.settings[index] = setting;
        return json(200, settingView(setting));
      },
    },
    {
      method: 'DELETE',
      path: '/1/marker_settings/{datasetSlug}/{markerSettingId}',
      handler: (req) => {
        const c = markerContext(seed(), req);
        if (isResponse(c)) return c;
        const index = c.state.settings.findIndex((s) => s.id === req.params.markerSettingId && s.dataset === c.dataset);
        if (index < 0) return notFound(req, 'Marker setting');
        const [removed] = c.state.settings.splice(index, 1);
        return json(200, settingView(removed));
      },
    },
  ];
}
