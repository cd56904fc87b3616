import { LookupClients, LookupInput, Suggestion } from './operation';

/**
 * Values offered for an input from live data (dataset slugs, group names…), read with the same
 * clients the trees use. A failure to read them is not an error: the user can still type the
 * value, so an empty list comes back. Lists are kept for the session of one window.
 */
export class Suggestions {
  private readonly cache = new Map<string, Promise<string[]>>();

  constructor(private readonly clients: LookupClients) {}

  values(source: Suggestion, input: LookupInput): Promise<string[]> {
    // Derived columns depend on the dataset chosen; everything else is one list.
    const key = source === 'honeycomb.derivedColumns' ? `${source}|${String(input.dataset ?? '')}` : source;
    let pending = this.cache.get(key);
    if (!pending) {
      pending = this.load(source, input).catch(() => {
        this.cache.delete(key);
        return [];
      });
      this.cache.set(key, pending);
    }
    return pending;
  }

  private async load(source: Suggestion, input: LookupInput): Promise<string[]> {
    switch (source) {
      case 'honeycomb.datasets':
        return (await (await this.clients.honeycomb()).listDatasets()).map((d) => d.slug);
      case 'honeycomb.recipientTypes':
        return [...new Set((await (await this.clients.honeycomb()).listRecipients()).map((r) => r.type))];
      case 'honeycomb.environments':
        return (await (await this.clients.honeycomb()).listEnvironments()).map((e) => e.id).filter(Boolean);
      case 'honeycomb.derivedColumns': {
        const dataset = typeof input.dataset === 'string' ? input.dataset : undefined;
        return (await (await this.clients.honeycomb()).listDerivedColumns(dataset)).map((d) => d.alias);
      }
      case 'honeycomb.slos':
        return (await (await this.clients.honeycomb()).listSlos(undefined)).map((s) => s.id);
      case 'authentik.groupNames':
        return (await (await this.clients.authentik()).listGroups({ pageSize: 100 })).items.map((g) => g.name);
      case 'authentik.flowSlugs':
        return (await (await this.clients.authentik()).listFlows({ pageSize: 100 })).items.map((f) => f.slug);
      case 'authentik.certificateNames':
        return (await (await this.clients.authentik()).listCertificates({ pageSize: 100 })).items.map((c) => c.name);
      case 'authentik.usernames':
        return (await (await this.clients.authentik()).listUsers({ pageSize: 100 })).items.map((u) => u.username);
    }
  }
}
