import * as vscode from 'vscode';
import { AuthentikSettings, HoneycombSettings, SigningSettings } from './config';

/**
 * Reads the extension's settings. A value counts as "set" only when the user wrote it in some
 * scope; the manifest default does not, so an environment variable can still apply (the
 * services' providers give explicit configuration precedence over the environment).
 */

export const SECTION = 'opsConfig';

function explicit<T>(key: string): T | undefined {
  const inspected = vscode.workspace.getConfiguration(SECTION).inspect<T>(key);
  return inspected?.workspaceFolderValue ?? inspected?.workspaceValue ?? inspected?.globalValue;
}

function value<T>(key: string): T | undefined {
  return vscode.workspace.getConfiguration(SECTION).get<T>(key);
}

export function readHoneycombSettings(): HoneycombSettings {
  return {
    apiUrl: explicit<string>('honeycomb.apiUrl'),
    debug: value<boolean>('honeycomb.debug'),
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
    defaultSignatureFormat: value<string>('signing.defaultSignatureFormat'),
    defaultAttestationEntryType: value<string>('signing.defaultAttestationEntryType'),
    timeout: value<string>('signing.timeout'),
    useTransparencyLogV2: value<boolean>('signing.useTransparencyLogV2'),
  };
}

/** Request timeout for every service, in milliseconds. */
export function readRequestTimeoutMs(): number {
  const seconds = value<number>('requestTimeoutSeconds') ?? 30;
  return Math.max(1, seconds) * 1000;
}

export function readPageSize(): number {
  const size = value<number>('pageSize') ?? 100;
  return Math.min(1000, Math.max(10, Math.floor(size)));
}

/** VS Code's own proxy setting, applied to our agents so the CLI and the editor behave alike. */
export function readProxy(): { proxy?: string; noProxy?: string } {
  const http = vscode.workspace.getConfiguration('http');
  const proxy = http.get<string>('proxy')?.trim() || process.env.HTTPS_PROXY || process.env.https_proxy || undefined;
  const noProxyList = http.get<string[]>('noProxy') ?? [];
  const noProxy = [...noProxyList, process.env.NO_PROXY ?? process.env.no_proxy ?? ''].filter(Boolean).join(',');
  return { proxy, noProxy: noProxy || undefined };
}

export async function updateGlobalSetting(key: string, newValue: unknown): Promise<void> {
  await vscode.workspace.getConfiguration(SECTION).update(key, newValue, vscode.ConfigurationTarget.Global);
}

export function affects(event: vscode.ConfigurationChangeEvent, key: string): boolean {
  return event.affectsConfiguration(`${SECTION}.${key}`);
}
