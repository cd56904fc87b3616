import type { KindSchemaSpec } from './generate-schemas';

/**
 * A marker's document is the API's `Marker` (the create and the PUT body are the same schema);
 * a marker setting's is `MarkerSetting`, whose colour pattern comes from the provider through the
 * overlay (test/servers/openapi/overlay.ts).
 */
export const MARKER_SCHEMAS: KindSchemaSpec[] = [
  { file: 'honeycomb-marker', document: 'honeycomb.openapi.yaml', component: 'Marker', title: 'Honeycomb marker' },
  { file: 'honeycomb-marker-setting', document: 'honeycomb.openapi.yaml', component: 'MarkerSetting', title: 'Honeycomb marker setting' },
];
