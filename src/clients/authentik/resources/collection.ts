import { ServiceError, isServiceError } from '../../../core/errors';
import type { QueryValue } from '../../../core/http';
import type { KnownSecrets } from '../../../core/redact';
import { AuthentikApi, ApiPath, ListPage, MAX_PAGE_SIZE, SERVICE } from '../api';
import type { UsedBy } from '../types';
import { AUTHENTIK_KINDS, AuthentikKind, CreateOfKind, ItemOfKind, ParentSpec, PatchOfKind } from './kinds';
import type { ObjectKindSpec } from './kindsTable';
import { registerSecret, send, sendWrite } from './send';

/** What the tree asks of a list of one kind. */
export interface ResourceListOptions {
  page?: number;
  pageSize?: number;
  /** authentik's server-side `search` (every list of the 13 kinds takes it). */
  search?: string;
  /** Overrides the kind's default ordering (`-name` for descending). */
  ordering?: string;
  /** Further list filters the schema declares for the kind (see `KindSpec.filters`). */
  filters?: Record<string, QueryValue>;
  signal?: AbortSignal;
}

/** A delete either removed the object or found it already gone (404 from authentik itself). */
export type DestroyResult = { outcome: 'deleted' } | { outcome: 'alreadyGone'; serverMessage?: string };

/**
 * list / retrieve / create / update / partial update / destroy / used_by of one kind, with
 * authentik's semantics and the kind's spec (kinds.ts for the 13 managed kinds, its row of the
 * generated table for every other, derivedKinds.ts) as the only per-kind knowledge.
 *
 * - PATCH sends exactly the fields given (keys whose value is `undefined` are dropped); fields
 *   the kind certainly cannot write (read-only, create-only on updates) are refused before any
 *   request, naming each field, instead of being silently ignored by the server. A field the
 *   table does not know is sent as it is: a newer authentik may take it.
 * - Writes are never retried automatically (see send.ts).
 * - Secret values are added to the known secrets before they are sent and as soon as
 *   they are read, so logs and error messages mask them.
 */
export class ResourceCollection<K extends AuthentikKind> {
  readonly spec: ObjectKindSpec & { parent?: ParentSpec };

  /** `kind` names a managed kind; any other kind of the table (derivedKinds.ts) is given by its spec. */
  constructor(
    private readonly api: AuthentikApi,
    kind: K | ObjectKindSpec,
    private readonly secrets?: KnownSecrets,
  ) {
    this.spec = typeof kind === 'string' ? AUTHENTIK_KINDS[kind] : kind;
  }

  /** One page, `page_size` 100 unless given, sorted by the kind's default ordering. */
  async list(options: ResourceListOptions = {}): Promise<ListPage<ItemOfKind<K>>> {
    const operation = this.op('list', true);
    const page = options.page ?? 1;
    const query: Record<string, QueryValue> = {
      ...this.spec.listQuery,
      ...options.filters,
      ordering: options.ordering ?? this.spec.defaultOrdering,
      ...(options.search ? { search: options.search } : {}),
    };
    const pageSize = options.pageSize ?? MAX_PAGE_SIZE;
    // The one page reader of every authentik list: it refuses a page larger than page_size.
    const result = (await this.api.page(operation, this.spec.collectionPath as ApiPath, { query: query as never, page, pageSize, signal: options.signal, quiet: this.quiet })) as ListPage<
      ItemOfKind<K>
    >;
    result.items.forEach((item) => this.registerReturned(item));
    return result;
  }

  /** The children of a parent (entitlements of an application, bindings of a flow in order, tokens of a connector). */
  async listChildren(parentValue: string, options: ResourceListOptions = {}): Promise<ListPage<ItemOfKind<K>>> {
    const parent = this.spec.parent;
    if (!parent) {
      throw new ServiceError({ kind: 'badInput', service: SERVICE, operation: this.op('list', true), summary: `${this.spec.pluralLabel.toLowerCase()} do not belong to a parent object` });
    }
    if (!parentValue) {
      throw new ServiceError({
        kind: 'badInput',
        service: SERVICE,
        operation: this.op('list', true),
        summary: `the ${AUTHENTIK_KINDS[parent.kind].label.toLowerCase()} (${parent.parentField}) is missing`,
      });
    }
    return this.list({ ...options, filters: { ...options.filters, [parent.field]: parentValue } });
  }

  async retrieve(id: string, signal?: AbortSignal): Promise<ItemOfKind<K>> {
    const item = await send<ItemOfKind<K>>(this.api, { operation: this.op('retrieve'), method: 'GET', path: this.itemPath(id, 'retrieve'), signal, quiet: this.quiet });
    this.registerReturned(item);
    return item;
  }

  /** POST with the `…Request` body. */
  async create(body: CreateOfKind<K>, signal?: AbortSignal): Promise<ItemOfKind<K>> {
    const operation = this.op('create');
    this.checkFields(operation, body, 'create');
    return this.write(operation, 'POST', this.spec.collectionPath, body, signal);
  }

