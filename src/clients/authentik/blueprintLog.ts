import { LineCounter, isMap, isScalar, isSeq, parseDocument } from 'yaml';
import type { FieldError } from '../../core/errors';

/**
 * authentik validates a blueprint's `content` whenever an instance is saved
 * (`BlueprintInstanceSerializer.validate_content` runs the importer in a rolled-back
 * transaction) and answers 400 with the importer's log:
 *
 *   {"content": ["Failed to validate blueprint", "- Entry invalid: Serializer errors {…}", "- Blueprint validation failed"]}
 *
 * Releases before the log became structured (2024.6 and older) sent one string instead:
 * `"Failed to validate blueprint: <events joined by newlines>"`. The events name no line, so
 * this module finds the place in the YAML each one is about:
 * - `Entry invalid: Serializer errors {'field': [ErrorDetail(string='…', code='…')]}` → the
 *   `field:` key of the entry it belongs to. The importer stops at the first bad entry, so the
 *   first entry that has the field (or, for `required`, lacks it) is the one — narrowed by the
 *   value when the message quotes it;
 * - `KeyOf: failed to find entry with \`id\` of \`x\`` → the `!KeyOf x` tag;
 * - `Invalid blueprint version` → the `version:` key;
 * - `App or Model does not exist` → the first entry whose model is not in `knownModels`
 *   (when the caller passes the model names of authentik's blueprint schema);
 * - anything else → a problem without a position (show it at the top of the document).
 */

export interface BlueprintProblem {
  message: string;
  severity: 'error' | 'warning';
  /** 1-based position in the blueprint content, when the log names something findable. */
  line?: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
  /** The attribute (or request field) the problem is about. */
  field?: string;
  /** 0-based index of the entry it was placed on. */
  entry?: number;
  /** True when more than one entry could be meant and the first was chosen. */
  approximate?: boolean;
  /** The log line as authentik wrote it (or the field error for non-content fields). */
  event: string;
}

export interface BlueprintLogOptions {
  /** `app_label.model_name` of every model the server knows (from authentik's blueprint schema). */
  knownModels?: Iterable<string>;
}

const HEADER = /^Failed to validate blueprint:?\s*/;
const SUMMARY = 'Blueprint validation failed';

/** Problems from a 400 body of a blueprint instance save. */
export function blueprintProblems(body: unknown, content?: string, options: BlueprintLogOptions = {}): BlueprintProblem[] {
  if (Array.isArray(body)) return fromFieldErrors([{ field: '(all fields)', messages: body.map(String) }], content, options);
  if (!body || typeof body !== 'object') return [];
  const fieldErrors: FieldError[] = [];
  for (const [field, value] of Object.entries(body as Record<string, unknown>)) {
    if (field === 'code' || field === 'detail') continue;
    const messages = (Array.isArray(value) ? value : [value]).filter((m) => m !== null && m !== undefined).map((m) => (typeof m === 'string' ? m : JSON.stringify(m)));
    if (messages.length > 0) fieldErrors.push({ field: field === 'non_field_errors' ? '(all fields)' : field, messages });
  }
  return fromFieldErrors(fieldErrors, content, options);
}

/** The same from a ServiceError's field errors (the client's error for the 400). */
export function blueprintProblemsFromFieldErrors(fieldErrors: readonly FieldError[], content?: string, options: BlueprintLogOptions = {}): BlueprintProblem[] {
  return fromFieldErrors(fieldErrors, content, options);
}

function fromFieldErrors(fieldErrors: readonly FieldError[], content: string | undefined, options: BlueprintLogOptions): BlueprintProblem[] {
  const out: BlueprintProblem[] = [];
  const located = content === undefined ? undefined : locateIn(content);
  for (const { field, messages } of fieldErrors) {
    if (field !== 'content') {
      for (const message of messages)
        out.push({ message: field === '(all fields)' ? message : `${field}: ${message}`, severity: 'error', field: field === '(all fields)' ? undefined : field, event: message });
      continue;
    }
    const events = contentEvents(messages);
    const specific = events.filter((e) => e !== SUMMARY);
    for (const event of specific.length > 0 ? specific : events) {
      out.push(...problemsOfEvent(event, located, options));
    }
  }
  return out;
}

