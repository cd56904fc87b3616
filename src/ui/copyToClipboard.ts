import * as vscode from 'vscode';
import { prompts } from './prompts';

/** Copies text and says in the status bar what was copied ("Copied the ID of api-gateway"). */
export async function copyToClipboard(text: string, confirmation: string): Promise<void> {
  await vscode.env.clipboard.writeText(text);
  prompts.status(confirmation, 3000);
}
