import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DOCKER_HUB } from './reference';
import { CredentialLookup, RegistryAuth } from './credentials';

/**
 * Registry logins from the files container tools write, in the order go-containerregistry's
 * default keychain reads them: Docker's config.json (`$DOCKER_CONFIG` or `~/.docker`), then
 * Podman's `$REGISTRY_AUTH_FILE`, then `containers/auth.json` under `$XDG_RUNTIME_DIR` and
 * `$XDG_CONFIG_HOME`. A file may name a credential helper (`credHelpers`, `credsStore`), which
 * is run as `docker-credential-<name> get`.
 */
interface AuthFile {
  auths?: Record<string, { auth?: string; username?: string; password?: string; identitytoken?: string; registrytoken?: string }>;
  credHelpers?: Record<string, string>;
  credsStore?: string;
}

export interface DockerConfigOptions {
  env?: NodeJS.ProcessEnv;
  /** Runs a credential helper; replaced in tests. */
  runHelper?: (helper: string, serverUrl: string) => Promise<string>;
}

const DOCKER_HUB_KEY = 'https://index.docker.io/v1/';

export function authFilePaths(env: NodeJS.ProcessEnv = process.env): string[] {
  const home = env.HOME ?? os.homedir();
  const files = [path.join(env.DOCKER_CONFIG ?? path.join(home, '.docker'), 'config.json')];
  if (env.REGISTRY_AUTH_FILE) files.push(env.REGISTRY_AUTH_FILE);
  if (env.XDG_RUNTIME_DIR) files.push(path.join(env.XDG_RUNTIME_DIR, 'containers', 'auth.json'));
  files.push(path.join(env.XDG_CONFIG_HOME ?? path.join(home, '.config'), 'containers', 'auth.json'));
  return files;
}

export function dockerConfigCredentials(options: DockerConfigOptions = {}): CredentialLookup {
  const env = options.env ?? process.env;
  const runHelper = options.runHelper ?? runCredentialHelper;
  return async (registry, repository) => {
    for (const file of authFilePaths(env)) {
      const config = await readAuthFile(file);
      if (!config) continue;
      const found = await fromFile(config, registry, repository, runHelper);
      if (found) return found;
    }
    return undefined;
  };
}

async function readAuthFile(file: string): Promise<AuthFile | undefined> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch {
    return undefined; // a missing file is the normal case
  }
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' ? parsed : undefined;
  } catch {
    // A broken file must not stop anonymous pulls of public images; the user sees the
    // registry's own "unauthorized" if a login was needed.
    return undefined;
  }
}

async function fromFile(config: AuthFile, registry: string, repository: string, runHelper: (helper: string, serverUrl: string) => Promise<string>): Promise<RegistryAuth | undefined> {
  const hub = registry === DOCKER_HUB;
  // The repository first (`ghcr.io/org/repo`), then the host; Docker Hub is keyed by its v1 URL.
  const keys = hub ? [`${registry}/${repository}`, DOCKER_HUB_KEY, DOCKER_HUB, 'docker.io'] : [`${registry}/${repository}`, registry];
  const helper = keys.map((k) => config.credHelpers?.[k]).find(Boolean) ?? config.credsStore;
  if (helper) {
    const fromHelper = await helperCredentials(helper, hub ? DOCKER_HUB_KEY : registry, runHelper);
    if (fromHelper) return fromHelper;
  }
  const auths = normaliseAuths(config.auths ?? {});
  for (const key of keys) {
    const entry = auths.get(stripScheme(key));
    if (!entry) continue;
    if (entry.registrytoken) return { registryToken: entry.registrytoken };
    if (entry.identitytoken) return { identityToken: entry.identitytoken, username: entry.username };
    if (entry.auth) {
      const decoded = Buffer.from(entry.auth, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon > 0) return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
    }
    if (entry.username && entry.password) return { username: entry.username, password: entry.password };
  }
  return undefined;
}

/** `auths` keys are written as `https://ghcr.io`, `ghcr.io`, `https://index.docker.io/v1/`… */
function normaliseAuths(auths: NonNullable<AuthFile['auths']>): Map<string, NonNullable<AuthFile['auths']>[string]> {
  const out = new Map<string, NonNullable<AuthFile['auths']>[string]>();
  for (const [key, value] of Object.entries(auths)) {
    if (value && typeof value === 'object') out.set(stripScheme(key), value);
  }
  return out;
}

function stripScheme(key: string): string {
  const withoutScheme = key.replace(/^https?:\/\//i, '');
  // Keep `index.docker.io/v1/`-style keys comparable with the bare host.
  return withoutScheme
    .replace(/\/v1\/?$/, '')
    .replace(/\/+$/, '')
    .toLowerCase();
}

async function helperCredentials(helper: string, serverUrl: string, runHelper: (helper: string, serverUrl: string) => Promise<string>): Promise<RegistryAuth | undefined> {
  if (!/^[\w.-]+$/.test(helper)) return undefined; // a helper name is a program suffix, never a path
  let out: string;
  try {
    out = await runHelper(helper, serverUrl);
  } catch {
    return undefined; // not installed, or no entry for this server ("credentials not found")
  }
  try {
    const parsed = JSON.parse(out) as { Username?: string; Secret?: string };
    if (!parsed.Secret) return undefined;
    return parsed.Username === '<token>' ? { identityToken: parsed.Secret } : { username: parsed.Username, password: parsed.Secret };
  } catch {
    return undefined;
  }
}

function runCredentialHelper(helper: string, serverUrl: string): Promise<string> {
  return new Promise((resolve, reject) => {
    // execFile's error is an Error; its typings describe it with Omit<>, which the rule does not see as one.
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
    const child = execFile(`docker-credential-${helper}`, ['get'], { timeout: 10_000, maxBuffer: 64 * 1024 }, (error, stdout) => (error ? reject(error) : resolve(stdout)));
    child.stdin?.end(serverUrl);
  });
}
