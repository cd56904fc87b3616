import * as vscode from 'vscode';
import { ServiceError } from '../core/errors';
import { Logger } from '../core/logger';
import { capitalize } from '../core/sentence';
import { prompts } from '../ui/prompts';
import { EditDiagnostics } from './diagnostics';
import { documentOf, formatDocument } from './document';
import { editPath } from './editPaths';
import { EditableKinds } from './editableKinds';
import { ExplicitSaves } from './explicitSaves';
import type { SaveOutcome } from './guardedSave';
import type { OwnerLookup } from './saveUi';
import { Address, EditableKind, JsonObject } from './kind';
import { PlanDocuments } from './planDocuments';
import { SaveVerdict, confirmCreateAgain, explainReadOnly, keepText, refused, showRefusal } from './saveQuestions';
import { WriteGate } from './writeGate';

/**
 * Live objects as documents on the `opsconfig-edit:` scheme. Opening one reads the object once
 * and shows its writable fields; saving runs the guarded apply (guardedSave.ts). VS Code brings
 * the rest: dirty state, undo, Compare with Saved, Revert File, hot exit. A failed or cancelled
 * save throws, which VS Code reports as "Failed to save" and leaves the document dirty — the
 * user's text is never lost.
 */
export const EDIT_SCHEME = 'opsconfig-edit';

interface Session {
  kind: EditableKind;
  address: Address;
  isNew: boolean;
  /** The document as last read from or written to the server: what a conflict is measured against. */
  baseline: JsonObject;
  object?: JsonObject;
  /** What VS Code reads: the baseline's text, or '' for a new object (the command fills the template in). */
  text: string;
  /** A create of this new document was accepted but its answer unreadable: the object probably exists. */
  probablyCreated?: boolean;
  ctime: number;
  mtime: number;
}

export interface ObjectChange {
  kindId: string;
  address: Address;
  change: 'created' | 'updated' | 'deleted';
}

export class EditFileSystem implements vscode.FileSystemProvider, vscode.Disposable {
  /** Finds the workspace code that manages an object, for the save's plan (set when the Terraform features load). */
  ownerOf?: OwnerLookup;

  private readonly changes = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changes.event;
  private readonly objects = new vscode.EventEmitter<ObjectChange>();
  /** Fired after a create, update or delete, so views and panels can refresh. */
  readonly onDidChangeObject = this.objects.event;
  private readonly sessions = new Map<string, Session>();
  private readonly loading = new Map<string, Promise<Session>>();
  private newCounter = 0;
  /** Only a save the user asked for may write. */
  private readonly explicitSaves = new ExplicitSaves(EDIT_SCHEME);
  /** Texts the Save command has written: VS Code's own write of them that follows only records them. */
  private readonly acceptedSaves = new Map<string, string>();

  constructor(
    private readonly kinds: EditableKinds,
    private readonly gate: WriteGate,
    private readonly diagnostics: EditDiagnostics,
    private readonly plans: PlanDocuments,
    private readonly logger: Logger,
  ) {
    // Writes turned on or off: open documents are stat'ed again, so the editor lets them be edited (or not).
    this.gateListener = gate.onDidChange(() => {
      for (const [key, session] of this.sessions) this.touch(vscode.Uri.parse(key), session);
    });
  }

  private readonly gateListener: vscode.Disposable;

  uriFor(kind: EditableKind, address: Address, name: string): vscode.Uri {
    return vscode.Uri.from({ scheme: EDIT_SCHEME, path: editPath(kind, address, name) });
  }

  kindOf(uri: vscode.Uri): EditableKind | undefined {
    return uri.scheme === EDIT_SCHEME ? this.kinds.parse(uri.path)?.kind : undefined;
  }

  /** What a document is checked against while typing: its kind, and for an existing object the baseline. */
  validationContext(uri: vscode.Uri): { kind: EditableKind; baseline?: JsonObject; address?: Address } | undefined {
    const session = this.sessions.get(uri.toString());
    if (session) return { kind: session.kind, baseline: session.isNew ? undefined : session.baseline, address: session.address };
    const kind = this.kindOf(uri);
    return kind ? { kind } : undefined;
  }

