import { QueryProblem, problem } from './querySpec';

/**
 * The rules of markers and marker settings that their JSON schemas cannot say, each citing its
 * source:
 * - "API": the Markers and Marker Settings paths and schemas of Honeycomb's API description;
 * - "provider": `honeycombio/resource_marker_setting.go` of
 *   honeycombio/terraform-provider-honeycombio@bde0d12.
 * Errors only where Honeycomb certainly refuses; what merely looks wrong is a warning.
 */

type Json = Record<string, unknown>;

/** Unix seconds after this are milliseconds typed by mistake (year 5138 in seconds). */
const LARGEST_SECONDS = 99_999_999_999;

/** provider: `color` must match `^#([A-Fa-f0-9]{6}|[A-Fa-f0-9]{3})$` ("invalid color hex code"); API: "Specified as hexadecimal RGB". */
export const MARKER_COLOR = /^#([A-Fa-f0-9]{6}|[A-Fa-f0-9]{3})$/;

export function markerProblems(marker: Json): QueryProblem[] {
  const out: QueryProblem[] = [];
  // API: start_time and end_time are "Expressed in Unix Time" — seconds.
  for (const field of ['start_time', 'end_time']) {
    const value = marker[field];
    if (typeof value === 'number' && value > LARGEST_SECONDS) {
      out.push(problem([field], `${field} is in Unix seconds; ${value} looks like milliseconds (${Math.floor(value / 1000)} in seconds)`, 'warning'));
    }
  }
  // API: end_time makes the marker "a time range, such as a 5 minute deploy": a range ends after it starts.
  if (typeof marker.start_time === 'number' && typeof marker.end_time === 'number' && marker.end_time < marker.start_time) {
    out.push(problem(['end_time'], 'end_time is before start_time: a marker with an end time is a range, which ends after it starts', 'warning'));
  }
  return out;
}

/** `baseline` is the marker setting as it was opened (undefined for a new one). */
export function markerSettingProblems(setting: Json, baseline?: Json): QueryProblem[] {
  const out: QueryProblem[] = [];
  if (typeof setting.color === 'string' && !MARKER_COLOR.test(setting.color)) {
    out.push(problem(['color'], `color is a hexadecimal RGB colour: # and 3 or 6 hex digits, like "#F96E11" (not ${JSON.stringify(setting.color)})`));
  }
  if (typeof setting.type === 'string' && setting.type.trim() === '') out.push(problem(['type'], 'type names the markers this setting colours: it cannot be empty'));
  // API: "A marker setting's `type` may not be changed after creation."
  if (baseline && typeof baseline.type === 'string' && setting.type !== baseline.type) {
    out.push(problem(['type'], `a marker setting's type cannot change once it exists (it is ${JSON.stringify(baseline.type)}): create a setting for the other type instead`));
  }
  return out;
}
