import * as vscode from 'vscode';
import type { AuthentikClient } from '../../clients/authentik';
import { ServiceError, isServiceError } from '../../core/errors';
import { ExplicitSaves } from '../../editing/explicitSaves';
import { fileName } from '../../editing/editPaths';
import type { WriteGate } from '../../editing/writeGate';
import { prompts } from '../../ui/prompts';
import { BLUEPRINT_SCHEME } from './blueprintScheme';

/**
 * A blueprint's `content` as a YAML document (`opsconfig-blueprint:/<uuid>/<name>.blueprint.yaml`).
 * Saving PATCHes only `content`; authentik validates it on every save (a dry run in a rolled-back
 * transaction) and answers 400 with the importer's log, which becomes diagnostics on the lines
 * the log is about — a refused save changes nothing. Like the edit documents, the save is
 * confirmed, automatic saves are refused, and a change made on the server since opening stops it.
 * Loaded with the first blueprint document (registered through `lazyFileSystem`).
 * While typing, the document is checked by the blueprint language features
 * (src/views/authentik/blueprintLanguage/, registered by src/startup/blueprintShells.ts).
 */

/** What a blueprint document needs of its authentik connection. */
export interface BlueprintConnection {
  client(): Promise<AuthentikClient>;
  /** `authentik "staging" at id.example.com`, for the confirmation. */
  where(): Promise<string>;
}

interface Session {
  id: string;
  /** The authentik connection the blueprint lives in (the URI's authority). */
  connection: BlueprintConnection;
  name: string;
  /** The content as read or last written: what a conflict is measured against. */
  baseline: string;
  mtime: number;
}

