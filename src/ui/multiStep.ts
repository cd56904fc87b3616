import * as vscode from 'vscode';

/**
 * Steps of a multi-step flow (a wizard of quick picks and input boxes): each shows "2/6" in its
 * title and, from the second step on, a Back button. A step resolves to the answer, to 'back'
 * when the user went back, or to undefined when they pressed Escape.
 */

export interface StepOptions<T extends vscode.QuickPickItem> {
  title: string;
  step: number;
  totalSteps: number;
  placeholder?: string;
  canPickMany?: boolean;
  /** Items shown selected (with canPickMany) or active. */
  selected?: readonly T[];
}

export interface InputStepOptions {
  title: string;
  step: number;
  totalSteps: number;
  prompt: string;
  value?: string;
  placeholder?: string;
  validate?: (value: string) => string | undefined;
}

export type StepAnswer<T> = T | 'back' | undefined;

export function pickStep<T extends vscode.QuickPickItem>(items: readonly T[], options: StepOptions<T>): Promise<StepAnswer<readonly T[]>> {
  return new Promise((resolve) => {
    const pick = vscode.window.createQuickPick<T>();
    pick.title = options.title;
    pick.step = options.step;
    pick.totalSteps = options.totalSteps;
    pick.placeholder = options.placeholder;
    pick.canSelectMany = options.canPickMany === true;
    pick.matchOnDescription = true;
    pick.ignoreFocusOut = true;
    pick.items = items;
    if (options.selected?.length) {
      if (pick.canSelectMany) pick.selectedItems = options.selected;
      else pick.activeItems = options.selected;
    }
    pick.buttons = options.step > 1 ? [vscode.QuickInputButtons.Back] : [];
    let answered = false;
    const finish = (answer: StepAnswer<readonly T[]>) => {
      if (answered) return;
      answered = true;
      resolve(answer);
      pick.dispose();
    };
    pick.onDidTriggerButton((button) => button === vscode.QuickInputButtons.Back && finish('back'));
    pick.onDidAccept(() => {
      // Enter on a filter that matches nothing is not an answer; keep the step open.
      if (!pick.canSelectMany && pick.selectedItems.length === 0) return;
      finish(pick.canSelectMany ? [...pick.selectedItems] : [pick.selectedItems[0]]);
    });
    pick.onDidHide(() => finish(undefined));
    pick.show();
  });
}

export function inputStep(options: InputStepOptions): Promise<StepAnswer<string>> {
  return new Promise((resolve) => {
    const input = vscode.window.createInputBox();
    input.title = options.title;
    input.step = options.step;
    input.totalSteps = options.totalSteps;
    input.prompt = options.prompt;
    input.placeholder = options.placeholder;
    input.value = options.value ?? '';
    input.ignoreFocusOut = true;
    input.buttons = options.step > 1 ? [vscode.QuickInputButtons.Back] : [];
    let answered = false;
    const finish = (answer: StepAnswer<string>) => {
      if (answered) return;
      answered = true;
      resolve(answer);
      input.dispose();
    };
    input.onDidChangeValue((value) => {
      input.validationMessage = options.validate?.(value);
    });
    input.onDidTriggerButton((button) => button === vscode.QuickInputButtons.Back && finish('back'));
    input.onDidAccept(() => {
      const problem = options.validate?.(input.value);
      if (problem) {
        input.validationMessage = problem;
        return;
      }
      finish(input.value);
    });
    input.onDidHide(() => finish(undefined));
    input.show();
  });
}
