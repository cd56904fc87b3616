/**
 * Validates stand-in responses against the official OpenAPI documents.
 *
 * Each document is parsed once per process and registered whole in one Ajv2020 instance; the
 * validator for an (operation, status, media type) is fetched lazily by JSON pointer into it, so
 * only what a test touches is ever compiled (compiling all of authentik eagerly takes ~2 s).
 * `#/components/...` references resolve inside Ajv; the glue here only does what is not JSON
 * Schema: path-template matching, the status → `4XX` → `default` fallback, `$ref`'d response
 * objects and picking the media type from the Content-Type.
 */
import { Ajv2020 } from 'ajv/dist/2020';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { fastFormats } from 'ajv-formats/dist/formats';
import { TemplateIndex } from '../pathTemplate';
import { loadServiceModel } from './loadDocument';
import { closeObjectSchemas, NULL_BRANCH_MARK, pointerGet, rewriteNullable } from './transform';

export type DocumentName = 'honeycomb' | 'authentik';

interface DocumentConfig {
  file: string;
  /**
   * authentik (Django) sends `""` for blank email/URL fields and URL templates such as
   * `https://x/%(username)s`; ajv-formats' full `email`/`uri` reject those, so for authentik
   * they accept "" and otherwise use the fast regexes.
   */
  lenientFormats: boolean;
  /**
   * Statuses the service really sends but the document rarely declares, checked against a
   * response object of the document instead of being reported as undeclared. authentik declares
   * 404 on 15 of 1,193 operations, yet every retrieve of a missing object answers
   * `404 {"detail": "No X matches the given query."}` (GenericError).
   */
  undeclaredStatuses?: Record<string, string>;
}

const DOCUMENTS: Record<DocumentName, DocumentConfig> = {
  honeycomb: { file: 'honeycomb.openapi.yaml', lenientFormats: false },
  authentik: {
    file: 'authentik.schema.yml',
    lenientFormats: true,
    undeclaredStatuses: { '404': '#/components/responses/GenericErrorResponse' },
  },
};

export interface ResponseToCheck {
  method: string;
  /** the concrete request path, without query string, e.g. `/api/v3/core/users/me/` */
  path: string;
  status: number;
  /** the Content-Type header as sent; parameters such as `; charset=utf-8` are ignored */
  contentType?: string;
  /** the parsed JSON body (or the text for non-JSON media types); undefined when empty */
  body: unknown;
}

export interface OperationMatch {
  /** path template as written in the document (without the server base path) */
  template: string;
  method: string;
  params: Record<string, string>;
}

