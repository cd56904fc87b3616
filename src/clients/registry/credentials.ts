/**
 * What the registry client asks when a registry wants a login. The engine never knows where
 * logins live: the editor passes a lookup backed by SecretStorage (then Docker's config), the
 * command line one backed by Docker's config.json.
 */
export interface RegistryAuth {
  username?: string;
  password?: string;
  /** An OAuth2 refresh token (`identitytoken` in config.json, or a helper's `<token>` user). */
  identityToken?: string;
  /** A bearer token to send as is (`registrytoken` in config.json). */
  registryToken?: string;
  /**
   * The origin of the token service this login was checked with when it was saved ("Add Registry
   * Login…"); the login is sent to no other token service. Absent: only the registry's own origin
   * (see realm.ts `realmLoginProblem`).
   */
  realmOrigin?: string;
}

/** Credentials for a registry host (with port) and the repository about to be used. */
export type CredentialLookup = (registry: string, repository: string) => Promise<RegistryAuth | undefined>;

/** Asks each lookup in turn; the first that knows the registry wins. */
export function firstCredentials(...lookups: Array<CredentialLookup | undefined>): CredentialLookup {
  return async (registry, repository) => {
    for (const lookup of lookups) {
      const found = await lookup?.(registry, repository);
      if (found && (found.password || found.identityToken || found.registryToken)) return found;
    }
    return undefined;
  };
}

export const anonymous: CredentialLookup = async () => undefined;
