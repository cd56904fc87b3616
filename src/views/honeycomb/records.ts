import { AuthMetadata, ENVIRONMENT_WIDE, HoneycombClient, TriggerItem } from '../../clients/honeycomb';
import { HoneycombConnection } from '../../connections/honeycombConnection';
import { ServiceError } from '../../core/errors';
import { LoadedRecord, RecordSource } from '../panels/recordSources';
import { RecordField, RecordSection } from '../panels/protocol';
import { recordModel } from '../panels/recordRule';
import { describeSource } from './connectionNode';
import { HoneycombExplorer } from './explorer';
import { EnvironmentInfo, HoneycombObject } from './objects';
import { RecordRef, parseRecordKey } from './recordKeys';
import { buildRecord } from './recordModels';
import { uiOrigin } from './links';
import { pulumiProvider, terraformProvider } from './snippets';

/** The permissions of an API key, as Honeycomb's API key settings name them. */
const ACCESS_LABELS: Record<keyof AuthMetadata['apiKeyAccess'], string> = {
  boards: 'Manage public boards',
  columns: 'Manage queries and columns',
  datasets: 'Create datasets',
  events: 'Send events',
  markers: 'Manage markers',
  queries: 'Run queries',
  recipients: 'Manage recipients',
  slos: 'Manage SLOs',
  triggers: 'Manage triggers',
  privateBoards: 'Manage private boards',
};

/**
 * Honeycomb records by key (recordKeys.ts): `honeycomb:connection` is what the configured keys
 * reach; every object kind of the explorer has its own key form. A record is always read fresh
 * from Honeycomb (one request by ID; two for a recipient, which also lists the triggers that
 * notify it), with the API key of the environment named in the key.
 */
export class HoneycombRecords implements RecordSource {
  constructor(
    private readonly connection: HoneycombConnection,
    private readonly explorer: HoneycombExplorer,
  ) {}

  async load(key: string, signal?: AbortSignal): Promise<LoadedRecord> {
    if (key === 'honeycomb:connection') {
      return this.connectionRecord(signal);
    }
    const ref = parseRecordKey(key);
    if (!ref || ref.kind === 'connection') {
      throw new ServiceError({ kind: 'notFound', service: 'Honeycomb', operation: 'openRecord', summary: `"${key}" is not a Honeycomb record` });
    }
    const loaded = await this.loadObject(this.explorer, ref, signal);
    loaded.model.key = key;
    return loaded;
  }

  private async loadObject(explorer: HoneycombExplorer, ref: Exclude<RecordRef, { kind: 'connection' }>, signal?: AbortSignal): Promise<LoadedRecord> {
    const env = await explorer.envContext(ref.env);
    if (ref.kind === 'environment') {
      return this.environmentRecord(explorer, ref.env, ref.id, signal);
    }
    const client = await explorer.requireClient(ref.env);
    let object: HoneycombObject;
    switch (ref.kind) {
      case 'dataset':
        object = { kind: 'dataset', env, item: await client.getDatasetItem(ref.slug, signal) };
        break;
      case 'column':
        object = { kind: 'column', env, dataset: ref.dataset, item: await client.getColumnById(ref.dataset, ref.id, signal) };
        break;
      case 'derivedColumn': {
        const dataset = ref.dataset === ENVIRONMENT_WIDE ? undefined : ref.dataset;
        object = { kind: 'derivedColumn', env, dataset, item: await client.getDerivedColumnById(dataset, ref.id, signal) };
        break;
      }
      case 'sli':
        object = await this.sliObject(client, env, ref.dataset, ref.alias, signal);
        break;
      case 'slo':
        object = { kind: 'slo', env, item: await client.getSloItem(ref.id, ref.dataset, signal) };
        break;
      case 'trigger':
        return this.triggerRecord(explorer, client, ref, signal);
      case 'recipient': {
        const [item, triggers] = await Promise.all([client.getRecipientById(ref.id, signal), client.listRecipientTriggers(ref.id, signal)]);
        return buildRecord({ kind: 'recipient', env, item }, { recipientTriggers: triggers });
      }
    }
    return buildRecord(object);
  }

  /** An SLO's SLI: the derived column with that alias in the SLO's dataset, else environment-wide. */
  private async sliObject(client: HoneycombClient, env: HoneycombObject['env'], dataset: string, alias: string, signal?: AbortSignal): Promise<HoneycombObject> {
    const inDataset = dataset === ENVIRONMENT_WIDE ? undefined : dataset;
    try {
      return { kind: 'derivedColumn', env, dataset: inDataset, item: await client.findDerivedColumn(alias, inDataset, signal) };
    } catch (error) {
      if (!(error instanceof ServiceError && error.kind === 'notFound') || inDataset === undefined) throw error;
      return { kind: 'derivedColumn', env, dataset: undefined, item: await client.findDerivedColumn(alias, undefined, signal) };
    }
  }