/** The log events of the `content` messages, in either of authentik's formats. */
function contentEvents(messages: readonly string[]): string[] {
  const events: string[] = [];
  for (const message of messages) {
    if (message === 'Failed to validate blueprint') continue;
    const text = message.replace(HEADER, '');
    for (const line of text.split('\n')) {
      const event = line.replace(/^-\s/, '').trim();
      if (event) events.push(event);
    }
  }
  return events;
}

function problemsOfEvent(event: string, located: Located | undefined, options: BlueprintLogOptions): BlueprintProblem[] {
  const serializer = /^Entry invalid: Serializer errors (\{[\s\S]*\})\s*$/.exec(event);
  if (serializer) {
    const errors = parsePythonErrors(serializer[1]);
    if (errors.length > 0) {
      return errors.map((e) => ({ message: `${e.field}: ${e.messages.join(' ')}`, severity: 'error', field: e.field, event, ...(located ? placeField(located, e.field, e.messages, e.codes) : {}) }));
    }
  }
  const keyOf = /KeyOf: failed to find entry with `id` of `([^`]*)`/.exec(event);
  if (keyOf) {
    const id = keyOf[1];
    return [{ message: `!KeyOf ${id}: no entry with id "${id}" was created before this one`, severity: 'error', event, ...(located ? placeTag(located, '!KeyOf', id) : {}) }];
  }
  if (/^Invalid blueprint version/.test(event)) {
    return [{ message: 'Invalid blueprint version: authentik reads version 1 only', severity: 'error', field: 'version', event, ...(located?.version ?? {}) }];
  }
  if (/^App or Model does not exist/.test(event)) {
    const known = options.knownModels ? new Set(options.knownModels) : undefined;
    const at = located && known ? located.entries.find((e) => e.model !== undefined && !known.has(e.model)) : undefined;
    return [
      {
        message: at ? `App or Model does not exist: ${at.model}` : event,
        severity: 'error',
        field: 'model',
        event,
        ...(at ? { ...at.modelRange, entry: at.index } : {}),
      },
    ];
  }
  const message = event.replace(/^Entry invalid:\s*/, '');
  return [{ message, severity: /^Entry invalid|failed|invalid|not allowed|does not exist/i.test(event) ? 'error' : 'warning', event }];
}

// --- finding things in the YAML ---

interface Range {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

interface LocatedEntry {
  index: number;
  model?: string;
  modelRange?: Range;
  start: Range;
  /** attrs and identifiers keys of the entry, with their key range and value */
  fields: Map<string, { range: Range; value: unknown }>;
}

interface Located {
  text: string;
  entries: LocatedEntry[];
  version?: Range;
  lineCounter: LineCounter;
}

function locateIn(text: string): Located | undefined {
  const lineCounter = new LineCounter();
  let doc;
  try {
    doc = parseDocument(text, { lineCounter, strict: false, uniqueKeys: false, prettyErrors: false });
  } catch {
    return undefined;
  }
  const rangeOf = (node: { range?: [number, number, number?] | null } | null | undefined): Range | undefined => {
    if (!node?.range) return undefined;
    const start = lineCounter.linePos(node.range[0]);
    const end = lineCounter.linePos(node.range[1]);
    return { line: start.line, column: start.col, endLine: end.line, endColumn: end.col };
  };
  const located: Located = { text, entries: [], lineCounter };
  const root = doc.contents;
  if (!isMap(root)) return located;
  const versionPair = root.items.find((p) => isScalar(p.key) && p.key.value === 'version');
  located.version = rangeOf(versionPair?.key);
  const entriesNode = root.get('entries', true);
  const lists = isSeq(entriesNode) ? [entriesNode] : isMap(entriesNode) ? entriesNode.items.map((p) => p.value).filter(isSeq) : [];
  for (const list of lists) {
    for (const entry of list.items) {
      if (!isMap(entry)) continue;
      const modelPair = entry.items.find((p) => isScalar(p.key) && p.key.value === 'model');
      const fields = new Map<string, { range: Range; value: unknown }>();
      for (const section of ['identifiers', 'attrs']) {
        const map = entry.get(section, true);
        if (!isMap(map)) continue;
        for (const pair of map.items) {
          if (!isScalar(pair.key)) continue;
          const name = String(pair.key.value);
          const range = rangeOf(pair.key);
          if (range && !fields.has(name)) fields.set(name, { range, value: isScalar(pair.value) ? pair.value.value : (pair.value as { toJSON?: () => unknown } | null)?.toJSON?.() });
        }
      }
      located.entries.push({
        index: located.entries.length,
        model: isScalar(modelPair?.value) ? String(modelPair.value.value) : undefined,
        modelRange: rangeOf((modelPair?.value ?? modelPair?.key) as never),
        start: rangeOf(entry) ?? { line: 1, column: 1, endLine: 1, endColumn: 1 },
        fields,
      });
    }
  }
  return located;
}

/** The entry and key a serializer error is about; see the module comment for the rule. */
function placeField(located: Located, field: string, messages: string[], codes: string[]): Partial<BlueprintProblem> {
  const missing = codes.includes('required');
  let candidates = located.entries.filter((e) => (missing ? !e.fields.has(field) : e.fields.has(field)));
  if (!missing && candidates.length > 1) {
    const quoted = messages.flatMap((m) => [...m.matchAll(/["“]([^"”]+)["”]/g)].map((q) => q[1]));
    const byValue = candidates.filter((e) => quoted.includes(String(e.fields.get(field)?.value)));
    if (byValue.length > 0) candidates = byValue;
  }
  const entry = candidates[0];
  if (!entry) return {};
  const range = missing ? (entry.modelRange ?? entry.start) : entry.fields.get(field)!.range;
  return { ...range, entry: entry.index, ...(candidates.length > 1 ? { approximate: true } : {}) };
}

function placeTag(located: Located, tag: string, argument: string): Partial<BlueprintProblem> {
  const escaped = argument.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${tag}\\s+["']?${escaped}["']?(?=\\s|$|[,\\]}])`, 'm').exec(located.text);
  if (!match) return {};
  const start = located.lineCounter.linePos(match.index);
  const end = located.lineCounter.linePos(match.index + match[0].length);
  const entry = located.entries.filter((e) => e.start.line <= start.line).pop();
  return { line: start.line, column: start.col, endLine: end.line, endColumn: end.col, ...(entry ? { entry: entry.index } : {}) };
}

