import * as vscode from 'vscode';
import { PromptScript, replaceInEditor, scriptPrompts } from './scriptedPrompts';

/** The scripted prompts of scriptedPrompts.ts under the names the dataset tests use. */
export type ScriptedQuestions = PromptScript;
export const scriptQuestions = scriptPrompts;
export { replaceInEditor };

/** After an editing test: the prompts back, every editor closed without saving. */
export async function closeEditors(script: ScriptedQuestions): Promise<void> {
  script.restore();
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}
