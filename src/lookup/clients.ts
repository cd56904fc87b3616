import { AuthentikConnection } from '../connections/authentikConnection';
import { HoneycombConnection } from '../connections/honeycombConnection';
import { ServiceError } from '../core/errors';
import type { SignatureCommands } from '../commands/signatures';
import { LookupClients } from './operation';

/** The clients a lookup runs with: the same connections (and keys) the views use. */
export function lookupClients(honeycomb: HoneycombConnection, authentik: AuthentikConnection, signatures: SignatureCommands): LookupClients {
  return {
    honeycomb: async () => {
      const client = await honeycomb.client();
      if (!client) throw notConnected('Honeycomb', 'Set a key with "Honeycomb: Set API Key…" (or HONEYCOMB_API_KEY).');
      return client;
    },
    authentik: async () => {
      const client = await authentik.client();
      if (!client) throw notConnected('authentik', 'Connect with "authentik: Connect…" (or AUTHENTIK_URL and AUTHENTIK_TOKEN).');
      return client;
    },
    verify: (input, signal) => signatures.getVerify(input, signal),
  };
}

function notConnected(service: string, hint: string): ServiceError {
  return new ServiceError({ kind: 'auth', service, operation: 'lookUp', summary: 'not connected', hint });
}
