import {
  AuthMetadata,
  ColumnItem,
  DatasetItem,
  DerivedColumnItem,
  ENVIRONMENT_WIDE,
  EnvironmentItem,
  HoneycombClient,
  ManagementKeyInfo,
  RecipientItem,
  SloItem,
  TriggerItem,
} from '../../clients/honeycomb';
import type { BurnAlertItem } from '../../clients/honeycomb/burnAlerts';
import type { QueryAnnotationItem } from '../../clients/honeycomb/writes';
import { HoneycombConfig } from '../../core/config';
import { SecretKeys } from '../../core/secretKeys';
import { ServiceError } from '../../core/errors';
import { ListCache } from './listCache';
import { EnvContext, EnvironmentInfo } from './objects';

/**
 * The state of the Honeycomb explorer for one connection: what the configured keys reach, which
 * API key reads which environment, and the lists loaded so far (ListCache). Tree nodes and
 * record panels both read through it. It has no `vscode` import: the editor side hands it the
 * connection and secret storage as plain functions (ExplorerDeps), so it runs on Node in tests
 * and benchmarks.
 *
 * Per-environment API keys: a configuration key is bound to one environment, so browsing several
 * environments side by side takes one key each. They live in SecretStorage under
 * `opsConfig.honeycomb.apiKey.<environment slug>`; the configured API key serves its own
 * environment unless a per-environment key overrides it.
 */

export const ENVIRONMENT_KEY_PREFIX = SecretKeys.honeycombEnvironmentApiKeyPrefix;

export function environmentKeyName(envSlug: string): string {
  return `${ENVIRONMENT_KEY_PREFIX}${envSlug}`;
}

/** The slug an environment is known by; Classic environments have none and are called "classic". */
export function slugOfAuth(auth: AuthMetadata): string {
  return auth.environment.slug || 'classic';
}

export interface ExplorerDeps {
  config(): Promise<HoneycombConfig>;
  /** The client of the configured keys, or undefined when none is configured. */
  client(): Promise<HoneycombClient | undefined>;
  /** A client for another API key (same URL, logging and proxy), e.g. a per-environment key. */
  clientForKey(apiKey: string): Promise<HoneycombClient>;
  /** The per-environment API key stored for an environment, if any. */
  storedKey(envSlug: string): Promise<string | undefined>;
  /**
   * The environments that have a stored key, in one look-up (the names only), when the editor
   * can tell; environments not named need no look-up of their own.
   */
  storedKeyEnvironments?(): Promise<string[]>;
}

export interface Session {
  config: HoneycombConfig;
  client: HoneycombClient;
  /** The configured API key's metadata (`/1/auth`). */
  auth?: AuthMetadata;
  /** Why `/1/auth` failed, when a management key still lets the view show environments. */
  authError?: unknown;
  /** Only asked for (`/2/auth`) when there is no API key to name the team. */
  management?: ManagementKeyInfo;
  team: { name: string; slug: string };
}

export type KeySource = 'default' | 'stored';

export class HoneycombExplorer {
  readonly cache = new ListCache();
  private session?: Promise<Session>;
  private withStoredKeys?: Promise<Set<string> | undefined>;
  private readonly keyClients = new Map<string, Promise<HoneycombClient>>();

  constructor(readonly deps: ExplorerDeps) {}

  /** Forgets everything: the next look at the view asks the keys again (view Refresh). */
  reset(): void {
    this.cache.clear();
    this.session = undefined;
    this.withStoredKeys = undefined;
    this.keyClients.clear();
  }

  /**
   * What the keys reach, at the cost of one request: `/1/auth` with an API key (its team slug
   * also serves the management key's v2 paths), else `/2/auth` with a management key.
   */
  start(): Promise<Session> {
    if (!this.session) {
      const pending = this.open();
      this.session = pending;
      // Asked beside /1/auth, so that when the environments arrive their keys' origin is known.
      void this.environmentsWithStoredKeys();
      pending.catch(() => {
        if (this.session === pending) this.session = undefined;
      });
    }
    return this.session;
  }

