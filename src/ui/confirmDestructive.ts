import * as vscode from 'vscode';
import { messageText } from './messageText';

/**
 * The question before something that cannot be undone (a delete, a removed connection, a secret
 * replaced on a server). VS Code's modal messages always make their first action the default
 * button, so Enter would confirm; this asks in a quick pick instead, with Cancel selected: Enter
 * or Escape changes nothing, and the action must be chosen on purpose. What it does and where is
 * said under the action; long details (what uses the object) are listed item by item.
 */
export interface DestructiveQuestion {
  /** `Delete trigger “High latency”?` */
  title: string;
  /** The action's button text: `Delete`. */
  action: string;
  /** Lines said with the action: where it happens, what it touches, "This cannot be undone." */
  detail: string[];
}

interface Choice extends vscode.QuickPickItem {
  confirms?: boolean;
}

export async function confirmDestructive(question: DestructiveQuestion): Promise<boolean> {
  const [where = '', ...rest] = question.detail.filter((line) => line.trim() !== '');
  const items: Choice[] = [
    { label: 'Cancel', description: 'nothing changes' },
    { label: question.action, description: messageText(where), detail: rest.length ? messageText(rest[rest.length - 1]) : undefined, confirms: true },
    ...(rest.length > 1
      ? [{ label: 'Details', kind: vscode.QuickPickItemKind.Separator } as Choice, ...rest.slice(0, -1).map((line) => ({ label: messageText(line.replace(/^•\s*/, '')), alwaysShow: true }))]
      : []),
  ];
  const picked = await vscode.window.showQuickPick(items, { title: messageText(question.title), placeHolder: 'Cancel is selected: Enter changes nothing', ignoreFocusOut: true });
  return picked?.confirms === true;
}