  /**
   * A trigger by ID. The triggers under a recipient are team-wide, so one may live in another
   * environment than the key reads: then the record shows the trigger as listed, and says so.
   */
  private async triggerRecord(explorer: HoneycombExplorer, client: HoneycombClient, ref: Extract<RecordRef, { kind: 'trigger' }>, signal?: AbortSignal): Promise<LoadedRecord> {
    const env = await explorer.envContext(ref.env);
    try {
      return buildRecord({ kind: 'trigger', env, item: await client.getTrigger(ref.dataset, ref.id, signal) });
    } catch (error) {
      if (!(error instanceof ServiceError && error.kind === 'notFound')) throw error;
      for (const pending of explorer.cache.entriesWith<TriggerItem[]>(`${ref.env}|`)) {
        const list = await pending.catch(() => undefined);
        const listed = Array.isArray(list) ? list.find((t) => t && typeof t === 'object' && t.id === ref.id && 'thresholds' in t) : undefined;
        if (listed) {
          return buildRecord({ kind: 'trigger', env, item: listed }, { note: `Not in environment ${env.envName}: shown as the recipient’s trigger list gave it` });
        }
      }
      throw error;
    }
  }

  private async environmentRecord(explorer: HoneycombExplorer, envSlug: string, id: string | undefined, signal?: AbortSignal): Promise<LoadedRecord> {
    const session = await explorer.start();
    const env = await explorer.envContext(envSlug);
    let info: EnvironmentInfo | undefined;
    if (id && session.config.managementKey) {
      const item = await session.client.getEnvironmentById(id, signal);
      info = { slug: item.slug, name: item.name, id: item.id, description: item.description, color: item.color, deleteProtected: item.deleteProtected, raw: item.raw };
    } else {
      const fromAuth = await explorer.defaultEnvironment();
      info = fromAuth?.slug === envSlug ? fromAuth : { slug: envSlug, name: env.envName };
    }
    const source = await explorer.keySource(envSlug);
    return buildRecord({ kind: 'environment', env, item: info }, { apiKey: source ?? 'none' });
  }

  private async connectionRecord(signal?: AbortSignal): Promise<LoadedRecord> {
    const config = await this.connection.config();
    const client = await this.connection.client();
    if (!client) {
      throw new ServiceError({ kind: 'auth', service: 'Honeycomb', operation: 'openRecord', summary: 'no key is configured', hint: 'Set one with "Honeycomb: Set API Key…".' });
    }
    const auth = config.apiKey ? await client.getAuthMetadata(signal) : undefined;
    const management = config.managementKey ? await client.getManagementKeyInfo(signal) : undefined;
    const team = auth?.team ?? { name: management?.teamName ?? '', slug: management?.teamSlug ?? '' };
    const sections: RecordSection[] = [
      {
        title: 'Connection',
        fields: [
          { label: 'API URL', value: config.apiUrl },
          { label: 'Team', value: team.name },
          { label: 'Team slug', value: team.slug, format: 'code' },
        ],
      },
    ];
    if (auth) {
      const access: RecordField[] = Object.entries(auth.apiKeyAccess).map(([name, allowed]) => ({
        label: ACCESS_LABELS[name as keyof typeof ACCESS_LABELS],
        value: allowed ? 'allowed' : 'not allowed',
        dim: !allowed,
      }));
      sections.push({
        title: 'API key',
        fields: [
          { label: 'Key ID', value: auth.id, format: 'code' },
          { label: 'Type', value: auth.type },
          { label: 'Environment', value: auth.environment.classic ? 'Classic' : auth.environment.name },
          { label: 'Environment slug', value: auth.environment.slug, format: 'code' },
          { label: 'Configured from', value: describeSource(config.apiKeySource) },
        ],
      });
      sections.push({ title: 'Permissions of the API key', fields: access });
    }
    if (management) {
      sections.push({
        title: 'Management key',
        fields: [
          { label: 'Key ID', value: management.id, format: 'code' },
          { label: 'Name', value: management.name },
          { label: 'Scopes', format: 'list', list: management.scopes },
          { label: 'Configured from', value: describeSource(config.managementKey?.source) },
        ],
      });
    }
    const origin = uiOrigin(config.apiUrl);
    const noUi = origin ? 'the team is not known' : `the API URL ${config.apiUrl} is not a Honeycomb "api." address, so the UI address cannot be derived`;
    const title = team.name || 'Honeycomb';
    return {
      model: recordModel({
        key: 'honeycomb:connection',
        kind: 'Honeycomb connection',
        title,
        where: config.apiUrl,
        subtitle: auth ? `Environment ${auth.environment.classic ? 'Classic' : auth.environment.name}` : undefined,
        sections,
        service: 'Honeycomb',
        browser: origin && team.slug ? { url: `${origin}/${encodeURIComponent(team.slug)}` } : { unavailable: `Cannot open the team in Honeycomb: ${noUi}.` },
        terraform: { text: terraformProvider(config.apiUrl), what: 'the Terraform provider block of this connection' },
        pulumi: { text: pulumiProvider(config.apiUrl), what: 'the Pulumi provider of this connection' },
      }),
      json: { apiUrl: config.apiUrl, authMetadata: auth ?? null, managementKey: management ?? null },
    };
  }
}
