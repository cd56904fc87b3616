import * as vscode from 'vscode';
import { prompts } from '../ui/prompts';
import { EditSessions } from './editSessions';
import { EDIT_SCHEME } from './editUris';
import { ExplicitSaves } from './explicitSaves';
import { guardedSaveInEditor } from './guardedSaveInEditor';
import type { OwnerLookup } from './saveUi';
import { SaveVerdict, confirmCreateAgain, refused, showRefusal } from './saveQuestions';
import { SettleContext, settleSave } from './settleSave';
import { WriteGate } from './writeGate';

/**
 * The save of an edit document, by either road: VS Code's write (the File menu, Save All, the
 * prompt when closing) or the Save command (Ctrl+S in an edit document). Both run the guarded
 * save (plan, confirmation, write, read back) and settle its outcome into the session. A failed
 * or cancelled save leaves the document dirty: the user's text is never lost.
 */
export class EditSaves implements vscode.Disposable {
  /** Only a save the user asked for may write. */
  private readonly explicitSaves = new ExplicitSaves(EDIT_SCHEME);
  /** Texts the Save command has written: VS Code's own write of them that follows only records them. */
  private readonly acceptedSaves = new Map<string, string>();

  constructor(
    private readonly sessions: EditSessions,
    private readonly gate: WriteGate,
    private readonly settling: SettleContext,
    /** Finds the workspace code that manages an object, for the save's plan (set when the Terraform features load). */
    private readonly ownerOf: () => OwnerLookup | undefined,
  ) {}

  /**
   * A save through VS Code. A save through the Save command has already written the object and
   * only lets VS Code record the text. A refused save shows our own message first; VS Code then
   * reports the failure too, since throwing is the only way to keep the document unsaved.
   */
  async fromEditor(uri: vscode.Uri, text: string): Promise<void> {
    const key = uri.toString();
    if (this.acceptedSaves.get(key) === text) {
      this.acceptedSaves.delete(key);
      return;
    }
    const refusal = this.gate.refusal();
    if (refusal) throw vscode.FileSystemError.NoPermissions(refusal);
    this.explicitSaves.refuseAutomatic(uri);
    const verdict = await this.run(uri, text);
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
  async fromCommand(document: vscode.TextDocument): Promise<void> {
    if (!document.isDirty) return;
    const refusal = this.gate.refusal();
    if (refusal) {
      void prompts.error(`Not saved: ${refusal}`);
      return;
    }
    const uri = document.uri;
    const text = document.getText();
    const verdict = await this.run(uri, text);
    if (!verdict.saved) {
      await showRefusal(uri, verdict.refusal);
      return;
    }
    this.acceptedSaves.set(uri.toString(), text);
    if (!(await document.save())) this.acceptedSaves.delete(uri.toString());
    verdict.after?.();
  }

  dispose(): void {
    this.explicitSaves.dispose();
  }

  /** The guarded save of one document's text, settled into the session; no exception for a refusal. */
  private async run(uri: vscode.Uri, text: string): Promise<SaveVerdict> {
    const session = await this.sessions.load(uri);
    if (session.probablyCreated && !(await confirmCreateAgain(session.kind))) {
      return refused(`Not saved: the last save of this ${session.kind.noun} probably created it already. Nothing was sent; your text is kept.`);
    }
    const target = session.isNew ? { mode: 'create' as const, parent: session.address } : { mode: 'update' as const, address: session.address, baseline: session.baseline };
    const outcome = await guardedSaveInEditor({ kind: session.kind, target, text }, this.settling.plans, this.ownerOf());
    this.settling.logger.info(`save ${session.kind.id} ${JSON.stringify(session.address)}: ${outcome.status}`);
    return settleSave(this.settling, uri, session, text, outcome);
  }
}
