/**
 * The `RateLimit` / `RateLimitPolicy` headers Honeycomb puts on most responses
 * (`limit=X, remaining=Y, reset=Z` and `X;w=Y`), from a fixed window counted per stand-in.
 * The stand-in reports the budget but does not enforce it: a 429 is injected as a fault.
 */
export interface RateLimitOptions {
  /** requests per window (spec example: 100) */
  limit?: number;
  /** window length in seconds (spec example: 60) */
  windowSeconds?: number;
}

export class RateLimitWindow {
  readonly limit: number;
  readonly windowSeconds: number;
  private windowStart = Date.now();
  private used = 0;

  constructor(options: RateLimitOptions = {}) {
    this.limit = options.limit ?? 100;
    this.windowSeconds = options.windowSeconds ?? 60;
  }

  /** Counts one request and returns the headers describing what is left. */
  count(now = Date.now()): Record<string, string> {
    this.roll(now);
    this.used++;
    return this.headers(Math.max(0, this.limit - this.used), this.secondsToReset(now));
  }

  /** Headers of a rate-limited answer: nothing left until `resetSeconds`. */
  exhaustedHeaders(resetSeconds: number): Record<string, string> {
    return this.headers(0, resetSeconds);
  }

  reset(): void {
    this.windowStart = Date.now();
    this.used = 0;
  }

  private headers(remaining: number, reset: number): Record<string, string> {
    return {
      RateLimit: `limit=${this.limit}, remaining=${remaining}, reset=${reset}`,
      RateLimitPolicy: `${this.limit};w=${this.windowSeconds}`,
    };
  }

  private roll(now: number): void {
    if (now - this.windowStart >= this.windowSeconds * 1000) {
      this.windowStart = now;
      this.used = 0;
    }
  }

  private secondsToReset(now: number): number {
    return Math.max(0, Math.ceil((this.windowStart + this.windowSeconds * 1000 - now) / 1000));
  }
}
