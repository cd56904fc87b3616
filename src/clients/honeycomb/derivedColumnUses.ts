import { HoneycombApi } from './api';
import { queryUsesColumn } from './derivedColumnRules';
import { listSlos } from './slos';
import { listTriggers } from './triggers';

/**
 * What uses a derived column by its alias, for the question before a delete or a rename: the SLOs
 * whose SLI it is and the triggers whose query names it, in its dataset (every dataset for an
 * environment-wide one, `__all__`). Two requests. Boards are not read: each board query is a
 * request of its own, too many to make before a question (BOARDS_NOT_CHECKED says so).
 */
export const BOARDS_NOT_CHECKED = 'Boards are not checked: their queries are not read before this question.';

export async function derivedColumnUses(api: HoneycombApi, dataset: string, alias: string, signal?: AbortSignal): Promise<string[]> {
  const [slos, triggers] = await Promise.all([listSlos(api, dataset, signal), listTriggers(api, dataset, signal)]);
  return [
    ...slos.filter((s) => s.sli === alias).map((s) => `SLO “${s.name}” (its SLI)`),
    ...triggers.filter((t) => queryUsesColumn(t.raw.query, alias)).map((t) => `trigger “${t.name}” in ${t.dataset} (its query)`),
  ];
}
