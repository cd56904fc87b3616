import { ServiceError } from '../../core/errors';
import { ANSWER_LIMITS } from '../../core/answerLimits';
import { HttpClient, HttpResponse, RequestSpec } from '../../core/http';
import { NOT_JSON_HINT, notJsonSummary } from '../../core/httpErrors';
import { Logger } from '../../core/logger';
import { KnownSecrets } from '../../core/redact';
import { Actions, RegistryAuthenticator } from './auth';
import { parseChallenge, registryBaseUrl } from './challenge';
import { CredentialLookup } from './credentials';
import { attachmentTag, isDigest, sha256Digest } from './digest';
import { parseRegistryError, registryHint } from './errors';
import { Descriptor, ImageIndex, MANIFEST_ACCEPT, Manifest, MediaTypes, isIndex, readManifest } from './manifest';

/**
 * The OCI distribution API of one registry host, on top of HttpClient: manifests (checked
 * against their digests), blobs (checked against their digests), referrers (API, then cosign's
 * tag-scheme fallback), and the writes a signer needs (blob upload, cross-repository mount,
 * manifest put). Every request is counted, so a benchmark can say how many a verification took.
 */
export interface RegistryClientOptions {
  credentials?: CredentialLookup;
  logger?: Logger;
  secrets?: KnownSecrets;
  userAgent?: string;
  timeoutMs?: number;
  insecure?: boolean;
  proxy?: string;
  noProxy?: string;
  /** Another base URL for a host (a mirror, or a test registry); default https, http on loopback. */
  baseUrlFor?: (registry: string) => string | undefined;
}

export interface RequestStats {
  /** Requests to the registry API itself. */
  registry: number;
  /** Token requests and 401 challenges. */
  auth: number;
  /** Bytes of manifests and blobs received. */
  bytes: number;
}

export interface FetchedManifest {
  /** sha256 of the bytes as received: the manifest's identity. */
  digest: string;
  mediaType: string;
  bytes: Buffer;
  manifest: Manifest;
}

export interface Referrers {
  /** How they were found: the referrers API, the `sha256-<hex>` fallback tag, or not at all. */
  via: 'api' | 'tag' | 'none';
  descriptors: Descriptor[];
}

export class RegistryClient {
  readonly http: HttpClient;
  readonly stats: RequestStats = { registry: 0, auth: 0, bytes: 0 };
  private readonly auth: RegistryAuthenticator;

  /**
   * With `connection`, a client on that client's HTTP connection, login and tokens, which counts
   * only its own requests (one verification among those of a command).
   */
  constructor(
    readonly registry: string,
    options: RegistryClientOptions = {},
    connection?: RegistryClient,
  ) {
    if (connection) {
      this.http = connection.http;
      this.auth = connection.auth;
      return;
    }
    const secrets = options.secrets ?? new KnownSecrets();
    this.http = new HttpClient({
      service: `Registry ${registry}`,
      baseUrl: options.baseUrlFor?.(registry) ?? registryBaseUrl(registry),
      userAgent: options.userAgent,
      logger: options.logger,
      secrets,
      timeoutMs: options.timeoutMs,
      tls: { insecure: options.insecure },
      proxy: options.proxy,
      noProxy: options.noProxy,
      parseErrorBody: parseRegistryError,
      hintFor: registryHint(registry),
    });
    this.auth = new RegistryAuthenticator(this.http, registry, options.credentials, secrets);
  }

  /** GET a manifest by tag or digest. A digest reference must match the bytes received. */
  async getManifest(repository: string, reference: string, options: { accept?: string; signal?: AbortSignal } = {}): Promise<FetchedManifest> {
    const found = await this.fetchManifest(repository, reference, options, false);
    return found as FetchedManifest;
  }

  /** Like getManifest, but a missing manifest is `undefined` rather than an error. */
  async findManifest(repository: string, reference: string, options: { accept?: string; signal?: AbortSignal } = {}): Promise<FetchedManifest | undefined> {
    return this.fetchManifest(repository, reference, options, true);
  }

  /** The digest a tag points at now (a digest is returned as it is, without a request). */
  async resolveDigest(repository: string, reference: string, signal?: AbortSignal): Promise<FetchedManifest | string> {
    if (isDigest(reference)) return reference;
    return this.getManifest(repository, reference, { signal });
  }

