import { parseTimeout } from './duration';

/**
 * How each service's connection is resolved from three sources, with the precedence the
 * services' own providers use: what the user set in the editor (a setting, or a secret in
 * SecretStorage) wins over an environment variable, which wins over the default. Pure functions,
 * so the rules are tested without an editor.
 */

export type Env = Record<string, string | undefined>;

export type ValueSource = 'setting' | 'secret' | 'default' | `env:${string}`;

export class ConfigError extends Error {}

const HONEYCOMB_DEFAULT_URL = 'https://api.honeycomb.io';

/**
 * Settings (under `opsConfig.`) that decide where a credential is sent or what is trusted: the
 * user's own settings decide them, never a workspace (a repository's `.vscode/settings.json`).
 * The manifest gives them `application` scope (not `machine`: a remote window, code-server
 * included, ignores a machine-scoped value in user settings) and lists them as restricted in
 * untrusted workspaces; they are read from the user level only as well, because the editor can
 * still hand an extension a workspace value in some cases.
 */
export const USER_ONLY_SETTINGS: readonly string[] = [
  'honeycomb.apiUrl',
  'authentik.url',
  'authentik.insecure',
  'signing.trustedRootFile',
  'signing.certificateAuthorityUrl',
  'signing.transparencyLogUrl',
  'signing.signingConfigFile',
  'signing.oidcIssuer',
  'signing.oidcClientId',
  'signing.identityTokenVariable',
];

/**
 * Settings a trusted workspace may choose, an untrusted one not. The admission policy belongs
 * to a project (its ClusterImagePolicy files are offered anyway) and every report names it.
 */
export const TRUSTED_WORKSPACE_SETTINGS: readonly string[] = ['signing.policyFile'];

/** A setting's value at each level, as the editor's `inspect()` gives it. */
export interface SettingLevels<T> {
  defaultValue?: T;
  globalValue?: T;
  workspaceValue?: T;
  workspaceFolderValue?: T;
}

/**
 * The value someone wrote for a setting (key without `opsConfig.`), from the levels allowed to
 * decide it; undefined when none did (the manifest default is not a choice).
 */
export function chosenSettingValue<T>(key: string, levels: SettingLevels<T> | undefined, workspaceTrusted: boolean): T | undefined {
  if (!levels) return undefined;
  if (USER_ONLY_SETTINGS.includes(key) || (!workspaceTrusted && TRUSTED_WORKSPACE_SETTINGS.includes(key))) {
    return levels.globalValue;
  }
  return levels.workspaceFolderValue ?? levels.workspaceValue ?? levels.globalValue;
}

export interface HoneycombSettings {
  /** Only when the user set it explicitly; the manifest default is not an explicit choice. */
  apiUrl?: string;
  debug?: boolean;
}

export interface HoneycombSecrets {
  apiKey?: string;
  apiKeyId?: string;
  apiKeySecret?: string;
}

export interface HoneycombConfig {
  apiUrl: string;
  apiUrlSource: ValueSource;
  apiKey?: string;
  apiKeySource?: ValueSource;
  managementKey?: { id: string; secret: string; source: ValueSource };
  debug: boolean;
}

function firstEnv(env: Env, names: string[]): { value: string; name: string } | undefined {
  for (const name of names) {
    const value = env[name]?.trim();
    if (value) {
      return { value, name };
    }
  }
  return undefined;
}

