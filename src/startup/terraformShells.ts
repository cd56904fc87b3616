import * as vscode from 'vscode';
import type { TerraformFeatures } from '../terraform/terraformFeatures';
import { Slot } from './slot';

/** The `source` of drift diagnostics; named here so the start-up chunk need not load the features to recognise them. */
export const DRIFT_SOURCE = 'Ops Config (Terraform)';

/** Fired when the features know more about a `.tf` file's lenses (a registry's answer came, or was asked again). */
export const terraformLensesChanged = new vscode.EventEmitter<void>();

const selector: vscode.DocumentSelector = { pattern: '**/*.tf' };

/**
 * What a `.tf` file gets from the moment the extension starts: its CodeLenses (which load the
 * features, the Terraform parser and its WebAssembly, when the editor first asks for them) and
 * the quick fixes of the drift diagnostics (which exist only once the features have loaded).
 * Nothing is read at start-up.
 */
export function registerTerraformShells(slot: Slot<() => Promise<TerraformFeatures>>, subscriptions: vscode.Disposable[]): void {
  const features = async (): Promise<TerraformFeatures> => (await slot.get())();
  subscriptions.push(
    terraformLensesChanged,
    vscode.languages.registerCodeLensProvider(selector, {
      onDidChangeCodeLenses: terraformLensesChanged.event,
      provideCodeLenses: async (document) => (await features()).provideCodeLenses(document),
      resolveCodeLens: async (lens) => (await features()).resolveCodeLens(lens),
    }),
    vscode.languages.registerCodeActionsProvider(
      selector,
      { provideCodeActions: async (document, _range, context) => (context.diagnostics.some((d) => d.source === DRIFT_SOURCE) ? (await features()).provideCodeActions(document, context) : []) },
      { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] },
    ),
  );
}
