/**
 * Finds the vendored OpenAPI documents and example bodies at run time.
 *
 * The stand-ins run from compiled output (`out/test/servers/...`), from mocha on Node 20 and
 * in-process inside VS Code's extension host, so no path can be hard-coded: we walk up from this
 * file until we meet the source folder `test/servers/openapi` next to a `package.json`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const MARKER = path.join('test', 'servers', 'openapi', 'honeycomb.openapi.yaml');

let cachedRoot: string | undefined;

/** The repository root (the folder holding package.json and test/servers/openapi). */
export function repoRoot(): string {
  if (cachedRoot) return cachedRoot;
  let dir = __dirname;
  for (;;) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, MARKER))) {
      cachedRoot = dir;
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) {
      throw new Error(`stand-in: cannot find ${MARKER} above ${__dirname}`);
    }
    dir = parent;
  }
}

/** Folder with the vendored OpenAPI documents (source tree, not out/). */
export function openapiDir(): string {
  return path.join(repoRoot(), 'test', 'servers', 'openapi');
}

/** A vendored file under test/servers/, e.g. `tls/fallback-cert.pem`. */
export function serversFile(relative: string): string {
  return path.join(repoRoot(), 'test', 'servers', relative);
}

/** Git-ignored folder for derived artefacts (JSON conversions of the YAML documents). */
export function cacheDir(): string {
  return path.join(repoRoot(), '.cache', 'stand-in');
}