  /** The object a document stands for, when it exists on the server. */
  targetOf(uri: vscode.Uri): { kind: EditableKind; address: Address; object?: JsonObject } | undefined {
    const session = this.sessions.get(uri.toString());
    if (session && !session.isNew) return { kind: session.kind, address: session.address, object: session.object };
    const parsed = uri.scheme === EDIT_SCHEME ? this.kinds.parse(uri.path) : undefined;
    return parsed && !parsed.isNew ? { kind: parsed.kind, address: parsed.address } : undefined;
  }

  // ---- FileSystemProvider ----

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const session = await this.session(uri);
    return {
      type: vscode.FileType.File,
      ctime: session.ctime,
      mtime: session.mtime,
      size: Buffer.byteLength(session.text),
      permissions: this.gate.writesAllowed ? undefined : vscode.FilePermission.Readonly,
    };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    return Buffer.from((await this.session(uri)).text, 'utf8');
  }

  /**
   * A save through VS Code (the File menu, Save All, the prompt when closing). A save through the
   * Save command (Ctrl+S in an edit document, `saveFromCommand`) has already written the object
   * and only lets VS Code record the text. A refused save shows our own message first; VS Code
   * then reports the failure too, since throwing is the only way to keep the document unsaved.
   */
  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const text = Buffer.from(content).toString('utf8');
    const key = uri.toString();
    if (this.acceptedSaves.get(key) === text) {
      this.acceptedSaves.delete(key);
      return;
    }
    const refusal = this.gate.refusal();
    if (refusal) throw vscode.FileSystemError.NoPermissions(refusal);
    this.explicitSaves.refuseAutomatic(uri);
    const verdict = await this.runSave(uri, text);
    if (verdict.saved) {
      // VS Code records the saved text first; the server's answer replaces it right after.
      if (verdict.after) setTimeout(verdict.after, 0);
      return;
    }
    void showRefusal(uri, verdict.refusal);
    throw vscode.FileSystemError.Unavailable(verdict.refusal.message);
  }

  /**
   * The Save command: the guarded save with our own words for every outcome. VS Code records the
   * document as saved only after the server took it; a refused save leaves it dirty with our
   * message and its actions (Show Problems, Compare with Server) — no generic failure that offers
   * to revert the user's text.
   */
  async saveFromCommand(document: vscode.TextDocument): Promise<void> {
    if (!document.isDirty) return;
    const refusal = this.gate.refusal();
    if (refusal) {
      void prompts.error(`Not saved: ${refusal}`);
      return;
    }
    const uri = document.uri;
    const text = document.getText();
    const verdict = await this.runSave(uri, text);
    if (!verdict.saved) {
      await showRefusal(uri, verdict.refusal);
      return;
    }
    this.acceptedSaves.set(uri.toString(), text);
    if (!(await document.save())) this.acceptedSaves.delete(uri.toString());
    verdict.after?.();
  }

  /** The guarded save of one document's text, settled into the session; no exception for a refusal. */
  private async runSave(uri: vscode.Uri, text: string): Promise<SaveVerdict> {
    const session = await this.session(uri);
    if (session.probablyCreated && !(await confirmCreateAgain(session.kind))) {
      return refused(`Not saved: the last save of this ${session.kind.noun} probably created it already. Nothing was sent; your text is kept.`);
    }
    // The save pipeline (and its JSON parser and schema checker) loads on the first save.
    const [{ guardedSave }, { editorSaveUi }] = await Promise.all([import(/* webpackChunkName: "editing-save" */ './guardedSave'), import(/* webpackChunkName: "editing-save" */ './saveUi')]);
    const outcome = await guardedSave({
      kind: session.kind,
      target: session.isNew ? { mode: 'create', parent: session.address } : { mode: 'update', address: session.address, baseline: session.baseline },
      text,
      ui: editorSaveUi(session.kind, this.plans, this.ownerOf),
    });
    this.logger.info(`save ${session.kind.id} ${JSON.stringify(session.address)}: ${outcome.status}`);
    return this.settle(uri, session, text, outcome);
  }

  readDirectory(): [string, vscode.FileType][] {
    throw vscode.FileSystemError.NoPermissions('Live objects are opened from the Ops Config views, not browsed as folders.');
  }

  createDirectory(): void {
    throw vscode.FileSystemError.NoPermissions('Live objects are created with the "New …" commands of the Ops Config views.');
  }

  delete(): void {
    throw vscode.FileSystemError.NoPermissions('Delete live objects with the "Delete…" command of the Ops Config views, which asks first.');
  }

  rename(): void {
    throw vscode.FileSystemError.NoPermissions('Live objects cannot be renamed as files; change their name field instead.');
  }

  // ---- Commands' entry points ----

  /**
   * Opens an object for editing; a document already open and unchanged is read again first. An
   * object has one document: one already open under another name (renamed since) is the one shown.
   */
  async open(kind: EditableKind, address: Address, name: string): Promise<vscode.TextEditor> {
    const open = this.openDocumentOf(kind, address) ?? vscode.workspace.textDocuments.find((d) => d.uri.toString() === this.uriFor(kind, address, name).toString());
    const uri = open?.uri ?? this.uriFor(kind, address, name);
    if (open && !open.isDirty) {
      await this.reload(uri);
      // A document closed a moment ago may still hold older text than its session (the editor
      // keeps closed documents for a while and may have missed the last change): have it re-read.
      const session = this.sessions.get(uri.toString());
      if (session && open.getText() !== session.text) this.touch(uri, session);
    }
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.languages.setTextDocumentLanguage(document, 'json');
    const editor = await vscode.window.showTextDocument(document, { preview: false });
    // The editor itself would only say "read-only": say why, and how to change it.
    const refusal = this.gate.refusal();
    if (refusal) void explainReadOnly(kind.label(address, this.sessions.get(uri.toString())?.object).title, refusal);
    return editor;
  }

  /** Opens a new document of `kind` under `parent`, filled with the kind's template and unsaved. */
  async openNew(kind: EditableKind, parent: Address): Promise<vscode.TextEditor> {
    // Named as the object will be when it is created with the template's name.
    const uri = vscode.Uri.from({ scheme: EDIT_SCHEME, path: editPath(kind, parent, kind.nameOf(kind.template(parent)) || `New ${kind.noun}`, ++this.newCounter) });
    // The whole parent (with what "New…" asked, e.g. a file to read on create) stays with the
    // session; the URI holds only the parent's segments.
    const now = Date.now();
    this.sessions.set(uri.toString(), { kind, address: parent, isNew: true, baseline: {}, text: '', ctime: now, mtime: now });
    const document = await vscode.languages.setTextDocumentLanguage(await vscode.workspace.openTextDocument(uri), 'json');
    const editor = await vscode.window.showTextDocument(document, { preview: false });
    // An edit (not the file's content) makes the document dirty, so Save is what creates it.
    await editor.edit((builder) => builder.insert(new vscode.Position(0, 0), formatDocument(kind.template(parent))));
    await this.diagnostics.check(document);
    return editor;
  }

  /** Reads the object again; an open unchanged document shows the server's version. */
  async reload(uri: vscode.Uri): Promise<void> {
    const session = this.sessions.get(uri.toString());
    if (!session || session.isNew) return;
    const object = await session.kind.backend.read(session.address);
    this.rebase(uri, session, object);
  }

  /**
   * A one-click change (Enable, Disable…) through the same guarded apply as a save: the object is
   * read, `change` makes the proposed document, and the plan is confirmed before anything is
   * written. Open documents of the object take the server's answer. Answers what happened.
   */
  async applyChange(kind: EditableKind, address: Address, change: (document: JsonObject) => JsonObject): Promise<SaveOutcome['status']> {
    const refusal = this.gate.refusal();
    if (refusal) throw new Error(refusal);
    const current = await kind.backend.read(address);
    const baseline = documentOf(kind, current);
    const proposed = change(structuredClone(baseline));
    const [{ guardedSave }, { editorSaveUi }] = await Promise.all([import(/* webpackChunkName: "editing-save" */ './guardedSave'), import(/* webpackChunkName: "editing-save" */ './saveUi')]);
    const outcome = await guardedSave({ kind, target: { mode: 'update', address, baseline }, text: formatDocument(proposed), ui: editorSaveUi(kind, this.plans, this.ownerOf) });
    this.logger.info(`change ${kind.id} ${JSON.stringify(address)}: ${outcome.status}`);
    switch (outcome.status) {
      case 'saved':
        for (const [key, session] of this.sessions) {
          if (session.kind === kind && !session.isNew && sameAddress(session.address, address)) this.rebase(vscode.Uri.parse(key), session, outcome.object);
        }
        this.objects.fire({ kindId: kind.id, address, change: 'updated' });
        void prompts.info(`${capitalize(kind.label(address, outcome.object).title)} updated.`);
        break;
      case 'unchanged':
        void prompts.info(`Nothing to change: ${kind.label(address, outcome.object ?? current).title} already has these values.`);
        break;
      case 'invalid':
        throw new Error(
          `Not changed: ${outcome.problems
            .filter((p) => p.severity === 'error')
            .map((p) => p.message)
            .join('; ')}`,
        );
      case 'conflict':
        // The object was read a moment ago; a change in between is reported, never overwritten.
        throw new Error(`Not changed: the ${kind.noun} changed on the server just now. Try again.`);
      case 'gone':
      case 'unknown':
      case 'applied':
      case 'probablyCreated':
        throw new Error(outcome.message);
      case 'rejected':
      case 'failed':
        throw new Error(`Not changed: ${outcome.message}`);
      case 'cancelled':
        break;
    }
    return outcome.status;
  }

  /**
   * After a delete: the object's documents close. One with unsaved edits stays open (VS Code marks
   * it deleted) so the text is not lost, and the user is told what it is.
   */
  async markDeleted(kind: EditableKind, address: Address): Promise<void> {
    const gone: vscode.Uri[] = [];
    for (const [key, session] of this.sessions) {
      if (session.kind === kind && !session.isNew && sameAddress(session.address, address)) {
        this.sessions.delete(key);
        gone.push(vscode.Uri.parse(key));
      }
    }
    const isGone = (uri: vscode.Uri) => gone.some((g) => g.toString() === uri.toString());
    const edited = vscode.workspace.textDocuments.filter((d) => d.isDirty && isGone(d.uri));
    const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputText && isGone(t.input.uri) && !t.isDirty);
    if (tabs.length > 0) await vscode.window.tabGroups.close(tabs);
    if (gone.length > 0) this.changes.fire(gone.map((uri) => ({ type: vscode.FileChangeType.Deleted, uri })));
    if (edited.length > 0) {
      void prompts.warn(`${capitalize(kind.label(address, undefined).title)} was deleted; its document with your unsaved edits stays open, and saving it creates nothing.`, {});
    }
    this.objects.fire({ kindId: kind.id, address, change: 'deleted' });
  }

  /** Forgets a closed document, so opening it again reads the server afresh. */
  forget(uri: vscode.Uri): void {
    this.sessions.delete(uri.toString());
    this.diagnostics.clear(uri);
  }

  /** The server's version of an open document, for "Compare with Server". */
  async serverDocument(uri: vscode.Uri): Promise<{ kind: EditableKind; document: JsonObject } | undefined> {
    const session = this.sessions.get(uri.toString());
    if (!session || session.isNew) return undefined;
    return { kind: session.kind, document: documentOf(session.kind, await session.kind.backend.read(session.address)) };
  }

  dispose(): void {
    this.gateListener.dispose();
    this.explicitSaves.dispose();
    this.changes.dispose();
    this.objects.dispose();
  }

  // ---- internals ----

  private session(uri: vscode.Uri): Promise<Session> {
    const key = uri.toString();
    const known = this.sessions.get(key);
    if (known) return Promise.resolve(known);
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.load(uri).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  private async load(uri: vscode.Uri): Promise<Session> {
    // A document restored after a window reload may be the first use of a lazily loaded kind.
    const parsed = await this.kinds.resolve(uri.path);
    if (!parsed) throw vscode.FileSystemError.FileNotFound(uri);
    const now = Date.now();
    let session: Session;
    if (parsed.isNew) {
      session = { kind: parsed.kind, address: parsed.address, isNew: true, baseline: {}, text: '', ctime: now, mtime: now };
    } else {
      let object: JsonObject;
      try {
        object = await parsed.kind.backend.read(parsed.address);
      } catch (error) {
        const label = parsed.kind.label(parsed.address, undefined);
        if (error instanceof ServiceError && error.kind === 'notFound') throw vscode.FileSystemError.FileNotFound(`${capitalize(label.title)} does not exist on the server (any more).`);
        throw vscode.FileSystemError.Unavailable(error instanceof ServiceError ? error.message : String(error));
      }
      const baseline = documentOf(parsed.kind, object);
      session = { kind: parsed.kind, address: parsed.address, isNew: false, baseline, object, text: formatDocument(baseline), ctime: now, mtime: now };
    }
    this.sessions.set(uri.toString(), session);
    return session;
  }

  /** The open document of an existing object, whatever name it was opened under. */
  private openDocumentOf(kind: EditableKind, address: Address): vscode.TextDocument | undefined {
    return vscode.workspace.textDocuments.find((d) => {
      if (d.uri.scheme !== EDIT_SCHEME || d.isClosed) return false;
      const session = this.sessions.get(d.uri.toString());
      return session !== undefined && session.kind === kind && !session.isNew && sameAddress(session.address, address);
    });
  }

  /** The server's object becomes the document's baseline and, when the text differs, its content. */
  private rebase(uri: vscode.Uri, session: Session, object: JsonObject): void {
    session.object = object;
    session.baseline = documentOf(session.kind, object);
    const text = formatDocument(session.baseline);
    if (text !== session.text) {
      session.text = text;
      this.touch(uri, session);
    }
  }

  /** Tells the editor the document's content changed, with a newer time so it reads it again. */
  private touch(uri: vscode.Uri, session: Session): void {
    session.mtime = Math.max(Date.now(), session.mtime + 1);
    this.changes.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  /**
   * A save's outcome in the session and in what the user sees. A save that happened (or was
   * applied) is `saved`, with what to do once VS Code has recorded the text; anything else is a
   * refusal in our words, and the user's text is kept.
   */
  private async settle(uri: vscode.Uri, session: Session, text: string, outcome: SaveOutcome): Promise<SaveVerdict> {
    const kind = session.kind;
    switch (outcome.status) {
      case 'saved': {
        this.diagnostics.clear(uri);
        const created = session.isNew;
        const label = kind.label(outcome.address, outcome.object);
        let after: () => void;
        if (created) {
          this.sessions.delete(uri.toString());
          after = () => void this.replaceNewEditor(uri, kind, outcome.address, outcome.object);
        } else {
          // A kind looked up by a writable field (an authentik slug) moves with the write.
          session.address = outcome.address;
          session.text = text;
          session.mtime = Date.now();
          after = () => this.rebase(uri, session, outcome.object);
        }
        this.objects.fire({ kindId: kind.id, address: outcome.address, change: created ? 'created' : 'updated' });
        const { summarizePlan } = await import(/* webpackChunkName: "editing-save" */ './plan');
        const said =
          `${capitalize(label.title)} ${created ? 'created' : 'updated'}` +
          `${outcome.changes.length && !created ? `: ${summarizePlan(outcome.changes, kind.updateStyle === 'replace' ? 'reset' : 'unchanged')}` : ''}.`;
        if (outcome.notice) void prompts.warn(`${said} ${outcome.notice}`, {});
        else void prompts.info(said);
        return { saved: true, after };
      }
      case 'applied':
        // The server took the write: the document is saved, and what the server holds now is
        // not known until it is read again, which the user is asked to do.
        this.diagnostics.clear(uri);
        session.text = text;
        session.baseline = outcome.document;
        session.object = undefined;
        session.mtime = Date.now();
        this.objects.fire({ kindId: kind.id, address: session.address, change: 'updated' });
        void prompts.warn(outcome.message, {}, 'Reload from Server').then((choice) => {
          if (choice === 'Reload from Server') void vscode.commands.executeCommand('opsConfig.edit.reloadFromServer', uri);
        });
        return { saved: true };
      case 'probablyCreated':
        // Not an error to VS Code: the document stops being dirty, so a second Ctrl+S is not the
        // obvious next step; one that comes anyway is asked about first (confirmCreateAgain).
        session.probablyCreated = true;
        session.text = text;
        session.mtime = Date.now();
        this.objects.fire({ kindId: kind.id, address: session.address, change: 'created' });
        void prompts.warn(outcome.message, {});
        return { saved: true };
      case 'unchanged': {
        this.diagnostics.clear(uri);
        session.text = text;
        session.mtime = Date.now();
        const read = outcome.object;
        void prompts.info(`Nothing to save: ${kind.label(session.address, read ?? session.object).title} already has these values.`);
        return { saved: true, after: read ? () => this.rebase(uri, session, read) : undefined };
      }
      case 'invalid': {
        await this.diagnostics.setSaveProblems(uri, text, outcome.problems, false);
        const errors = outcome.problems.filter((p) => p.severity === 'error');
        return refused(`Not saved: ${errors.length === 1 ? 'a problem' : `${errors.length} problems`} in the document (${errors[0]?.message}). Nothing was sent.`, 'Show Problems');
      }
      case 'conflict':
        if (outcome.choice === 'compare') {
          const theirs = this.plans.add(`${kind.nameOf(outcome.theirs) || kind.noun} (on the server now)`, outcome.theirs);
          await vscode.commands.executeCommand('vscode.diff', theirs, uri, `${kind.nameOf(outcome.theirs)}: server ↔ yours`);
        } else if (outcome.choice === 'reload') {
          await keepText(kind, text, this.logger);
          session.text = text;
          // The save "succeeds" without a write so that VS Code takes the server's text right after.
          void prompts.info(`Reloaded ${kind.label(session.address, outcome.theirsObject).title} from the server. Your edits are in a new untitled document.`);
          return { saved: true, after: () => this.rebase(uri, session, outcome.theirsObject) };
        }
        return refused(`Not saved: the ${kind.noun} changed on the server since you opened it. Save again to choose Overwrite, or reload it.`, 'Compare with Server');
      case 'gone':
        return refused(outcome.message);
      case 'cancelled':
        return refused('Not saved: the plan was not confirmed, so nothing was changed on the server. Your edits are kept.');
      case 'rejected':
        await this.diagnostics.setSaveProblems(uri, text, outcome.problems, true);
        return refused(`Not saved: ${outcome.message}`, 'Show Problems', 'Compare with Server');
      case 'unknown':
        return refused(outcome.message, 'Compare with Server', 'Reload from Server');
      case 'failed':
        return refused(`Not saved: ${outcome.message}`, 'Compare with Server');
    }
  }

  /** After a create: the new object's own document replaces the "New …" one. */
  private async replaceNewEditor(oldUri: vscode.Uri, kind: EditableKind, address: Address, object: JsonObject): Promise<void> {
    const uri = this.uriFor(kind, address, kind.nameOf(object));
    const baseline = documentOf(kind, object);
    const now = Date.now();
    this.sessions.set(uri.toString(), { kind, address, isNew: false, baseline, object, text: formatDocument(baseline), ctime: now, mtime: now });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const document = await vscode.languages.setTextDocumentLanguage(await vscode.workspace.openTextDocument(uri), 'json');
    await vscode.window.showTextDocument(document, { preview: false });
    const old = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === oldUri.toString());
    if (old.length > 0) await vscode.window.tabGroups.close(old);
  }
}

function sameAddress(a: Address, b: Address): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}
