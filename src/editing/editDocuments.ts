import * as vscode from 'vscode';
import { Logger } from '../core/logger';
import { capitalize } from '../core/sentence';
import { prompts } from '../ui/prompts';
import { applyChange } from './applyChange';
import { EditDiagnostics } from './diagnostics';
import { documentOf, formatDocument } from './document';
import { EditFileSystem } from './editFileSystem';
import { EditSaves } from './editSaves';
import { EditSessions } from './editSessions';
import { EDIT_SCHEME, editUri, newEditUri } from './editUris';
import { EditableKinds } from './editableKinds';
import type { SaveOutcome } from './guardedSave';
import { Address, EditableKind, JsonObject } from './kind';
import { PlanDocuments } from './planDocuments';
import type { OwnerLookup } from './saveUi';
import { explainReadOnly } from './saveQuestions';
import { WriteGate } from './writeGate';

export interface ObjectChange {
  kindId: string;
  address: Address;
  change: 'created' | 'updated' | 'deleted';
}

/**
 * The edit documents as the commands and services see them: open an object or a new one, save,
 * apply a one-click change, read again, close after a delete — and hear of every object changed.
 * The file system that serves the documents to VS Code is `fileSystem`.
 */
export class EditDocuments implements vscode.Disposable {
  /** Finds the workspace code that manages an object, for the save's plan (set when the Terraform features load). */
  ownerOf?: OwnerLookup;

  readonly fileSystem: EditFileSystem;
  private readonly objects = new vscode.EventEmitter<ObjectChange>();
  /** Fired after a create, update or delete, so views and panels can refresh. */
  readonly onDidChangeObject = this.objects.event;
  private readonly objectChanged = (change: ObjectChange) => this.objects.fire(change);
  private readonly sessions: EditSessions;
  private readonly saves: EditSaves;
  private newCounter = 0;

  constructor(
    private readonly kinds: EditableKinds,
    private readonly gate: WriteGate,
    private readonly diagnostics: EditDiagnostics,
    private readonly plans: PlanDocuments,
    private readonly logger: Logger,
  ) {
    this.sessions = new EditSessions(kinds);
    const settling = { sessions: this.sessions, diagnostics, plans, logger, objectChanged: this.objectChanged };
    this.saves = new EditSaves(this.sessions, gate, settling, () => this.ownerOf);
    this.fileSystem = new EditFileSystem(this.sessions, this.saves, gate);
  }

  uriFor(kind: EditableKind, address: Address, name: string): vscode.Uri {
    return editUri(kind, address, name);
  }

  kindOf(uri: vscode.Uri): EditableKind | undefined {
    return uri.scheme === EDIT_SCHEME ? this.kinds.parse(uri.path)?.kind : undefined;
  }

  /** What a document is checked against while typing: its kind, and for an existing object the baseline. */
  validationContext(uri: vscode.Uri): { kind: EditableKind; baseline?: JsonObject; address?: Address } | undefined {
    const session = this.sessions.get(uri);
    if (session) return { kind: session.kind, baseline: session.isNew ? undefined : session.baseline, address: session.address };
    const kind = this.kindOf(uri);
    return kind ? { kind } : undefined;
  }

  /** The object a document stands for, when it exists on the server. */
  targetOf(uri: vscode.Uri): { kind: EditableKind; address: Address; object?: JsonObject } | undefined {
    const session = this.sessions.get(uri);
    if (session && !session.isNew) return { kind: session.kind, address: session.address, object: session.object };
    const parsed = uri.scheme === EDIT_SCHEME ? this.kinds.parse(uri.path) : undefined;
    return parsed && !parsed.isNew ? { kind: parsed.kind, address: parsed.address } : undefined;
  }

  /**
   * Opens an object for editing; a document already open and unchanged is read again first. An
   * object has one document: one already open under another name (renamed since) is the one shown.
   */
  async open(kind: EditableKind, address: Address, name: string): Promise<vscode.TextEditor> {
    const open = this.sessions.openDocumentOf(kind, address) ?? vscode.workspace.textDocuments.find((d) => d.uri.toString() === this.uriFor(kind, address, name).toString());
    const uri = open?.uri ?? this.uriFor(kind, address, name);
    if (open && !open.isDirty) {
      await this.reload(uri);
      // A document closed a moment ago may still hold older text than its session (the editor
      // keeps closed documents for a while and may have missed the last change): have it re-read.
      const session = this.sessions.get(uri);
      if (session && open.getText() !== session.text) this.sessions.touch(uri, session);
    }
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.languages.setTextDocumentLanguage(document, 'json');
    const editor = await vscode.window.showTextDocument(document, { preview: false });
    // The editor itself would only say "read-only": say why, and how to change it.
    const refusal = this.gate.refusal();
    if (refusal) void explainReadOnly(kind.label(address, this.sessions.get(uri)?.object).title, refusal);
    return editor;
  }

