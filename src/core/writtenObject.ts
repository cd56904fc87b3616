import { ServiceError } from './errors';

/**
 * The answer to a write the server accepted must be the object it wrote. Anything else — an empty
 * body, a list, an object without its id — is an `invalidResponse` that keeps the (2xx) status:
 * that status is how the save knows the write was applied even though the answer is useless
 * (see `isAcceptedButUnreadable`).
 */
export interface WrittenObjectContext {
  service: string;
  operation: string;
  /** In sentences: `trigger`. */
  noun: string;
  /** A field the object must carry (its id) for the answer to be usable. */
  idField?: string;
}

export function writtenObject(status: number, body: unknown, context: WrittenObjectContext): Record<string, unknown> {
  const problem = shapeProblem(body, context);
  if (problem === undefined) return body as Record<string, unknown>;
  throw new ServiceError({
    kind: 'invalidResponse',
    service: context.service,
    operation: context.operation,
    status,
    summary: `the server accepted the write (HTTP ${status}) but answered ${problem} instead of the ${context.noun}`,
  });
}

function shapeProblem(body: unknown, context: WrittenObjectContext): string | undefined {
  if (body === undefined || body === null || body === '') return 'nothing';
  if (Array.isArray(body)) return 'a list';
  if (typeof body !== 'object') return `a ${typeof body}`;
  if (context.idField === undefined) return undefined;
  const id = (body as Record<string, unknown>)[context.idField];
  return (typeof id === 'string' && id !== '') || typeof id === 'number' ? undefined : `an object without its ${context.idField}`;
}
