/**
 * The stand-in's control surface over HTTP, under `/__standin/`, so a separate process (UI
 * tests, the demo) can read the request log and inject faults:
 *
 *   GET    /__standin/info               name, document, url
 *   GET    /__standin/requests[?since=N] request log (entries with seq > N)
 *   GET    /__standin/violations         schema violations recorded so far
 *   GET    /__standin/faults             active faults
 *   POST   /__standin/faults             body: a FaultSpec → 201 {fault}
 *   DELETE /__standin/faults[/ID]        clear one or all faults
 *   POST   /__standin/reset              clear log, violations, faults; restore seed data
 *
 * Control requests are never logged, faulted or validated.
 */
import type { StandInRequest, StandInResponse } from './types';
import type { InjectedFaults } from './faults';
import type { StandIn } from './types';

export const CONTROL_PREFIX = '/__standin/';

export function handleControl(req: StandInRequest, standIn: StandIn, faults: InjectedFaults, document: string): StandInResponse {
  const what = req.path.slice(CONTROL_PREFIX.length).replace(/\/$/, '');
  const json = (status: number, body?: unknown): StandInResponse => ({ status, body });

  if (req.method === 'GET' && what === 'info') {
    return json(200, { name: standIn.name, document, url: standIn.url, tls: standIn.tls?.source ?? null });
  }
  if (req.method === 'GET' && what === 'requests') {
    const since = Number(req.query.get('since') ?? 0);
    return json(200, { requests: standIn.requests.filter((r) => r.seq > since) });
  }
  if (req.method === 'GET' && what === 'violations') return json(200, { violations: standIn.violations });
  if (req.method === 'GET' && what === 'faults') return json(200, { faults: faults.list() });
  if (req.method === 'POST' && what === 'faults') {
    if (req.bodyError) return json(400, { error: `fault body is not JSON: ${req.bodyError}` });
    try {
      return json(201, { fault: faults.inject(req.body as never) });
    } catch (e) {
      return json(400, { error: (e as Error).message });
    }
  }
  if (req.method === 'DELETE' && what === 'faults') {
    faults.clear();
    return { status: 204 };
  }
  if (req.method === 'DELETE' && what.startsWith('faults/')) {
    const id = decodeURIComponent(what.slice('faults/'.length));
    if (!faults.has(id)) return json(404, { error: `no active fault ${id}` });
    faults.clear(id);
    return { status: 204 };
  }
  if (req.method === 'POST' && what === 'reset') {
    standIn.reset();
    return { status: 204 };
  }
  return json(404, { error: `unknown control request ${req.method} ${req.path}` });
}