  /** GET a blob; its bytes must hash to the digest asked for. */
  async getBlob(repository: string, digest: string, options: { signal?: AbortSignal; maxBytes?: number } = {}): Promise<Buffer> {
    const response = await this.send<Buffer>(repository, 'pull', {
      operation: 'get blob',
      path: `/v2/${repository}/blobs/${digest}`,
      responseType: 'buffer',
      // Registries send blob downloads to storage elsewhere (a signed URL): followed, never with the login.
      redirects: 'crossOriginWithoutCredentials',
      limit: options.maxBytes !== undefined ? { bytes: options.maxBytes, what: `the blob ${digest}` } : ANSWER_LIMITS.blob,
      signal: options.signal,
    });
    const bytes = response.data;
    this.stats.bytes += bytes.length;
    const actual = sha256Digest(bytes);
    if (actual !== digest) {
      throw this.invalid('get blob', `the blob ${digest} of ${repository} does not match its digest: the registry sent content whose digest is ${actual}`);
    }
    return bytes;
  }

  /**
   * Manifests that refer to `digest` through their `subject`: the referrers API when the
   * registry has it (200 with an OCI index), else the index at the `sha256-<hex>` tag.
   */
  async getReferrers(repository: string, digest: string, options: { artifactType?: string; signal?: AbortSignal } = {}): Promise<Referrers> {
    const api = await this.send<Buffer>(repository, 'pull', {
      operation: 'list referrers',
      path: `/v2/${repository}/referrers/${digest}`,
      query: { artifactType: options.artifactType },
      headers: { Accept: MediaTypes.ociIndex },
      responseType: 'buffer',
      limit: ANSWER_LIMITS.manifest,
      acceptStatus: [400, 404, 405, 406],
      signal: options.signal,
    });
    const contentType = (api.headers['content-type'] ?? '').split(';')[0].trim();
    if (api.status === 200 && contentType === MediaTypes.ociIndex) {
      this.stats.bytes += api.data.length;
      const index = this.parseManifest(api.data, contentType, 'list referrers', `referrers of ${digest}`);
      if (isIndex(index.manifest)) return { via: 'api', descriptors: filterType(index.manifest, options.artifactType) };
    }
    const fallback = await this.findManifest(repository, attachmentTag(digest), { accept: `${MediaTypes.ociIndex}, ${MediaTypes.dockerManifestList}`, signal: options.signal });
    if (!fallback) return { via: 'none', descriptors: [] };
    if (!isIndex(fallback.manifest)) {
      throw this.invalid('list referrers', `the fallback tag ${attachmentTag(digest)} of ${repository} holds an image manifest, not the index of referrers`);
    }
    return { via: 'tag', descriptors: filterType(fallback.manifest, options.artifactType) };
  }

  async blobExists(repository: string, digest: string, signal?: AbortSignal): Promise<boolean> {
    const response = await this.send(repository, 'pull', { operation: 'check blob', method: 'HEAD', path: `/v2/${repository}/blobs/${digest}`, acceptStatus: [404], responseType: 'text', signal });
    return response.status !== 404;
  }

  /**
   * Uploads a blob (POST then PUT with the digest) unless the repository has it already. An upload
   * Location on another origin gets no credential: HttpClient refuses it.
   */
  async putBlob(repository: string, bytes: Buffer, signal?: AbortSignal): Promise<{ digest: string; size: number }> {
    const digest = sha256Digest(bytes);
    if (await this.blobExists(repository, digest, signal)) return { digest, size: bytes.length };
    const start = await this.send(repository, 'pull,push', { operation: 'upload blob', method: 'POST', path: `/v2/${repository}/blobs/uploads/`, responseType: 'text', signal });
    const location = this.uploadLocation(start, 'upload blob');
    const url = new URL(location, start.url);
    url.searchParams.set('digest', digest);
    await this.send(repository, 'pull,push', {
      operation: 'upload blob',
      method: 'PUT',
      path: url.toString(),
      body: bytes,
      headers: { 'Content-Type': 'application/octet-stream' },
      responseType: 'text',
      // Content-addressed: the same bytes under the same digest, however often it is sent.
      idempotent: true,
      signal,
    });
    return { digest, size: bytes.length };
  }