  private async open(): Promise<Session> {
    const config = await this.deps.config();
    const client = await this.deps.client();
    if (!client) {
      throw new ServiceError({ kind: 'auth', service: 'Honeycomb', operation: 'getAuthMetadata', summary: 'no key is configured', hint: 'Set one with "Honeycomb: Set API Key…".' });
    }
    let auth: AuthMetadata | undefined;
    let authError: unknown;
    if (config.apiKey) {
      try {
        auth = await client.getAuthMetadata();
      } catch (error) {
        if (!config.managementKey) throw error;
        authError = error;
      }
    }
    let management: ManagementKeyInfo | undefined;
    if (config.managementKey) {
      if (auth?.team.slug) {
        client.api.useTeamSlug(auth.team.slug);
      } else {
        try {
          management = await client.getManagementKeyInfo();
          client.api.useTeamSlug(management.teamSlug);
        } catch (error) {
          throw authError ?? error;
        }
      }
    }
    const team = auth?.team ?? { name: management?.teamName ?? '', slug: management?.teamSlug ?? '' };
    return { config, client, auth, authError, management, team };
  }

  /** The environment the configured API key belongs to. */
  async defaultEnvironment(): Promise<EnvironmentInfo | undefined> {
    const { auth } = await this.start();
    return auth ? { slug: slugOfAuth(auth), name: auth.environment.classic ? 'Classic' : auth.environment.name } : undefined;
  }

  /** The client that reads an environment, and where its key comes from; undefined without a key. */
  async environmentClient(envSlug: string): Promise<{ client: HoneycombClient; source: KeySource } | undefined> {
    const stored = await this.deps.storedKey(envSlug);
    if (stored) {
      let client = this.keyClients.get(stored);
      if (!client) {
        client = this.deps.clientForKey(stored);
        this.keyClients.set(stored, client);
      }
      return { client: await client, source: 'stored' };
    }
    const session = await this.start();
    if (session.auth && slugOfAuth(session.auth) === envSlug) {
      return { client: session.client, source: 'default' };
    }
    return undefined;
  }

  async keySource(envSlug: string): Promise<KeySource | undefined> {
    const withKeys = await this.environmentsWithStoredKeys();
    if ((!withKeys || withKeys.has(envSlug)) && (await this.deps.storedKey(envSlug))) return 'stored';
    const env = await this.defaultEnvironment().catch(() => undefined);
    return env?.slug === envSlug ? 'default' : undefined;
  }

  /** Which environments have a stored key; undefined when unknown (then each is looked up). */
  private environmentsWithStoredKeys(): Promise<Set<string> | undefined> {
    this.withStoredKeys ??= (this.deps.storedKeyEnvironments?.() ?? Promise.resolve(undefined)).then(
      (slugs) => (slugs ? new Set(slugs) : undefined),
      () => undefined,
    );
    return this.withStoredKeys;
  }

  async requireClient(envSlug: string): Promise<HoneycombClient> {
    const found = await this.environmentClient(envSlug);
    if (!found) {
      throw new ServiceError({
        kind: 'auth',
        service: 'Honeycomb',
        operation: 'openEnvironment',
        summary: `no API key is set for environment "${envSlug}"`,
        hint: 'Set one with "Honeycomb: Set API Key for Environment…".',
      });
    }
    return found.client;
  }

  /** Team and environment facts for links and snippets. */
  async envContext(envSlug: string): Promise<EnvContext> {
    const session = await this.start();
    const listed = await this.listedEnvironment(envSlug);
    const fromAuth = session.auth && slugOfAuth(session.auth) === envSlug ? session.auth : undefined;
    return {
      apiUrl: session.config.apiUrl,
      teamSlug: session.team.slug,
      teamName: session.team.name,
      envSlug,
      envName: listed?.name ?? (fromAuth ? (fromAuth.environment.classic ? 'Classic' : fromAuth.environment.name) : envSlug),
      classic: fromAuth?.environment.classic ?? (listed?.color === 'classic' || envSlug === 'classic'),
    };
  }

