/**
 * Reads a vendored OpenAPI YAML document as plain JSON data.
 *
 * Parsing authentik's 1.8 MB YAML takes 0.9–1.7 s on the 2-core CI machine, JSON.parse of the same
 * content about 25 ms. So the first load writes a JSON copy under the git-ignored `.cache/` folder,
 * keyed by the SHA-256 of the YAML text (an edited document can never be served from a stale copy),
 * and later processes read that. A missing or read-only cache folder only costs the slow path.
 */
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as YAML from 'yaml';
import { cacheDir, openapiDir } from './locate';
import { applyOverlay } from './overlay';

export interface LoadTimings {
  /** reading and hashing the YAML text */
  readMs: number;
  /** YAML parse (cache miss) or JSON.parse of the cached conversion (cache hit) */
  parseMs: number;
  cacheHit: boolean;
}

export interface LoadedDocument {
  data: Record<string, unknown>;
  sha256: string;
  timings: LoadTimings;
}

export function loadYamlDocument(fileName: string): LoadedDocument {
  const t0 = performance.now();
  const text = fs.readFileSync(path.join(openapiDir(), fileName), 'utf8');
  const sha256 = crypto.createHash('sha256').update(text).digest('hex');
  const t1 = performance.now();

  const cached = path.join(cacheDir(), `${path.basename(fileName)}.${sha256.slice(0, 16)}.json`);
  let data: Record<string, unknown> | undefined;
  let cacheHit = false;
  try {
    data = JSON.parse(fs.readFileSync(cached, 'utf8')) as Record<string, unknown>;
    cacheHit = true;
  } catch {
    // no (or unreadable) cached copy: fall through to the YAML parser
  }
  if (!data) {
    data = YAML.parse(text, { maxAliasCount: -1 }) as Record<string, unknown>;
    writeAtomically(cached, JSON.stringify(data));
  }
  const t2 = performance.now();
  return { data, sha256, timings: { readMs: t1 - t0, parseMs: t2 - t1, cacheHit } };
}

/** Parallel test processes may race on the first load: write a temp file and rename it. */
function writeAtomically(file: string, content: string): void {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    fs.writeFileSync(tmp, content);
    fs.renameSync(tmp, file);
  } catch {
    // read-only checkout: keep working without the cache
  }
}

/**
 * A vendored document as the services are today: the document with the overlay of what it lags
 * behind (overlay.ts). The stand-ins and the schema generator read documents this way.
 */
export function loadServiceModel(fileName: string): LoadedDocument {
  const loaded = loadYamlDocument(fileName);
  return { ...loaded, data: applyOverlay(fileName, loaded.data) };
}
