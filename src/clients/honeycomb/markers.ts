import { ServiceError } from '../../core/errors';
import { HoneycombApi } from './api';
import { ApiObject, markerSettingWrites, markerWrites } from './writes';

/**
 * Markers (`/1/markers/{dataset}`) and marker settings (`/1/marker_settings/{dataset}`), both
 * dataset-scoped or environment-wide under `__all__`. The API lists them and writes one, but has
 * no GET of a single one, so one is read from its list, as Honeycomb's Go client does
 * (`client/marker.go`, `client/marker_settings.go`: Get lists and picks by id). No `vscode` here.
 */

/** A marker as the tree lists it. */
export interface MarkerItem {
  id: string;
  message: string;
  type: string;
  url: string;
  /** Unix seconds; undefined when the server did not say. */
  startTime?: number;
  endTime?: number;
  /** The colour of its type (from the marker settings), as the list answers it. */
  color: string;
}

export interface MarkerSettingItem {
  id: string;
  type: string;
  color: string;
}

export const MARKER_LIST_LIMIT = 100;

/** The newest markers first (by start time, then creation), at most `limit`, and how many there are in all. */
export async function listMarkers(api: HoneycombApi, dataset: string, signal?: AbortSignal, limit = MARKER_LIST_LIMIT): Promise<{ items: MarkerItem[]; total: number }> {
  const objects = await markerWrites.list(api, dataset, signal);
  const items = objects.filter((m) => typeof m.id === 'string').map(markerItem);
  items.sort((a, b) => (b.startTime ?? 0) - (a.startTime ?? 0) || a.id.localeCompare(b.id));
  return { items: items.slice(0, limit), total: items.length };
}

export function markerItem(m: ApiObject): MarkerItem {
  return {
    id: String(m.id),
    message: str(m.message),
    type: str(m.type),
    url: str(m.url),
    startTime: typeof m.start_time === 'number' ? m.start_time : undefined,
    endTime: typeof m.end_time === 'number' ? m.end_time : undefined,
    color: str(m.color),
  };
}

export async function listMarkerSettings(api: HoneycombApi, dataset: string, signal?: AbortSignal): Promise<MarkerSettingItem[]> {
  const objects = await markerSettingWrites.list(api, dataset, signal);
  return objects
    .filter((m) => typeof m.id === 'string')
    .map((m) => ({ id: String(m.id), type: str(m.type), color: str(m.color) }))
    .sort((a, b) => a.type.localeCompare(b.type));
}

/** One marker, from its dataset's list; a missing one is `notFound`, as a GET would answer. */
export async function getMarker(api: HoneycombApi, dataset: string, id: string, signal?: AbortSignal): Promise<ApiObject> {
  return pick(await markerWrites.list(api, dataset, signal), id, 'getMarker', 'marker');
}

export async function getMarkerSetting(api: HoneycombApi, dataset: string, id: string, signal?: AbortSignal): Promise<ApiObject> {
  return pick(await markerSettingWrites.list(api, dataset, signal), id, 'getMarkerSetting', 'marker setting');
}

function pick(objects: ApiObject[], id: string, operation: string, noun: string): ApiObject {
  const found = objects.find((o) => o.id === id);
  if (!found) throw new ServiceError({ kind: 'notFound', service: 'Honeycomb', operation, summary: `no ${noun} with id ${id}` });
  return found;
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
