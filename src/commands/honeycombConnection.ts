import * as vscode from 'vscode';
import { HoneycombConnection } from '../connections/honeycombConnection';
import { Logger } from '../core/logger';
import { SecretKeys, SecretStore } from '../core/secrets';
import { registerCommand, withCancellableProgress } from '../ui/commandRunner';
import { askSecret, checkCredential } from '../ui/credentialPrompts';
import { prompts } from '../ui/prompts';

/**
 * Set, test and clear the Honeycomb credentials. A key is checked with Honeycomb before it is
 * saved (`GET /1/auth` for an API key, `GET /2/auth` for a management key); a refused key is
 * reported with Honeycomb's reason and nothing is stored.
 */
export function registerHoneycombConnectionCommands(context: vscode.ExtensionContext, logger: Logger, secrets: SecretStore, connection: HoneycombConnection): void {
  const signIn = (): string => 'opsConfig.honeycomb.setApiKey';
  registerCommand(context, logger, 'opsConfig.honeycomb.setApiKey', () => setApiKey(secrets, connection), signIn);
  registerCommand(
    context,
    logger,
    'opsConfig.honeycomb.setManagementKey',
    () => setManagementKey(secrets, connection),
    () => 'opsConfig.honeycomb.setManagementKey',
  );
  registerCommand(context, logger, 'opsConfig.honeycomb.testConnection', () => testConnection(connection), signIn);
  registerCommand(context, logger, 'opsConfig.honeycomb.clearCredentials', () => clearCredentials(secrets, connection));
}

async function setApiKey(secrets: SecretStore, connection: HoneycombConnection): Promise<boolean> {
  const apiKey = await askSecret({
    title: 'Honeycomb: Set API Key',
    prompt: 'Paste a Honeycomb configuration API key (Environment settings → API Keys). It is checked with Honeycomb before it is saved in the editor\u2019s secret storage.',
    missing: 'Enter the API key.',
  });
  if (apiKey === undefined) {
    return false;
  }
  const client = await connection.candidateClient({ apiKey });
  const auth = await checkCredential('Checking the API key with Honeycomb…', 'The Honeycomb API key was not saved.', (signal) => client.getAuthMetadata(signal));
  if (!auth) {
    return false;
  }
  if (auth.type === 'ingest') {
    await prompts.error(
      'Honeycomb accepted this key, but it is an ingest key: it can send events and cannot read configuration. It was not saved. ' +
        'Create a configuration key in Honeycomb (Environment settings → API Keys) and set that instead.',
    );
    return false;
  }
  // Bound to where Honeycomb accepted it: another URL later asks before it is sent there.
  await secrets.store(SecretKeys.honeycombApiKey, apiKey, client.api.apiUrl);
  connection.invalidate();
  const environment = auth.environment.classic ? 'Classic' : auth.environment.name;
  void prompts.info(`Honeycomb API key saved: team ${auth.team.name}, environment ${environment}.`);
  return true;
}

async function setManagementKey(secrets: SecretStore, connection: HoneycombConnection): Promise<boolean> {
  const idInput = await prompts.inputBox({
    title: 'Honeycomb: Set Management Key (1/2)',
    prompt: 'Key ID of a Honeycomb management key (Team settings → API Keys), for example hcxmk_… You may also paste "ID:secret" here.',
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() ? undefined : 'Enter the key ID.'),
  });
  if (idInput === undefined) {
    return false;
  }
  let id = idInput.trim();
  let secret: string | undefined;
  const colon = id.indexOf(':');
  if (colon > 0) {
    secret = id.slice(colon + 1);
    id = id.slice(0, colon);
  }
  if (!secret) {
    secret = await askSecret({
      title: 'Honeycomb: Set Management Key (2/2)',
      prompt: `Secret of management key ${id}. It is checked with Honeycomb before it is saved.`,
      missing: 'Enter the key secret.',
    });
    if (secret === undefined) {
      return false;
    }
  }
  const client = await connection.candidateClient({ managementKey: { id, secret } });
  const info = await checkCredential('Checking the management key with Honeycomb…', 'The Honeycomb management key was not saved.', (signal) => client.getManagementKeyInfo(signal));
  if (!info) {
    return false;
  }
  await secrets.store(SecretKeys.honeycombApiKeyId, id, client.api.apiUrl);
  await secrets.store(SecretKeys.honeycombApiKeySecret, secret, client.api.apiUrl);
  connection.invalidate();
  const scopes = info.scopes.length > 0 ? info.scopes.join(', ') : 'no scopes';
  const advice = info.scopes.includes('environments:read') ? '' : ' Listing environments needs the environments:read scope.';
  void prompts.info(`Honeycomb management key "${info.name}" saved: team ${info.teamName}, ${scopes}.${advice}`);
  return true;
}

async function testConnection(connection: HoneycombConnection): Promise<void> {
  const config = await connection.config();
  const client = await connection.client();
  if (!client) {
    await prompts.warn('No Honeycomb key is configured. Set an API key or a management key first.', {}, 'OK');
    return;
  }
  const results: string[] = [];
  await withCancellableProgress('Testing the Honeycomb connection…', async (signal) => {
    if (config.apiKey) {
      const auth = await client.getAuthMetadata(signal);
      results.push(`API key works: team ${auth.team.name}, environment ${auth.environment.classic ? 'Classic' : auth.environment.name}`);
    }
    if (config.managementKey) {
      const info = await client.getManagementKeyInfo(signal);
      results.push(`management key "${info.name}" works: team ${info.teamName}, scopes ${info.scopes.join(', ') || 'none'}`);
    }
  });
  void prompts.info(`Honeycomb at ${config.apiUrl}: ${results.join('; ')}.`);
}

async function clearCredentials(secrets: SecretStore, connection: HoneycombConnection): Promise<void> {
  const [apiKey, keyId] = await Promise.all([secrets.get(SecretKeys.honeycombApiKey), secrets.get(SecretKeys.honeycombApiKeyId)]);
  const items: Array<vscode.QuickPickItem & { keys: string[] }> = [];
  if (apiKey) items.push({ label: 'API key', keys: [SecretKeys.honeycombApiKey], picked: true });
  if (keyId) items.push({ label: 'Management key', description: keyId, keys: [SecretKeys.honeycombApiKeyId, SecretKeys.honeycombApiKeySecret], picked: true });
  if (items.length === 0) {
    await prompts.info(envNote('No Honeycomb key is saved in this editor.'));
    return;
  }
  const chosen = await prompts.quickPickMany(items, { title: 'Honeycomb: Clear Credentials', placeHolder: 'Which saved keys should be removed?' });
  if (!chosen || chosen.length === 0) {
    return;
  }
  for (const item of chosen as typeof items) {
    for (const key of item.keys) {
      await secrets.delete(key);
    }
  }
  connection.invalidate();
  void prompts.info(envNote(`Removed the Honeycomb ${chosen.map((c) => c.label.toLowerCase()).join(' and ')}.`));
}

function envNote(message: string): string {
  const set = ['HONEYCOMB_API_KEY', 'HONEYCOMBIO_APIKEY', 'HONEYCOMB_KEY_ID'].filter((name) => process.env[name]);
  return set.length > 0 ? `${message} Note: ${set.join(' and ')} ${set.length > 1 ? 'are' : 'is'} still set in the environment and will be used.` : message;
}
