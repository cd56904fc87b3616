import type { Method } from 'axios';
import { ErrorContext, truncate } from './httpErrors';
import { originOf } from './httpOrigins';
import type { Logger } from './logger';

/**
 * The lines one request writes to the log. Every URL, header and body goes through the
 * connection's known secrets first, so a credential never reaches a log line even when the
 * logger is not a redacting one.
 */
export class RequestLog {
  constructor(
    private readonly logger: Logger,
    private readonly ctx: ErrorContext,
    private readonly method: Method,
    private readonly url: string,
  ) {}

  sending(headers: Record<string, string>): void {
    if (this.logger.enabled('debug')) {
      this.logger.debug(`→ ${this.method} ${this.ctx.secrets.redactText(this.url)} ${JSON.stringify(this.ctx.secrets.redactHeaders(headers))}`);
    }
  }

  redirected(status: number, to: string, withoutCredentials: boolean): void {
    this.logger.debug(`↪ ${status} to ${this.ctx.secrets.redactText(originOf(to))}${withoutCredentials ? ' without credentials' : ''}`);
  }

  answered(status: number, url: string, tookMs: number): void {
    // Built only when someone reads it: every answer passes here.
    if (this.logger.enabled('debug')) this.logger.debug(`← ${status} ${this.method} ${this.ctx.secrets.redactText(url)} (${tookMs} ms)`);
  }

  failed(summary: string, tookMs: number): void {
    this.logger.debug(`✗ ${this.method} ${this.ctx.secrets.redactText(this.url)} ${summary} (${tookMs} ms)`);
  }

  retryingAfterFailure(summary: string, retry: number, waitMs: number): void {
    this.logger.debug(`✗ ${this.method} ${this.ctx.secrets.redactText(this.url)} ${summary}; retry ${retry} in ${waitMs} ms`);
  }

  retryingAfterStatus(status: number, retry: number, maxRetries: number, waitMs: number): void {
    this.logger.info(`${this.ctx.service} ${this.ctx.operation}: HTTP ${status}, retry ${retry} of ${maxRetries} in ${Math.ceil(waitMs / 1000)} s`);
  }

  body(url: string, parsed: unknown): void {
    // Masking a large body costs more than the request; only do it when someone reads it.
    if (this.logger.enabled('trace')) {
      this.logger.trace(`body of ${this.ctx.secrets.redactText(url)}: ${truncate(JSON.stringify(this.ctx.secrets.redactJson(parsed)), 2000)}`);
    }
  }
}
