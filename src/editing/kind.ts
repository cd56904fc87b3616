import { RefusedError, ServiceError } from '../core/errors';
import type { Change } from './plan';

/**
 * What the editing mechanism knows about one kind of live object (a Honeycomb trigger, an
 * authentik flow…). A kind is data plus a few functions, never a subclass: the mechanism
 * (documents, guarded apply, create, delete, export) is the same for every kind, and a service
 * adds only its kinds. Nothing here imports `vscode`, so the whole pipeline runs on plain Node.
 */

/** A JSON path into an object: `['threshold', 'value']`, `['recipients', 0, 'id']`. */
export type JsonPath = Array<string | number>;

/** Something wrong with a document, placed on the field it is about (or on the whole document). */
export interface Problem {
  path: JsonPath;
  message: string;
  /** Only errors stop a save; warnings are shown and the save goes on. */
  severity: 'error' | 'warning';
  /** A text offset when the problem is about syntax, not about a field. */
  offset?: number;
  length?: number;
  /**
   * Character offsets (end exclusive) inside the field's string value, when the problem is about
   * a part of it (the bad key of `hourz=1;minutes=5`): the underline then covers only that part.
   */
  within?: { start: number; end: number };
}

export type JsonObject = Record<string, unknown>;

/**
 * Where an object lives, as the strings that identify it: for a Honeycomb trigger
 * `{ env: 'production', dataset: 'api', id: 'tR1x' }`. The segments are stored in the document's
 * URI, so an editor restored after a window reload can find its object again.
 */
export type Address = Record<string, string>;

/** Names used in confirmations, so a user always knows which object and which server. */
export interface ObjectLabel {
  /** `trigger “High latency”` */
  title: string;
  /** `dataset “api” of environment “production” (Honeycomb)` */
  location: string;
}

export type DeleteResult = 'deleted' | 'alreadyGone';

/** The calls a kind makes to its service. Each is one request; none is retried when it writes. */
export interface KindBackend {
  /** The object as the server has it now. */
  read(address: Address, signal?: AbortSignal): Promise<JsonObject>;
  /** Creates the object under `parent`; answers the server's object and the new object's address. */
  create(parent: Address, body: JsonObject, signal?: AbortSignal): Promise<{ object: JsonObject; address: Address }>;
  /**
   * Writes `body`. For kinds with `updateStyle: 'replace'` it is the whole writable object (PUT);
   * for `patch` only the changed fields (PATCH). Answers the server's object.
   */
  update(address: Address, body: JsonObject, signal?: AbortSignal): Promise<JsonObject>;
  /** A 404 is `alreadyGone`, not an error. */
  remove(address: Address, signal?: AbortSignal): Promise<DeleteResult>;
  /** What refers to the object, to list before a delete (authentik's `used_by/`). */
  usedBy?(address: Address, signal?: AbortSignal): Promise<string[]>;
  /** What `usedBy` does not look at, said beside its list (Honeycomb boards, for a derived column). */
  usedByUnchecked?: string;
}

/** Infrastructure-as-code for one object: the provider's resource and how it imports. */
export interface CodeExport {
  terraform(object: JsonObject, address: Address): string | Promise<string>;
  pulumi(object: JsonObject, address: Address): string | Promise<string>;
}

