import { AuthentikClient } from '../../clients/authentik';
import { AuthentikConnection } from '../../connections/authentikConnection';
import { AuthentikConnections } from '../../connections/authentikConnections';
import { ServiceError } from '../../core/errors';
import { KnownSecrets } from '../../core/redact';
import { STANDARD_ACTIONS } from '../panels/recordPanel';
import { LoadedRecord, RecordSource } from '../panels/recordSources';
import { modelInConnection } from './connectionScope';
import { ObjectRefKind, MANAGED_KIND_OF, ObjectRef, connectionRecordKey, parseRecordKey, splitRecordKey } from './objectRef';
import type * as RecordModels from './recordModels';
import { refs } from './refs';

/**
 * authentik records by key: `authentik:connection` (the server and the signed-in user) and
 * `authentik:<kind>:<lookup>` for every kind the tree shows; an added connection's keys carry
 * its id (`authentik:staging/flow:…`) and load with its client. Each load asks the server afresh
 * (Refresh in the panel); the ObjectRef of each loaded record is kept for the commands that take
 * a key (Copy ID, Copy as Terraform…). A certificate's private key is fetched only after
 * `allowPrivateKey(key)` — the user's explicit "Load private key".
 */
export class AuthentikRecords implements RecordSource {
  private readonly refsByKey = new Map<string, ObjectRef>();
  private readonly keyRequested = new Set<string>();

  constructor(
    private readonly connections: AuthentikConnections,
    private readonly secrets?: KnownSecrets,
  ) {}

  async load(key: string, signal?: AbortSignal): Promise<LoadedRecord> {
    const split = splitRecordKey(key);
    const connection = this.connection(split.connection);
    if (split.key === connectionRecordKey()) {
      return this.connectionRecord(connection, signal);
    }
    const parsed = parseRecordKey(key);
    if (!parsed) {
      throw new ServiceError({ kind: 'notFound', service: 'authentik', operation: 'openRecord', summary: `no record kind for "${key}"` });
    }
    const client = await this.client(connection);
    const loaded = await this.loadKind(client, parsed.kind, parsed.lookup, key, signal);
    for (const value of Object.values(loaded.secrets ?? {})) this.secrets?.add(value);
    return { ...loaded, model: modelInConnection(loaded.model, connection.id) };
  }

  /** The connection of a record key; a removed one is a clear error, never another server. */
  connectionOf(key: string): AuthentikConnection {
    return this.connection(splitRecordKey(key).connection);
  }

  private connection(id: string): AuthentikConnection {
    const connection = this.connections.get(id);
    if (!connection) {
      throw new ServiceError({
        kind: 'notFound',
        service: 'authentik',
        operation: 'openRecord',
        summary: `the connection "${id}" was removed`,
        hint: 'Add it again with "authentik: Add Connection…", or close this record.',
      });
    }
    return connection;
  }

  /** The ObjectRef of a record key (loading the record when it was not loaded yet). */
  async refOf(key: string): Promise<ObjectRef> {
    if (!this.refsByKey.has(key)) await this.load(key);
    const ref = this.refsByKey.get(key);
    if (!ref) throw new ServiceError({ kind: 'notFound', service: 'authentik', operation: 'openRecord', summary: `"${key}" is not an authentik object` });
    return ref;
  }

  remember(key: string, ref: ObjectRef): void {
    this.refsByKey.set(key, ref);
  }

  /** The user asked to see this certificate's private key: the next load fetches it. */
  allowPrivateKey(key: string): void {
    this.keyRequested.add(key);
  }

  private async client(connection: AuthentikConnection): Promise<AuthentikClient> {
    const client = await connection.client();
    if (!client) {
      throw new ServiceError({ kind: 'auth', service: 'authentik', operation: 'openRecord', summary: 'not connected', hint: 'Run "authentik: Connect…".' });
    }
    return client;
  }

