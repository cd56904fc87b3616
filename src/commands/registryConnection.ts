import { checkRegistryLogin } from '../clients/registry/login';
import { RegistryCredentialStore, normalizeHost } from '../connections/registryCredentials';
import { CoreServices } from '../connections/services';
import { registryHostProblem } from '../core/config';
import { readProxy, readRequestTimeoutMs } from '../core/settings';
import { registerCommand } from '../ui/commandRunner';
import { askSecret, checkCredential } from '../ui/credentialPrompts';
import { prompts } from '../ui/prompts';
import { TreeNode } from '../views/api';
import { loginHostOfNode } from '../views/signatures/api';

/** Registry logins for private images: checked against the registry, then kept in SecretStorage. */
export function registerRegistryCommands(services: CoreServices, store: RegistryCredentialStore): void {
  const { context, logger } = services;
  registerCommand(context, logger, 'opsConfig.signatures.addRegistryLogin', () => addLogin(services, store));
  registerCommand(context, logger, 'opsConfig.signatures.removeRegistryLogin', (node?: TreeNode) => removeLogin(store, loginHostOfNode(node)));
}

async function addLogin(services: CoreServices, store: RegistryCredentialStore): Promise<boolean> {
  const hostInput = await prompts.inputBox({
    title: 'Add Registry Login (1/3)',
    prompt: 'Registry host, e.g. ghcr.io, registry.example.com:5000',
    ignoreFocusOut: true,
    validateInput: (value) => registryHostProblem(value),
  });
  if (hostInput === undefined) return false;
  const hostProblem = registryHostProblem(hostInput);
  if (hostProblem) {
    await prompts.error(`The login was not saved. ${hostProblem}`);
    return false;
  }
  const host = normalizeHost(hostInput);
  const username = await prompts.inputBox({
    title: 'Add Registry Login (2/3)',
    prompt: `User name for ${host}`,
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() ? undefined : 'Enter the user name.'),
  });
  if (username === undefined) return false;
  const password = await askSecret({
    title: 'Add Registry Login (3/3)',
    prompt: `Password or access token for ${username.trim()} at ${host}. It is checked with the registry before it is saved in the editor\u2019s secret storage.`,
    missing: 'Enter the password or token.',
    keepSpaces: true,
  });
  if (password === undefined) return false;
  const credentials = { username: username.trim(), password };
  const result = await checkCredential(`Signing in to ${host}…`, `The login for ${host} was not saved.`, (signal) =>
    checkRegistryLogin(
      host,
      credentials,
      { logger: services.logger.child('registry'), secrets: services.knownSecrets, userAgent: services.userAgent, timeoutMs: readRequestTimeoutMs(), ...readProxy() },
      signal,
    ),
  );
  if (!result) return false;
  // A Bearer registry's login is bound to the token service it was just checked with.
  await store.save(host, result.scheme === 'bearer' ? { ...credentials, realmOrigin: result.realmOrigin } : credentials);
  void prompts.info(
    result.scheme === 'none'
      ? `${host} accepts requests without signing in, so the login could not be checked; it was saved for when the registry asks.`
      : `Signed in to ${host} as ${credentials.username}; the login was saved.`,
  );
  return true;
}

async function removeLogin(store: RegistryCredentialStore, shownHost: string | undefined): Promise<void> {
  let host = shownHost;
  if (!host) {
    const pick = await prompts.quickPick(
      store.list().map((l) => ({ label: l.host, description: l.username })),
      { title: 'Remove Registry Login', placeHolder: 'Which login should be removed?' },
    );
    host = pick?.label;
  }
  if (!host) return;
  await store.remove(host);
  void prompts.info(`Removed the login for ${host}.`);
}