// --- Python reprs of DRF errors ---

interface ParsedFieldError {
  field: string;
  messages: string[];
  codes: string[];
}

/**
 * `{'name': [ErrorDetail(string='This field is required.', code='required')], 'x': {'y': […]}}`
 * → field errors (nested serializers as `x.y`). Unparseable text gives none.
 */
export function parsePythonErrors(text: string): ParsedFieldError[] {
  let value: unknown;
  try {
    value = new PyReader(text).read();
  } catch {
    return [];
  }
  const out: ParsedFieldError[] = [];
  const walk = (node: unknown, path: string): void => {
    if (Array.isArray(node)) {
      const details = node.filter(isDetail);
      if (details.length > 0) {
        out.push({ field: path || 'non_field_errors', messages: details.map((d) => d.string), codes: details.map((d) => d.code) });
      }
      node.filter((n) => !isDetail(n)).forEach((n, i) => (typeof n === 'string' ? out.push({ field: path, messages: [n], codes: [] }) : walk(n, `${path}[${i}]`)));
      return;
    }
    if (isDetail(node)) {
      out.push({ field: path || 'non_field_errors', messages: [node.string], codes: [node.code] });
      return;
    }
    if (node && typeof node === 'object') {
      for (const [key, child] of Object.entries(node as Record<string, unknown>)) walk(child, path ? `${path}.${key}` : key);
    }
  };
  walk(value, '');
  return out;
}

