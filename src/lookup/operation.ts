import type { AuthentikClient } from '../clients/authentik';
import type { HoneycombClient } from '../clients/honeycomb';

/**
 * One read operation of a seed, as "Ops Config: Look Up…" offers it: the seed's name, purpose and
 * inputs (names, types, required marks), how it runs (the same client method the trees use) and
 * the infrastructure-as-code data source that makes the same call. Plain data, no `vscode`, so a
 * unit test can hold the catalog against the seed documents.
 */
export type Service = 'honeycomb' | 'authentik' | 'cosign';

export type InputType =
  /** One line of text. */
  | 'string'
  | 'number'
  | 'boolean'
  /** A list of strings (comma-separated when typed). */
  | 'strings'
  | 'numbers'
  /** `{ name, operator, value | valueRegex }` */
  | 'detailFilter'
  | 'detailFilters'
  /** A JSON value (objects, arrays of blocks), typed or pasted as JSON. */
  | 'json';

/** Where completion for an input comes from, when live data helps. */
export type Suggestion =
  | 'honeycomb.datasets'
  | 'honeycomb.recipientTypes'
  | 'honeycomb.environments'
  | 'honeycomb.derivedColumns'
  | 'honeycomb.slos'
  | 'authentik.groupNames'
  | 'authentik.flowSlugs'
  | 'authentik.certificateNames'
  | 'authentik.usernames';

export interface InputSpec {
  /** The seed's name. */
  name: string;
  type: InputType;
  required?: boolean;
  /** The seed's advice when the input is deprecated ("use detailFilter"). */
  deprecated?: string;
  /** Shown as `••••` while typed and never remembered. */
  secret?: boolean;
  description: string;
  /** The allowed values, when the seed or the service fixes them. */
  choices?: readonly string[];
  suggest?: Suggestion;
  /** The package fills it (an identifier computed from the answer); a value given is only echoed. */
  computed?: boolean;
}

export type LookupInput = Record<string, unknown>;
export type LookupRecord = Record<string, unknown>;

export interface LookupClients {
  honeycomb(): Promise<HoneycombClient>;
  authentik(): Promise<AuthentikClient>;
  verify(input: { image: string; policy: string }, signal?: AbortSignal): Promise<LookupRecord>;
}

export interface LookupOperation {
  service: Service;
  name: string;
  purpose: string;
  /** The seed's advice for a deprecated operation ("use getRecipient"). */
  deprecated?: string;
  inputs: readonly InputSpec[];
  run(clients: LookupClients, input: LookupInput, signal?: AbortSignal): Promise<LookupRecord>;
  /** The Terraform data source and the Pulumi function that make the same call, or why there is none. */
  code: { terraform: string; pulumi: string; pulumiPackage: string } | { none: string };
  /** Not a seed operation: it reaches a kind the seed has no read operation for (honeycombKindOperations.ts). */
  beyondSeed?: true;
  /** Output fields that hold secrets: masked in the panel until revealed, never copied. */
  secretOutputs?: readonly string[];
}
