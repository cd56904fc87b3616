import type { AuthentikConnection } from '../connections/authentikConnection';
import { AuthentikConnections } from '../connections/authentikConnections';
import { prompts } from '../ui/prompts';
import { HoneycombConnection } from '../connections/honeycombConnection';
import { ServiceError } from '../core/errors';
import type { SignatureCommands } from '../commands/signatures';
import { LookupClients } from './operation';

/** The clients a lookup runs with: the same connections (and keys) the views use. */
export function lookupClients(honeycomb: HoneycombConnection, authentik: AuthentikConnections, signatures: SignatureCommands): LookupClients {
  const whichAuthentik = authentikChooser(authentik);
  return {
    honeycomb: async () => {
      const client = await honeycomb.client();
      if (!client) throw notConnected('Honeycomb', 'Set a key with "Honeycomb: Set API Key…" (or HONEYCOMB_API_KEY).');
      return client;
    },
    authentik: async () => {
      const client = await (await whichAuthentik()).client();
      if (!client) throw notConnected('authentik', 'Connect with "authentik: Connect…" (or AUTHENTIK_URL and AUTHENTIK_TOKEN).');
      return client;
    },
    verify: (input, signal) => signatures.getVerify(input, signal),
  };
}

/**
 * The one authentik connection set up, or the one the user picks when there are several. The
 * pick is kept for this window (suggestions, the run and a restored panel use it without asking
 * again) until a connection is added, removed or changes.
 */
function authentikChooser(connections: AuthentikConnections): () => Promise<AuthentikConnection> {
  let chosen: AuthentikConnection | undefined;
  connections.onDidChange(() => (chosen = undefined));
  return async () => {
    const configured = await connections.configured();
    if (configured.length <= 1) return configured[0] ?? connections.default;
    if (chosen && configured.includes(chosen)) return chosen;
    const picked = await prompts.quickPick(await Promise.all(configured.map(async (c) => ({ label: c.name, description: (await c.config().catch(() => undefined))?.url, connection: c }))), {
      title: 'Look up in which authentik?',
      placeHolder: 'Which connection?',
    });
    if (!picked) throw new ServiceError({ kind: 'cancelled', service: 'authentik', operation: 'lookUp', summary: 'no connection was picked' });
    chosen = picked.connection;
    return chosen;
  };
}

function notConnected(service: string, hint: string): ServiceError {
  return new ServiceError({ kind: 'auth', service, operation: 'lookUp', summary: 'not connected', hint });
}
