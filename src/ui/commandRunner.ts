import * as vscode from 'vscode';
import { ConfigError } from '../core/config';
import { RefusedError, ServiceError } from '../core/errors';
import { Logger } from '../core/logger';
import type { CommandTable } from '../startup/commandTable';
import { prompts } from './prompts';

/**
 * Where a command is registered: the extension's subscriptions, and the table behind the
 * start-up stand-ins when the features run in the editor (`withCommandTable`).
 */
export interface CommandTarget {
  readonly subscriptions: vscode.Disposable[];
  readonly commandTable?: CommandTable;
}

/** The extension's context, with the start-up table its commands' handlers go to. */
export function withCommandTable(context: vscode.ExtensionContext, commandTable: CommandTable): vscode.ExtensionContext & CommandTarget {
  // Everything else is read through to the editor's context, which stays the one the host made.
  return Object.assign(Object.create(context) as vscode.ExtensionContext, { commandTable });
}

/**
 * Every command runs through here: failures are logged and shown once, in words that say what
 * to do ("Sign in again", "View Logs"), cancellation is silent, and no raw exception reaches
 * the user.
 */
export function registerCommand(
  context: CommandTarget,
  logger: Logger,
  id: string,
  // Each command's handler declares the arguments its menus pass; `unknown[]` would refuse those.
  handler: (...args: any[]) => unknown, // eslint-disable-line @typescript-eslint/no-explicit-any
  signIn?: (error: ServiceError) => string | undefined,
): void {
  const run = async (...args: unknown[]): Promise<unknown> => {
    try {
      return await handler(...args);
    } catch (error) {
      await reportCommandError(logger, id, error, signIn);
      return undefined;
    }
  };
  // A command the user can see has a stand-in since start-up: its handler goes behind it.
  context.subscriptions.push(context.commandTable?.take(id, run) ?? vscode.commands.registerCommand(id, run));
}

/**
 * Shows a command's failure once. `offer` puts the command's own next steps first (a lookup's
 * "Change Inputs…"); the one the user picks is returned for the command to act on.
 */
export async function reportCommandError(logger: Logger, id: string, error: unknown, signIn?: (error: ServiceError) => string | undefined, offer: readonly string[] = []): Promise<string | undefined> {
  if (error instanceof ServiceError && error.kind === 'cancelled') {
    return undefined;
  }
  const message = error instanceof ServiceError || error instanceof ConfigError || error instanceof RefusedError ? error.message : `Unexpected error: ${(error as Error)?.message ?? String(error)}`;
  logger.error(`${id}: ${message}`);
  const signInCommand = error instanceof ServiceError && error.kind === 'auth' ? signIn?.(error) : undefined;
  const actions = [...offer, ...(signInCommand ? ['Sign In Again'] : []), 'View Logs'];
  const choice = await prompts.error(message, ...actions);
  if (choice === 'View Logs') {
    await vscode.commands.executeCommand('opsConfig.viewLogs');
  } else if (choice === 'Sign In Again' && signInCommand) {
    await vscode.commands.executeCommand(signInCommand);
  }
  return choice !== undefined && offer.includes(choice) ? choice : undefined;
}

/** A cancellable notification progress whose Cancel aborts the signal given to the task. */
export function withCancellableProgress<T>(title: string, task: (signal: AbortSignal, progress: vscode.Progress<{ message?: string }>) => Promise<T>): Thenable<T> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (progress, token) => {
    const controller = new AbortController();
    const subscription = token.onCancellationRequested(() => controller.abort());
    return task(controller.signal, progress).finally(() => {
      subscription.dispose();
    });
  });
}
