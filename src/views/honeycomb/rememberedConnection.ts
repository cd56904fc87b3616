import type * as vscode from 'vscode';
import { HoneycombConfig, resolveHoneycombConfig } from '../../core/config';
import { SecretKeys, isOriginKey } from '../../core/secretKeys';
import { readHoneycombSettings } from '../../core/settings';
import { SecretReads, connectionFingerprint, fingerprintKey } from '../../startup/connectionFingerprint';

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

/**
 * The fingerprint of the connection the view is read with (`config`, as the connection resolved
 * it), for the tree the features remember; makes the fingerprint key the first time.
 */
export async function honeycombFingerprint(config: HoneycombConfig, secrets: SecretReads & Pick<vscode.SecretStorage, 'store'>): Promise<string | undefined> {
  const parts = honeycombConnectionParts(config, await secrets.keys());
  return parts && connectionFingerprint(await fingerprintKey(secrets), parts);
}
