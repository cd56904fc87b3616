/**
 * authentik's duration strings (`hours=8;minutes=30`), checked strictly.
 *
 * The server (authentik/lib/utils/time.py) splits on `;` and `=`, lower-cases each key, skips
 * keys it does not know and reads values as floats: `hourz=1;minutes=5` is five minutes without
 * a word, ` hours=1` (a space before the key) is ignored the same way, and only a string with no
 * known key at all is refused. So the client refuses everything the server would misread, and
 * says which part is wrong and where.
 */

export const DURATION_UNITS = ['weeks', 'days', 'hours', 'minutes', 'seconds', 'milliseconds', 'microseconds'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];

const SECONDS: Record<DurationUnit, number> = {
  weeks: 604_800,
  days: 86_400,
  hours: 3_600,
  minutes: 60,
  seconds: 1,
  milliseconds: 0.001,
  microseconds: 0.000_001,
};

export interface DurationProblem {
  message: string;
  /** The key the problem is about, as written, when there is one. */
  key?: string;
  /** 0-based index of the `;`-separated part. */
  part: number;
  /** Character offsets (end exclusive) of the offending text within the duration string. */
  start: number;
  end: number;
}

export interface DurationResult {
  ok: boolean;
  problems: DurationProblem[];
  /** The parts as understood (only meaningful when ok). */
  parts: Array<{ unit: DurationUnit; value: number }>;
  /** Total length in seconds, when ok. */
  totalSeconds?: number;
}

const NUMBER = /^\d+(\.\d+)?$/;
const EXAMPLE = 'e.g. hours=8;minutes=30';

export function validateDuration(text: string): DurationResult {
  const problems: DurationProblem[] = [];
  const parts: DurationResult['parts'] = [];
  if (typeof text !== 'string' || text.trim() === '') {
    return { ok: false, problems: [{ message: `a duration is required (${EXAMPLE})`, part: 0, start: 0, end: typeof text === 'string' ? text.length : 0 }], parts };
  }
  const seen = new Map<DurationUnit, number>();
  let offset = 0;
  text.split(';').forEach((raw, index) => {
    const start = offset;
    offset += raw.length + 1;
    const end = start + raw.length;
    if (raw.trim() === '') {
      // Point at the separator that makes the empty part (the one before it, or after the first).
      const separator = index > 0 ? start - 1 : end;
      problems.push({ message: `part ${index + 1} is empty: remove the extra ";"`, part: index, start: separator, end: separator + 1 });
      return;
    }
    const eq = raw.indexOf('=');
    if (eq < 0) {
      problems.push({ message: `"${raw.trim()}" is not key=value (${EXAMPLE})`, part: index, start, end });
      return;
    }
    if (raw.indexOf('=', eq + 1) >= 0) {
      problems.push({ message: `"${raw.trim()}" has more than one "="`, part: index, start, end });
      return;
    }
    const key = raw.slice(0, eq);
    const keyStart = start;
    const keyEnd = start + eq;
    if (key.trim() === '') {
      problems.push({ message: `part ${index + 1} has no key before "="`, part: index, start: keyStart, end: keyEnd + 1 });
      return;
    }
    if (key !== key.trim()) {
      problems.push({ message: `the key "${key}" has spaces around it; authentik would ignore it`, key, part: index, start: keyStart, end: keyEnd });
      return;
    }
    const unit = key.toLowerCase() as DurationUnit;
    if (!DURATION_UNITS.includes(unit)) {
      const guess = closestUnit(unit);
      problems.push({
        message: `unknown unit "${key}"${guess ? ` (did you mean "${guess}"?)` : ''}: use ${DURATION_UNITS.join(', ')}; authentik would silently ignore it`,
        key,
        part: index,
        start: keyStart,
        end: keyEnd,
      });
      return;
    }
    const rawValue = raw.slice(eq + 1);
    const value = rawValue.trim();
    const valueStart = keyEnd + 1 + (rawValue.length - rawValue.trimStart().length);
    const valueEnd = valueStart + value.length;
    if (value === '') {
      problems.push({ message: `${key} has no value`, key, part: index, start: keyEnd, end: keyEnd + 1 });
      return;
    }
    if (/^-/.test(value) && NUMBER.test(value.slice(1))) {
      problems.push({ message: `${key} must not be negative (got ${value})`, key, part: index, start: valueStart, end: valueEnd });
      return;
    }
    if (!NUMBER.test(value)) {
      problems.push({ message: `the value of ${key} is not a number: "${value}"`, key, part: index, start: valueStart, end: valueEnd });
      return;
    }
    if (seen.has(unit)) {
      problems.push({ message: `${unit} is given twice (parts ${(seen.get(unit) ?? 0) + 1} and ${index + 1}); authentik would keep only the last`, key, part: index, start: keyStart, end: keyEnd });
      return;
    }
    seen.set(unit, index);
    parts.push({ unit, value: Number(value) });
  });
  if (problems.length > 0) {
    return { ok: false, problems, parts };
  }
  const totalSeconds = parts.reduce((sum, p) => sum + p.value * SECONDS[p.unit], 0);
  return { ok: true, problems, parts, totalSeconds };
}

/** "8 h 30 min", for hovers and panels; sub-second remainders are shown in ms. */
export function describeSeconds(total: number): string {
  if (!Number.isFinite(total) || total < 0) return '';
  if (total === 0) return '0 s';
  const out: string[] = [];
  let rest = total;
  for (const [unit, size] of [
    ['d', 86_400],
    ['h', 3_600],
    ['min', 60],
    ['s', 1],
  ] as const) {
    const n = Math.floor(rest / size + 1e-9);
    if (n > 0) {
      out.push(`${n} ${unit}`);
      rest -= n * size;
    }
  }
  const ms = Math.round(rest * 1000 * 1000) / 1000;
  if (ms > 0) out.push(`${ms} ms`);
  return out.join(' ');
}

/** The unit a misspelt key most likely meant (edit distance ≤ 2, or a common abbreviation). */
function closestUnit(key: string): DurationUnit | undefined {
  const abbreviations: Record<string, DurationUnit> = {
    w: 'weeks',
    d: 'days',
    h: 'hours',
    hr: 'hours',
    hrs: 'hours',
    m: 'minutes',
    min: 'minutes',
    mins: 'minutes',
    s: 'seconds',
    sec: 'seconds',
    secs: 'seconds',
    ms: 'milliseconds',
    us: 'microseconds',
  };
  if (abbreviations[key]) return abbreviations[key];
  const singular = DURATION_UNITS.find((u) => u === `${key}s`);
  if (singular) return singular;
  let best: DurationUnit | undefined;
  let bestDistance = 3;
  for (const unit of DURATION_UNITS) {
    const d = distance(key, unit);
    if (d < bestDistance) {
      best = unit;
      bestDistance = d;
    }
  }
  return best;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length];
}
