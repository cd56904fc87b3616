import type { BlueprintSchema, ModelInfo } from './schemaModel';

/**
 * Model names in blueprints: how one is written, found in the schema, and the near name offered
 * when the schema has none (the checks and the completion share these).
 */

/** The release of the API document the schema is made from (what "authentik has no …" is measured against). */
export const API_RELEASE = '2026.8.3';

/** app_label.model_name, as Django's apps.get_model reads it. */
export const MODEL_NAME = /^[A-Za-z0-9_]+\.[A-Za-z0-9_]+$/;

/** ` (did you mean …?)` for a model name one app label or one small typo away from a known one. */
export function closeModel(schema: BlueprintSchema, name: string): string {
  const [app, model] = name.toLowerCase().split('.');
  for (const known of schema.models.keys()) {
    const [knownApp, knownModel] = known.split('.');
    if ((knownModel === model && knownApp !== app) || (knownApp === app && editDistanceAtMostOne(knownModel, model))) return ` (did you mean ${known}?)`;
  }
  return '';
}

function editDistanceAtMostOne(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return a.slice(i + 1) === b.slice(i + 1) || a.slice(i) === b.slice(i + 1) || a.slice(i + 1) === b.slice(i);
}

/** A model by its name; Django finds the model part in any case (`SAMLPropertyMapping`), the app label exactly. */
export function findModel(schema: BlueprintSchema, name: string): ModelInfo | undefined {
  const dot = name.indexOf('.');
  return schema.models.get(name) ?? (dot > 0 ? schema.models.get(`${name.slice(0, dot)}.${name.slice(dot + 1).toLowerCase()}`) : undefined);
}