  /** The environment from the management key's listing when it is loaded (no request). */
  private async listedEnvironment(envSlug: string): Promise<EnvironmentItem | undefined> {
    const listing = this.cache.peek<EnvironmentItem[]>('team|environments');
    if (!listing) return undefined;
    const items = await listing.catch(() => undefined);
    return items?.find((e) => e.slug === envSlug);
  }

  // Lists, cached per connection (Refresh drops them). A caller's `signal` stops its wait; when
  // no caller waits any more, the request is aborted (see ListCache).

  environments(signal?: AbortSignal): Promise<EnvironmentItem[]> {
    return this.cache.get('team|environments', async (s) => (await this.start()).client.listEnvironments(s), signal);
  }

  datasets(env: string, signal?: AbortSignal): Promise<DatasetItem[]> {
    return this.cache.get(`${env}|datasets`, async (s) => (await this.requireClient(env)).listDatasets(s), signal);
  }

  columns(env: string, dataset: string, signal?: AbortSignal): Promise<ColumnItem[]> {
    return this.cache.get(`${env}|columns|${dataset}`, async (s) => (await this.requireClient(env)).listColumns(dataset, s), signal);
  }

  /** Without a dataset: the environment-wide derived columns. */
  derivedColumns(env: string, dataset: string | undefined, signal?: AbortSignal): Promise<DerivedColumnItem[]> {
    return this.cache.get(`${env}|derived|${dataset ?? ENVIRONMENT_WIDE}`, async (s) => (await this.requireClient(env)).listDerivedColumns(dataset, s), signal);
  }

  /** Without a dataset: every SLO of the environment. */
  slos(env: string, dataset: string | undefined, signal?: AbortSignal): Promise<SloItem[]> {
    return this.cache.get(`${env}|slos|${dataset ?? ENVIRONMENT_WIDE}`, async (s) => (await this.requireClient(env)).listSlos(dataset, s), signal);
  }

  /** The burn alerts of an SLO, at the dataset the SLO is addressed by (`__all__` for a multi-dataset one). */
  burnAlerts(env: string, dataset: string, sloId: string, signal?: AbortSignal): Promise<BurnAlertItem[]> {
    return this.cache.get(
      `${env}|burnAlerts|${dataset}|${sloId}`,
      async (s) => {
        const client = await this.requireClient(env);
        const { listBurnAlerts } = await import(/* webpackChunkName: "honeycomb-writes" */ '../../clients/honeycomb/burnAlerts');
        return listBurnAlerts(client.api, dataset, sloId, s);
      },
      signal,
    );
  }

  triggers(env: string, dataset: string, signal?: AbortSignal): Promise<TriggerItem[]> {
    return this.cache.get(`${env}|triggers|${dataset}`, async (s) => (await this.requireClient(env)).listTriggers(dataset, s), signal);
  }

  /** The saved queries (query annotations) of a dataset, or with `__all__` the environment-wide ones. */
  annotations(env: string, dataset: string, signal?: AbortSignal): Promise<QueryAnnotationItem[]> {
    return this.cache.get(
      `${env}|annotations|${dataset}`,
      async (s) => {
        const client = await this.requireClient(env);
        const { listQueryAnnotations } = await import(/* webpackChunkName: "honeycomb-writes" */ '../../clients/honeycomb/writes');
        return listQueryAnnotations(client.api, dataset, s);
      },
      signal,
    );
  }

  recipients(env: string, signal?: AbortSignal): Promise<RecipientItem[]> {
    return this.cache.get(`${env}|recipients`, async (s) => (await this.requireClient(env)).listRecipients(s), signal);
  }

  recipientTriggers(env: string, recipientId: string, signal?: AbortSignal): Promise<TriggerItem[]> {
    return this.cache.get(`${env}|recipientTriggers|${recipientId}`, async (s) => (await this.requireClient(env)).listRecipientTriggers(recipientId, s), signal);
  }
}
