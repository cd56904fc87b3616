import { AUTHENTIK_OPERATIONS } from './authentikOperations';
import { COSIGN_OPERATIONS } from './cosignOperations';
import { HONEYCOMB_OPERATIONS } from './honeycombOperations';
import { HONEYCOMB_KIND_OPERATIONS } from './honeycombKindOperations';
import { LookupOperation, Service } from './operation';

/** Every read operation of the three seeds, then the Honeycomb kinds they do not reach, in the order "Look Up…" lists them. */
export const LOOKUP_OPERATIONS: readonly LookupOperation[] = [...HONEYCOMB_OPERATIONS, ...HONEYCOMB_KIND_OPERATIONS, ...AUTHENTIK_OPERATIONS, ...COSIGN_OPERATIONS];

export const SERVICE_LABELS: Record<Service, string> = { honeycomb: 'Honeycomb', authentik: 'authentik', cosign: 'Sigstore / cosign' };

export function findOperation(service: string, name: string): LookupOperation | undefined {
  return LOOKUP_OPERATIONS.find((op) => op.service === service && op.name === name);
}