interface Detail {
  __detail: true;
  string: string;
  code: string;
}

function isDetail(value: unknown): value is Detail {
  return !!value && typeof value === 'object' && (value as Detail).__detail === true;
}

/** A reader for the subset of Python literals DRF's error reprs use. */
class PyReader {
  private i = 0;
  constructor(private readonly s: string) {}

  read(): unknown {
    const value = this.value();
    this.space();
    return value;
  }

  private value(): unknown {
    this.space();
    const c = this.s[this.i];
    if (c === '{') return this.dict();
    if (c === '[' || c === '(') return this.list(c === '[' ? ']' : ')');
    if (c === "'" || c === '"') return this.str();
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.s.slice(this.i))?.[0];
    if (word) {
      this.i += word.length;
      if (word === 'None') return null;
      if (word === 'True') return true;
      if (word === 'False') return false;
      this.space();
      if (this.s[this.i] === '(') return this.call(word);
      return word;
    }
    const num = /^-?\d+(\.\d+)?/.exec(this.s.slice(this.i))?.[0];
    if (num) {
      this.i += num.length;
      return Number(num);
    }
    throw new Error(`unexpected ${c} at ${this.i}`);
  }

  private dict(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    this.i++;
    for (;;) {
      this.space();
      if (this.s[this.i] === '}') {
        this.i++;
        return out;
      }
      const key = String(this.value());
      this.space();
      this.expect(':');
      out[key] = this.value();
      this.space();
      if (this.s[this.i] === ',') this.i++;
    }
  }

  private list(close: string): unknown[] {
    const out: unknown[] = [];
    this.i++;
    for (;;) {
      this.space();
      if (this.s[this.i] === close) {
        this.i++;
        return out;
      }
      out.push(this.value());
      this.space();
      if (this.s[this.i] === ',') this.i++;
    }
  }

  /** `ErrorDetail(string='…', code='…')`; any other call becomes its keyword arguments. */
  private call(name: string): unknown {
    this.i++;
    const args: Record<string, unknown> = {};
    for (;;) {
      this.space();
      if (this.s[this.i] === ')') {
        this.i++;
        break;
      }
      const key = /^[A-Za-z_][A-Za-z0-9_]*(?=\s*=)/.exec(this.s.slice(this.i))?.[0];
      if (key) {
        this.i += key.length;
        this.space();
        this.expect('=');
        args[key] = this.value();
      } else {
        args[String(Object.keys(args).length)] = this.value();
      }
      this.space();
      if (this.s[this.i] === ',') this.i++;
    }
    if (name === 'ErrorDetail') return { __detail: true, string: String(args.string ?? args['0'] ?? ''), code: String(args.code ?? '') };
    return args;
  }

  private str(): string {
    const quote = this.s[this.i++];
    let out = '';
    while (this.i < this.s.length && this.s[this.i] !== quote) {
      const c = this.s[this.i++];
      if (c !== '\\') {
        out += c;
        continue;
      }
      const e = this.s[this.i++];
      if (e === 'n') out += '\n';
      else if (e === 't') out += '\t';
      else if (e === 'x') {
        out += String.fromCharCode(parseInt(this.s.slice(this.i, this.i + 2), 16));
        this.i += 2;
      } else if (e === 'u') {
        out += String.fromCharCode(parseInt(this.s.slice(this.i, this.i + 4), 16));
        this.i += 4;
      } else out += e;
    }
    if (this.s[this.i] !== quote) throw new Error('unterminated string');
    this.i++;
    return out;
  }

  private expect(c: string): void {
    if (this.s[this.i] !== c) throw new Error(`expected ${c} at ${this.i}`);
    this.i++;
  }

  private space(): void {
    while (this.i < this.s.length && /\s/.test(this.s[this.i])) this.i++;
  }
}
