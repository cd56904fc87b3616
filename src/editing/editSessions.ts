import * as vscode from 'vscode';
import { ServiceError } from '../core/errors';
import { capitalize } from '../core/sentence';
import { documentOf, formatDocument } from './document';
import { EDIT_SCHEME } from './editUris';
import { EditableKinds } from './editableKinds';
import { Address, EditableKind, JsonObject } from './kind';

/** What one open edit document stands for, and the text the editor reads for it. */
export interface Session {
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

/**
 * The sessions of the open edit documents, keyed by URI. A document's object is read from the
 * server once, when the editor first asks for it; the editor is told when a session's text changes
 * (or the document is gone), so it reads the document again.
 */
export class EditSessions implements vscode.Disposable {
  private readonly changes = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChange = this.changes.event;
  private readonly byUri = new Map<string, Session>();
  private readonly loading = new Map<string, Promise<Session>>();

  constructor(private readonly kinds: EditableKinds) {}

  get(uri: vscode.Uri): Session | undefined {
    return this.byUri.get(uri.toString());
  }

  set(uri: vscode.Uri, session: Session): void {
    this.byUri.set(uri.toString(), session);
  }

  delete(uri: vscode.Uri): void {
    this.byUri.delete(uri.toString());
  }

  /** The session of a document, its object read from the server the first time it is asked for. */
  load(uri: vscode.Uri): Promise<Session> {
    const key = uri.toString();
    const known = this.byUri.get(key);
    if (known) return Promise.resolve(known);
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.read(uri).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  /** The sessions of an existing object, whatever names its documents were opened under. */
  ofObject(kind: EditableKind, address: Address): { uri: vscode.Uri; session: Session }[] {
    return [...this.byUri].filter(([, session]) => session.kind === kind && !session.isNew && sameAddress(session.address, address)).map(([key, session]) => ({ uri: vscode.Uri.parse(key), session }));
  }

  /** The open document of an existing object, whatever name it was opened under. */
  openDocumentOf(kind: EditableKind, address: Address): vscode.TextDocument | undefined {
    return vscode.workspace.textDocuments.find((d) => {
      if (d.uri.scheme !== EDIT_SCHEME || d.isClosed) return false;
      const session = this.byUri.get(d.uri.toString());
      return session !== undefined && session.kind === kind && !session.isNew && sameAddress(session.address, address);
    });
  }

  /** The server's object becomes the document's baseline and, when the text differs, its content. */
  rebase(uri: vscode.Uri, session: Session, object: JsonObject): void {
    session.object = object;
    session.baseline = documentOf(session.kind, object);
    const text = formatDocument(session.baseline);
    if (text !== session.text) {
      session.text = text;
      this.touch(uri, session);
    }
  }

  /** Tells the editor the document's content changed, with a newer time so it reads it again. */
  touch(uri: vscode.Uri, session: Session): void {
    session.mtime = Math.max(Date.now(), session.mtime + 1);
    this.changes.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  /** Every open document is stat'ed again (its permissions changed). */
  touchAll(): void {
    for (const [key, session] of this.byUri) this.touch(vscode.Uri.parse(key), session);
  }

  /** Tells the editor these documents are gone. */
  fireDeleted(uris: vscode.Uri[]): void {
    if (uris.length > 0) this.changes.fire(uris.map((uri) => ({ type: vscode.FileChangeType.Deleted, uri })));
  }

  dispose(): void {
    this.changes.dispose();
  }

  private async read(uri: vscode.Uri): Promise<Session> {
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
    this.byUri.set(uri.toString(), session);
    return session;
  }
}

function sameAddress(a: Address, b: Address): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}
