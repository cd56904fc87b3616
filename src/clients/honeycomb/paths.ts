import { badInput } from '../../core/errors';
import { SERVICE } from './api';

/**
 * Path pieces shared by the resource files.
 *
 * Honeycomb addresses datasets by slug, never by name. The Terraform provider "encodes" a
 * dataset by replacing `/` with `-` (a slug never contains a slash); we do the same and then
 * percent-encode, which changes nothing for a real slug but keeps a typo from escaping the path.
 */

/** The magic slug of environment-wide operations (columns list, derived columns, SLOs, triggers). */
export const ENVIRONMENT_WIDE = '__all__';

export function datasetSegment(slug: string): string {
  return encodeURIComponent(slug.replace(/\//g, '-'));
}

/** `dataset` when given, else the environment-wide slug, as the provider does for optional datasets. */
export function datasetOrAll(dataset: string | undefined): string {
  return dataset && dataset.trim() !== '' ? dataset : ENVIRONMENT_WIDE;
}

export function idSegment(id: string): string {
  return encodeURIComponent(id);
}

/** Refuses a missing or blank required input by name, before any request is made. */
export function requireInput(operation: string, name: string, value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw badInput(SERVICE, operation, `the input "${name}" is required`);
  }
  return value;
}

/**
 * A stable identifier for a list result, derived from its members as the provider derives one
 * (a CRC-32 of the joined values, printed in decimal). Only stability matters: the same result
 * gives the same id.
 */
export function listId(values: readonly string[]): string {
  return String(crc32(values.join(',')));
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) {
      c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    }
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}
