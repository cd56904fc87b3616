import { describeQuery, equivalentQueries } from '../clients/honeycomb/queryJson';
import type { QueryDraft } from './queryFile';

/**
 * The last ten queries run, newest first, kept in the editor's global state so the palette can
 * offer them again in any workspace. Running the same query again (same environment, dataset
 * and an equivalent spec) moves it to the top instead of adding a copy.
 */

export const HISTORY_SIZE = 10;
const STATE_KEY = 'opsConfig.honeycomb.queryHistory';

export interface RecentQuery {
  title: string;
  draft: QueryDraft;
  environmentName: string;
  ranAt: string;
}

/** The part of a Memento this needs (globalState), so tests can pass a plain object. */
export interface StateStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void>;
}

function sameDraft(a: QueryDraft, b: QueryDraft): boolean {
  return (a.environment ?? '') === (b.environment ?? '') && (a.dataset ?? '') === (b.dataset ?? '') && equivalentQueries(a.query, b.query);
}

export class QueryHistory {
  constructor(private readonly state: StateStore) {}

  entries(): RecentQuery[] {
    const stored = this.state.get<RecentQuery[]>(STATE_KEY);
    return Array.isArray(stored) ? stored.filter((e) => e && typeof e === 'object' && e.draft && typeof e.draft.query === 'object') : [];
  }

  async add(draft: QueryDraft, environmentName: string, ranAt = new Date()): Promise<void> {
    const entry: RecentQuery = { title: describeQuery(draft.query), draft, environmentName, ranAt: ranAt.toISOString() };
    const rest = this.entries().filter((e) => !sameDraft(e.draft, draft));
    await this.state.update(STATE_KEY, [entry, ...rest].slice(0, HISTORY_SIZE));
  }

  async clear(): Promise<void> {
    await this.state.update(STATE_KEY, []);
  }
}
