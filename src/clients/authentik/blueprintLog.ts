import type { FieldError } from '../../core/errors';
import { Located, locateIn, placeField, placeTag } from './blueprintPlaces';
import { parsePythonErrors } from './pythonErrors';

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
