/**
 * Go duration strings ("3m", "1h30m", "90s", "1.5h", "300ms"), as the image signing package's
 * `timeout` setting is written. Parsing follows Go's time.ParseDuration: a sequence of decimal
 * numbers each with a unit (ns, us, µs, ms, s, m, h), optionally signed; "0" alone is allowed.
 */

const UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

export class DurationError extends Error {}

/** Milliseconds of a Go duration; throws DurationError naming the bad value. */
export function parseGoDuration(text: string): number {
  const input = text.trim();
  const fail = (): never => {
    throw new DurationError(`"${text}" is not a Go duration; write it like "3m", "90s", "1h30m" or "500ms"`);
  };
  if (input === '0') {
    return 0;
  }
  const match = /^([+-]?)((?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+$/.exec(input);
  if (!match) {
    fail();
  }
  const sign = input.startsWith('-') ? -1 : 1;
  let total = 0;
  const part = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/g;
  for (const [, amount, unit] of input.replace(/^[+-]/, '').matchAll(part)) {
    total += Number(amount) * UNIT_MS[unit];
  }
  return sign * total;
}

/** A positive duration for a timeout; zero and negative values are refused. */
export function parseTimeout(text: string, settingName: string): number {
  let ms: number;
  try {
    ms = parseGoDuration(text);
  } catch (error) {
    throw new DurationError(`${settingName}: ${(error as Error).message}`);
  }
  if (ms <= 0) {
    throw new DurationError(`${settingName}: "${text}" must be longer than zero, for example "3m"`);
  }
  return ms;
}