export function resolveHoneycombConfig(settings: HoneycombSettings, secrets: HoneycombSecrets, env: Env): HoneycombConfig {
  const urlEnv = firstEnv(env, ['HONEYCOMB_API_ENDPOINT']);
  const apiUrl = settings.apiUrl?.trim() || urlEnv?.value || HONEYCOMB_DEFAULT_URL;
  const apiUrlSource: ValueSource = settings.apiUrl?.trim() ? 'setting' : urlEnv ? `env:${urlEnv.name}` : 'default';
  checkHttpUrl(apiUrl, apiUrlSource === 'setting' ? 'opsConfig.honeycomb.apiUrl' : apiUrlSource.replace('env:', ''));

  let apiKey: string | undefined;
  let apiKeySource: ValueSource | undefined;
  if (secrets.apiKey) {
    apiKey = secrets.apiKey;
    apiKeySource = 'secret';
  } else {
    // HONEYCOMBIO_APIKEY is the legacy name, read only when HONEYCOMB_API_KEY is empty.
    const fromEnv = firstEnv(env, ['HONEYCOMB_API_KEY', 'HONEYCOMBIO_APIKEY']);
    if (fromEnv) {
      apiKey = fromEnv.value;
      apiKeySource = `env:${fromEnv.name}`;
    }
  }

  const idEnv = firstEnv(env, ['HONEYCOMB_KEY_ID']);
  const secretEnv = firstEnv(env, ['HONEYCOMB_KEY_SECRET']);
  const keyId = secrets.apiKeyId || idEnv?.value;
  const keySecret = secrets.apiKeySecret || secretEnv?.value;
  if (Boolean(keyId) !== Boolean(keySecret)) {
    throw new ConfigError(
      keyId
        ? 'Honeycomb management key: the key ID is set but its secret is missing. Set both with "Honeycomb: Set Management Key…" (or HONEYCOMB_KEY_ID and HONEYCOMB_KEY_SECRET).'
        : 'Honeycomb management key: the secret is set but its key ID is missing. Set both with "Honeycomb: Set Management Key…" (or HONEYCOMB_KEY_ID and HONEYCOMB_KEY_SECRET).',
    );
  }
  const managementKey = keyId && keySecret ? { id: keyId, secret: keySecret, source: (secrets.apiKeyId ? 'secret' : 'env:HONEYCOMB_KEY_ID') as ValueSource } : undefined;

  return {
    apiUrl: apiUrl.replace(/\/+$/, ''),
    apiUrlSource,
    apiKey,
    apiKeySource,
    managementKey,
    debug: settings.debug === true,
  };
}

export interface AuthentikSettings {
  url?: string;
  /** Only when set explicitly, so AUTHENTIK_INSECURE can apply otherwise. */
  insecure?: boolean;
}

export interface AuthentikSecrets {
  token?: string;
  /** The `headers` map, stored as JSON in SecretStorage. */
  headers?: string;
}

export interface AuthentikConfig {
  /** The server's base URL as the user wrote it (without /api/v3). */
  url?: string;
  /** Where API requests go: the URL with `/api/v3` appended unless already there. */
  apiBase?: string;
  urlSource?: ValueSource;
  token?: string;
  tokenSource?: ValueSource;
  insecure: boolean;
  insecureSource: ValueSource;
  headers: Record<string, string>;
}

export function resolveAuthentikConfig(settings: AuthentikSettings, secrets: AuthentikSecrets, env: Env): AuthentikConfig {
  const urlEnv = firstEnv(env, ['AUTHENTIK_URL']);
  const url = settings.url?.trim() || urlEnv?.value;
  const urlSource: ValueSource | undefined = settings.url?.trim() ? 'setting' : urlEnv ? 'env:AUTHENTIK_URL' : undefined;
  if (url) {
    checkHttpUrl(url, urlSource === 'setting' ? 'opsConfig.authentik.url' : 'AUTHENTIK_URL');
  }

  const tokenEnv = firstEnv(env, ['AUTHENTIK_TOKEN']);
  const token = secrets.token || tokenEnv?.value;
  const tokenSource: ValueSource | undefined = secrets.token ? 'secret' : tokenEnv ? 'env:AUTHENTIK_TOKEN' : undefined;

  let insecure = false;
  let insecureSource: ValueSource = 'default';
  if (settings.insecure !== undefined) {
    insecure = settings.insecure;
    insecureSource = 'setting';
  } else if (env.AUTHENTIK_INSECURE?.trim()) {
    insecure = parseBooleanString(env.AUTHENTIK_INSECURE, 'AUTHENTIK_INSECURE');
    insecureSource = 'env:AUTHENTIK_INSECURE';
  }

  return {
    url: url?.replace(/\/+$/, ''),
    apiBase: url ? authentikApiBase(url) : undefined,
    urlSource,
    token,
    tokenSource,
    insecure,
    insecureSource,
    headers: parseHeaderMap(secrets.headers),
  };
}

/** authentik's provider appends `/api/v3` unless the path already ends with it (sub-path installs work). */
export function authentikApiBase(url: string): string {
  const trimmed = url.trim().replace(/\/+$/, '');
  return /\/api\/v3$/.test(trimmed) ? trimmed : `${trimmed}/api/v3`;
}

/** Parses the stored `headers` map; anything but an object of strings is refused by name. */
export function parseHeaderMap(json: string | undefined): Record<string, string> {
  if (!json || !json.trim()) {
    return {};
  }
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new ConfigError('authentik headers: the stored value is not valid JSON; set the headers again with "authentik: Set Extra Headers…".');
  }
  return validateHeaderMap(value);
}

