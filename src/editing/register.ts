import * as vscode from 'vscode';
import { RedactingLogger } from '../core/logger';
import { registerCommand } from '../ui/commandRunner';
import { prompts } from '../ui/prompts';
import { EditDiagnostics } from './diagnostics';
import { formatDocument } from './document';
import { EditDocuments } from './editDocuments';
import { EditFileSystem } from './editFileSystem';
import { EDIT_SCHEME } from './editUris';
import { CreateTarget, EditTarget, EditableKinds, isCreatable, isEditable } from './editableKinds';
import { Address, EditableKind, checkAllowed } from './kind';
import { PlanDocuments } from './planDocuments';
import { registerUnknownFieldHover } from './unknownFieldHover';
import { WriteGate } from './writeGate';

/**
 * The editing mechanism in the editor: the `opsconfig-edit:` file system, diagnostics while
 * typing, the read-only gate, and the commands every editable kind shares — Edit…, New…,
 * Delete…, Compare with Server, Reload from Server, Copy as Terraform resource / Pulumi.
 * Services only register their kinds (`editing.kinds.register`).
 */
export interface Editing {
  kinds: EditableKinds;
  /** The edit documents: open, save, apply a change, and the objects they changed. */
  files: EditDocuments;
  /** What serves the edit documents to VS Code. */
  fileSystem: EditFileSystem;
  gate: WriteGate;
  /** The read-only documents of diffs (server ↔ plan, server ↔ yours). */
  plans: PlanDocuments;
}

/**
 * The file system of `opsconfig-edit:` and the plan documents are registered at start-up
 * (src/startup/shells.ts), as is the write gate, which publishes its context key from the start.
 */
