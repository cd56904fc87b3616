import { createHash } from 'crypto';
import type * as vscode from 'vscode';
import { HoneycombConfig, resolveHoneycombConfig } from '../../core/config';
import { SecretKeys, isOriginKey } from '../../core/secretKeys';
import { readHoneycombSettings } from '../../core/settings';
import { SecretReads, connectionFingerprint, fingerprintKey } from '../../startup/connectionFingerprint';
import type { ConnectionPrints } from '../../startup/rememberedTree';
import { secretChanges } from '../../startup/secretChanges';

/**
 * What decides what the Honeycomb view shows, as the parts of its remembered tree's fingerprint:
 * the API address, the API key and management key in effect (wherever they come from), and
 * which environments have a key of their own. Undefined without any key: the view shows its
 * welcome content then, nothing remembered. Part of the start-up chunk: no client code here.
 */
export function honeycombConnectionParts(config: HoneycombConfig, secretNames: readonly string[]): string[] | undefined {
  if (!config.apiKey && !config.managementKey) return undefined;
  const prefix = SecretKeys.honeycombEnvironmentApiKeyPrefix;
  const environmentsWithKeys = secretNames
    .filter((name) => name.startsWith(prefix) && !isOriginKey(name))
    .map((name) => name.slice(prefix.length))
    .sort();
  return ['honeycomb', config.apiUrl, config.apiKey ?? '', config.managementKey?.id ?? '', config.managementKey?.secret ?? '', environmentsWithKeys.join('\n')];
}

/**
 * The fingerprint of the Honeycomb connection in effect now, read as the connection reads it
 * (settings, stored keys, environment variables), for a window that has not loaded its features.
 * Undefined when there is nothing to compare with: no fingerprint key yet, no key, or a setting
 * the connection would refuse.
 */
export async function currentHoneycombFingerprint(secrets: SecretReads): Promise<string | undefined> {
  const [key, apiKey, apiKeyId, apiKeySecret, names] = await Promise.all([
    secrets.get(SecretKeys.rememberedTreeKey),
    secrets.get(SecretKeys.honeycombApiKey),
    secrets.get(SecretKeys.honeycombApiKeyId),
    secrets.get(SecretKeys.honeycombApiKeySecret),
    secrets.keys(),
  ]);
  if (!key) return undefined;
  let config: HoneycombConfig;
  try {
    config = resolveHoneycombConfig(readHoneycombSettings(), { apiKey, apiKeyId, apiKeySecret }, process.env);
  } catch {
    return undefined;
  }
  const parts = honeycombConnectionParts(config, names);
  return parts && connectionFingerprint(key, parts);
}

/** The environment variables that can hold Honeycomb keys: whether each is set is part of the quick print. */
const KEY_VARIABLES = ['HONEYCOMB_API_KEY', 'HONEYCOMBIO_APIKEY', 'HONEYCOMB_KEY_ID', 'HONEYCOMB_KEY_SECRET'];

/**
 * What can be compared of a connection without reading a secret: its address, which of the key
 * variables are set (not their values), and how many times this extension has changed its
 * secrets (secretChanges.ts). Two windows agreeing on it have the same connection unless a key
 * variable's value changed in between; the fingerprint, read a moment later, settles that.
 */
function honeycombQuickPrint(apiUrl: string, env: NodeJS.ProcessEnv, changes: number): string {
  const parts = ['honeycomb', apiUrl, KEY_VARIABLES.filter((name) => env[name]).join(','), String(changes)];
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}

/** The quick print of the connection in effect now, read from the settings and the environment only (undefined: a setting the connection would refuse). */
export function currentHoneycombQuickPrint(state: Pick<vscode.Memento, 'get'>): string | undefined {
  try {
    return honeycombQuickPrint(resolveHoneycombConfig(readHoneycombSettings(), {}, process.env).apiUrl, process.env, secretChanges(state));
  } catch {
    return undefined;
  }
}

/**
 * The prints of the connection the view is read with (`config`, as the connection resolved it),
 * for the tree the features remember; makes the fingerprint key the first time.
 */
export async function honeycombFingerprint(
  config: HoneycombConfig,
  secrets: SecretReads & Pick<vscode.SecretStorage, 'store'>,
  state: Pick<vscode.Memento, 'get'>,
): Promise<ConnectionPrints | undefined> {
  const parts = honeycombConnectionParts(config, await secrets.keys());
  if (!parts) return undefined;
  const fingerprint = connectionFingerprint(await fingerprintKey(secrets), parts);
  // Read after the key is made (a change it counts, the first time). Should another change
  // land between the reads and here, the next window draws the rows and the fingerprint, which
  // it checks anyway, takes them away.
  return { fingerprint, quick: honeycombQuickPrint(config.apiUrl, process.env, secretChanges(state)) };
}
