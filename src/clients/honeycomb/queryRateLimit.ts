import { abortableSleep } from '../../core/sleep';

/**
 * Honeycomb lets a team create 10 query results a minute (1 a minute for queries with
 * relational fields) and answers more with 429 and no Retry-After. Rather than fail, runs wait
 * their turn here: a sliding window of the results this editor created, plus whatever a 429
 * told us (another tool may be spending the same budget). Waiters are served first come, first
 * served, and each wait is reported so the user sees how long it will be.
 */

export interface SlotWait {
  /** How long this run will wait before its result is created. */
  waitMs: number;
  /** 1 = next in line. */
  position: number;
  /** `window`: our own last results fill the minute; `server`: a 429 said so. */
  reason: 'window' | 'server';
}

/** A slot taken in the budget. */
export interface Slot {
  /** The creation's answer (or failure) came back: the slot counts from now. */
  answered(): void;
}

export interface LimiterClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

const realClock: LimiterClock = { now: () => Date.now(), sleep: abortableSleep };

export class QueryResultLimiter {
  private readonly stamps: Array<{ at: number }> = [];
  private blockedUntil = 0;
  private tail: Promise<void> = Promise.resolve();
  /** Tickets handed out and turns finished: a run's place in line is the difference. */
  private issued = 0;
  private served = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly clock: LimiterClock = realClock,
  ) {}

  /**
   * Resolves when a result may be created now (and counts it), with `answered` to call when the
   * creation's answer arrives; rejects when the signal aborts.
   */
  acquire(signal: AbortSignal | undefined, onWait: (wait: SlotWait) => void): Promise<Slot> {
    const ticket = ++this.issued;
    const ahead = ticket - this.served - 1;
    if (ahead > 0) {
      // Behind other runs: say so now, with a rough estimate (each full window lets `limit` through).
      const first = this.waitFor(this.clock.now());
      onWait({ waitMs: first.waitMs + Math.floor(ahead / this.limit) * this.windowMs, position: ahead + 1, reason: first.reason });
    }
    const turn = this.tail.then(() => this.takeSlot(signal, onWait, ticket));
    // The next waiter starts after this one, whether it got its slot or gave up.
    this.tail = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn.finally(() => {
      this.served++;
    });
  }

  /** A 429 said the budget is spent: nothing is created before `untilMs`. */
  block(untilMs: number): void {
    this.blockedUntil = Math.max(this.blockedUntil, untilMs);
  }

  /** How long a new run would wait now (0 when a slot is free), for messages. */
  pendingWaitMs(): number {
    return this.waitFor(this.clock.now()).waitMs;
  }

  private waitFor(now: number): { waitMs: number; reason: SlotWait['reason'] } {
    // Answered slots move later (below), so the order is kept here.
    this.stamps.sort((a, b) => a.at - b.at);
    while (this.stamps.length > 0 && this.stamps[0].at <= now - this.windowMs) this.stamps.shift();
    const server = Math.max(0, this.blockedUntil - now);
    const window = this.stamps.length >= this.limit ? this.stamps[this.stamps.length - this.limit].at + this.windowMs - now : 0;
    return server >= window ? { waitMs: server, reason: 'server' } : { waitMs: window, reason: 'window' };
  }

  private async takeSlot(signal: AbortSignal | undefined, onWait: (wait: SlotWait) => void, ticket: number): Promise<Slot> {
    for (;;) {
      if (signal?.aborted) throw new Error('aborted');
      const now = this.clock.now();
      const { waitMs, reason } = this.waitFor(now);
      if (waitMs <= 0) {
        const stamp = { at: now };
        this.stamps.push(stamp);
        // Honeycomb counts the result when the request reaches it, which is after we sent it
        // and before its answer came back: counted from the answer, the next slot never opens
        // early for the server, however long the request took to arrive.
        return { answered: () => (stamp.at = Math.max(stamp.at, this.clock.now())) };
      }
      onWait({ waitMs, position: Math.max(1, ticket - this.served), reason });
      await this.clock.sleep(waitMs, signal);
    }
  }
}
