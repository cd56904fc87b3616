import * as vscode from 'vscode';
import { Logger } from '../core/logger';
import { capitalize } from '../core/sentence';
import { prompts } from '../ui/prompts';
import { EditDiagnostics } from './diagnostics';
import { documentOf, formatDocument } from './document';
import type { ObjectChange } from './editDocuments';
import { EditSessions, Session } from './editSessions';
import { editUri } from './editUris';
import type { SaveOutcome } from './guardedSave';
import { Address, EditableKind, JsonObject } from './kind';
import { PlanDocuments } from './planDocuments';
import { SaveVerdict, keepText, refused } from './saveQuestions';

/** What settling a save's outcome touches: the documents' sessions, their problems, and who hears of changed objects. */
export interface SettleContext {
  sessions: EditSessions;
  diagnostics: EditDiagnostics;
  plans: PlanDocuments;
  logger: Logger;
  objectChanged(change: ObjectChange): void;
}

/**
 * A save's outcome in the session and in what the user sees. A save that happened (or was
 * applied) is `saved`, with what to do once VS Code has recorded the text; anything else is a
 * refusal in our words, and the user's text is kept.
 */
export async function settleSave(ctx: SettleContext, uri: vscode.Uri, session: Session, text: string, outcome: SaveOutcome): Promise<SaveVerdict> {
  const { sessions, diagnostics } = ctx;
  const kind = session.kind;
  switch (outcome.status) {
    case 'saved': {
      diagnostics.clear(uri);
      const created = session.isNew;
      const label = kind.label(outcome.address, outcome.object);
      let after: () => void;
      if (created) {
        sessions.delete(uri);
        after = () => void replaceNewEditor(sessions, uri, kind, outcome.address, outcome.object);
      } else {
        // A kind looked up by a writable field (an authentik slug) moves with the write.
        session.address = outcome.address;
        session.text = text;
        session.mtime = Date.now();
        after = () => sessions.rebase(uri, session, outcome.object);
      }
      ctx.objectChanged({ kindId: kind.id, address: outcome.address, change: created ? 'created' : 'updated' });
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
      diagnostics.clear(uri);
      session.text = text;
      session.baseline = outcome.document;
      session.object = undefined;
      session.mtime = Date.now();
      ctx.objectChanged({ kindId: kind.id, address: session.address, change: 'updated' });
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
      ctx.objectChanged({ kindId: kind.id, address: session.address, change: 'created' });
      void prompts.warn(outcome.message, {});
      return { saved: true };
    case 'unchanged': {
      diagnostics.clear(uri);
      session.text = text;
      session.mtime = Date.now();
      const read = outcome.object;
      void prompts.info(`Nothing to save: ${kind.label(session.address, read ?? session.object).title} already has these values.`);
      return { saved: true, after: read ? () => sessions.rebase(uri, session, read) : undefined };
    }
    case 'invalid': {
      await diagnostics.setSaveProblems(uri, text, outcome.problems, false);
      const errors = outcome.problems.filter((p) => p.severity === 'error');
      return refused(`Not saved: ${errors.length === 1 ? 'a problem' : `${errors.length} problems`} in the document (${errors[0]?.message}). Nothing was sent.`, 'Show Problems');
    }
    case 'conflict':
      if (outcome.choice === 'compare') {
        const theirs = ctx.plans.add(`${kind.nameOf(outcome.theirs) || kind.noun} (on the server now)`, outcome.theirs);
        await vscode.commands.executeCommand('vscode.diff', theirs, uri, `${kind.nameOf(outcome.theirs)}: server ↔ yours`);
      } else if (outcome.choice === 'reload') {
        await keepText(kind, text, ctx.logger);
        session.text = text;
        // The save "succeeds" without a write so that VS Code takes the server's text right after.
        void prompts.info(`Reloaded ${kind.label(session.address, outcome.theirsObject).title} from the server. Your edits are in a new untitled document.`);
        return { saved: true, after: () => sessions.rebase(uri, session, outcome.theirsObject) };
      }
      return refused(`Not saved: the ${kind.noun} changed on the server since you opened it. Save again to choose Overwrite, or reload it.`, 'Compare with Server');
    case 'gone':
      return refused(outcome.message);
    case 'cancelled':
      return refused('Not saved: the plan was not confirmed, so nothing was changed on the server. Your edits are kept.');
    case 'rejected':
      await diagnostics.setSaveProblems(uri, text, outcome.problems, true);
      return refused(`Not saved: ${outcome.message}`, 'Show Problems', 'Compare with Server');
    case 'unknown':
      return refused(outcome.message, 'Compare with Server', 'Reload from Server');
    case 'failed':
      return refused(`Not saved: ${outcome.message}`, 'Compare with Server');
  }
}

/** After a create: the new object's own document replaces the "New …" one. */
async function replaceNewEditor(sessions: EditSessions, oldUri: vscode.Uri, kind: EditableKind, address: Address, object: JsonObject): Promise<void> {
  const uri = editUri(kind, address, kind.nameOf(object));
  const baseline = documentOf(kind, object);
  const now = Date.now();
  sessions.set(uri, { kind, address, isNew: false, baseline, object, text: formatDocument(baseline), ctime: now, mtime: now });
  await new Promise((resolve) => setTimeout(resolve, 0));
  const document = await vscode.languages.setTextDocumentLanguage(await vscode.workspace.openTextDocument(uri), 'json');
  await vscode.window.showTextDocument(document, { preview: false });
  const old = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === oldUri.toString());
  if (old.length > 0) await vscode.window.tabGroups.close(old);
}
