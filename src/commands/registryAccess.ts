import { firstCredentials } from '../clients/registry/credentials';
import type { RegistryClientOptions } from '../clients/registry/client';
import { RegistryCredentialStore } from '../connections/registryCredentials';
import { CoreServices } from '../connections/services';
import { readProxy, readRequestTimeoutMs } from '../core/settings';

/**
 * How the signature and signing commands reach registries: the logins saved in the editor first,
 * then the Docker config's, with the extension's logger, known secrets, user agent, timeout and
 * proxy. The Docker config reader loads with the first command that needs it.
 */
export async function registryOptions(services: CoreServices, store: RegistryCredentialStore): Promise<RegistryClientOptions> {
  const { dockerConfigCredentials } = await import('../clients/registry/dockerConfig');
  return {
    credentials: firstCredentials((host) => store.get(host), dockerConfigCredentials()),
    logger: services.logger.child('registry'),
    secrets: services.knownSecrets,
    userAgent: services.userAgent,
    timeoutMs: readRequestTimeoutMs(),
    ...readProxy(),
  };
}
