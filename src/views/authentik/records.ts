import { AuthentikConnection } from '../../connections/authentikConnection';
import { ServiceError } from '../../core/errors';
import { STANDARD_ACTIONS } from '../panels/recordPanel';
import { LoadedRecord, RecordSource } from '../panels/recordSources';

/** authentik records by key; `authentik:connection` is the server and the signed-in user. */
export class AuthentikRecords implements RecordSource {
  constructor(private readonly connection: AuthentikConnection) {}

  async load(key: string, signal?: AbortSignal): Promise<LoadedRecord> {
    if (key === 'authentik:connection') {
      return this.connectionRecord(signal);
    }
    throw new ServiceError({ kind: 'notFound', service: 'authentik', operation: 'openRecord', summary: `no record kind for "${key}"` });
  }

  private async connectionRecord(signal?: AbortSignal): Promise<LoadedRecord> {
    const config = await this.connection.config();
    const client = await this.connection.client();
    if (!client || !config.url) {
      throw new ServiceError({ kind: 'auth', service: 'authentik', operation: 'openRecord', summary: 'not connected', hint: 'Run "authentik: Connect…".' });
    }
    const [user, version] = await Promise.all([client.getCurrentUser(signal), client.getServerVersion(signal).catch(() => undefined)]);
    return {
      model: {
        key: 'authentik:connection',
        kind: 'authentik connection',
        title: config.url,
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
      json: { url: config.url, version: version ?? null, user },
    };
  }
}
