import * as vscode from 'vscode';
import { AuthentikConnection } from '../connections/authentikConnection';
import { AuthentikConnections } from '../connections/authentikConnections';
import { ConfigError, httpUrlProblem, validateHeaderMap } from '../core/config';
import { Logger } from '../core/logger';
import { SecretKeys, SecretStore } from '../core/secrets';
import { updateGlobalSetting } from '../core/settings';
import { registerCommand, withCancellableProgress } from '../ui/commandRunner';
import { askSecret, checkCredential, reportRefusedCredential } from '../ui/credentialPrompts';
import { prompts } from '../ui/prompts';
import { connectionOfNode, registerAddedConnectionCommands } from './authentikConnections';

/**
 * Connect to authentik (server URL + API token), set the extra headers, test and clear: these
 * act on the default connection (the settings). Add and remove further named connections
 * (authentikConnections.ts). A token is checked with `GET /api/v3/core/users/me/` before
 * anything is saved.
 */
export function registerAuthentikConnectionCommands(context: vscode.ExtensionContext, logger: Logger, secrets: SecretStore, connections: AuthentikConnections): void {
  const signIn = (): string => 'opsConfig.authentik.connect';
  const connection = connections.default;
  registerCommand(context, logger, 'opsConfig.authentik.connect', () => connect(secrets, connection), signIn);
  registerCommand(context, logger, 'opsConfig.authentik.setHeaders', () => setHeaders(secrets, connection), signIn);
  registerCommand(context, logger, 'opsConfig.authentik.testConnection', (node?: unknown) => testConnection(connectionOfNode(connections, node)), signIn);
  registerCommand(context, logger, 'opsConfig.authentik.clearCredentials', () => clearCredentials(secrets, connection));
  registerAddedConnectionCommands(context, logger, connections);
}

async function connect(secrets: SecretStore, connection: AuthentikConnection): Promise<boolean> {
  const current = await connection.config().catch(() => undefined);
  const urlInput = await prompts.inputBox({
    title: 'authentik: Connect (1/2)',
    prompt: 'Address of your authentik server, for example https://auth.example.com (without /api/v3).',
    value: current?.url ?? '',
    ignoreFocusOut: true,
    validateInput: (value) => validateUrl(value),
  });
  if (urlInput === undefined) {
    return false;
  }
  const url = urlInput.trim().replace(/\/+$/, '');
  const problem = httpUrlProblem(url);
  if (problem) {
    await prompts.error(`Not connected to authentik; nothing was saved. ${problem}`);
    return false;
  }
  const token = await askSecret({
    title: 'authentik: Connect (2/2)',
    prompt: 'An authentik API token (Admin → Directory → Tokens, intent "API"). It is checked with the server before it is saved in the editor\u2019s secret storage.',
    missing: 'Enter the API token.',
  });
  if (token === undefined) {
    return false;
  }
  const user = await checkCredential(`Checking the token with ${url}…`, 'Not connected to authentik; nothing was saved.', async (signal) =>
    (await connection.candidateClient({ url, token })).getCurrentUser(signal),
  );
  if (!user) {
    return false;
  }
  await secrets.store(SecretKeys.authentikToken, token, url);
  if (current?.url !== url || current?.urlSource !== 'setting') {
    await updateGlobalSetting('authentik.url', url);
  }
  connection.invalidate();
  void prompts.info(`Connected to authentik at ${url} as ${user.username}.`);
  return true;
}

async function setHeaders(secrets: SecretStore, connection: AuthentikConnection): Promise<boolean> {
  const input = await prompts.inputBox({
    title: 'authentik: Set Extra Headers',
    prompt: 'Headers sent with every authentik request, as a JSON object, e.g. {"X-Proxy-Auth": "…"}. Stored in secret storage. Leave empty to remove them.',
    password: true,
    ignoreFocusOut: true,
    validateInput: (value) => {
      if (!value.trim()) return undefined;
      try {
        validateHeaderMap(JSON.parse(value));
        return undefined;
      } catch (error) {
        return error instanceof ConfigError ? error.message : 'Not valid JSON: write an object like {"X-Header": "value"}.';
      }
    },
  });
  if (input === undefined) {
    return false;
  }
  if (!input.trim()) {
    await secrets.delete(SecretKeys.authentikHeaders);
    connection.invalidate();
    void prompts.info('Removed the extra authentik headers.');
    return true;
  }
  const headers = validateHeaderMap(JSON.parse(input));
  const config = await connection.config().catch(() => undefined);
  let checkedWith: string | undefined;
  if (config?.url && config.token) {
    try {
      // The saved token goes along: asks first when it was checked with another origin.
      await connection.client();
      const client = await connection.candidateClient({ url: config.url, token: config.token, headers });
      await withCancellableProgress('Checking the headers with authentik…', (signal) => client.getCurrentUser(signal));
    } catch (error) {
      await reportRefusedCredential('The headers were not saved: authentik refused the request with them.', error);
      return false;
    }
    checkedWith = config.url;
  }
  await secrets.store(SecretKeys.authentikHeaders, JSON.stringify(headers), checkedWith);
  connection.invalidate();
  void prompts.info(`Saved ${Object.keys(headers).length} extra authentik header(s): ${Object.keys(headers).join(', ')}.`);
  return true;
}

async function testConnection(connection: AuthentikConnection): Promise<void> {
  const config = await connection.config();
  const client = await connection.client();
  if (!client || !config.url) {
    await prompts.warn('authentik is not connected. Run "authentik: Connect…" first.', {}, 'OK');
    return;
  }
  const [user, version] = await withCancellableProgress(`Testing ${config.url}…`, (signal) => Promise.all([client.getCurrentUser(signal), client.getServerVersion(signal).catch(() => undefined)]));
  const which = connection.isDefault ? 'authentik' : `authentik "${connection.name}"`;
  void prompts.info(`${which} at ${config.url}${version ? ` (version ${version.versionCurrent})` : ''}: signed in as ${user.username}${user.isSuperuser ? ' (superuser)' : ''}.`);
}

async function clearCredentials(secrets: SecretStore, connection: AuthentikConnection): Promise<void> {
  const items: Array<vscode.QuickPickItem & { key: string }> = [];
  if (await secrets.get(SecretKeys.authentikToken)) items.push({ label: 'API token', key: SecretKeys.authentikToken, picked: true });
  if (await secrets.get(SecretKeys.authentikHeaders)) items.push({ label: 'Extra headers', key: SecretKeys.authentikHeaders, picked: true });
  if (items.length === 0) {
    await prompts.info(
      process.env.AUTHENTIK_TOKEN ? 'No authentik token is saved in this editor; AUTHENTIK_TOKEN is set in the environment and is used.' : 'No authentik credentials are saved in this editor.',
    );
    return;
  }
  const chosen = await prompts.quickPickMany(items, { title: 'authentik: Clear Credentials', placeHolder: 'Which saved credentials should be removed?' });
  if (!chosen || chosen.length === 0) {
    return;
  }
  for (const item of chosen as typeof items) {
    await secrets.delete(item.key);
  }
  connection.invalidate();
  void prompts.info(`Removed the authentik ${chosen.map((c) => c.label.toLowerCase()).join(' and ')}.`);
}

function validateUrl(value: string): string | undefined {
  return httpUrlProblem(value);
}
