import { ServiceError } from '../../core/errors';

/**
 * Requests of one export, at most `concurrency` at a time: a whole environment is read without
 * a burst, and Cancel stops what has not started (and aborts what has, through the signal).
 * Counts the requests and reports progress as answers arrive.
 */
export class RequestPool {
  requests = 0;
  private done = 0;
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly service: string,
    private readonly concurrency: number,
    private readonly signal: AbortSignal | undefined,
    private readonly onProgress?: (progress: { done: number; total: number }) => void,
  ) {}

  async run<T>(request: (signal: AbortSignal) => Promise<T>): Promise<T> {
    this.requests++;
    this.report();
    if (this.running >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      if (this.signal?.aborted) throw new ServiceError({ kind: 'cancelled', service: this.service, operation: 'export', summary: 'the export was cancelled' });
      return await request(this.signal ?? new AbortController().signal);
    } finally {
      this.running--;
      this.done++;
      this.report();
      this.waiting.shift()?.();
    }
  }

  private report(): void {
    this.onProgress?.({ done: this.done, total: this.requests });
  }
}
