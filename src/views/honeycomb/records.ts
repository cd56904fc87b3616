import { HoneycombConnection } from '../../connections/honeycombConnection';
import { ServiceError } from '../../core/errors';
import { STANDARD_ACTIONS } from '../panels/recordPanel';
import { LoadedRecord, RecordSource } from '../panels/recordSources';
import { RecordField, RecordSection } from '../panels/protocol';
import { describeSource } from './connectionNode';

/**
 * Honeycomb records by key. `honeycomb:connection` is what the configured keys reach; the
 * explorer adds one key form per object kind.
 */
export class HoneycombRecords implements RecordSource {
  constructor(private readonly connection: HoneycombConnection) {}

  async load(key: string, signal?: AbortSignal): Promise<LoadedRecord> {
    if (key === 'honeycomb:connection') {
      return this.connectionRecord(signal);
    }
    throw new ServiceError({ kind: 'notFound', service: 'Honeycomb', operation: 'openRecord', summary: `no record kind for "${key}"` });
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
      const access: RecordField[] = Object.entries(auth.apiKeyAccess).map(([name, allowed]) => ({ label: name, value: allowed ? 'allowed' : 'not allowed', dim: !allowed }));
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
    return {
      model: {
        key: 'honeycomb:connection',
        kind: 'Honeycomb connection',
        title: team.name || 'Honeycomb',
        subtitle: auth ? `Environment ${auth.environment.classic ? 'Classic' : auth.environment.name}` : undefined,
        sections,
        actions: STANDARD_ACTIONS,
      },
      json: { apiUrl: config.apiUrl, authMetadata: auth ?? null, managementKey: management ?? null },
    };
  }
}
