import { ErrorContext, NOT_JSON_HINT, hostOf, invalidAnswer, notJsonSummary } from './httpErrors';
import type { Answer } from './httpExchange';
import type { RequestLog } from './httpLog';
import type { RequestSpec } from './httpRequest';

/**
 * An accepted answer as its caller asked for it: the bytes, the text, or parsed JSON (an empty
 * body is `undefined`). A byte-order mark is dropped: JSON.parse refuses one. An answer that should be JSON and is not becomes an invalidResponse error that says
 * what it looked like.
 */
export function decodeAnswer<T>(answer: Answer, responseType: RequestSpec['responseType'], ctx: ErrorContext, log: RequestLog): T {
  if (responseType === 'buffer') {
    return answer.bytes as unknown as T;
  }
  const text = answer.bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (responseType === 'text') {
    return text as unknown as T;
  }
  if (text.trim() === '') {
    return undefined as unknown as T;
  }
  try {
    const parsed = JSON.parse(text) as T;
    log.body(answer.url, parsed);
    return parsed;
  } catch {
    throw invalidAnswer(ctx, notJsonSummary(`the answer from ${hostOf(answer.url)}`, text), NOT_JSON_HINT, answer.status);
  }
}