export function validateHeaderMap(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new ConfigError('authentik headers must be a JSON object of header names to string values, like {"X-Proxy-Auth": "…"}.');
  }
  const out: Record<string, string> = {};
  for (const [name, item] of Object.entries(value as Record<string, unknown>)) {
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
      throw new ConfigError(`authentik headers: "${name}" is not a valid HTTP header name.`);
    }
    if (typeof item !== 'string') {
      throw new ConfigError(`authentik headers: the value of "${name}" must be a string.`);
    }
    if (/[\r\n]/.test(item)) {
      throw new ConfigError(`authentik headers: the value of "${name}" must not contain line breaks.`);
    }
    out[name] = item;
  }
  return out;
}

export type SignatureFormat = 'legacy' | 'bundle' | 'both';
export type AttestationEntryType = 'intoto' | 'dsse';

export interface SigningSettings {
  defaultSignatureFormat?: string;
  defaultAttestationEntryType?: string;
  timeout?: string;
  useTransparencyLogV2?: boolean;
}

export interface SigningConfig {
  defaultSignatureFormat: SignatureFormat;
  defaultAttestationEntryType: AttestationEntryType;
  timeout: string;
  timeoutMs: number;
  useTransparencyLogV2: boolean;
}

export function resolveSigningConfig(settings: SigningSettings): SigningConfig {
  const format = settings.defaultSignatureFormat ?? 'legacy';
  if (!['legacy', 'bundle', 'both'].includes(format)) {
    throw new ConfigError(`opsConfig.signing.defaultSignatureFormat: "${format}" is not one of legacy, bundle, both.`);
  }
  const entryType = settings.defaultAttestationEntryType ?? 'intoto';
  if (!['intoto', 'dsse'].includes(entryType)) {
    throw new ConfigError(`opsConfig.signing.defaultAttestationEntryType: "${entryType}" is not one of intoto, dsse.`);
  }
  const timeout = settings.timeout?.trim() || '3m';
  let timeoutMs: number;
  try {
    timeoutMs = parseTimeout(timeout, 'opsConfig.signing.timeout');
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  return {
    defaultSignatureFormat: format as SignatureFormat,
    defaultAttestationEntryType: entryType as AttestationEntryType,
    timeout,
    timeoutMs,
    useTransparencyLogV2: settings.useTransparencyLogV2 === true,
  };
}

export function parseBooleanString(value: string, name: string): boolean {
  const normalized = value.trim().toLowerCase();
  if (['1', 'true', 't', 'yes', 'on'].includes(normalized)) return true;
  if (['0', 'false', 'f', 'no', 'off', ''].includes(normalized)) return false;
  throw new ConfigError(`${name}: "${value}" is not a boolean; use true or false.`);
}

/**
 * Refuses a service address that is not http(s) or that carries a user name or password
 * (`https://user:password@host`): a credential in a URL would end up in settings files, logs
 * and messages, and HTTP clients send it to whatever host the URL names. The message never
 * repeats what was written before the `@`.
 */
export function checkHttpUrl(url: string, name: string): void {
  const problem = httpUrlProblem(url);
  if (problem) {
    throw new ConfigError(`${name}: ${problem}`);
  }
}

/** Why `url` is not a usable service address, in words that never repeat a credential in it; undefined when it is fine. */
export function httpUrlProblem(url: string): string | undefined {
  const shown = withoutUserInfo(url.trim());
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return `"${shown}" is not a URL; write it like https://api.example.com.`;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    return `"${shown}" must start with https:// (or http:// for a local server).`;
  }
  if (parsed.username || parsed.password) {
    return (
      `${parsed.protocol}//${parsed.host} is written with a user name or password in it (user:password@…): that is refused, so it is never saved or logged. ` +
      "Remove them; credentials are kept in the editor's secret storage, set with the service's Connect or Set Key command."
    );
  }
  return undefined;
}

/**
 * The text with everything up to its last `@` (after the scheme) replaced by "…": a password
 * may hold `/`, `:` or `#`, so no narrower pattern is safe. A path with an `@` loses more than
 * it needs to in the message, which is harmless.
 */
export function withoutUserInfo(text: string): string {
  return text.replace(/^([a-z][a-z0-9+.-]*:\/\/)?[^]*@/i, (_match, scheme: string | undefined) => `${scheme ?? ''}…@`);
}

/** "https://Registry.Example.com/" and "registry.example.com" are the same registry login. */
export function normalizeHost(host: string): string {
  return host
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/\/.*$/, '')
    .toLowerCase();
}

/** Why a typed registry host is not one; never repeats a user name or password typed into it. */
export function registryHostProblem(value: string): string | undefined {
  if (value.includes('@')) {
    return 'Enter the host only: an address with a user name or password in it (user:password@…) is refused, so it is never saved or logged. The user name and password are asked for next.';
  }
  return /^[\w.-]+(:\d+)?$/.test(normalizeHost(value)) ? undefined : 'Enter a host name, optionally with a port.';
}