  /** PUT: the whole `…Request` body (fields left out keep their value on authentik). */
  async update(id: string, body: CreateOfKind<K>, signal?: AbortSignal): Promise<ItemOfKind<K>> {
    const operation = this.op('update');
    this.checkFields(operation, body, 'update');
    return this.write(operation, 'PUT', this.itemPath(id, 'update'), body, signal);
  }

  /** PATCH with exactly the given fields (the `Patched…Request` schema). */
  async partialUpdate(id: string, fields: PatchOfKind<K>, signal?: AbortSignal): Promise<ItemOfKind<K>> {
    const operation = this.op('partialUpdate');
    const body = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
    if (Object.keys(body).length === 0) {
      throw new ServiceError({ kind: 'badInput', service: SERVICE, operation, summary: 'there is nothing to change (no fields given)' });
    }
    this.checkFields(operation, body, 'update');
    return this.write(operation, 'PATCH', this.itemPath(id, 'partialUpdate'), body, signal);
  }

  /**
   * DELETE. authentik answers 204; a 404 carrying authentik's own "No … matches the given
   * query." means someone else deleted it first, which is what the user wanted. A 404 from
   * anything else (an HTML page of a proxy, an unknown route) stays an error.
   */
  async destroy(id: string, signal?: AbortSignal): Promise<DestroyResult> {
    try {
      await send<unknown>(this.api, { operation: this.op('destroy'), method: 'DELETE', path: this.itemPath(id, 'destroy'), signal });
      return { outcome: 'deleted' };
    } catch (error) {
      if (isServiceError(error) && error.status === 404 && /matches the given query|^not found\.?$/i.test(error.serverMessage ?? '')) {
        return { outcome: 'alreadyGone', serverMessage: error.serverMessage };
      }
      throw error;
    }
  }

  /** What refers to the object and what a delete does to it (`action`: cascade, set_null…). */
  usedBy(id: string, signal?: AbortSignal): Promise<UsedBy[]> {
    return send<UsedBy[]>(this.api, { operation: this.op('usedBy'), method: 'GET', path: `${this.itemPath(id, 'usedBy')}used_by/`, signal });
  }

  /** The lookup value of one of this kind's objects. */
  idOf(item: ItemOfKind<K>): string {
    const value = (item as unknown as Record<string, unknown>)[this.spec.idField];
    return value === undefined || value === null ? '' : String(value);
  }

  private get quiet(): boolean {
    return this.spec.secrets.some((s) => s.where === 'returnedField');
  }

  private async write(operation: string, method: 'POST' | 'PUT' | 'PATCH', path: string, body: unknown, signal?: AbortSignal): Promise<ItemOfKind<K>> {
    for (const secret of this.spec.secrets) {
      if (secret.where !== 'revealEndpoint') registerSecret(this.secrets, (body as Record<string, unknown>)[secret.name]);
    }
    const item = await sendWrite(this.api, { operation, method, path, body, signal, quiet: this.quiet }, { noun: this.spec.label.toLowerCase(), idField: this.spec.idField });
    this.registerReturned(item);
    return item as ItemOfKind<K>;
  }

  private registerReturned(item: unknown): void {
    if (!item || typeof item !== 'object') return;
    for (const secret of this.spec.secrets) {
      if (secret.where === 'returnedField') registerSecret(this.secrets, (item as Record<string, unknown>)[secret.name]);
    }
  }

  /** Refuses fields the kind certainly cannot write, naming them, before anything is sent. */
  private checkFields(operation: string, body: object, mode: 'create' | 'update'): void {
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      throw new ServiceError({ kind: 'badInput', service: SERVICE, operation, summary: `the ${this.spec.label.toLowerCase()} must be a JSON object` });
    }
    const fieldErrors = [];
    for (const field of Object.keys(body)) {
      if (this.spec.readOnlyFields.includes(field)) fieldErrors.push({ field, messages: ['is read-only: the server computes it'] });
      else if (mode === 'update' && this.spec.createOnlyFields.includes(field)) fieldErrors.push({ field, messages: ['can only be set when the object is created'] });
    }
    if (fieldErrors.length > 0) {
      throw new ServiceError({ kind: 'badInput', service: SERVICE, operation, summary: `${fieldErrors.length === 1 ? 'a field' : 'fields'} cannot be written`, fieldErrors });
    }
  }

  private itemPath(id: string, verb: string): string {
    if (!id) {
      throw new ServiceError({ kind: 'badInput', service: SERVICE, operation: this.op(verb), summary: `the ${this.spec.lookupParam} of the ${this.spec.label.toLowerCase()} is missing` });
    }
    return `${this.spec.collectionPath}${encodeURIComponent(id)}/`;
  }

  /** `createApplication`, `listFlowStageBindings`… as named in messages and logs. */
  private op(verb: string, plural = false): string {
    const noun = (plural ? this.spec.pluralLabel : this.spec.label).replace(/[^A-Za-z ]/g, ' ');
    return (
      verb +
      noun
        .split(/\s+/)
        .filter(Boolean)
        .map((w) => w[0].toUpperCase() + w.slice(1))
        .join('')
    );
  }
}
