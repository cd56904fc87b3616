import { ServiceError } from '../../../core/errors';
import { capitalize } from '../../../core/sentence';
import { AuthentikApi } from '../api';
import { send } from '../resources/send';
import { RelationPlan } from './relationPlan';

/**
 * The confirmed plan's requests, one after the other. None is repeated (send.ts marks writes
 * non-idempotent, so the HTTP client never retries them). A request that got no answer may have
 * been applied: the outcome says so, never "failed"; a refused one says what was already done.
 */
export type RelationOutcome = { status: 'done' } | { status: 'unknown' | 'failed'; message: string; applied: string[] };

export async function sendRelationPlan(api: AuthentikApi, plan: RelationPlan, signal?: AbortSignal): Promise<RelationOutcome> {
  const applied: string[] = [];
  for (const request of plan.requests) {
    try {
      await send(api, { operation: request.operation, method: request.method, path: request.path, body: request.body, signal });
    } catch (error) {
      const already = applied.length ? ` Already done before it: ${applied.join('; ')}.` : '';
      if (error instanceof ServiceError && (error.outcomeUnknown || error.kind === 'timeout')) {
        return {
          status: 'unknown',
          applied,
          message: `No answer came while ${request.says}, so it may or may not have been done. Nothing was retried: refresh and look before trying again.${already} (${error.summary})`,
        };
      }
      const why = error instanceof ServiceError ? error.message : String((error as Error)?.message ?? error);
      const rest = plan.requests.length > applied.length + 1 ? ' The requests after it were not sent.' : '';
      return { status: 'failed', applied, message: `${capitalize(request.says)} failed: ${why.replace(/\.$/, '')}.${already}${rest}` };
    }
    applied.push(request.says);
  }
  return { status: 'done' };
}
