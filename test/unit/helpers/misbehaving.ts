import * as http from 'node:http';

/**
 * Answers of a misbehaving server, for handlers of `startTestServer`: a body that trickles, a
 * body far larger than any real answer. Each stops by itself (a bounded number of writes) and as
 * soon as the client hangs up, and reports how much it actually sent.
 */

/** Status and headers at once, then one byte every `everyMs`, at most `maxBytes` of them. */
export function trickle(res: http.ServerResponse, options: { headers?: Record<string, string>; everyMs?: number; maxBytes?: number; first?: string } = {}): void {
  const { everyMs = 500, maxBytes = 80 } = options;
  res.writeHead(200, { 'Content-Type': 'application/json', ...options.headers });
  res.write(options.first ?? '[');
  let sent = 0;
  const timer = setInterval(() => {
    if (++sent > maxBytes || res.destroyed) {
      clearInterval(timer);
      res.end();
      return;
    }
    res.write(' ');
  }, everyMs);
  res.on('close', () => clearInterval(timer));
}

export interface Flood {
  /** Bytes handed to the socket before the client hung up (or all of them). */
  written: Promise<number>;
}

/**
 * `total` bytes: `open`, then `unit` repeated, then `close`, written with backpressure so the
 * count says how much the client really took. `declareLength` sends Content-Length up front.
 */
export function flood(res: http.ServerResponse, options: { total: number; open: string; unit: string; close: string; contentType?: string; declareLength?: boolean }): Flood {
  const { total, open, unit, close } = options;
  const repeats = Math.max(0, Math.floor((total - open.length - close.length) / unit.length));
  const length = open.length + repeats * unit.length + close.length;
  res.writeHead(200, { 'Content-Type': options.contentType ?? 'application/json', ...(options.declareLength ? { 'Content-Length': String(length) } : {}) });
  const perChunk = Math.max(1, Math.floor((64 * 1024) / unit.length));
  const chunk = Buffer.from(unit.repeat(perChunk));
  const written = new Promise<number>((resolve) => {
    let count = 0;
    let left = repeats;
    let opened = false;
    let done = false;
    const finish = (): void => {
      if (!done) {
        done = true;
        resolve(count);
      }
    };
    res.on('close', finish);
    const pump = (): void => {
      while (!res.destroyed) {
        if (!opened) {
          opened = true;
          res.write(open);
          count += open.length;
          continue;
        }
        if (left === 0) {
          res.end(close);
          count += close.length;
          res.on('finish', finish);
          return;
        }
        const n = Math.min(left, perChunk);
        const piece = n === perChunk ? chunk : Buffer.from(unit.repeat(n));
        left -= n;
        count += piece.length;
        if (!res.write(piece)) {
          res.once('drain', pump);
          return;
        }
      }
      finish();
    };
    pump();
  });
  return { written };
}

export const MiB = 1024 * 1024;

/** Milliseconds a promise took to settle, and its error (it must fail). */
export async function timedFailure<E = Error>(promise: Promise<unknown>): Promise<{ error: E; ms: number }> {
  const started = Date.now();
  try {
    await promise;
  } catch (error) {
    return { error: error as E, ms: Date.now() - started };
  }
  throw new Error('the request should have failed');
}