export class BlueprintDocuments implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.emitter.event;
  readonly diagnostics = vscode.languages.createDiagnosticCollection('opsConfig.blueprint');
  private readonly sessions = new Map<string, Session>();
  /** Only a save the user asked for goes to the server. */
  private readonly explicitSaves = new ExplicitSaves(BLUEPRINT_SCHEME);

  constructor(
    /** A connection by its id: its client, and how a confirmation names it. */
    private readonly connectionOf: (connectionId: string) => BlueprintConnection,
    private readonly gate: WriteGate,
    private readonly changed: () => void,
  ) {}

  uriFor(id: string, name: string, connectionId: string): vscode.Uri {
    return vscode.Uri.from({ scheme: BLUEPRINT_SCHEME, authority: connectionId, path: `/${encodeURIComponent(id)}/${fileName(name)}.blueprint.yaml` });
  }

  async open(id: string, name: string, connectionId: string): Promise<vscode.TextEditor> {
    const uri = this.uriFor(id, name, connectionId);
    this.sessions.delete(uri.toString());
    const document = await vscode.languages.setTextDocumentLanguage(await vscode.workspace.openTextDocument(uri), 'yaml');
    return vscode.window.showTextDocument(document, { preview: false });
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const session = await this.session(uri);
    return { type: vscode.FileType.File, ctime: 0, mtime: session.mtime, size: Buffer.byteLength(session.baseline), permissions: this.gate.writesAllowed ? undefined : vscode.FilePermission.Readonly };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    return Buffer.from((await this.session(uri)).baseline, 'utf8');
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const refusal = this.gate.refusal();
    if (refusal) throw vscode.FileSystemError.NoPermissions(refusal);
    this.explicitSaves.refuseAutomatic(uri);
    const session = await this.session(uri);
    const text = Buffer.from(content).toString('utf8');
    const collection = await (await session.connection.client()).resources('blueprint');
    const now = (await collection.retrieve(session.id)).content ?? '';
    if (now !== session.baseline) {
      throw vscode.FileSystemError.Unavailable(`Not saved: blueprint “${session.name}” changed on the server since you opened it. Copy your text, close the document and open it again.`);
    }
    if (text === session.baseline) return;
    const lines = changedLines(session.baseline, text);
    const choice = await prompts.warn(
      `Save the content of blueprint “${session.name}”?`,
      {
        modal: true,
        detail:
          `${await session.connection.where()}\n\n${lines} line${lines === 1 ? '' : 's'} changed. ` +
          'authentik validates the content first and refuses it with its log when an entry is wrong. ' +
          'Saving does not apply it: "Apply Blueprint" does (authentik also applies enabled blueprints on its own schedule).',
      },
      'Save',
    );
    if (choice !== 'Save') throw vscode.FileSystemError.Unavailable('Not saved: not confirmed, nothing was sent. Your edits are kept.');
    try {
      const saved = await collection.partialUpdate(session.id, { content: text });
      session.baseline = saved.content ?? text;
      session.mtime = Date.now();
      this.diagnostics.delete(uri);
      this.changed();
      void prompts.info(`Blueprint “${session.name}” saved: authentik validated it. Apply it now with "Apply Blueprint".`);
    } catch (error) {
      if (isServiceError(error) && error.kind === 'badInput' && error.fieldErrors.length > 0) {
        const count = await this.showProblems(uri, text, error);
        throw vscode.FileSystemError.Unavailable(`Not saved: authentik found ${count === 1 ? 'a problem' : `${count} problems`} in the blueprint (see Problems). Nothing was applied.`);
      }
      throw vscode.FileSystemError.Unavailable(`Not saved: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** The validation log as diagnostics on the lines it is about (the top line when it names none). */
  private async showProblems(uri: vscode.Uri, text: string, error: ServiceError): Promise<number> {
    const [{ blueprintProblemsFromFieldErrors }, models] = await Promise.all([
      import(/* webpackChunkName: "authentik-blueprint" */ '../../clients/authentik/blueprintLog'),
      import(/* webpackChunkName: "authentik-blueprint" */ '../../../schemas/authentik-models.json'),
    ]);
    // authentik's log says only "App or Model does not exist": the entry is the first whose model it does not know.
    const problems = blueprintProblemsFromFieldErrors(error.fieldErrors, text, { knownModels: (models.default ?? models).models });
    this.diagnostics.set(
      uri,
      problems.map((p) => {
        const start = new vscode.Position(Math.max(0, (p.line ?? 1) - 1), Math.max(0, (p.column ?? 1) - 1));
        const end = p.endLine ? new vscode.Position(p.endLine - 1, Math.max(0, (p.endColumn ?? 1) - 1)) : start.translate(0, 1);
        const diagnostic = new vscode.Diagnostic(
          new vscode.Range(start, end.isAfter(start) ? end : start.translate(0, 1)),
          p.message,
          p.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning,
        );
        diagnostic.source = 'authentik';
        return diagnostic;
      }),
    );
    return problems.length;
  }

  readDirectory(): [string, vscode.FileType][] {
    throw vscode.FileSystemError.NoPermissions('Blueprints are opened from the authentik view.');
  }
  createDirectory(): void {
    throw vscode.FileSystemError.NoPermissions('Blueprints are created with "New…" in the authentik view.');
  }
  delete(): void {
    throw vscode.FileSystemError.NoPermissions('Delete blueprints with "Delete…" in the authentik view, which asks first.');
  }
  rename(): void {
    throw vscode.FileSystemError.NoPermissions('Rename a blueprint by editing its name with "Edit…".');
  }

  forget(uri: vscode.Uri): void {
    this.sessions.delete(uri.toString());
    this.diagnostics.delete(uri);
  }

  dispose(): void {
    this.explicitSaves.dispose();
    this.emitter.dispose();
    this.diagnostics.dispose();
  }

  private async session(uri: vscode.Uri): Promise<Session> {
    const known = this.sessions.get(uri.toString());
    if (known) return known;
    const id = decodeURIComponent(uri.path.split('/')[1] ?? '');
    const connection = this.connectionOf(uri.authority);
    let blueprint;
    try {
      blueprint = await (await (await connection.client()).resources('blueprint')).retrieve(id);
    } catch (error) {
      if (isServiceError(error) && error.kind === 'notFound') throw vscode.FileSystemError.FileNotFound(uri);
      throw vscode.FileSystemError.Unavailable(error instanceof Error ? error.message : String(error));
    }
    if (blueprint.path) {
      // authentik reads such a blueprint from its file and ignores `content`: editing it here would change nothing.
      throw vscode.FileSystemError.NoPermissions(`Blueprint “${blueprint.name}” is read from the file ${blueprint.path} on the authentik server; change that file instead.`);
    }
    const session = { id, connection, name: blueprint.name, baseline: blueprint.content ?? '', mtime: Date.now() };
    this.sessions.set(uri.toString(), session);
    return session;
  }
}

/** How many lines differ (a rough count for the confirmation; the diff is VS Code's). */
function changedLines(before: string, after: string): number {
  const a = before.split('\n');
  const b = after.split('\n');
  let count = Math.abs(a.length - b.length);
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) count++;
  return count;
}