export function registerEditing(context: vscode.ExtensionContext, logger: RedactingLogger, gate: WriteGate): Editing {
  const kinds = new EditableKinds();
  const plans = new PlanDocuments();
  let files: EditDocuments | undefined;
  const diagnostics = new EditDiagnostics((uri) => files?.validationContext(uri));
  files = new EditDocuments(kinds, gate, diagnostics, plans, logger.child('editing'));
  const fs = files;
  context.subscriptions.push(
    plans,
    diagnostics,
    fs,
    vscode.workspace.onDidOpenTextDocument((d) => d.uri.scheme === EDIT_SCHEME && void diagnostics.check(d)),
    vscode.workspace.onDidChangeTextDocument((e) => e.document.uri.scheme === EDIT_SCHEME && e.contentChanges.length > 0 && diagnostics.scheduleCheck(e.document)),
    vscode.workspace.onDidCloseTextDocument((d) => d.uri.scheme === EDIT_SCHEME && fs.forget(d.uri)),
  );
  registerUnknownFieldHover(context, (uri) => fs.kindOf(uri));

  const kindFor = (id: string): Promise<EditableKind> => kinds.require(id);

  /** A tree node, an EditTarget from a record panel link, or an open edit document. */
  const editTarget = async (arg: unknown): Promise<{ kind: EditableKind; address: Address; name: string }> => {
    if (isEditable(arg)) return withKind(arg.editTarget());
    if (arg instanceof vscode.Uri || arg === undefined) {
      const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
      const target = uri && fs.targetOf(uri);
      if (!target) throw new Error('Open an Ops Config edit document or pick an object in a view first.');
      return { kind: target.kind, address: target.address, name: target.object ? target.kind.nameOf(target.object) : target.kind.noun };
    }
    return withKind(arg as EditTarget);
  };
  const withKind = async (target: EditTarget) => ({ kind: await kindFor(target.kindId), address: target.address, name: target.name });

  registerCommand(context, logger, 'opsConfig.edit', async (arg: unknown) => {
    const target = await editTarget(arg);
    checkAllowed(target.kind, 'edit');
    await fs.open(target.kind, target.address, target.name);
  });

  registerCommand(context, logger, 'opsConfig.newObject', async (arg: unknown) => {
    gate.check();
    const target: CreateTarget = isCreatable(arg) ? arg.createTarget() : (arg as CreateTarget);
    // A folder of many kinds (authentik's Providers) asks which one first.
    const kindId = target.chooseKind ? await target.chooseKind() : target.kindId;
    if (!kindId) return;
    const kind = await kindFor(kindId);
    checkAllowed(kind, 'create');
    const parent = kind.prepareCreate ? await kind.prepareCreate(target.parent) : target.parent;
    if (!parent) return;
    await fs.openNew(kind, parent);
  });

  registerCommand(context, logger, 'opsConfig.deleteObject', async (arg: unknown) => {
    gate.check();
    const target = await editTarget(arg);
    checkAllowed(target.kind, 'delete');
    const { deleteObject } = await import(/* webpackChunkName: "editing-save" */ './deleteObject');
    await deleteObject(fs, target.kind, target.address, target.name);
  });

  // Ctrl+S in an edit document: the save in our own words (a refused save never meets VS Code's
  // generic failure, which offers to revert the user's text).
  registerCommand(context, logger, 'opsConfig.edit.save', async (arg?: vscode.Uri) => {
    const uri = arg ?? vscode.window.activeTextEditor?.document.uri;
    const document = uri && vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (!document || document.uri.scheme !== EDIT_SCHEME) throw new Error('Open an Ops Config edit document first.');
    await fs.saveFromCommand(document);
  });

  registerCommand(context, logger, 'opsConfig.edit.compareWithServer', async (arg?: vscode.Uri) => {
    const uri = arg ?? vscode.window.activeTextEditor?.document.uri;
    const server = uri && (await fs.serverDocument(uri));
    if (!uri || !server) throw new Error('This document has no object on the server to compare with.');
    const left = plans.add(`${server.kind.nameOf(server.document) || server.kind.noun} (on the server now)`, server.document);
    await vscode.commands.executeCommand('vscode.diff', left, uri, `${server.kind.nameOf(server.document)}: server ↔ yours`);
  });

  registerCommand(context, logger, 'opsConfig.edit.reloadFromServer', async (arg?: vscode.Uri) => {
    const uri = arg ?? vscode.window.activeTextEditor?.document.uri;
    const document = uri && vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (!uri || !document) return;
    if (document.isDirty) {
      const choice = await prompts.warn('Reload from the server? Your unsaved edits are moved to a new untitled document.', { modal: true }, 'Reload');
      if (choice !== 'Reload') return;
      const kept = await vscode.workspace.openTextDocument({ language: 'json', content: document.getText() });
      await vscode.window.showTextDocument(kept, { preview: false, preserveFocus: true, viewColumn: vscode.ViewColumn.Beside });
      await vscode.window.showTextDocument(document);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
    await fs.reload(uri);
  });

  registerCommand(context, logger, 'opsConfig.copyAsTerraformResource', (arg: unknown) => copyCode(arg, 'terraform'));
  registerCommand(context, logger, 'opsConfig.copyAsPulumiResource', (arg: unknown) => copyCode(arg, 'pulumi'));

  async function copyCode(arg: unknown, language: 'terraform' | 'pulumi'): Promise<void> {
    const target = await editTarget(arg);
    if (!target.kind.code) throw new Error(`There is no infrastructure-as-code export for a ${target.kind.noun}.`);
    const object = await target.kind.backend.read(target.address);
    const text = await (language === 'terraform' ? target.kind.code.terraform(object, target.address) : target.kind.code.pulumi(object, target.address));
    await vscode.env.clipboard.writeText(text);
    void prompts.info(`Copied the ${language === 'terraform' ? 'Terraform resource and import block' : 'Pulumi resource'} of ${target.kind.label(target.address, object).title}.`);
  }

  return { kinds, files: fs, fileSystem: fs.fileSystem, gate, plans };
}

/** The template text of a kind, for tests and for "New …" documents. */
export function templateText(kind: EditableKind, parent: Address): string {
  return formatDocument(kind.template(parent));
}
