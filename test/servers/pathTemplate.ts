/**
 * OpenAPI-style path templates (`/1/columns/{datasetSlug}/{columnId}`), shared by the response
 * validator (which operation answers this path?), the stand-in router and fault patterns.
 *
 * A parameter matches one non-empty path segment, never a `/`. When several templates match,
 * the one with a literal segment at the first position where they differ wins, as OpenAPI
 * requires ("/1/datasets/definitions" beats "/1/datasets/{datasetSlug}").
 */

type Segment =
  | { kind: 0; literal: string } // literal
  | { kind: 1; regex: RegExp; names: string[] } // mixed, e.g. "{id}.json"
  | { kind: 2; name: string }; // whole segment is one parameter

export interface PathTemplate {
  readonly template: string;
  readonly segments: readonly Segment[];
}

const PARAM = /\{([^}/]+)\}/g;

export function compileTemplate(template: string): PathTemplate {
  const segments = template.split('/').map((part): Segment => {
    const whole = /^\{([^}/]+)\}$/.exec(part);
    if (whole) return { kind: 2, name: whole[1] };
    if (!part.includes('{')) return { kind: 0, literal: part };
    const names: string[] = [];
    const source = part
      .split(PARAM)
      .map((piece, i) => {
        if (i % 2 === 1) {
          names.push(piece);
          return '([^/]+)';
        }
        return piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('');
    return { kind: 1, regex: new RegExp(`^${source}$`), names };
  });
  return { template, segments };
}

/** Parameters (percent-decoded) when `path` matches the template, otherwise undefined. */
export function matchTemplate(t: PathTemplate, path: string): Record<string, string> | undefined {
  const parts = path.split('/');
  if (parts.length !== t.segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const seg = t.segments[i];
    const part = parts[i];
    if (seg.kind === 0) {
      if (seg.literal !== part) return undefined;
    } else if (seg.kind === 2) {
      if (part === '') return undefined;
      params[seg.name] = decode(part);
    } else {
      const m = seg.regex.exec(part);
      if (!m) return undefined;
      seg.names.forEach((name, j) => (params[name] = decode(m[j + 1])));
    }
  }
  return params;
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Negative when `a` is more specific than `b` (literal segments earlier). */
function compareSpecificity(a: PathTemplate, b: PathTemplate): number {
  for (let i = 0; i < a.segments.length && i < b.segments.length; i++) {
    const d = a.segments[i].kind - b.segments[i].kind;
    if (d !== 0) return d;
  }
  return 0;
}

/** A set of templates with values, matched most-specific first; results cached per path. */
export class TemplateIndex<T> {
  private readonly bySegmentCount = new Map<number, Array<{ t: PathTemplate; value: T }>>();
  private readonly cache = new Map<string, { template: string; params: Record<string, string>; value: T } | null>();
  private sorted = true;

  add(template: string, value: T): void {
    const t = compileTemplate(template);
    const list = this.bySegmentCount.get(t.segments.length) ?? [];
    list.push({ t, value });
    this.bySegmentCount.set(t.segments.length, list);
    this.sorted = false; // sort once on the next match, not per add (613 templates in authentik)
    this.cache.clear();
  }

  match(path: string): { template: string; params: Record<string, string>; value: T } | undefined {
    const hit = this.cache.get(path);
    if (hit !== undefined) return hit ?? undefined;
    if (!this.sorted) {
      // Array.prototype.sort is stable, so equally specific templates keep insertion order.
      for (const list of this.bySegmentCount.values()) list.sort((x, y) => compareSpecificity(x.t, y.t));
      this.sorted = true;
    }
    let found: { template: string; params: Record<string, string>; value: T } | null = null;
    const count = path.split('/').length;
    for (const { t, value } of this.bySegmentCount.get(count) ?? []) {
      const params = matchTemplate(t, path);
      if (params) {
        found = { template: t.template, params, value };
        break;
      }
    }
    // Concrete paths repeat a lot in tests; keep the cache bounded for --scale runs.
    if (this.cache.size > 5000) this.cache.clear();
    this.cache.set(path, found);
    return found ?? undefined;
  }
}
