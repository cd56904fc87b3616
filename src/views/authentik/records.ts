import { AuthentikClient } from '../../clients/authentik';
import { AuthentikConnection } from '../../connections/authentikConnection';
import { AuthentikConnections } from '../../connections/authentikConnections';
import { ServiceError } from '../../core/errors';
import { KnownSecrets } from '../../core/redact';
import { recordModel } from '../panels/recordRule';
import { LoadedRecord, RecordSource } from '../panels/recordSources';
import { connectionLocation, modelInConnection } from './connectionScope';
import { ObjectRefKind, MANAGED_KIND_OF, ObjectRef, connectionRecordKey, parseRecordKey, splitRecordKey } from './objectRef';
import type * as RecordModels from './recordModels';
import { refs } from './refs';
import { connectionPulumi, connectionTerraform } from './snippets';
import type { RecordContext } from './authentikRecord';
import type { WantedReferences } from './referenceNames';

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
  /** Adds what the record must say about the object beyond its fields (blueprintManagedNotes.ts); never fails a load. */
  annotate?: (connectionId: string, kind: ObjectRefKind, loaded: LoadedRecord, signal?: AbortSignal) => Promise<LoadedRecord>;

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
    const where = await this.where(connection);
    const plain = await this.loadKind(client, parsed.kind, parsed.lookup, key, where, signal);
    const loaded = this.annotate ? await this.annotate(connection.id, parsed.kind, plain, signal).catch(() => plain) : plain;
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

  /** Where the connection's objects live, as their records say it. */
  private async where(connection: AuthentikConnection): Promise<string> {
    const url = (await connection.config()).url ?? '';
    return connectionLocation(url, connection.isDefault ? undefined : connection.name);
  }

  private async loadKind(client: AuthentikClient, kind: ObjectRefKind, lookup: string, key: string, where: string, signal?: AbortSignal): Promise<LoadedRecord> {
    // The record builders load with the first record opened (they weigh on activation otherwise).
    const M: typeof RecordModels = await import(/* webpackChunkName: "authentik-records" */ './recordModels');
    const { loadReferenceNames, wantedReferences } = await import(/* webpackChunkName: "authentik-records" */ './referenceNames');
    const uiBase = client.api.uiBase;
    /** The record's context, with the names of the objects it refers to: one list request per kind of them. */
    const context = async (wanted: WantedReferences = {}): Promise<RecordContext> => ({ uiBase, where, names: await loadReferenceNames(client, wanted, undefined, signal) });
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
        return keep(refs.brand(b), M.brandRecord(b, await context(wantedReferences('brand', b))));
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
        return keep(refs.flow(f), M.flowRecord(f, page.items, page.count, diagram, await context()));
      }
      case 'stage': {
        const s = await client.retrieveStage(lookup, signal);
        return keep(refs.stage(s), M.stageRecord(s, await context()));
      }
      case 'group': {
        // The members by name: the first page of them, in one request.
        const [g, members] = await Promise.all([
          client.retrieveGroup(lookup, signal),
          client.listGroupMembers(lookup, { pageSize: 100, signal }).then(
            (page) => ({ users: page.items, count: page.count }),
            () => undefined,
          ),
        ]);
        return keep(refs.group(g), M.groupRecord(g, members, await context()));
      }
      case 'user': {
        const pk = numeric();
        const [u, membership] = await Promise.all([client.retrieveUser(pk, signal), client.userGroupMembership(pk, signal).catch(() => undefined)]);
        return keep(refs.user(u), M.userRecord(u, membership, await context()));
      }
      case 'application': {
        const a = await client.retrieveApplication(lookup, signal);
        return keep(refs.application(a), M.applicationRecord(a, await context()));
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
        const certificates = [detail.oauth2?.signing_key, detail.saml?.signing_kp, detail.saml?.verification_kp];
        const names = await context({ flow: [p.authorization_flow, p.invalidation_flow], propertyMapping: p.property_mappings ?? [], certificateKeyPair: certificates });
        return keep(refs.provider(p), M.providerRecord(p, detail, names));
      }
      case 'source': {
        const s = await client.retrieveSource(lookup, signal);
        return keep(refs.source(s), M.sourceRecord(s, await context({ flow: [s.authentication_flow, s.enrollment_flow] })));
      }
      case 'mapping': {
        const m = await client.retrievePropertyMapping(lookup, signal);
        return keep(refs.mapping(m), M.mappingRecord(m, await context()));
      }
      case 'certificate': {
        const [c, usedBy] = await Promise.all([client.retrieveCertificate(lookup, signal), client.certificateUsedBy(lookup, signal)]);
        const key64 = this.keyRequested.has(key) && c.private_key_available ? (await client.viewPrivateKey(lookup, signal)).data : undefined;
        return keep(refs.certificate(c), M.certificateRecord(c, usedBy, key64, await context()));
      }
      case 'outpost': {
        const o = await client.retrieveOutpost(lookup, signal);
        return keep(refs.outpost(o), M.outpostRecord(o, await context()));
      }
      case 'serviceConnection': {
        const s = await client.retrieveServiceConnection(lookup, signal);
        const kubernetes = s.meta_model_name.endsWith('.kubernetesserviceconnection') ? await client.retrieveKubernetesConnection(lookup, signal) : undefined;
        return keep(refs.serviceConnection(s), M.serviceConnectionRecord(s, kubernetes, await context()));
      }
      case 'permission': {
        const p = await client.retrievePermission(numeric(), signal);
        return keep(refs.permission(p), M.permissionRecord(p, await context()));
      }
      default: {
        // The managed kinds shown only since they became editable: records from the kinds table.
        const managed = MANAGED_KIND_OF[kind];
        if (!managed) throw new ServiceError({ kind: 'notFound', service: 'authentik', operation: 'openRecord', summary: `no record kind for "${key}"` });
        const { loadManagedRecord } = await import(/* webpackChunkName: "authentik-kinds" */ './managedRecords');
        const { ref, loaded } = await loadManagedRecord(client, kind, managed, lookup, { uiBase, where }, signal);
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
      model: recordModel({
        key: connectionRecordKey(connection.id),
        kind: 'authentik connection',
        title: connection.isDefault ? config.url : `${connection.name} (${config.url})`,
        where: await this.where(connection),
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
        service: 'authentik',
        browser: { url: `${client.api.uiBase.replace(/\/+$/, '')}/if/admin/` },
        terraform: { text: connectionTerraform(config.url, config.insecure === true), what: 'the Terraform provider block of this connection' },
        pulumi: { text: connectionPulumi(config.url, config.insecure === true), what: 'the Pulumi provider of this connection' },
      }),
      json: { ...(connection.isDefault ? {} : { connection: connection.name }), url: config.url, version: version ?? null, user },
    };
  }
}
