import * as vscode from 'vscode';
import { AuthentikSettings, ConfigError, HoneycombSettings, SigningSettings, chosenSettingValue, httpUrlProblem } from './config';

/**
 * Reads the extension's settings. A value counts as "set" only when the user wrote it in some
 * scope; the manifest default does not, so an environment variable can still apply (the
 * services' providers give explicit configuration precedence over the environment).
 *
 * Settings that decide where a credential goes or what is trusted are taken from the user's own
 * settings only, and `signing.policyFile` from the workspace only when it is trusted
 * (chosenSettingValue in config.ts). Every reader goes through `inspect()` for that reason:
 * `get()` can return a workspace value the rule does not allow.
 */

export const SECTION = 'opsConfig';

function explicit<T>(key: string): T | undefined {
  return chosenSettingValue(key, vscode.workspace.getConfiguration(SECTION).inspect<T>(key), vscode.workspace.isTrusted);
}

/** A setting's value by the rules above, else its manifest default. */
export function readSetting<T>(key: string): T | undefined {
  const levels = vscode.workspace.getConfiguration(SECTION).inspect<T>(key);
  return chosenSettingValue(key, levels, vscode.workspace.isTrusted) ?? levels?.defaultValue;
}

/** A service address setting (trimmed; undefined when empty); a malformed one, or one with user:password@, is a ConfigError. */
export function readUrlSetting(key: string): string | undefined {
  const url = readSetting<string>(key)?.trim();
  if (!url) return undefined;
  const problem = httpUrlProblem(url);
  if (problem) throw new ConfigError(`${SECTION}.${key}: ${problem}`);
  return url;
}

export function readHoneycombSettings(): HoneycombSettings {
  return {
    apiUrl: explicit<string>('honeycomb.apiUrl'),
    debug: readSetting<boolean>('honeycomb.debug'),
  };
}

export function readAuthentikSettings(): AuthentikSettings {
  return {
    url: explicit<string>('authentik.url') || undefined,
    insecure: explicit<boolean>('authentik.insecure'),
  };
}

export function readSigningSettings(): SigningSettings {
  return {
    defaultSignatureFormat: readSetting<string>('signing.defaultSignatureFormat'),
    defaultAttestationEntryType: readSetting<string>('signing.defaultAttestationEntryType'),
    timeout: readSetting<string>('signing.timeout'),
    useTransparencyLogV2: readSetting<boolean>('signing.useTransparencyLogV2'),
  };
}

/** Request timeout for every service, in milliseconds. */
export function readRequestTimeoutMs(): number {
  const seconds = readSetting<number>('requestTimeoutSeconds') ?? 30;
  return Math.max(1, seconds) * 1000;
}

export function readPageSize(): number {
  const size = readSetting<number>('pageSize') ?? 100;
  return Math.min(1000, Math.max(10, Math.floor(size)));
}

/** VS Code's own proxy setting, applied to our agents so the CLI and the editor behave alike. */
export function readProxy(): { proxy?: string; noProxy?: string } {
  // The proxy sees every request, so only the user's settings choose it, as the editor itself does.
  const http = vscode.workspace.getConfiguration('http');
  const proxy = http.inspect<string>('proxy')?.globalValue?.trim() || process.env.HTTPS_PROXY || process.env.https_proxy || undefined;
  const noProxyList = http.inspect<string[]>('noProxy')?.globalValue ?? [];
  const noProxy = [...noProxyList, process.env.NO_PROXY ?? process.env.no_proxy ?? ''].filter(Boolean).join(',');
  return { proxy, noProxy: noProxy || undefined };
}

export async function updateGlobalSetting(key: string, newValue: unknown): Promise<void> {
  await vscode.workspace.getConfiguration(SECTION).update(key, newValue, vscode.ConfigurationTarget.Global);
}

export function affects(event: vscode.ConfigurationChangeEvent, key: string): boolean {
  return event.affectsConfiguration(`${SECTION}.${key}`);
}
