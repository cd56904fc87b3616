/**
 * The names the extension's credentials are stored under in the editor's SecretStorage. A module
 * of its own, without the store, so the start-up chunk can name them to read them early.
 */
export const SecretKeys = {
  honeycombApiKey: 'opsConfig.honeycomb.apiKey',
  honeycombApiKeyId: 'opsConfig.honeycomb.apiKeyId',
  honeycombApiKeySecret: 'opsConfig.honeycomb.apiKeySecret',
  authentikToken: 'opsConfig.authentik.token',
  authentikHeaders: 'opsConfig.authentik.headers',
  /** Per registry host: JSON `{username, password}`. */
  registryPrefix: 'opsConfig.registry.',
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
