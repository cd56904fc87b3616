import { ServiceError } from '../../core/errors';
import { HttpClient, HttpClientOptions, HttpResponse, RequestSpec, TransportOptions, transportOptions } from '../../core/http';
import { parseHoneycombErrorBody } from './errors';

/**
 * Transport to the Honeycomb API for one set of credentials. v1 endpoints take a
 * configuration key in `X-Honeycomb-Team`; v2 endpoints take a management key as
 * `Authorization: Bearer <id>:<secret>` and speak JSON:API. Both share the host.
 */

export interface HoneycombConnection extends TransportOptions {
  apiUrl: string;
  apiKey?: string;
  managementKey?: { id: string; secret: string };
  onRateLimited?: HttpClientOptions['onRateLimited'];
}

export const SERVICE = 'Honeycomb';

/** What each key kind needs, said in the words of Honeycomb's key settings page. */
const PERMISSION_HINTS: Record<string, string> = {
  getEnvironments: 'It needs a management key with the environments:read scope.',
  getEnvironment: 'It needs a management key with the environments:read scope.',
  getDatasets: 'The configuration key needs the "Create Datasets" permission.',
  getDataset: 'The configuration key needs the "Create Datasets" permission.',
  getColumns: 'The configuration key needs the "Manage Queries and Columns" permission.',
  getColumn: 'The configuration key needs the "Manage Queries and Columns" permission.',
  getDerivedColumns: 'The configuration key needs the "Manage Queries and Columns" permission.',
  getDerivedColumn: 'The configuration key needs the "Manage Queries and Columns" permission.',
  getSlos: 'The configuration key needs the "Manage SLOs" permission (SLOs need a Pro or Enterprise plan).',
  getSlo: 'The configuration key needs the "Manage SLOs" permission (SLOs need a Pro or Enterprise plan).',
  getRecipients: 'The configuration key needs the "Manage Recipients" permission.',
  getRecipient: 'The configuration key needs the "Manage Recipients" permission.',
  createRecipient: 'The configuration key needs the "Manage Recipients" permission.',
  updateRecipient: 'The configuration key needs the "Manage Recipients" permission.',
  deleteRecipient: 'The configuration key needs the "Manage Recipients" permission.',
  getTriggers: 'The configuration key needs the "Manage Triggers" permission.',
  getTrigger: 'The configuration key needs the "Manage Triggers" permission.',
  getRecipientTriggers: 'The configuration key needs the "Manage Recipients" and "Manage Triggers" permissions.',
  getTriggerRecipient: 'The configuration key needs the "Manage Triggers" permission.',
  createTrigger: 'The configuration key needs the "Manage Triggers" permission.',
  updateTrigger: 'The configuration key needs the "Manage Triggers" permission.',
  deleteTrigger: 'The configuration key needs the "Manage Triggers" permission.',
  createQuery: 'The configuration key needs the "Manage Queries and Columns" permission.',
  getQueryAnnotations: 'The configuration key needs the "Manage Queries and Columns" permission.',
  getQueryAnnotation: 'The configuration key needs the "Manage Queries and Columns" permission.',
  createQueryAnnotation: 'The configuration key needs the "Manage Queries and Columns" permission.',
  updateQueryAnnotation: 'The configuration key needs the "Manage Queries and Columns" permission.',
  deleteQueryAnnotation: 'The configuration key needs the "Manage Queries and Columns" permission.',
  getQueryResult: 'The configuration key needs "Manage Queries and Columns" and "Run Queries" (Query Data needs an Enterprise plan).',
};

/** The `page[size]` of v2 lists: the API's maximum. A page holding more is not a valid answer. */
const V2_PAGE_SIZE = 100;

const V2_OPERATIONS = new Set(['getEnvironments', 'getEnvironment', 'createEnvironment', 'updateEnvironment', 'deleteEnvironment', 'getManagementKeyInfo']);

