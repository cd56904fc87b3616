import * as vscode from 'vscode';
import { HoneycombConnection } from '../connections/honeycombConnection';
import { CoreServices } from '../connections/services';
import { badInput } from '../core/errors';
import { Logger } from '../core/logger';
import { registerCommand } from '../ui/commandRunner';
import { askSecret, checkCredential } from '../ui/credentialPrompts';
import { prompts } from '../ui/prompts';
import { EnvironmentInfo, HoneycombExplorer, environmentKeyName, environmentOfNode, slugOfAuth } from '../views/honeycomb/api';

/**
 * Per-environment API keys. A configuration key reads one environment, so browsing several side
 * by side takes one key each; they are kept in SecretStorage under
 * `opsConfig.honeycomb.apiKey.<environment slug>`. A key is checked with `GET /1/auth` before it
 * is saved, and refused unless it is a configuration key of that very environment (and team).
 * Saving or clearing one refreshes the view (the connection watches its secrets).
 */
export function registerHoneycombEnvironmentKeyCommands(context: vscode.ExtensionContext, logger: Logger, services: CoreServices, connection: HoneycombConnection, explorer: HoneycombExplorer): void {
  registerCommand(
    context,
    logger,
    'opsConfig.honeycomb.setEnvironmentApiKey',
    (node?: unknown) => setEnvironmentApiKey(services, connection, explorer, node),
    () => 'opsConfig.honeycomb.setEnvironmentApiKey',
  );
  registerCommand(context, logger, 'opsConfig.honeycomb.clearEnvironmentApiKey', (node?: unknown) => clearEnvironmentApiKey(services, explorer, node));
}

/** The environment a command was run on, or one the user picks from the team's environments. */
async function targetEnvironment(explorer: HoneycombExplorer, node: unknown, title: string): Promise<EnvironmentInfo | undefined> {
  const shown = environmentOfNode(node);
  if (shown) {
    return shown;
  }
  const session = await explorer.start();
  const known: EnvironmentInfo[] = session.config.managementKey ? (await explorer.environments()).map((e) => ({ slug: e.slug, name: e.name, id: e.id })) : [];
  const own = await explorer.defaultEnvironment();
  if (own && !known.some((e) => e.slug === own.slug)) known.unshift(own);
  if (known.length === 0) {
    throw badInput('Honeycomb', 'setEnvironmentApiKey', 'no environment is known', 'Set a management key (with environments:read) to list the team\u2019s environments.');
  }
  const picked = await prompts.quickPick(
    known.map((e) => ({ label: e.name || e.slug, description: e.slug, env: e })),
    { title, placeHolder: 'Which environment?' },
  );
  return picked?.env;
}

async function setEnvironmentApiKey(services: CoreServices, connection: HoneycombConnection, explorer: HoneycombExplorer, node: unknown): Promise<boolean> {
  const env = await targetEnvironment(explorer, node, 'Honeycomb: Set API Key for Environment');
  if (!env) {
    return false;
  }
  const apiKey = await askSecret({
    title: `Honeycomb: API Key for ${env.name || env.slug}`,
    prompt:
      `Paste a configuration API key of the environment "${env.name || env.slug}" (its Environment settings → API Keys). ` +
      'It is checked with Honeycomb before it is saved in the editor\u2019s secret storage.',
    missing: 'Enter the API key.',
  });
  if (apiKey === undefined) {
    return false;
  }
  return saveEnvironmentApiKey(services, connection, explorer, env, apiKey);
}

/**
 * Keeps `apiKey` as the key `env` is read with, once Honeycomb says it is a configuration key of
 * that very environment and team (`GET /1/auth`); says why not otherwise. Also the way a key
 * created in the editor is kept (its secret is shown once).
 */
export async function saveEnvironmentApiKey(services: CoreServices, connection: HoneycombConnection, explorer: HoneycombExplorer, env: EnvironmentInfo, apiKey: string): Promise<boolean> {
  const client = await connection.candidateClient({ apiKey });
  const auth = await checkCredential(`Checking the API key for ${env.name || env.slug} with Honeycomb…`, `The API key for ${env.name || env.slug} was not saved.`, (signal) =>
    client.getAuthMetadata(signal),
  );
  if (!auth) {
    return false;
  }
  if (auth.type === 'ingest') {
    await prompts.error(`This is an ingest key: it sends events and cannot read configuration. It was not saved for ${env.name || env.slug}; create a configuration key in that environment.`);
    return false;
  }
  const keyEnv = slugOfAuth(auth);
  if (keyEnv !== env.slug) {
    const name = auth.environment.classic ? 'Classic' : auth.environment.name;
    await prompts.error(`This key belongs to the environment "${name}" (${keyEnv}), not "${env.name || env.slug}" (${env.slug}). It was not saved.`);
    return false;
  }
  const team = (await explorer.start().catch(() => undefined))?.team;
  if (team?.slug && auth.team.slug !== team.slug) {
    await prompts.error(`This key belongs to the team "${auth.team.name}", not "${team.name}". It was not saved.`);
    return false;
  }
  await services.secrets.store(environmentKeyName(env.slug), apiKey, client.api.apiUrl);
  void prompts.info(`Honeycomb API key saved for environment ${env.name || env.slug}.`);
  return true;
}

async function clearEnvironmentApiKey(services: CoreServices, explorer: HoneycombExplorer, node: unknown): Promise<void> {
  const env = await targetEnvironment(explorer, node, 'Honeycomb: Clear API Key for Environment');
  if (!env) {
    return;
  }
  const name = environmentKeyName(env.slug);
  if (!(await services.secrets.get(name))) {
    await prompts.info(`No API key is saved for environment ${env.name || env.slug}.`);
    return;
  }
  await services.secrets.delete(name);
  void prompts.info(`Removed the API key saved for environment ${env.name || env.slug}.`);
}
