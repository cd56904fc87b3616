import { EditableKind, JsonObject, KindBackend, Problem } from '../../../editing/kind';
import { datasetLocation } from './locations';
import { MARKER_KIND_ID, MARKER_SETTING_KIND_ID } from './markerIds';

export { MARKER_KIND_ID, MARKER_SETTING_KIND_ID };

/**
 * Markers and marker settings as editable kinds, both at `{ env, dataset, id }` where `dataset`
 * is `__all__` for the environment-wide ones (API: "To create an environment marker, use the
 * `__all__` keyword").
 *
 * A marker's document is what the API answers less what it computes (`id`, the times it was
 * written, and `color`, which comes from its type's marker setting). A PUT erases what it leaves
 * out (API: "If an existing field is not included in the payload, it will be erased"), so a save
 * sends the whole marker back. A new marker without `start_time` is placed when the request
 * arrives (API).
 *
 * A marker setting gives the markers of one `type` their `color`; its type cannot change once it
 * exists (markerRules.ts).
 */
export const MARKER_FIELDS = ['message', 'type', 'url', 'start_time', 'end_time'] as const;
/** `readOnly` in the API description's `Marker`. */
export const MARKER_READ_ONLY_FIELDS = ['id', 'created_at', 'updated_at', 'color'] as const;

export const MARKER_SETTING_FIELDS = ['type', 'color'] as const;
/** `readOnly` in the API description's `MarkerSetting`. */
export const MARKER_SETTING_READ_ONLY_FIELDS = ['id', 'created_at', 'updated_at'] as const;

export interface MarkerKindParts {
  backend: KindBackend;
  schema(): Promise<JsonObject>;
  rules(document: JsonObject, baseline?: JsonObject): Problem[] | Promise<Problem[]>;
}

export function markerKind(parts: MarkerKindParts): EditableKind {
  return {
    id: MARKER_KIND_ID,
    noun: 'marker',
    service: 'Honeycomb',
    fileSuffix: 'honeycomb-marker',
    addressKeys: ['env', 'dataset', 'id'],
    parentKeys: ['env', 'dataset'],
    fieldOrder: MARKER_FIELDS,
    readOnlyFields: MARKER_READ_ONLY_FIELDS,
    updateStyle: 'replace',
    schema: parts.schema,
    rules: (document, baseline) => parts.rules(document, baseline),
    // Placed when it is created unless start_time is added.
    template: () => ({ message: 'Deploy', type: 'deploy' }),
    nameOf: markerName,
    label: (address, object) => {
      const name = object ? markerName(object) : '';
      return { title: name && address.id ? `marker “${name}”` : address.id ? `marker ${address.id}` : 'a new marker', location: datasetLocation(address) };
    },
    backend: parts.backend,
    code: {
      terraform: async (object, address) => (await import(/* webpackChunkName: "editing-code" */ './markerCode')).markerTerraform(object, address),
      pulumi: async (object, address) => (await import(/* webpackChunkName: "editing-code" */ './markerCode')).markerPulumi(object, address),
    },
  };
}

export function markerSettingKind(parts: MarkerKindParts): EditableKind {
  return {
    id: MARKER_SETTING_KIND_ID,
    noun: 'marker setting',
    service: 'Honeycomb',
    fileSuffix: 'honeycomb-marker-setting',
    addressKeys: ['env', 'dataset', 'id'],
    parentKeys: ['env', 'dataset'],
    fieldOrder: MARKER_SETTING_FIELDS,
    readOnlyFields: MARKER_SETTING_READ_ONLY_FIELDS,
    updateStyle: 'replace',
    schema: parts.schema,
    rules: (document, baseline) => parts.rules(document, baseline),
    template: () => ({ type: 'deploy', color: '#1fa297' }),
    nameOf: (object) => (typeof object.type === 'string' ? object.type : ''),
    label: (address, object) => ({
      title: object && typeof object.type === 'string' && address.id ? `marker setting “${object.type}”` : address.id ? `marker setting ${address.id}` : 'a new marker setting',
      location: datasetLocation(address),
    }),
    backend: parts.backend,
    code: {
      terraform: async (object, address) => (await import(/* webpackChunkName: "editing-code" */ './markerCode')).markerSettingTerraform(object, address),
      pulumi: async (object, address) => (await import(/* webpackChunkName: "editing-code" */ './markerCode')).markerSettingPulumi(object, address),
    },
  };
}

/** What people know a marker by: its message, else its type, else its id. */
export function markerName(object: JsonObject): string {
  for (const field of ['message', 'type', 'id']) {
    const value = object[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return '';
}
