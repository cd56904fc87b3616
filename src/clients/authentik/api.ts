import { ServiceError } from '../../core/errors';
import { HttpClient, HttpResponse, RequestSpec, TransportOptions, transportOptions } from '../../core/http';
import { NOT_JSON_HINT, notJsonSummary } from '../../core/httpErrors';
import { parseAuthentikErrorBody } from './errors';
import type { paths } from './generated/schema';

/**
 * Transport to one authentik server: `Authorization: Bearer <token>` plus the user's extra
 * headers on every request, TLS verification off only when this connection says `insecure`.
 */

export interface AuthentikTransport extends TransportOptions {
  /** The API base, ending in /api/v3 (see core/config `authentikApiBase`). */
  apiBase: string;
  token?: string;
  headers?: Record<string, string>;
  insecure?: boolean;
  ca?: string | string[];
}

export const SERVICE = 'authentik';

export function authentikHint(kind: string): string | undefined {
  if (kind === 'auth') {
    return 'authentik answers 403 when the token is missing, expired or not an API token. Create an API token (intent "API") and connect again with "authentik: Connect…".';
  }
  if (kind === 'forbidden') {
    return 'The token works, but its user lacks the permission for this; grant it in authentik or use an admin token.';
  }
  return undefined;
}

export interface AuthentikPage<T> {
  pagination: {
    next: number;
    previous: number;
    count: number;
    current: number;
    total_pages: number;
    start_index: number;
    end_index: number;
  };
  results: T[];
}

/**
 * Types of one GET operation of the generated schema: its path template, path parameters, query
 * and 200 body. Requests are typed by the official document, not by hand-written shapes.
 */
export type ApiPath = { [P in keyof paths]: paths[P] extends { get: unknown } ? P : never }[keyof paths];
type GetOf<P extends ApiPath> = paths[P]['get'];
export type QueryOf<P extends ApiPath> = GetOf<P> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
export type PathParamsOf<P extends ApiPath> = GetOf<P> extends { parameters: { path: infer X } } ? X : never;
export type BodyOf<P extends ApiPath> = GetOf<P> extends { responses: { 200: { content: { 'application/json': infer B } } } } ? B : never;
/** The item type of a paginated list operation. */
export type ItemOf<P extends ApiPath> = BodyOf<P> extends { results: Array<infer T> } ? T : never;

export interface CallOptions<P extends ApiPath> {
  params?: PathParamsOf<P>;
  query?: QueryOf<P>;
  signal?: AbortSignal;
  /**
   * Read the answer as text and parse it here, so the HTTP client's trace log never holds it:
   * for answers with secrets under names that are no secret names there (a private key's
   * `data`, a webhook mapping's `expression`). The caller registers the secrets it finds.
   */
  quiet?: boolean;
}

/** One page of a list, as the tree pages it: `count` for "N of M", `next` page number or undefined. */
export interface ListPage<T> {
  items: T[];
  count: number;
  page: number;
  next?: number;
}

/** What the tree asks of a list: which page, how big, and the server-side search text. */
export interface ListOptions {
  page?: number;
  pageSize?: number;
  /** authentik's server-side `search` (DjangoQL where the endpoint supports it, else substring). */
  search?: string;
  signal?: AbortSignal;
}

/** The largest page authentik serves by default (`pagination_max_page_size`). */
export const MAX_PAGE_SIZE = 100;

export class AuthentikApi {
  readonly apiBase: string;
  private http?: HttpClient;

  constructor(private readonly connection: AuthentikTransport) {
    this.apiBase = connection.apiBase.replace(/\/+$/, '');
    const secrets = connection.secrets;
    for (const [name, value] of Object.entries(connection.headers ?? {})) {
      // Every extra header is secret: it is how auth proxies in front of authentik are passed.
      secrets?.addHeaderName(name);
      secrets?.add(value);
    }
    secrets?.add(connection.token);
  }

  /** The admin UI's base URL (the API base without /api/v3). */
  get uiBase(): string {
    return this.apiBase.replace(/\/api\/v3$/, '');
  }

  async request<T>(spec: RequestSpec): Promise<T> {
    return (await this.response<T>(spec)).data;
  }

  /** The whole answer, for callers whose outcome depends on its status (an accepted write). */
  async response<T>(spec: RequestSpec): Promise<HttpResponse<T>> {
    if (!this.connection.token) {
      throw new ServiceError({
        kind: 'auth',
        service: SERVICE,
        operation: spec.operation,
        summary: 'no API token is configured',
        hint: 'Connect with "authentik: Connect…" or the AUTHENTIK_TOKEN environment variable.',
      });
    }
    this.http ??= this.createClient();
    return this.http.request<T>(spec);
  }

  get<T>(operation: string, path: string, query?: RequestSpec['query'], signal?: AbortSignal): Promise<T> {
    return this.request<T>({ operation, path, query, signal });
  }