  private async loadKind(client: AuthentikClient, kind: ObjectRefKind, lookup: string, key: string, signal?: AbortSignal): Promise<LoadedRecord> {
    // The record builders load with the first record opened (they weigh on activation otherwise).
    const M: typeof RecordModels = await import(/* webpackChunkName: "authentik-records" */ './recordModels');
    const ui = client.api.uiBase;
    const numeric = (): number => {
      if (!/^\d+$/.test(lookup)) throw new ServiceError({ kind: 'badInput', service: 'authentik', operation: 'openRecord', summary: `"${lookup}" is not a numeric ID` });
      return Number(lookup);
    };
    const keep = (ref: ObjectRef, loaded: LoadedRecord): LoadedRecord => {
      this.refsByKey.set(key, ref);
      return loaded;
    };
    switch (kind) {
      case 'brand': {
        const b = await client.retrieveBrand(lookup, signal);
        return keep(refs.brand(b), M.brandRecord(b, ui));
      }
      case 'flow': {
        // The bindings need the flow's UUID; the diagram is authentik's own, shown when it comes.
        const [f, diagram] = await Promise.all([
          client.retrieveFlow(lookup, signal),
          client.flowDiagram(lookup, signal).then(
            (d) => d.diagram,
            () => undefined,
          ),
        ]);
        const page = await client.listFlowBindings(f.pk, { pageSize: 100, signal });
        return keep(refs.flow(f), M.flowRecord(f, page.items, page.count, diagram, ui));
      }
      case 'stage': {
        const s = await client.retrieveStage(lookup, signal);
        return keep(refs.stage(s), M.stageRecord(s, ui));
      }
      case 'group': {
        const g = await client.retrieveGroup(lookup, signal);
        return keep(refs.group(g), M.groupRecord(g, ui));
      }
      case 'user': {
        const pk = numeric();
        const [u, membership] = await Promise.all([client.retrieveUser(pk, signal), client.userGroupMembership(pk, signal).catch(() => undefined)]);
        return keep(refs.user(u), M.userRecord(u, membership, ui));
      }
      case 'application': {
        const a = await client.retrieveApplication(lookup, signal);
        return keep(refs.application(a), M.applicationRecord(a, ui));
      }
      case 'provider': {
        const p = await client.retrieveProvider(numeric(), signal);
        const model = p.meta_model_name.split('.').pop();
        const detail: Parameters<typeof RecordModels.providerRecord>[1] = {};
        if (model === 'oauth2provider') {
          detail.oauth2 = await client.retrieveOAuth2Provider(p.pk, signal);
          detail.setupUrls = p.assigned_application_slug ? await client.oauth2SetupUrls(p.pk, signal).catch(() => null) : null;
        } else if (model === 'samlprovider') {
          detail.saml = await client.retrieveSamlProvider(p.pk, signal);
        }
        return keep(refs.provider(p), M.providerRecord(p, detail, ui));
      }
      case 'source': {
        const s = await client.retrieveSource(lookup, signal);
        return keep(refs.source(s), M.sourceRecord(s, ui));
      }
      case 'mapping': {
        const m = await client.retrievePropertyMapping(lookup, signal);
        return keep(refs.mapping(m), M.mappingRecord(m, ui));
      }
      case 'certificate': {
        const [c, usedBy] = await Promise.all([client.retrieveCertificate(lookup, signal), client.certificateUsedBy(lookup, signal)]);
        const key64 = this.keyRequested.has(key) && c.private_key_available ? (await client.viewPrivateKey(lookup, signal)).data : undefined;
        return keep(refs.certificate(c), M.certificateRecord(c, usedBy, key64, ui));
      }
      case 'outpost': {
        const o = await client.retrieveOutpost(lookup, signal);
        return keep(refs.outpost(o), M.outpostRecord(o, ui));
      }
      case 'serviceConnection': {
        const s = await client.retrieveServiceConnection(lookup, signal);
        const kubernetes = s.meta_model_name.endsWith('.kubernetesserviceconnection') ? await client.retrieveKubernetesConnection(lookup, signal) : undefined;
        return keep(refs.serviceConnection(s), M.serviceConnectionRecord(s, kubernetes, ui));
      }
      case 'permission': {
        const p = await client.retrievePermission(numeric(), signal);
        return keep(refs.permission(p), M.permissionRecord(p, ui));
      }
      default: {
        // The managed kinds shown only since they became editable: records from the kinds table.
        const managed = MANAGED_KIND_OF[kind];
        if (!managed) throw new ServiceError({ kind: 'notFound', service: 'authentik', operation: 'openRecord', summary: `no record kind for "${key}"` });
        const { loadManagedRecord } = await import(/* webpackChunkName: "authentik-kinds" */ './managedRecords');
        const { ref, loaded } = await loadManagedRecord(client, kind, managed, lookup, signal);
        return keep(ref, loaded);
      }
    }
  }

  private async connectionRecord(connection: AuthentikConnection, signal?: AbortSignal): Promise<LoadedRecord> {
    const config = await connection.config();
    const client = await connection.client();
    if (!client || !config.url) {
      throw new ServiceError({ kind: 'auth', service: 'authentik', operation: 'openRecord', summary: 'not connected', hint: 'Run "authentik: Connect…".' });
    }
    const [user, version] = await Promise.all([client.getCurrentUser(signal), client.getServerVersion(signal).catch(() => undefined)]);
    return {
      model: {
        key: connectionRecordKey(connection.id),
        kind: 'authentik connection',
        title: connection.isDefault ? config.url : `${connection.name} (${config.url})`,
        subtitle: `Signed in as ${user.username}`,
        badges: config.insecure ? [{ text: 'TLS verification off', tone: 'warning' }] : [],
        sections: [
          {
            title: 'Server',
            fields: [
              { label: 'URL', value: config.url, link: { kind: 'url', url: config.url } },
              { label: 'API base', value: config.apiBase ?? '', format: 'code' },
              { label: 'Version', value: version?.versionCurrent ?? 'unknown' },
              { label: 'Latest version', value: version?.versionLatest ?? 'unknown' },
              { label: 'Extra headers', format: 'list', list: Object.keys(config.headers) },
            ],
          },
          {
            title: 'Signed-in user',
            fields: [
              { label: 'Username', value: user.username },
              { label: 'Name', value: user.name },
              { label: 'Email', value: user.email },
              { label: 'Superuser', value: user.isSuperuser ? 'yes' : 'no' },
            ],
          },
        ],
        actions: STANDARD_ACTIONS,
      },
      json: { ...(connection.isDefault ? {} : { connection: connection.name }), url: config.url, version: version ?? null, user },
    };
  }
}