export interface EditableKind {
  /** Unique id, also the first URI segment: `honeycomb.trigger`. */
  id: string;
  /** In sentences: `trigger`, `query annotation`. */
  noun: string;
  /** The service's display name: `Honeycomb`. */
  service: string;
  /**
   * Document file names end in `.<fileSuffix>.json`; package.json binds the kind's JSON schema to
   * that pattern (`jsonValidation`), so completion and hover come from the editor itself.
   */
  fileSuffix: string;
  /** The address segments, in URI order: `['env', 'dataset', 'id']`. The last one names the object. */
  addressKeys: readonly string[];
  /** The segments that name the parent a new object is created under (a prefix of addressKeys). */
  parentKeys: readonly string[];
  /**
   * Known top-level fields in display order. A document shows these first, then every other field
   * the server returned, in the server's order: a field the editor does not know stays in the
   * document and is sent back as it is.
   */
  fieldOrder: readonly string[];
  /** Top-level fields the server computes (read-only in the API description): never in a document, never sent. */
  readOnlyFields: readonly string[];
  /** Top-level fields that never sit in a document though they are writable (secrets with their own commands, create-only fields). */
  hiddenFields?: readonly string[];
  /**
   * For `replace` kinds: fields a PUT that leaves them out does not reset (Honeycomb keeps a
   * trigger's `disabled`), so the plan says "stays as it is" for them.
   */
  keptWhenLeftOut?: readonly string[];
  /**
   * `replace` (Honeycomb PUT: a field left out is reset, so the whole writable object is sent) or
   * `patch` (authentik PATCH: only changed fields are sent).
   */
  updateStyle: 'replace' | 'patch';
  /**
   * The service reads a scalar of another JSON type leniently (authentik's serializers take "12"
   * for 12 and 12 for "12"), so such a mismatch is a warning rather than an error.
   */
  lenientScalars?: boolean;
  /**
   * The kind's JSON schema (generated from the OpenAPI document), checked again before a save;
   * loaded on first use so start-up does not carry every kind's schema.
   */
  schema(): Promise<JsonObject>;
  /**
   * Questions asked before a "New …" document opens (a query annotation asks which query);
   * answers the parent address with what the template needs, or undefined when cancelled.
   */
  prepareCreate?(parent: Address): Promise<Address | undefined>;
  /**
   * Rules a schema cannot say, checked before anything is sent. `baseline` is the object as it
   * was opened (undefined for a new one), for rules about what may not change once created;
   * `address` is where it lives (for a new one, its parent), for rules that look at its neighbours
   * (a derived column's expression names columns of its dataset).
   */
  rules?(document: JsonObject, baseline?: JsonObject, address?: Address): Problem[] | Promise<Problem[]>;
  /** A valid new object for `parent`, for "New …". */
  template(parent: Address): JsonObject;
  /**
   * The name an object's documents carry (tabs, file names, diff titles): its name, or its slug
   * where names are not unique. The tree's Edit… and a finished create use the same one, so an
   * object never has two documents.
   */
  nameOf(object: JsonObject): string;
  label(address: Address, object: JsonObject | undefined): ObjectLabel;
  /**
   * The document of a server object. Default: every field but the read-only and hidden ones
   * (`documentOf` in document.ts). A kind overrides it where the API answers more than it takes
   * back (a trigger answers both its inline `query` and the `query_id` it was stored under).
   */
  toDocument?(object: JsonObject): JsonObject;
  /**
   * For `replace` kinds: the body of the PUT, made from the generic one (the server's object less
   * read-only fields, with the document's fields on top). A kind adjusts it where the service
   * reads a body in its own way (a trigger takes `query` or `query_id`, not both).
   */
  replaceBody?(body: JsonObject, current: JsonObject, proposed: JsonObject): JsonObject;
  /**
   * Changes the service makes as a consequence of the write, where they can be known (a changed
   * trigger query is stored again under a new `query_id`): the plan lists them too.
   */
  consequences?(current: JsonObject, body: JsonObject): Change[];
  /**
   * Whether this update breaks what refers to the object by name (a derived column's new alias):
   * the plan then lists `backend.usedBy` and, when something uses it, wants the old name typed.
   */
  breaksReferences?(current: JsonObject, body: JsonObject): boolean;
  /**
   * Why the service refuses to delete this object as it is (a delete-protected dataset), and the
   * change that would allow it: Delete… then offers that change, made through the plan.
   */
  deleteBlocked?(object: JsonObject): { reason: string; action: string; change(document: JsonObject): JsonObject } | undefined;
  /** Delete… always wants the name typed (deleting a dataset deletes its data), not only when something uses the object. */
  alwaysTypeNameToDelete?: boolean;
  /**
   * The address of a written object, for kinds looked up by a field an update can change (an
   * authentik slug): later reads follow the new value. Default: the address does not change.
   */
  addressOf?(object: JsonObject, previous: Address): Address;
  backend: KindBackend;
  code?: CodeExport;
  /**
   * What the service does not allow for this kind, each with the reason (a kind whose API has no
   * PATCH, no POST or no DELETE): Edit…, New… and Delete… stay on the node and say why.
   */
  refusals?: Partial<Record<'edit' | 'create' | 'delete', string>>;
}

/** Throws the reason when the service does not allow `what` for the kind. */
export function checkAllowed(kind: Pick<EditableKind, 'refusals'>, what: 'edit' | 'create' | 'delete'): void {
  const reason = kind.refusals?.[what];
  if (reason) throw new RefusedError(reason);
}

/** Errors a backend may throw; the mechanism reads `fieldErrors` and `outcomeUnknown` from them. */
export type BackendError = ServiceError;
