import * as vscode from 'vscode';
import { prompts } from '../ui/prompts';
import { PlanPrompt, SaveUi } from './guardedSave';
import { Address, EditableKind, JsonObject } from './kind';
import { planDetail } from './planDetail';
import { PLAN_SCHEME, PlanDocuments } from './planDocuments';
import { capitalize } from '../core/sentence';

/**
 * The editor side of a save's questions: a conflict asks Compare / Overwrite / Reload; a plan
 * opens the diff of the server's object and the proposed one next to a modal confirmation that
 * names the object, where it lives, and every change. Questions go through `prompts`, the seam
 * integration tests answer through.
 */
/** Code in the workspace that manages a live object (its Terraform block), found for a save's plan. */
export interface ObjectOwner {
  /** `main.tf:12` */
  place: string;
  reveal(): Promise<void>;
}
export type OwnerLookup = (kind: EditableKind, address: Address, object: JsonObject) => Promise<ObjectOwner | undefined>;

export const EDIT_TERRAFORM_INSTEAD = 'Edit the Terraform Instead';

export function editorSaveUi(kind: EditableKind, plans: PlanDocuments, ownerOf?: OwnerLookup): SaveUi {
  return {
    async conflict({ label }) {
      const choice = await prompts.warn(
        `${capitalize(label.title)} changed on the server since you opened it.`,
        {
          modal: true,
          detail:
            `${label.location}\n\nCompare shows their version next to yours. Overwrite replaces their changes with yours (after showing the plan). ` +
            'Reload takes their version and keeps your text in a new untitled document.',
        },
        'Compare',
        'Overwrite',
        'Reload',
      );
      return choice === 'Compare' ? 'compare' : choice === 'Overwrite' ? 'overwrite' : choice === 'Reload' ? 'reload' : 'cancel';
    },

    async confirm(plan) {
      const diff = await showPlanDiff(kind, plans, plan);
      try {
        const verb = plan.verb === 'create' ? 'Create' : 'Update';
        const owner = plan.address && plan.object && ownerOf ? await ownerOf(kind, plan.address, plan.object) : undefined;
        const opens = (plan.notices ?? []).flatMap((n) => (n.open ? [n.open] : []));
        // Said first: whatever the plan changes, Terraform puts back on its next apply.
        const detail = owner ? `Managed by Terraform in ${owner.place} — the next apply reverts this change.\n\n${planDetail(kind, plan)}` : planDetail(kind, plan);
        const choice = await prompts.warn(`${verb} ${plan.label.title}?`, { modal: true, detail }, verb, ...(owner ? [EDIT_TERRAFORM_INSTEAD] : []), ...opens.map((o) => o.label));
        if (owner && choice === EDIT_TERRAFORM_INSTEAD) {
          await owner.reveal();
          return false;
        }
        const open = opens.find((o) => o.label === choice);
        // Opening what a notice names (the blueprint) is instead of saving: the document stays as typed.
        if (open) await vscode.commands.executeCommand(open.command, ...open.args);
        if (choice !== verb) return false;
        return plan.usedBy?.items.length ? await typedName(plan.label.title, plan.usedBy.name) : true;
      } finally {
        await closeTabsOf(diff);
      }
    },
  };
}

/** Something uses the object by the name this update changes: the user types that name to go on. */
async function typedName(title: string, name: string): Promise<boolean> {
  const typed = await prompts.inputBox({
    title: `Update ${title}`,
    prompt: `Something uses it by its name. Type ${name} to change it anyway.`,
    validateInput: (value) => (value === name ? undefined : 'Type the name exactly as shown to confirm.'),
  });
  return typed === name;
}

async function showPlanDiff(kind: EditableKind, plans: PlanDocuments, plan: PlanPrompt): Promise<vscode.Uri> {
  const name = kind.nameOf(plan.proposed) || kind.noun;
  const left = plans.add(`${name} (on the server)`, plan.current);
  const right = plans.add(`${name} (after saving)`, plan.proposed);
  // Beside the document: the confirmation sits in the middle of the window, and the diff then
  // shows to its right rather than under it.
  await vscode.commands.executeCommand('vscode.diff', left, right, `Plan: ${plan.verb} ${plan.label.title}`, { preview: true, preserveFocus: true, viewColumn: vscode.ViewColumn.Beside });
  await revealFirstChange(right, plan);
  return right;
}

/** The diff scrolled so its first changed line is at the top, as far as the document allows. */
async function revealFirstChange(right: vscode.Uri, plan: PlanPrompt): Promise<void> {
  const first = plan.changes.find((c) => !c.note);
  const editor = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === right.toString());
  if (!first || !editor) return;
  const { spanOf } = await import(/* webpackChunkName: "editing-text" */ './problemRanges');
  const text = editor.document.getText();
  const offset = spanOf(text, { path: first.path, message: '', severity: 'warning' }).offset;
  const line = Math.max(0, editor.document.positionAt(offset).line - 1);
  // A diff editor centres its first change itself once it has laid out: reveal after that.
  await new Promise((resolve) => setTimeout(resolve, 150));
  editor.revealRange(new vscode.Range(line, 0, line, 0), vscode.TextEditorRevealType.AtTop);
}

/** Closes the diff tabs whose right side is `uri` (the plan of a finished question). */
async function closeTabsOf(uri: vscode.Uri): Promise<void> {
  const tabs = vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .filter((tab) => {
      const input = tab.input;
      return input instanceof vscode.TabInputTextDiff && input.modified.scheme === PLAN_SCHEME && input.modified.toString() === uri.toString();
    });
  if (tabs.length > 0) await vscode.window.tabGroups.close(tabs);
}
