import * as vscode from 'vscode';
import { AuthentikConnection } from '../connections/authentikConnection';
import { connectionNameProblem } from '../connections/authentikConnectionList';
import { AuthentikConnections } from '../connections/authentikConnections';
import { httpUrlProblem } from '../core/config';
import { ServiceError } from '../core/errors';
import { Logger } from '../core/logger';
import { registerCommand } from '../ui/commandRunner';
import { askSecret, checkCredential } from '../ui/credentialPrompts';
import { prompts } from '../ui/prompts';
import { connectionIdOfNode, connectionIdOfRoot } from '../views/authentik/api';

/**
 * Named authentik connections beside the default one (staging and production side by side).
 * "Add Connection…" asks a name, the server's URL, whether to verify TLS and an API token; the
 * token is checked with the server (`GET /api/v3/core/users/me/`) before anything is saved.
 * "Remove Connection…" forgets the connection and deletes its token from secret storage.
 */
export function registerAddedConnectionCommands(context: vscode.ExtensionContext, logger: Logger, connections: AuthentikConnections): void {
  registerCommand(context, logger, 'opsConfig.authentik.addConnection', () => addConnection(connections));
  registerCommand(context, logger, 'opsConfig.authentik.removeConnection', (node?: unknown) => removeConnection(connections, node));
}

/** The connection a tree node belongs to; the default one for anything else (the palette). */
export function connectionOfNode(connections: AuthentikConnections, node: unknown): AuthentikConnection {
  const id = connectionIdOfNode(node);
  const connection = connections.get(id);
  if (!connection) throw new ServiceError({ kind: 'badInput', service: 'authentik', operation: 'connection', summary: `the connection "${id}" was removed` });
  return connection;
}

const VERIFY = 'Verify TLS certificates';
const SKIP = 'Skip TLS verification';

async function addConnection(connections: AuthentikConnections): Promise<boolean> {
  const name = await prompts.inputBox({
    title: 'authentik: Add Connection (1/4)',
    prompt: 'A name for the connection, e.g. staging or production. It labels the connection in the authentik view.',
    ignoreFocusOut: true,
    validateInput: (value) => connectionNameProblem(value, connections.entries()),
  });
  if (name === undefined) return false;
  const nameProblem = connectionNameProblem(name, connections.entries());
  if (nameProblem) {
    await prompts.error(`The connection was not added. ${nameProblem}`);
    return false;
  }
  const urlInput = await prompts.inputBox({
    title: `authentik: Add Connection “${name.trim()}” (2/4)`,
    prompt: 'Address of the authentik server, for example https://auth.example.com (without /api/v3).',
    ignoreFocusOut: true,
    validateInput: (value) => httpUrlProblem(value),
  });
  if (urlInput === undefined) return false;
  const url = urlInput.trim().replace(/\/+$/, '');
  const urlProblem = httpUrlProblem(url);
  if (urlProblem) {
    await prompts.error(`The connection was not added. ${urlProblem}`);
    return false;
  }
  let insecure = false;
  if (url.toLowerCase().startsWith('https:')) {
    const tls = await prompts.quickPick(
      [
        { label: VERIFY, description: 'recommended' },
        { label: SKIP, description: 'self-signed test servers only; for this connection alone' },
      ],
      { title: `authentik: Add Connection “${name.trim()}” (3/4)`, placeHolder: 'TLS certificate verification', ignoreFocusOut: true },
    );
    if (!tls) return false;
    insecure = tls.label === SKIP;
  }
  const token = await askSecret({
    title: `authentik: Add Connection “${name.trim()}” (4/4)`,
    prompt: 'An authentik API token of that server (Admin → Directory → Tokens, intent "API"). It is checked with the server before it is saved in the editor\u2019s secret storage.',
    missing: 'Enter the API token.',
  });
  if (token === undefined) return false;
  const candidate = { name: name.trim(), url, insecure };
  const user = await checkCredential(`Checking the token with ${url}…`, `The connection "${candidate.name}" was not added; nothing was saved.`, async (signal) =>
    (await connections.candidateClient(candidate, token)).getCurrentUser(signal),
  );
  if (!user) return false;
  await connections.add(candidate, token);
  void prompts.info(`Added the authentik connection "${candidate.name}" at ${url}, signed in as ${user.username}.`);
  return true;
}

async function removeConnection(connections: AuthentikConnections, node: unknown): Promise<boolean> {
  let id = connectionIdOfRoot(node);
  const entries = connections.entries();
  if (!id || !entries.some((e) => e.id === id)) {
    if (entries.length === 0) {
      await prompts.info('No authentik connection was added. The default connection (the opsConfig.authentik settings) is cleared with "authentik: Clear Credentials…".');
      return false;
    }
    const picked = await prompts.quickPick(
      entries.map((e) => ({ label: e.name, description: e.url, id: e.id })),
      { title: 'authentik: Remove Connection', placeHolder: 'Which connection?' },
    );
    if (!picked) return false;
    id = picked.id;
  }
  const entry = entries.find((e) => e.id === id)!;
  const confirmed = await prompts.confirmDestructive({
    title: `Remove the authentik connection "${entry.name}"?`,
    action: 'Remove',
    detail: [entry.url, "Its API token is deleted from the editor's secret storage. Nothing changes on the server."],
  });
  if (!confirmed) return false;
  await connections.remove(entry.id);
  void prompts.info(`Removed the authentik connection "${entry.name}".`);
  return true;
}
