import * as vscode from 'vscode';
import type { Problem } from './check';
import { findModel } from './modelNames';
import { cursorPlace, keyLine, wordAt, type CursorPlace } from './cursor';
import { BlueprintChecker } from './incremental';
import { describeType, readBlueprintSchema, type BlueprintSchema, type FieldInfo, type ModelInfo } from './schemaModel';
import { BLUEPRINT_TAGS } from './tags';

/**
 * Diagnostics, completion and hover for blueprint documents (which ones: src/startup/blueprintShells.ts).
 * Loaded with the generated schema, in a chunk of their own, when the first blueprint is opened.
 * The checks run a moment after typing stops; the server's dry run on save stays the final word.
 */

const ENTRY_KEYS: Record<string, string> = {
  model: 'The model of the object, as app_label.model_name (e.g. authentik_flows.flow). Required.',
  identifiers: 'The fields that find the object (and are set on it when it is created).',
  attrs: 'The fields set on the object; fields left out keep their value.',
  id: 'A name for this entry, for !KeyOf in later entries.',
  state: 'present (the default): create or update; created: create only, never update; must_created: create, refuse when it exists; absent: delete.',
  conditions: 'Values that must all be true for authentik to apply this entry (e.g. !Context, !Env, !Condition).',
  permissions: 'Object permissions given on the object, each { permission, user or role }.',
};

const STATE_NOTES: Record<string, string> = {
  present: 'Create the object, or update it to these attrs (the default).',
  created: 'Create the object when it does not exist; never update it.',
  must_created: 'Create the object; the entry fails when it exists already.',
  absent: 'Delete the object the identifiers find.',
};

const DEBOUNCE_MS = 250;