  /** Asks the registry to link a blob from another repository; false when it would not. */
  async mountBlob(repository: string, digest: string, fromRepository: string, signal?: AbortSignal): Promise<boolean> {
    const response = await this.send(
      repository,
      'pull,push',
      { operation: 'mount blob', method: 'POST', path: `/v2/${repository}/blobs/uploads/`, query: { mount: digest, from: fromRepository }, responseType: 'text', signal },
      [`repository:${fromRepository}:pull`],
    );
    return response.status === 201;
  }

  /** PUTs a manifest under a tag or its digest. Says whether the registry processed `subject`. */
  async putManifest(repository: string, reference: string, bytes: Buffer, mediaType: string, signal?: AbortSignal): Promise<{ digest: string; subjectProcessed: boolean }> {
    const digest = sha256Digest(bytes);
    if (isDigest(reference) && reference !== digest) {
      throw new ServiceError({ kind: 'badInput', service: this.http.service, operation: 'put manifest', summary: `the manifest's digest is ${digest}, not ${reference}` });
    }
    const response = await this.send(repository, 'pull,push', {
      operation: 'put manifest',
      method: 'PUT',
      path: `/v2/${repository}/manifests/${reference}`,
      body: bytes,
      headers: { 'Content-Type': mediaType },
      responseType: 'text',
      // The same bytes again; a retry cannot overwrite anything this PUT would not.
      idempotent: true,
      signal,
    });
    const echoed = response.headers['docker-content-digest'];
    if (echoed && echoed !== digest) {
      throw this.invalid('put manifest', `the registry stored the manifest as ${echoed}, but its bytes hash to ${digest}`);
    }
    return { digest, subjectProcessed: response.headers['oci-subject'] !== undefined };
  }

  /**
   * DELETEs a manifest by digest (the signer's undo of a manifest it just wrote). False when the
   * registry does not allow deletes (405) or no longer has it (404).
   */
  async deleteManifest(repository: string, digest: string, signal?: AbortSignal): Promise<boolean> {
    const response = await this.send(
      repository,
      'pull,push',
      { operation: 'delete manifest', method: 'DELETE', path: `/v2/${repository}/manifests/${digest}`, acceptStatus: [404, 405], responseType: 'text', signal },
      [`repository:${repository}:delete`],
    );
    return response.status === 202 || response.status === 200;
  }

  private async fetchManifest(repository: string, reference: string, options: { accept?: string; signal?: AbortSignal }, allowMissing: boolean): Promise<FetchedManifest | undefined> {
    const response = await this.send<Buffer>(repository, 'pull', {
      operation: 'get manifest',
      path: `/v2/${repository}/manifests/${reference}`,
      headers: { Accept: options.accept ?? MANIFEST_ACCEPT },
      responseType: 'buffer',
      limit: ANSWER_LIMITS.manifest,
      acceptStatus: allowMissing ? [404] : [],
      signal: options.signal,
    });
    if (response.status === 404) return undefined;
    const bytes = response.data;
    this.stats.bytes += bytes.length;
    const digest = sha256Digest(bytes);
    if (isDigest(reference) && digest !== reference) {
      throw this.invalid('get manifest', `manifest digest ${digest} does not match requested digest ${reference} in ${repository}`);
    }
    const headerType = (response.headers['content-type'] ?? '').split(';')[0].trim() || undefined;
    const parsed = this.parseManifest(bytes, headerType, 'get manifest', `${repository}:${reference}`);
    return { digest, mediaType: parsed.mediaType, bytes, manifest: parsed.manifest };
  }

  private parseManifest(bytes: Buffer, headerType: string | undefined, operation: string, what: string): { manifest: Manifest; mediaType: string } {
    let body: unknown;
    const text = bytes.toString('utf8');
    try {
      body = JSON.parse(text);
    } catch {
      throw new ServiceError({
        kind: 'invalidResponse',
        service: this.http.service,
        operation,
        summary: notJsonSummary(`the manifest ${what} from ${this.registry}`, text),
        hint: NOT_JSON_HINT,
      });
    }
    const read = readManifest(body, headerType);
    if ('problem' in read) throw this.invalid(operation, `the manifest ${what} is not usable: ${read.problem}`);
    return read;
  }