  /** A GET of the schema's `path` template with its parameters filled in (each one URL-encoded). */
  async call<P extends ApiPath>(operation: string, path: P, options: CallOptions<P> = {}): Promise<BodyOf<P>> {
    const spec: RequestSpec = { operation, path: fillPath(path, options.params), query: options.query, signal: options.signal };
    if (!options.quiet) {
      return this.request<BodyOf<P>>(spec);
    }
    const text = await this.request<string>({ ...spec, responseType: 'text' });
    try {
      return (text.trim() === '' ? undefined : JSON.parse(text)) as BodyOf<P>;
    } catch {
      throw new ServiceError({ kind: 'invalidResponse', service: SERVICE, operation, summary: notJsonSummary(`the answer to ${path}`, text), hint: NOT_JSON_HINT });
    }
  }

  /** Masks a secret found in an answer (a private key, a webhook header) in every log line and message. */
  registerSecret(value: string | undefined): void {
    this.connection.secrets?.add(value);
  }

  /** Masks a document whose secret parts are registered one by one (a webhook mapping's code) where it appears whole. */
  registerDocument(value: string | undefined): void {
    this.connection.secrets?.addDocument(value);
  }

  /**
   * One page of a paginated list. authentik's `pagination.next` is a page number, 0 on the last
   * page; a body without `pagination` (an older or odd server) counts as a single page. A page
   * larger than `page_size` is an invalid answer.
   */
  async page<P extends ApiPath>(operation: string, path: P, options: CallOptions<P> & { page?: number; pageSize?: number } = {}): Promise<ListPage<ItemOf<P>>> {
    const page = options.page ?? 1;
    const pageSize = options.pageSize ?? MAX_PAGE_SIZE;
    const query = { ...(options.query as object), page, page_size: pageSize } as unknown as QueryOf<P>;
    const body = (await this.call(operation, path, { ...options, query })) as unknown as Partial<AuthentikPage<ItemOf<P>>> | undefined;
    if (!body || !Array.isArray(body.results)) {
      throw new ServiceError({
        kind: 'invalidResponse',
        service: SERVICE,
        operation,
        summary: `the answer to ${path} is not a list (no "results")`,
        hint: 'Check that the URL points at the authentik server itself.',
      });
    }
    const items = body.results;
    // authentik serves at most the page_size asked for (less when its own maximum is lower); a
    // larger "page" is not authentik's answer, and the tree must not hold all of it.
    if (items.length > pageSize) {
      throw new ServiceError({
        kind: 'invalidResponse',
        service: SERVICE,
        operation,
        summary: `the answer to ${path} holds ${items.length.toLocaleString('en-US')} items on one page, more than the ${pageSize} asked for (page_size)`,
        hint: 'Check that the URL points at the authentik server itself.',
      });
    }
    const { next, count } = body.pagination ?? {};
    return { items, count: typeof count === 'number' ? count : items.length, page, next: typeof next === 'number' && next > page ? next : undefined };
  }

  /** Every page of a list, `page_size=100` at a time (for the plural data-source lookups, not the tree). */
  async all<P extends ApiPath>(operation: string, path: P, options: CallOptions<P> = {}): Promise<ItemOf<P>[]> {
    const items: ItemOf<P>[] = [];
    // The page after the one awaited is asked for at once, so the server prepares it while this
    // side reads the one before: the same requests, in about the time of the slower side. Only
    // pages the first page's count says exist are read ahead; the server's `next` still decides
    // which page comes, and a page read ahead that is not needed is cancelled.
    const done = new AbortController();
    const signal = options.signal ? AbortSignal.any([options.signal, done.signal]) : done.signal;
    const fetchPage = (page: number): Promise<ListPage<ItemOf<P>>> => {
      const loading = this.page(operation, path, { ...options, signal, page });
      loading.catch(() => undefined);
      return loading;
    };
    try {
      let awaited = fetchPage(1);
      let ahead: { page: number; loading: Promise<ListPage<ItemOf<P>>> } | undefined;
      let lastPage = 1;
      // Bounded, so a server that keeps answering `next` cannot hang the editor.
      for (let n = 0; n < 10_000; n++) {
        const result = await awaited;
        items.push(...result.items);
        if (result.page === 1 && result.items.length > 0) lastPage = Math.ceil(result.count / result.items.length);
        const next = result.next;
        if (next === undefined) break;
        awaited = ahead?.page === next ? ahead.loading : fetchPage(next);
        ahead = next < lastPage ? { page: next + 1, loading: fetchPage(next + 1) } : undefined;
      }
    } finally {
      done.abort();
    }
    return items;
  }

  private createClient(): HttpClient {
    const c = this.connection;
    return new HttpClient({
      service: SERVICE,
      baseUrl: this.apiBase,
      headers: { ...c.headers, Authorization: `Bearer ${c.token}`, Accept: 'application/json' },
      tls: { insecure: c.insecure, ca: c.ca },
      ...transportOptions(c),
      parseErrorBody: parseAuthentikErrorBody,
      hintFor: ({ kind }) => authentikHint(kind),
    });
  }
}

/** `/core/groups/{group_uuid}/` + `{group_uuid: "…"}` → `/core/groups/5b0f…/`. */
export function fillPath(template: string, params: unknown): string {
  const values = (params ?? {}) as Record<string, string | number>;
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined || value === '') {
      throw new ServiceError({ kind: 'badInput', service: SERVICE, operation: 'request', summary: `the path ${template} needs "${name}"` });
    }
    return encodeURIComponent(String(value));
  });
}