export class BlueprintLanguage implements vscode.Disposable {
  readonly diagnostics = vscode.languages.createDiagnosticCollection('opsConfig.blueprintSchema');
  private readonly checkers = new Map<string, BlueprintChecker>();
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly schema: BlueprintSchema) {}

  /** Checks the document a moment after the last change. */
  checkSoon(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        this.check(document);
      }, DEBOUNCE_MS),
    );
  }

  check(document: vscode.TextDocument): void {
    if (document.isClosed) return;
    const key = document.uri.toString();
    let checker = this.checkers.get(key);
    if (!checker) this.checkers.set(key, (checker = new BlueprintChecker(this.schema)));
    this.diagnostics.set(document.uri, checker.check(document.getText()).map(toDiagnostic));
  }

  forget(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    this.checkers.delete(key);
    this.diagnostics.delete(document.uri);
  }

  provideCompletionItems(document: vscode.TextDocument, position: vscode.Position): vscode.CompletionItem[] | undefined {
    const lines = document.getText().split(/\r?\n/);
    const place = cursorPlace(lines, position.line, position.character);
    if (!place) return undefined;
    const word = wordAt(lines[position.line] ?? '', position.character);
    const range = word && word.start < position.character ? new vscode.Range(position.line, word.start, position.line, position.character) : undefined;
    const item = (label: string, kind: vscode.CompletionItemKind, detail?: string, documentation?: string, insertText?: string): vscode.CompletionItem => {
      const out = new vscode.CompletionItem(label, kind);
      out.detail = detail;
      if (documentation) out.documentation = new vscode.MarkdownString(documentation);
      if (insertText !== undefined) out.insertText = insertText;
      if (range && !label.startsWith('!')) out.range = range;
      return out;
    };
    switch (place.kind) {
      case 'model':
      case 'findModel':
        return [...this.schema.models.values()].map((model) => item(model.name, vscode.CompletionItemKind.Class, model.description ?? fieldCount(model)));
      case 'state':
        return this.schema.states.map((state) => item(state, vscode.CompletionItemKind.EnumMember, STATE_NOTES[state]));
      case 'entryKey':
        return Object.entries(ENTRY_KEYS).map(([key, note]) => item(key, vscode.CompletionItemKind.Property, undefined, note, `${key}: `));
      case 'field': {
        const fields = place.model ? findModel(this.schema, place.model)?.fields : undefined;
        return [...(fields ?? new Map<string, FieldInfo>()).entries()].map(([name, field]) => item(name, vscode.CompletionItemKind.Field, describeType(field), field.description, `${name}: `));
      }
      case 'fieldValue': {
        const field = place.model ? findModel(this.schema, place.model)?.fields?.get(place.field) : undefined;
        if (!field) return undefined;
        const values = field.enum?.map(String) ?? (typeIncludes(field, 'boolean') ? ['true', 'false'] : []);
        return values.map((value) => item(value, vscode.CompletionItemKind.EnumMember, describeType(field)));
      }
      case 'keyOf':
        return [...new Set(definedIds(lines))].map((id) => item(id, vscode.CompletionItemKind.Reference, 'id of an entry of this blueprint'));
      case 'tag':
        return Object.entries(BLUEPRINT_TAGS).map(([tag, spec]) => {
          const out = item(tag, vscode.CompletionItemKind.Keyword, spec.usage, spec.summary, tag.slice(1));
          return out;
        });
    }
  }

  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const lines = document.getText().split(/\r?\n/);
    const text = lines[position.line] ?? '';
    const word = wordAt(text, position.character);
    if (!word) return undefined;
    const range = new vscode.Range(position.line, word.start, position.line, word.end);
    const tag = BLUEPRINT_TAGS[word.word];
    if (tag) return new vscode.Hover(new vscode.MarkdownString(`**${word.word}** — ${tag.summary}\n\n\`${tag.usage}\``), range);
    const key = keyLine(text);
    const onKey = key && word.start === key.col;
    const place: CursorPlace | undefined = onKey ? cursorPlace(lines, position.line, key.col) : cursorPlace(lines, position.line, position.character);
    const markdown = this.hoverText(place, onKey ? key.key : word.word);
    return markdown ? new vscode.Hover(new vscode.MarkdownString(markdown), range) : undefined;
  }

  private hoverText(place: CursorPlace | undefined, word: string): string | undefined {
    switch (place?.kind) {
      case 'entryKey':
        return ENTRY_KEYS[word] ? `**${word}** (blueprint entry) — ${ENTRY_KEYS[word]}` : undefined;
      case 'field':
      case 'fieldValue': {
        const model = place.model ? findModel(this.schema, place.model) : undefined;
        const name = place.kind === 'field' ? word : place.field;
        const field = model?.fields?.get(name);
        if (!model || !field) return undefined;
        const choices = field.enum?.length ? `\n\nOne of: ${field.enum.map((v) => `\`${String(v)}\``).join(', ')}` : '';
        return `**${name}** (${describeType(field)}) — ${model.name}\n\n${field.description ?? 'No description in the API document.'}${choices}`;
      }
      case 'model':
      case 'findModel': {
        const model = findModel(this.schema, word);
        return model ? `**${model.name}** — ${model.description ?? 'authentik model'}; ${fieldCount(model)}.` : undefined;
      }
      case 'state':
        return STATE_NOTES[word] ? `**${word}** (entry state) — ${STATE_NOTES[word]}` : undefined;
      default:
        return undefined;
    }
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.diagnostics.dispose();
  }
}

function toDiagnostic(problem: Problem): vscode.Diagnostic {
  const start = new vscode.Position(problem.line, problem.character);
  let end = new vscode.Position(problem.endLine, problem.endCharacter);
  if (!end.isAfter(start)) end = start.translate(0, 1);
  const diagnostic = new vscode.Diagnostic(new vscode.Range(start, end), problem.message, problem.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning);
  diagnostic.source = 'authentik blueprint';
  return diagnostic;
}

function fieldCount(model: ModelInfo): string {
  return model.fields ? `${model.fields.size} field${model.fields.size === 1 ? '' : 's'}` : 'fields not described by the API document';
}

function typeIncludes(field: FieldInfo, type: string): boolean {
  return Array.isArray(field.type) ? field.type.includes(type) : field.type === type;
}

/** The `id`s of the entries, for `!KeyOf` completion. */
function definedIds(lines: readonly string[]): string[] {
  return lines.map((line) => /^\s*(-\s+)?id:\s*["']?([^\s#"']+)/.exec(line)?.[2]).filter((id): id is string => Boolean(id));
}

/** The language features with the generated schema (a chunk loaded only when a blueprint is opened). */
export async function loadBlueprintLanguage(): Promise<BlueprintLanguage> {
  const schema = (await import(/* webpackChunkName: "authentik-blueprint-schema" */ '../../../../schemas/blueprint/authentik-blueprint.schema.json')) as unknown as Record<string, unknown> & {
    default?: Record<string, unknown>;
  };
  return new BlueprintLanguage(readBlueprintSchema(schema.default ?? schema));
}