export function honeycombHint(kind: string, operation: string): string | undefined {
  const v2 = V2_OPERATIONS.has(operation);
  if (kind === 'auth') {
    return v2
      ? 'Honeycomb refused the management key. Set it again with "Honeycomb: Set Management Key…" (key ID and secret).'
      : 'Honeycomb refused the API key. Set it again with "Honeycomb: Set API Key…".';
  }
  if (kind === 'forbidden') {
    return PERMISSION_HINTS[operation] ?? 'The key lacks a permission this needs; check the key\u2019s permissions in Honeycomb\u2019s team settings.';
  }
  return undefined;
}

export class HoneycombApi {
  readonly apiUrl: string;
  private v1Client?: HttpClient;
  private v2Client?: HttpClient;
  private teamSlugPromise?: Promise<string>;

  constructor(private readonly connection: HoneycombConnection) {
    this.apiUrl = connection.apiUrl.replace(/\/+$/, '');
  }

  get hasApiKey(): boolean {
    return Boolean(this.connection.apiKey);
  }

  get hasManagementKey(): boolean {
    return Boolean(this.connection.managementKey);
  }

  /**
   * Uses a team slug already known (from `/1/auth` of an API key of the same team) instead of
   * asking `/2/auth`, which saves the view a request on open.
   */
  useTeamSlug(slug: string): void {
    if (slug && !this.teamSlugPromise) {
      this.teamSlugPromise = Promise.resolve(slug);
    }
  }

  /** Masks a secret found in an answer (a webhook secret, an integration key) in every log line. */
  registerSecret(value: string | undefined): void {
    this.connection.secrets?.add(value);
  }

  /** The answer as a list of objects, or a clear error naming the operation. */
  expectArray<T>(operation: string, body: unknown): T[] {
    if (!Array.isArray(body) || body.some((item) => !item || typeof item !== 'object' || Array.isArray(item))) {
      throw invalidAnswer(operation, 'a list of objects');
    }
    return body as T[];
  }