  /** Opens a new document of `kind` under `parent`, filled with the kind's template and unsaved. */
  async openNew(kind: EditableKind, parent: Address): Promise<vscode.TextEditor> {
    // Named as the object will be when it is created with the template's name.
    const uri = newEditUri(kind, parent, kind.nameOf(kind.template(parent)) || `New ${kind.noun}`, ++this.newCounter);
    // The whole parent (with what "New…" asked, e.g. a file to read on create) stays with the
    // session; the URI holds only the parent's segments.
    const now = Date.now();
    this.sessions.set(uri, { kind, address: parent, isNew: true, baseline: {}, text: '', ctime: now, mtime: now });
    const document = await vscode.languages.setTextDocumentLanguage(await vscode.workspace.openTextDocument(uri), 'json');
    const editor = await vscode.window.showTextDocument(document, { preview: false });
    // An edit (not the file's content) makes the document dirty, so Save is what creates it.
    await editor.edit((builder) => builder.insert(new vscode.Position(0, 0), formatDocument(kind.template(parent))));
    await this.diagnostics.check(document);
    return editor;
  }

  /** The Save command (Ctrl+S in an edit document): the save in our own words (editSaves.ts). */
  saveFromCommand(document: vscode.TextDocument): Promise<void> {
    return this.saves.fromCommand(document);
  }

  /** Reads the object again; an open unchanged document shows the server's version. */
  async reload(uri: vscode.Uri): Promise<void> {
    const session = this.sessions.get(uri);
    if (!session || session.isNew) return;
    const object = await session.kind.backend.read(session.address);
    this.sessions.rebase(uri, session, object);
  }

  /** A one-click change (Enable, Disable…) through the guarded apply (applyChange.ts). */
  applyChange(kind: EditableKind, address: Address, change: (document: JsonObject) => JsonObject): Promise<SaveOutcome['status']> {
    const ctx = { gate: this.gate, sessions: this.sessions, plans: this.plans, logger: this.logger, ownerOf: this.ownerOf, objectChanged: this.objectChanged };
    return applyChange(ctx, kind, address, change);
  }

  /**
   * After a delete: the object's documents close. One with unsaved edits stays open (VS Code marks
   * it deleted) so the text is not lost, and the user is told what it is.
   */
  async markDeleted(kind: EditableKind, address: Address): Promise<void> {
    const gone = this.sessions.ofObject(kind, address).map(({ uri }) => uri);
    for (const uri of gone) this.sessions.delete(uri);
    const isGone = (uri: vscode.Uri) => gone.some((g) => g.toString() === uri.toString());
    const edited = vscode.workspace.textDocuments.filter((d) => d.isDirty && isGone(d.uri));
    const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputText && isGone(t.input.uri) && !t.isDirty);
    if (tabs.length > 0) await vscode.window.tabGroups.close(tabs);
    this.sessions.fireDeleted(gone);
    if (edited.length > 0) {
      void prompts.warn(`${capitalize(kind.label(address, undefined).title)} was deleted; its document with your unsaved edits stays open, and saving it creates nothing.`, {});
    }
    this.objects.fire({ kindId: kind.id, address, change: 'deleted' });
  }

  /** Forgets a closed document, so opening it again reads the server afresh. */
  forget(uri: vscode.Uri): void {
    this.sessions.delete(uri);
    this.diagnostics.clear(uri);
  }

  /** The server's version of an open document, for "Compare with Server". */
  async serverDocument(uri: vscode.Uri): Promise<{ kind: EditableKind; document: JsonObject } | undefined> {
    const session = this.sessions.get(uri);
    if (!session || session.isNew) return undefined;
    return { kind: session.kind, document: documentOf(session.kind, await session.kind.backend.read(session.address)) };
  }

  dispose(): void {
    this.fileSystem.dispose();
    this.saves.dispose();
    this.sessions.dispose();
    this.objects.dispose();
  }
}
