import { NEVER_WRITTEN } from '../../clients/honeycomb';

/** "5 min ago", "3 h ago", "12 days ago" — short enough for a tree item's description. */
export function ago(iso: string | null | undefined, now = Date.now()): string | undefined {
  if (!iso || iso === NEVER_WRITTEN) {
    return undefined;
  }
  const then = Date.parse(iso);
  if (Number.isNaN(then)) {
    return undefined;
  }
  const seconds = Math.max(0, Math.round((now - then) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  const days = Math.round(hours / 24);
  if (days < 60) return `${days} days ago`;
  const months = Math.round(days / 30);
  if (months < 24) return `${months} months ago`;
  return `${Math.round(days / 365)} years ago`;
}

/** A time for a record field: the ISO value and how long ago it was, or "never". */
export function timeField(iso: string | null | undefined, now = Date.now()): string {
  if (!iso || iso === NEVER_WRITTEN) {
    return 'never';
  }
  const relative = ago(iso, now);
  return relative ? `${iso} (${relative})` : iso;
}

/** 99.9 → "99.9 %"; keeps up to four decimals without trailing zeros. */
export function percent(value: number): string {
  return `${Number(value.toFixed(4))} %`;
}

/** 30 → "30 days", 1 → "1 day". */
export function days(value: number): string {
  return `${value} ${value === 1 ? 'day' : 'days'}`;
}
