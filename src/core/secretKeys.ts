/**
 * The names the extension's credentials are stored under in the editor's SecretStorage. A module
 * of its own, without the store, so the start-up chunk can name them to read them early.
 */
export const SecretKeys = {
  honeycombApiKey: 'opsConfig.honeycomb.apiKey',
  honeycombApiKeyId: 'opsConfig.honeycomb.apiKeyId',
  honeycombApiKeySecret: 'opsConfig.honeycomb.apiKeySecret',
  /** Per Honeycomb environment: `<prefix><environment slug>`. */
  honeycombEnvironmentApiKeyPrefix: 'opsConfig.honeycomb.apiKey.',
  authentikToken: 'opsConfig.authentik.token',
  authentikHeaders: 'opsConfig.authentik.headers',
  /** Per registry host: JSON `{username, password}`. */
  registryPrefix: 'opsConfig.registry.',
  /**
   * The random key of the fingerprints that tie a remembered tree to the connection it was read
   * with (src/startup/connectionFingerprint.ts): kept here so that globalState alone cannot confirm a
   * guessed credential.
   */
  rememberedTreeKey: 'opsConfig.rememberedTrees.key',
} as const;

/**
 * Where the origin a credential is bound to is kept: beside it in SecretStorage, under the
 * credential's key and `@origin` (no environment slug or registry host contains `@`).
 */
export function originKey(key: string): string {
  return `${key}@origin`;
}

export function isOriginKey(key: string): boolean {
  return key.endsWith('@origin');
}
