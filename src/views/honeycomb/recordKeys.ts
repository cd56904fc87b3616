import { ENVIRONMENT_WIDE } from '../../clients/honeycomb';
import { HoneycombObject, sloDataset } from './objects';

/**
 * Record keys of Honeycomb objects: `honeycomb:<kind>:<environment>:<part>…`, each part
 * percent-encoded so a slug or name can never split the key. A key names everything a record
 * needs to load again after a reload (which environment's key to use, which dataset).
 */

export type RecordRef =
  | { kind: 'connection' }
  | { kind: 'environment'; env: string; id?: string }
  | { kind: 'dataset'; env: string; slug: string }
  | { kind: 'column'; env: string; dataset: string; id: string }
  | { kind: 'derivedColumn'; env: string; dataset: string; id: string }
  /** A derived column by alias, looked up in the dataset first, then environment-wide (SLO → SLI links). */
  | { kind: 'sli'; env: string; dataset: string; alias: string }
  | { kind: 'slo'; env: string; dataset: string; id: string }
  | { kind: 'trigger'; env: string; dataset: string; id: string }
  | { kind: 'recipient'; env: string; id: string };

const PARTS: { [K in RecordRef['kind']]: Array<Exclude<keyof Extract<RecordRef, { kind: K }>, 'kind'>> } = {
  connection: [],
  environment: ['env', 'id'],
  dataset: ['env', 'slug'],
  column: ['env', 'dataset', 'id'],
  derivedColumn: ['env', 'dataset', 'id'],
  sli: ['env', 'dataset', 'alias'],
  slo: ['env', 'dataset', 'id'],
  trigger: ['env', 'dataset', 'id'],
  recipient: ['env', 'id'],
};

export function recordKeyOf(ref: RecordRef): string {
  const names = PARTS[ref.kind] as string[];
  const values = names.map((name) => (ref as Record<string, string | undefined>)[name]);
  while (values.length > 0 && values[values.length - 1] === undefined) values.pop();
  return ['honeycomb', ref.kind, ...values.map((v) => encodeURIComponent(v ?? ''))].join(':');
}

/** The reference in a key, or undefined for a key that is not a Honeycomb record key. */
export function parseRecordKey(key: string): RecordRef | undefined {
  const [prefix, kind, ...encoded] = key.split(':');
  if (prefix !== 'honeycomb' || !kind || !(kind in PARTS)) {
    return undefined;
  }
  const names = PARTS[kind as RecordRef['kind']] as string[];
  if (encoded.length > names.length) {
    return undefined;
  }
  const ref: Record<string, string> = { kind };
  try {
    names.forEach((name, i) => {
      if (encoded[i] !== undefined) ref[name] = decodeURIComponent(encoded[i]);
    });
  } catch {
    return undefined;
  }
  // Every part is required except an environment's ID.
  const missing = names.filter((name) => ref[name] === undefined && !(kind === 'environment' && name === 'id'));
  return missing.length === 0 ? (ref as unknown as RecordRef) : undefined;
}

/** The record reference of an object the tree shows. */
export function refOf(o: HoneycombObject): RecordRef {
  const env = o.env.envSlug;
  switch (o.kind) {
    case 'environment':
      return { kind: 'environment', env, ...(o.item.id ? { id: o.item.id } : {}) };
    case 'dataset':
      return { kind: 'dataset', env, slug: o.item.slug };
    case 'column':
      return { kind: 'column', env, dataset: o.dataset, id: o.item.id };
    case 'derivedColumn':
      return { kind: 'derivedColumn', env, dataset: o.dataset ?? ENVIRONMENT_WIDE, id: o.item.id };
    case 'slo':
      return { kind: 'slo', env, dataset: sloDataset(o.item), id: o.item.id };
    case 'trigger':
      return { kind: 'trigger', env, dataset: o.item.dataset, id: o.item.id };
    case 'recipient':
      return { kind: 'recipient', env, id: o.item.id };
  }
}

export function recordKeyOfObject(o: HoneycombObject): string {
  return recordKeyOf(refOf(o));
}
