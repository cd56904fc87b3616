import { HoneycombConnection } from '../../connections/honeycombConnection';
import { HoneycombExplorer } from './explorer';

/**
 * The explorer of each connection. The editor side creates it once (register.ts) and the view's
 * roots, the record source and the commands find it here, so activate() only wires one call.
 */
const explorers = new WeakMap<HoneycombConnection, HoneycombExplorer>();

export function bindExplorer(connection: HoneycombConnection, explorer: HoneycombExplorer): void {
  explorers.set(connection, explorer);
}

export function explorerFor(connection: HoneycombConnection): HoneycombExplorer {
  const explorer = explorers.get(connection);
  if (!explorer) {
    throw new Error('The Honeycomb explorer is not registered for this connection (registerHoneycombExplorer was not called).');
  }
  return explorer;
}
