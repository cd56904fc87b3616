import { ServiceError } from '../../core/errors';
import { HttpClient, HttpClientOptions, RequestSpec } from '../../core/http';
import { Logger } from '../../core/logger';
import { SecretRegistry } from '../../core/redact';
import { parseAuthentikErrorBody } from './errors';

/**
 * Transport to one authentik server: `Authorization: Bearer <token>` plus the user's extra
 * headers on every request, TLS verification off only when this connection says `insecure`.
 */

export interface AuthentikConnection {
  /** The API base, ending in /api/v3 (see core/config `authentikApiBase`). */
  apiBase: string;
  token?: string;
  headers?: Record<string, string>;
  insecure?: boolean;
  ca?: string | string[];
  userAgent?: string;
  logger?: Logger;
  secrets?: SecretRegistry;
  timeoutMs?: number;
  proxy?: string;
  noProxy?: string;
  sleep?: HttpClientOptions['sleep'];
  retry?: HttpClientOptions['retry'];
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

export class AuthentikApi {
  readonly apiBase: string;
  private http?: HttpClient;

  constructor(private readonly connection: AuthentikConnection) {
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
    return (await this.http.request<T>(spec)).data;
  }

  get<T>(operation: string, path: string, query?: RequestSpec['query'], signal?: AbortSignal): Promise<T> {
    return this.request<T>({ operation, path, query, signal });
  }

  private createClient(): HttpClient {
    const c = this.connection;
    return new HttpClient({
      service: SERVICE,
      baseUrl: this.apiBase,
      headers: { ...c.headers, Authorization: `Bearer ${c.token}`, Accept: 'application/json' },
      tls: { insecure: c.insecure, ca: c.ca },
      userAgent: c.userAgent,
      logger: c.logger,
      secrets: c.secrets,
      timeoutMs: c.timeoutMs,
      proxy: c.proxy,
      noProxy: c.noProxy,
      sleep: c.sleep,
      retry: c.retry,
      parseErrorBody: parseAuthentikErrorBody,
      hintFor: ({ kind }) => authentikHint(kind),
    });
  }
}
