import * as vscode from 'vscode';
import { ConfigError } from '../core/config';
import { ServiceError } from '../core/errors';
import { Logger } from '../core/logger';
import { prompts } from './prompts';

/**
 * Every command runs through here: failures are logged and shown once, in words that say what
 * to do ("Sign in again", "View Logs"), cancellation is silent, and no raw exception reaches
 * the user.
 */
export function registerCommand(
  context: vscode.ExtensionContext,
  logger: Logger,
  id: string,
  // Each command's handler declares the arguments its menus pass; `unknown[]` would refuse those.
  handler: (...args: any[]) => unknown, // eslint-disable-line @typescript-eslint/no-explicit-any
  signIn?: (error: ServiceError) => string | undefined,
): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(id, async (...args: unknown[]) => {
      try {
        return await handler(...args);
      } catch (error) {
        await reportCommandError(logger, id, error, signIn);
        return undefined;
      }
    }),
  );
}

export async function reportCommandError(logger: Logger, id: string, error: unknown, signIn?: (error: ServiceError) => string | undefined): Promise<void> {
  if (error instanceof ServiceError && error.kind === 'cancelled') {
    return;
  }
  const message = error instanceof ServiceError || error instanceof ConfigError ? error.message : `Unexpected error: ${(error as Error)?.message ?? String(error)}`;
  logger.error(`${id}: ${message}`);
  const signInCommand = error instanceof ServiceError && error.kind === 'auth' ? signIn?.(error) : undefined;
  const actions = signInCommand ? ['Sign In Again', 'View Logs'] : ['View Logs'];
  const choice = await prompts.error(message, ...actions);
  if (choice === 'View Logs') {
    await vscode.commands.executeCommand('opsConfig.viewLogs');
  } else if (choice === 'Sign In Again' && signInCommand) {
    await vscode.commands.executeCommand(signInCommand);
  }
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
