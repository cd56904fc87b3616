import { formatDocument } from '../../../src/editing/document';
import { JsonObject } from '../../../src/editing/kind';
import type { HoneycombStandIn } from '../../servers/honeycomb';

/** The requests the stand-in received, as `METHOD /path` without the query string. */
export function requestLines(standIn: HoneycombStandIn): string[] {
  return standIn.requests.map((r) => `${r.method} ${r.path.replace(/\?.*/, '')}`);
}

/** The text of `baseline` with `change` made to a copy, as a user would type it. */
export function edited(baseline: JsonObject, change: (d: JsonObject) => void): string {
  const copy = structuredClone(baseline);
  change(copy);
  return formatDocument(copy);
}