  /** The answer as one object, or a clear error naming the operation. */
  expectObject<T>(operation: string, body: unknown): T {
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      throw invalidAnswer(operation, 'an object');
    }
    return body as T;
  }

  /** A v1 request with the configuration key. */
  v1<T>(spec: RequestSpec): Promise<T> {
    return this.v1Response<T>(spec).then((r) => r.data);
  }

  /** A v1 request whose status matters to the caller (a delete's 404 means "already gone"). */
  v1Response<T>(spec: RequestSpec): Promise<HttpResponse<T>> {
    if (!this.connection.apiKey) {
      return Promise.reject(
        new ServiceError({
          kind: 'auth',
          service: SERVICE,
          operation: spec.operation,
          summary: 'no API key is configured',
          hint: 'Set one with "Honeycomb: Set API Key…" or the HONEYCOMB_API_KEY environment variable.',
        }),
      );
    }
    this.v1Client ??= this.client({ 'X-Honeycomb-Team': this.connection.apiKey, 'Content-Type': 'application/json' });
    return this.v1Client.request<T>(spec);
  }

  /** A v2 (JSON:API) request with the management key. */
  v2<T>(spec: RequestSpec): Promise<T> {
    const key = this.connection.managementKey;
    if (!key) {
      return Promise.reject(
        new ServiceError({
          kind: 'auth',
          service: SERVICE,
          operation: spec.operation,
          summary: 'no management key is configured',
          hint: 'This needs a management key: set one with "Honeycomb: Set Management Key…" or HONEYCOMB_KEY_ID and HONEYCOMB_KEY_SECRET.',
        }),
      );
    }
    this.v2Client ??= this.client({ Authorization: `Bearer ${key.id}:${key.secret}`, 'Content-Type': 'application/vnd.api+json' });
    return this.v2Client.request<T>(spec).then((r) => r.data);
  }

  /**
   * Every page of a v2 list: request `page[size]` first, then follow `links.next` verbatim
   * (resolved against the API URL) until it is absent, as Honeycomb's v2 API documentation
   * describes, with a bound so a server that loops cannot hang the editor, and no page larger
   * than the size asked for.
   */
  async v2All<T>(operation: string, path: string, signal?: AbortSignal, maxPages = 1000): Promise<T[]> {
    const items: T[] = [];
    let next: string | undefined = path + (path.includes('?') ? '&' : '?') + `page[size]=${V2_PAGE_SIZE}`;
    for (let page = 0; next && page < maxPages; page++) {
      // An absolute `links.next` on another origin never gets the key: HttpClient refuses it.
      const body: { data?: T[]; links?: { next?: string | null } } = await this.v2({ operation, path: next, signal });
      const data = body?.data ?? [];
      if (!Array.isArray(data)) throw invalidAnswer(operation, 'a JSON:API list (no "data" array)');
      if (data.length > V2_PAGE_SIZE) {
        throw new ServiceError({
          kind: 'invalidResponse',
          service: SERVICE,
          operation,
          summary: `a page of the answer holds ${data.length.toLocaleString('en-US')} items, more than the ${V2_PAGE_SIZE} asked for (page[size])`,
          hint: 'Check that the API URL points at Honeycomb itself, not a proxy or another service.',
        });
      }
      items.push(...data);
      next = body?.links?.next ?? undefined;
    }
    return items;
  }

  /** The team slug v2 paths need; found once through `GET /2/auth`, errors are not cached. */
  teamSlug(signal?: AbortSignal): Promise<string> {
    if (!this.teamSlugPromise) {
      this.teamSlugPromise = this.v2<V2AuthBody>({ operation: 'getManagementKeyInfo', path: '/2/auth', signal }).then(
        (body) => {
          const slug = managementKeyInfoFrom(body).teamSlug;
          if (!slug) {
            throw new ServiceError({
              kind: 'invalidResponse',
              service: SERVICE,
              operation: 'getManagementKeyInfo',
              summary: 'the /2/auth answer does not name the key\u2019s team',
            });
          }
          return slug;
        },
        (error) => {
          this.teamSlugPromise = undefined;
          throw error;
        },
      );
    }
    return this.teamSlugPromise;
  }

  private client(headers: Record<string, string>): HttpClient {
    const c = this.connection;
    return new HttpClient({
      service: SERVICE,
      baseUrl: this.apiUrl,
      headers,
      ...transportOptions(c),
      onRateLimited: c.onRateLimited,
      parseErrorBody: parseHoneycombErrorBody,
      hintFor: ({ kind, operation }) => honeycombHint(kind, operation),
    });
  }
}

function invalidAnswer(operation: string, expected: string): ServiceError {
  return new ServiceError({
    kind: 'invalidResponse',
    service: SERVICE,
    operation,
    summary: `the answer was not ${expected} as the Honeycomb API documents`,
    hint: 'Check that the API URL points at Honeycomb itself, not a proxy or another service.',
  });
}

export interface V2AuthBody {
  data?: {
    id?: string;
    type?: string;
    attributes?: { name?: string; key_type?: string; disabled?: boolean; scopes?: string[] };
    relationships?: { team?: { data?: { id?: string; type?: string } } };
  };
  included?: Array<{ id?: string; type?: string; attributes?: { name?: string; slug?: string } }>;
}

export interface ManagementKeyInfo {
  id: string;
  name: string;
  keyType: string;
  disabled: boolean;
  scopes: string[];
  teamName: string;
  teamSlug: string;
}

export function managementKeyInfoFrom(body: V2AuthBody): ManagementKeyInfo {
  const team = (body.included ?? []).find((item) => item.type === 'teams');
  return {
    id: body.data?.id ?? '',
    name: body.data?.attributes?.name ?? '',
    keyType: body.data?.attributes?.key_type ?? '',
    disabled: body.data?.attributes?.disabled === true,
    scopes: body.data?.attributes?.scopes ?? [],
    teamName: team?.attributes?.name ?? '',
    teamSlug: team?.attributes?.slug ?? '',
  };
}