  /**
   * One request with the host's login: a known challenge is answered up front; a 401 teaches
   * the challenge and the request is repeated once with the answer.
   */
  private async send<T>(repository: string, actions: Actions, spec: RequestSpec, extraScopes: string[] = []): Promise<HttpResponse<T>> {
    const scopes = [`repository:${repository}:${actions}`, ...extraScopes];
    const accept = spec.acceptStatus ?? [];
    for (let attempt = 0; ; attempt++) {
      const authorization = await this.auth.headerFor(scopes, repository, this.countAuthRequest, spec.signal);
      this.stats.registry++;
      const response = await this.http.request<T>({
        ...spec,
        headers: { ...spec.headers, ...(authorization ? { Authorization: authorization } : {}) },
        acceptStatus: [...accept, 401],
      });
      if (response.status !== 401 || accept.includes(401)) return response;
      this.stats.registry--;
      this.stats.auth++;
      const challenge = parseChallenge(response.headers['www-authenticate']);
      if (attempt > 0 || (authorization && challenge?.params.error === 'insufficient_scope')) {
        throw this.denied(spec.operation, repository, actions, response);
      }
      await this.auth.answer(challenge, scopes, repository, this.countAuthRequest, spec.signal);
    }
  }

  private readonly countAuthRequest = (): void => {
    this.stats.auth++;
  };

  private denied(operation: string, repository: string, actions: Actions, response: HttpResponse<unknown>): ServiceError {
    const raw = Buffer.isBuffer(response.data) ? response.data.toString('utf8') : typeof response.data === 'string' ? response.data : JSON.stringify(response.data ?? '');
    let serverMessage: string | undefined;
    try {
      const message = parseRegistryError(401, '', JSON.parse(raw)).message;
      // A registry may echo the login it refused: masked as every other server's words are.
      serverMessage = message === undefined ? undefined : this.http.redact(message);
    } catch {
      serverMessage = undefined;
    }
    const scope = parseChallenge(response.headers['www-authenticate'])?.params.error === 'insufficient_scope';
    return new ServiceError({
      kind: scope ? 'forbidden' : 'auth',
      service: this.http.service,
      operation,
      status: 401,
      summary: scope ? `not authorized to ${actions === 'pull' ? 'read' : 'write'} ${repository} (insufficient_scope)` : `the registry did not accept the login for ${repository} (HTTP 401)`,
      serverMessage,
      hint: registryHint(this.registry)({ kind: 'auth', operation }),
    });
  }

  private uploadLocation(response: HttpResponse<unknown>, operation: string): string {
    const location = response.headers['location'];
    if (!location) throw this.invalid(operation, 'the registry started an upload without saying where to send it (no Location header)');
    return location;
  }

  private invalid(operation: string, summary: string): ServiceError {
    return new ServiceError({ kind: 'invalidResponse', service: this.http.service, operation, summary });
  }
}

function filterType(index: ImageIndex, artifactType: string | undefined): Descriptor[] {
  return index.manifests.filter((d) => !artifactType || !d.artifactType || d.artifactType === artifactType);
}

/** One client per registry host, shared by a verification (tokens and counts are per host). */
export class Registries {
  private readonly clients = new Map<string, RegistryClient>();

  constructor(
    readonly options: RegistryClientOptions = {},
    private readonly connections?: Registries,
  ) {}

  forHost(registry: string): RegistryClient {
    let client = this.clients.get(registry);
    if (!client) {
      client = new RegistryClient(registry, this.options, this.connections?.forHost(registry));
      this.clients.set(registry, client);
    }
    return client;
  }

  /**
   * Clients on these clients' connections, logins and tokens that count only their own
   * requests: for one of several verifications running at once, whose report says what it cost.
   */
  session(): Registries {
    return new Registries(this.options, this.connections ?? this);
  }

  /** Requests made so far, over all hosts. */
  stats(): RequestStats {
    const total: RequestStats = { registry: 0, auth: 0, bytes: 0 };
    for (const client of this.clients.values()) {
      total.registry += client.stats.registry;
      total.auth += client.stats.auth;
      total.bytes += client.stats.bytes;
    }
    return total;
  }
}
