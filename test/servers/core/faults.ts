/**
 * Fault injection: which requests get a deliberately bad answer, and the service-independent
 * fault answers (reset, HTML proxy page, truncated JSON, Retry-After values).
 */
import * as http from 'node:http';
import { compileTemplate, matchTemplate } from '../pathTemplate';
import type { ActiveFault, FaultController, FaultKind, FaultSpec, RetryAfterFormat, StandInResponse } from './types';

const KINDS: FaultKind[] = ['rateLimit', 'serverError', 'slow', 'reset', 'malformedJson', 'htmlError', 'resetAfterApply', 'hangAfterApply', 'bodyAfterApply'];
const FORMATS: RetryAfterFormat[] = ['seconds', 'http-date', 'none'];

/** Checks a fault spec (also those arriving over HTTP); throws with a readable message. */
export function checkFaultSpec(input: unknown): FaultSpec {
  if (!input || typeof input !== 'object') throw new Error('fault must be a JSON object');
  const spec = input as Record<string, unknown>;
  if (!KINDS.includes(spec.kind as FaultKind)) throw new Error(`fault kind must be one of ${KINDS.join(', ')}`);
  const positiveInt = (key: string, min: number) => {
    const v = spec[key];
    if (v !== undefined && (typeof v !== 'number' || !Number.isInteger(v) || v < min)) {
      throw new Error(`fault ${key} must be an integer >= ${min}`);
    }
  };
  positiveInt('times', 1);
  positiveInt('retryAfterSeconds', 0);
  positiveInt('delayMs', 0);
  positiveInt('status', 100);
  if (spec.route !== undefined && typeof spec.route !== 'string') throw new Error('fault route must be a string');
  for (const key of ['body', 'contentType']) if (spec[key] !== undefined && typeof spec[key] !== 'string') throw new Error(`fault ${key} must be a string`);
  if (spec.retryAfterFormat !== undefined && !FORMATS.includes(spec.retryAfterFormat as RetryAfterFormat)) {
    throw new Error(`fault retryAfterFormat must be one of ${FORMATS.join(', ')}`);
  }
  const known = ['kind', 'route', 'times', 'retryAfterSeconds', 'retryAfterFormat', 'delayMs', 'status', 'body', 'contentType'];
  const unknown = Object.keys(spec).filter((k) => !known.includes(k));
  if (unknown.length) throw new Error(`unknown fault field(s): ${unknown.join(', ')}`);
  return spec as unknown as FaultSpec;
}

type Matcher = (method: string, path: string) => boolean;

function compileRoutePattern(pattern: string | undefined): Matcher {
  if (!pattern || pattern === '*') return () => true;
  const m = /^([A-Za-z]+|\*)\s+(\S+)$/.exec(pattern.trim());
  const method = m ? m[1].toUpperCase() : '*';
  const path = m ? m[2] : pattern.trim();
  const methodOk = (x: string) => method === '*' || method === x;
  if (path.endsWith('*')) {
    const prefix = path.slice(0, -1);
    return (x, p) => methodOk(x) && p.startsWith(prefix);
  }
  const template = compileTemplate(path);
  return (x, p) => methodOk(x) && matchTemplate(template, p) !== undefined;
}

export class InjectedFaults implements FaultController {
  private active: Array<{ fault: ActiveFault; matches: Matcher }> = [];
  private nextId = 1;

  inject(spec: FaultSpec): ActiveFault {
    const checked = checkFaultSpec(spec);
    const fault: ActiveFault = { ...checked, id: `f${this.nextId++}`, served: 0 };
    this.active.push({ fault, matches: compileRoutePattern(checked.route) });
    return { ...fault };
  }

  clear(id?: string): void {
    this.active = id === undefined ? [] : this.active.filter((a) => a.fault.id !== id);
  }

  has(id: string): boolean {
    return this.active.some((a) => a.fault.id === id);
  }

  list(): ActiveFault[] {
    return this.active.map((a) => ({ ...a.fault }));
  }

  /** The first active fault for this request, counting it as served (and retiring it when used up). */
  take(method: string, path: string): ActiveFault | undefined {
    const hit = this.active.find((a) => a.matches(method, path));
    if (!hit) return undefined;
    hit.fault.served++;
    if (hit.fault.times !== undefined && hit.fault.served >= hit.fault.times) {
      this.active = this.active.filter((a) => a !== hit);
    }
    return { ...hit.fault };
  }
}

/** `Retry-After` value: delta-seconds, or an HTTP-date that many seconds (rounded up) ahead. */
export function retryAfterValue(format: RetryAfterFormat, seconds: number, now = Date.now()): string | undefined {
  if (format === 'none') return undefined;
  if (format === 'seconds') return String(seconds);
  return new Date(Math.ceil(now / 1000) * 1000 + seconds * 1000).toUTCString();
}

/** The page an nginx reverse proxy shows for an upstream failure. */
export function htmlErrorPage(status: number): StandInResponse {
  const title = `${status} ${http.STATUS_CODES[status] ?? 'Error'}`;
  return {
    status,
    headers: { 'Content-Type': 'text/html' },
    text: `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n` + `<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`,
  };
}

/** Cuts a serialised body in half, so it is no longer parseable JSON. */
export function truncateJson(text: string): string {
  const cut = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
  return cut === text ? `${text.slice(0, -1)}` : cut;
}
