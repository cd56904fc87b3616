import type { QueryRunEvent } from '../clients/honeycomb';

/**
 * What the progress notification says at each step of a run. A wait for the rate limit says how
 * long, why, and the run's place in line, and counts down (`remainingMs`).
 */
export function progressText(event: QueryRunEvent, remainingMs?: number): string {
  switch (event.kind) {
    case 'creatingQuery':
      return 'Creating the query…';
    case 'waiting': {
      const seconds = Math.max(1, Math.ceil((remainingMs ?? event.waitMs) / 1000));
      const why = event.reason === 'server' ? 'Honeycomb says the query budget is spent' : 'Honeycomb allows 10 query results a minute';
      const place = event.position > 1 ? `, ${ordinal(event.position)} in line` : '';
      return `Queued: ${why}; starting in ${seconds} s${place}…`;
    }
    case 'creatingResult':
      return 'Starting the query…';
    case 'polling':
      return event.polls <= 1 ? 'Running the query…' : `Running the query… (${Math.round(event.elapsedMs / 100) / 10} s)`;
    case 'complete':
      return `Done: ${event.rows.toLocaleString('en-US')} ${event.rows === 1 ? 'group' : 'groups'}.`;
  }
}

function ordinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}