export interface ValidatorTimings {
  readMs: number;
  parseMs: number;
  cacheHit: boolean;
  transformMs: number;
  ajvSetupMs: number;
  totalMs: number;
  nullableRewritten: number;
  objectsClosed: number;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export class OpenApiValidator {
  readonly name: DocumentName;
  /** file name of the vendored document, used in violation messages */
  readonly file: string;
  readonly title: string;
  readonly version: string;
  /** path prefix of the document's relative server URL (`/api/v3` for authentik), else "" */
  readonly basePath: string;
  readonly timings: ValidatorTimings;
  /** number of response validators compiled so far, and the time spent on it */
  compiled = 0;
  compileMs = 0;

  private readonly doc: Record<string, unknown>;
  private readonly ajv: Ajv2020;
  private readonly key: string;
  private readonly operations = new TemplateIndex<Record<string, unknown>>();
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly config: DocumentConfig;

  constructor(name: DocumentName) {
    const t0 = performance.now();
    this.name = name;
    this.config = DOCUMENTS[name];
    this.file = this.config.file;
    // The document with the overlay of what the service accepts beyond it (overlay.ts).
    const loaded = loadServiceModel(this.file);
    const doc = loaded.data;
    this.doc = doc;

    const t1 = performance.now();
    const is30 = String(doc.openapi ?? '').startsWith('3.0');
    const nullableRewritten = is30 ? rewriteNullable(doc) : 0;
    const objectsClosed = closeObjectSchemas(doc);
    const t2 = performance.now();

    // strict:false — the document is not a JSON Schema (top-level `openapi`, `example`,
    // `discriminator`, `x-*`). coerceTypes/useDefaults/removeAdditional stay off: they would
    // rewrite the body under test. verbose gives errors their parentSchema (noise filtering).
    this.ajv = new Ajv2020({ strict: false, allErrors: true, verbose: true, validateSchema: false });
    addFormats(this.ajv);
    if (this.config.lenientFormats) {
      const blankOr = (re: RegExp) => (s: string) => s === '' || re.test(s);
      this.ajv.addFormat('email', blankOr(fastFormats.email as RegExp));
      this.ajv.addFormat('uri', blankOr(fastFormats.uri as RegExp));
    }
    this.key = `https://stand-in.invalid/${name}.json`;
    this.ajv.addSchema(doc, this.key);

    const servers = Array.isArray(doc.servers) ? (doc.servers as Array<{ url?: string }>) : [];
    const relative = servers.map((s) => s.url ?? '').find((u) => u.startsWith('/'));
    this.basePath = relative ? relative.replace(/\/$/, '') : '';
    for (const [template, item] of Object.entries((doc.paths ?? {}) as Record<string, Record<string, unknown>>)) {
      this.operations.add(template, item);
    }
    const info = (doc.info ?? {}) as { title?: string; version?: string };
    this.title = info.title ?? name;
    this.version = info.version ?? '';
    const t3 = performance.now();
    this.timings = {
      ...loaded.timings,
      transformMs: t2 - t1,
      ajvSetupMs: t3 - t2,
      totalMs: t3 - t0,
      nullableRewritten,
      objectsClosed,
    };
  }

  /** The document operation answering `method path`, if any. */
  matchOperation(method: string, path: string): OperationMatch | undefined {
    const relative = this.stripBase(path);
    if (relative === undefined) return undefined;
    const m = this.operations.match(relative);
    const lower = method.toLowerCase();
    if (!m || !(lower in m.value)) return undefined;
    return { template: m.template, method: lower, params: m.params };
  }

  /**
   * Checks one response. Returns readable errors, empty when the response conforms. An
   * undeclared path, method, status or media type is itself an error.
   */
  validateResponse(r: ResponseToCheck): string[] {
    const method = r.method.toLowerCase();
    const relative = this.stripBase(r.path);
    if (relative === undefined) return [`path ${r.path} is outside the document's base path ${this.basePath}`];
    const m = this.operations.match(relative);
    if (!m) return [`no path in the document matches ${r.path}`];
    if (!(method in m.value)) {
      const declared = Object.keys(m.value).filter((k) => HTTP_METHODS.includes(k));
      return [`${r.method.toUpperCase()} is not declared for ${m.template} (declared: ${declared.join(', ')})`];
    }
    const opPointer = `/paths/${escapeToken(m.template)}/${method}`;
    const where = `${r.method.toUpperCase()} ${m.template}`;

    const found = this.findResponse(opPointer, r.status);
    if (!found) return [`status ${r.status} is not declared for ${where}`];
    const { pointer: respPointer, response } = found;
    const content = (response.content ?? {}) as Record<string, { schema?: unknown }>;
    const mediaTypes = Object.keys(content);
    const hasBody = r.body !== undefined && r.body !== '';

    if (mediaTypes.length === 0) {
      return hasBody ? [`${where} → ${r.status} declares no body, but one was sent`] : [];
    }
    if (!r.contentType) {
      return hasBody
        ? [`${where} → ${r.status}: body sent without a Content-Type (declared: ${mediaTypes.join(', ')})`]
        : [`${where} → ${r.status}: empty response, the document declares ${mediaTypes.join(', ')}`];
    }
    const mediaType = r.contentType.split(';')[0].trim().toLowerCase();
    // A file download (`type: string, format: binary`) is bytes whatever media type the
    // generator wrote beside it: authentik's flow export is declared as application/json but is
    // a YAML file served by Django's HttpResponse (text/html).
    if (mediaTypes.every((t) => isBinarySchema(content[t].schema)))
      return typeof r.body === 'string' || r.body === undefined ? [] : [`${where} → ${r.status}: a file download must be sent as text, not JSON`];
    const mtKey = pickMediaType(mediaTypes, mediaType);
    if (!mtKey) {
      return [`${where} → ${r.status}: Content-Type ${mediaType} is not declared (declared: ${mediaTypes.join(', ')})`];
    }
    if (content[mtKey].schema === undefined) return [];

    const validate = this.validatorFor(`${respPointer}/content/${escapeToken(mtKey)}/schema`);
    if (validate(r.body)) return [];
    return formatErrors(validate.errors ?? []);
  }

  /**
   * Media types the document declares for this response (after the status fallbacks), or
   * undefined when the operation or status is not declared. Lets fault answers pick the shape
   * the document gives for that endpoint.
   */
  declaredMediaTypes(method: string, path: string, status: number): string[] | undefined {
    const relative = this.stripBase(path);
    const m = relative === undefined ? undefined : this.operations.match(relative);
    const lower = method.toLowerCase();
    if (!m || !(lower in m.value)) return undefined;
    const found = this.findResponse(`/paths/${escapeToken(m.template)}/${lower}`, status);
    return found ? Object.keys(found.response.content ?? {}) : undefined;
  }

  /**
   * Checks a request's JSON body against the operation's `requestBody` schema (closed like every
   * object schema here). Returns Ajv's errors with the nullable-wrapper noise removed, or
   * undefined when the operation declares no JSON request body.
   */
  requestErrors(method: string, path: string, body: unknown): ErrorObject[] | undefined {
    const m = this.matchOperation(method, path);
    if (!m) return undefined;
    const pointer = `/paths/${escapeToken(m.template)}/${m.method}/requestBody/content/application~1json/schema`;
    if (pointerGet(this.doc, pointer) === undefined) return undefined;
    return this.errorsAt(pointer, body);
  }

  /** Ajv's errors for `data` against the schema at `pointer`, nullable-wrapper noise removed. */
  errorsAt(pointer: string, data: unknown): ErrorObject[] {
    const validate = this.validatorFor(pointer);
    return validate(data) ? [] : (validate.errors ?? []).filter((e) => !isNullBranchNoise(e));
  }

  /** Whether the document has something at `pointer` (e.g. a component schema). */
  has(pointer: string): boolean {
    return pointerGet(this.doc, pointer) !== undefined;
  }

  /** Validates `data` against any schema of the document by JSON pointer (for tests). */
  validateAt(pointer: string, data: unknown): string[] {
    const validate = this.validatorFor(pointer);
    return validate(data) ? [] : formatErrors(validate.errors ?? []);
  }

  private stripBase(path: string): string | undefined {
    if (!this.basePath) return path;
    return path.startsWith(this.basePath + '/') ? path.slice(this.basePath.length) : undefined;
  }

  /** status exact → `4XX`/`5XX` → `default` → configured undeclared statuses; follows `$ref`s. */
  private findResponse(opPointer: string, status: number): { pointer: string; response: Record<string, unknown> } | undefined {
    const responses = (pointerGet(this.doc, `${opPointer}/responses`) ?? {}) as Record<string, unknown>;
    const range = `${Math.floor(status / 100)}XX`;
    const key = [String(status), range, range.toLowerCase(), 'default'].find((k) => k in responses);
    let pointer: string;
    if (key !== undefined) pointer = `${opPointer}/responses/${escapeToken(key)}`;
    else {
      const fallback = this.config.undeclaredStatuses?.[String(status)];
      if (!fallback) return undefined;
      pointer = fallback.slice(1);
    }
    for (let i = 0; i < 10; i++) {
      const response = pointerGet(this.doc, pointer) as Record<string, unknown> | undefined;
      if (!response) return undefined;
      if (typeof response.$ref !== 'string') return { pointer, response };
      pointer = response.$ref.slice(1); // response objects are not schemas: Ajv cannot follow these
    }
    return undefined;
  }

  private validatorFor(pointer: string): ValidateFunction {
    let v = this.validators.get(pointer);
    if (!v) {
      const t0 = performance.now();
      const ref = `${this.key}#${pointer
        .split('/')
        .map((t) => encodeURIComponent(decodeURIComponent(t)))
        .join('/')}`;
      v = this.ajv.getSchema(ref);
      if (!v) throw new Error(`stand-in validator: no schema at ${pointer} in ${this.file}`);
      this.compileMs += performance.now() - t0;
      this.compiled++;
      this.validators.set(pointer, v);
    }
    return v;
  }
}

/** JSON-pointer escaping of one token (`/1/auth` → `~11~1auth`). */
function escapeToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

function pickMediaType(declared: string[], actual: string): string | undefined {
  const lower = declared.map((d) => d.toLowerCase());
  const wildcard = `${actual.split('/')[0]}/*`;
  for (const candidate of [actual, wildcard, '*/*']) {
    const i = lower.indexOf(candidate);
    if (i >= 0) return declared[i];
  }
  return undefined;
}

/**
 * Ajv order is kept (for a failed `oneOf` the first branch's errors come first, which names the
 * likely mistake); the "must be null" / "must match a schema in anyOf" noise of our nullable
 * wrappers and exact duplicates are dropped.
 */
export function formatErrors(errors: ErrorObject[]): string[] {
  const out: string[] = [];
  for (const e of errors) {
    if (isNullBranchNoise(e)) continue;
    let text = `${e.instancePath || '(root)'} ${e.message ?? e.keyword}`;
    const p = e.params as Record<string, unknown>;
    if (e.keyword === 'additionalProperties') text += `: '${String(p.additionalProperty)}'`;
    if (e.keyword === 'unevaluatedProperties') text += `: '${String(p.unevaluatedProperty)}'`;
    if (e.keyword === 'enum') text += `: ${JSON.stringify(p.allowedValues).slice(0, 200)}`;
    if (e.keyword === 'const') text += `: ${JSON.stringify(p.allowedValue)}`;
    if (!out.includes(text)) out.push(text);
  }
  return out;
}

/** The "must be null" / "must match a schema in anyOf" errors our nullable wrappers add. */
function isNullBranchNoise(e: ErrorObject): boolean {
  const parent = (e.parentSchema ?? {}) as Record<string, unknown>;
  if (e.keyword === 'type' && parent[NULL_BRANCH_MARK]) return true;
  return e.keyword === 'anyOf' && Array.isArray(parent.anyOf) && (parent.anyOf as Array<Record<string, unknown>>).some((b) => b?.[NULL_BRANCH_MARK]);
}

function isBinarySchema(schema: unknown): boolean {
  const s = schema as { type?: unknown; format?: unknown } | undefined;
  return !!s && s.type === 'string' && s.format === 'binary';
}

const instances = new Map<DocumentName, OpenApiValidator>();

/** The process-wide validator of a vendored document (loaded on first use). */
export function openApiValidator(name: DocumentName): OpenApiValidator {
  let v = instances.get(name);
  if (!v) {
    v = new OpenApiValidator(name);
    instances.set(name, v);
  }
  return v;
}
