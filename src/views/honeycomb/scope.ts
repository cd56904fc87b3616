import { HoneycombExplorer, KeySource } from './explorer';
import { EnvContext, HoneycombObject } from './objects';

/** What every node below an environment shares: the explorer, the environment, its key's origin. */
export interface EnvScope {
  explorer: HoneycombExplorer;
  env: EnvContext;
  keySource: KeySource;
}

/** The command that sets the key an environment's nodes read with, offered on auth errors. */
export function signInCommandFor(scope: EnvScope): string {
  return scope.keySource === 'default' ? 'opsConfig.honeycomb.setApiKey' : 'opsConfig.honeycomb.setEnvironmentApiKey';
}

/** A tree node that stands for a Honeycomb object: the copy, open and snippet commands use it. */
export interface ObjectNode {
  object(): HoneycombObject;
  recordKey(): string;
  recordTitle(): string;
}

export function isObjectNode(node: unknown): node is ObjectNode {
  return !!node && typeof (node as ObjectNode).object === 'function' && typeof (node as ObjectNode).recordKey === 'function';
}
