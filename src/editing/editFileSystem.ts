import * as vscode from 'vscode';
import type { EditSaves } from './editSaves';
import type { EditSessions } from './editSessions';
import { WriteGate } from './writeGate';

/**
 * Live objects as documents on the `opsconfig-edit:` scheme (editUris.ts). Opening one reads the
 * object once and shows its writable fields (editSessions.ts); writing one is a save
 * (editSaves.ts). VS Code brings the rest: dirty state, undo, Compare with Saved, Revert File,
 * hot exit. A failed or cancelled save throws, which VS Code reports as "Failed to save" and
 * leaves the document dirty — the user's text is never lost.
 */
export class EditFileSystem implements vscode.FileSystemProvider, vscode.Disposable {
  readonly onDidChangeFile: vscode.Event<vscode.FileChangeEvent[]>;
  private readonly gateListener: vscode.Disposable;

  constructor(
    private readonly sessions: EditSessions,
    private readonly saves: EditSaves,
    private readonly gate: WriteGate,
  ) {
    this.onDidChangeFile = sessions.onDidChange;
    // Writes turned on or off: open documents are stat'ed again, so the editor lets them be edited (or not).
    this.gateListener = gate.onDidChange(() => sessions.touchAll());
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const session = await this.sessions.load(uri);
    return {
      type: vscode.FileType.File,
      ctime: session.ctime,
      mtime: session.mtime,
      size: Buffer.byteLength(session.text),
      permissions: this.gate.writesAllowed ? undefined : vscode.FilePermission.Readonly,
    };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    return Buffer.from((await this.sessions.load(uri)).text, 'utf8');
  }

  /** A save through VS Code (the File menu, Save All, the prompt when closing). */
  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    await this.saves.fromEditor(uri, Buffer.from(content).toString('utf8'));
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

  dispose(): void {
    this.gateListener.dispose();
  }
}
