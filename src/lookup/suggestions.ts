import type { Group } from '../clients/authentik/types';
import { LookupClients, LookupInput, Suggestion } from './operation';

/**
 * Values offered for an input from live data (dataset slugs, group names…), read with the same
 * clients the trees use. A failure to read them is not an error: the user can still type the
 * value, so an empty list comes back. Lists are kept for the session of one window.
 */
export interface SuggestedValue {
  /** What the input is set to. */
  value: string;
  /** What the object is or where it sits (an SLO's name beside its ID, a group's parents). */
  description?: string;
  /**
   * Inputs that name exactly this object, for a value several objects share (two groups named
   * "On-call"): a lookup that takes them looks this one up by them instead.
   */
  exactly?: LookupInput;
}

export class Suggestions {
  private readonly cache = new Map<string, Promise<SuggestedValue[]>>();

  constructor(private readonly clients: LookupClients) {}

  values(source: Suggestion, input: LookupInput): Promise<SuggestedValue[]> {
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

  private async load(source: Suggestion, input: LookupInput): Promise<SuggestedValue[]> {
    switch (source) {
      case 'honeycomb.datasets':
        return (await (await this.clients.honeycomb()).listDatasets()).map((d) => ({ value: d.slug, description: d.name === d.slug ? undefined : d.name }));
      case 'honeycomb.recipientTypes':
        return [...new Set((await (await this.clients.honeycomb()).listRecipients()).map((r) => r.type))].map((value) => ({ value }));
      case 'honeycomb.environments':
        return (await (await this.clients.honeycomb()).listEnvironments()).filter((e) => e.id).map((e) => ({ value: e.id, description: `${e.name} (${e.slug})` }));
      case 'honeycomb.derivedColumns': {
        const dataset = typeof input.dataset === 'string' ? input.dataset : undefined;
        return (await (await this.clients.honeycomb()).listDerivedColumns(dataset)).map((d) => ({ value: d.alias, description: d.description || undefined }));
      }
      case 'honeycomb.slos':
        return (await (await this.clients.honeycomb()).listSlos(undefined)).map((s) => ({ value: s.id, description: s.name }));
      case 'authentik.groupNames':
        return groupSuggestions((await (await this.clients.authentik()).listGroups({ pageSize: 100 })).items);
      case 'authentik.flowSlugs':
        return (await (await this.clients.authentik()).listFlows({ pageSize: 100 })).items.map((f) => ({ value: f.slug, description: f.name }));
      case 'authentik.certificateNames':
        return (await (await this.clients.authentik()).listCertificates({ pageSize: 100 })).items.map((c) => ({ value: c.name }));
      case 'authentik.usernames':
        return (await (await this.clients.authentik()).listUsers({ pageSize: 100 })).items.map((u) => ({ value: u.username, description: u.name || undefined }));
    }
  }
}

/** Group names with where each group sits ("under Engineering › Platform"); each is exactly its pk. */
export function groupSuggestions(groups: ReadonlyArray<Pick<Group, 'pk' | 'name' | 'parents'>>): SuggestedValue[] {
  const byPk = new Map(groups.map((g) => [g.pk, g]));
  const path = (pk: string, depth = 0): string => {
    const group = byPk.get(pk);
    if (!group) return `group ${pk.slice(0, 8)}…`;
    const parent = group.parents?.[0];
    // Three levels say enough; a loop of parents ends there too.
    return parent && depth < 2 ? `${path(parent, depth + 1)} › ${group.name}` : group.name;
  };
  return groups.map((g) => ({
    value: g.name,
    description: g.parents?.length ? `under ${g.parents.map((p) => path(p)).join(' and ')}` : 'top-level group',
    exactly: { pk: g.pk },
  }));
}
