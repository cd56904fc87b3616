import { ServiceError } from '../core/errors';
import { withCancellableProgress } from './commandRunner';
import { prompts } from './prompts';

/**
 * The two halves every "set a credential" flow shares: a hidden input that ignores losing focus
 * (the user switches windows to copy the key), and what the user sees when the service refuses
 * the credential — why, and that nothing was saved (a cancelled check says nothing).
 */

export interface SecretInput {
  title: string;
  prompt: string;
  /** Shown while the input is empty. */
  missing: string;
  /** Keep surrounding spaces (a password may have them); keys and tokens are trimmed. */
  keepSpaces?: boolean;
}

/** The credential typed or pasted; undefined when the user escaped. */
export async function askSecret(input: SecretInput): Promise<string | undefined> {
  const value = await prompts.inputBox({
    title: input.title,
    prompt: input.prompt,
    password: true,
    ignoreFocusOut: true,
    validateInput: (typed) => ((input.keepSpaces ? typed : typed.trim()) ? undefined : input.missing),
  });
  return value === undefined || input.keepSpaces ? value : value.trim();
}

/** After a failed check: `notSaved` (what was not saved) and the service's reason, unless the user cancelled. */
export async function reportRefusedCredential(notSaved: string, error: unknown): Promise<void> {
  if (error instanceof ServiceError && error.kind === 'cancelled') return;
  await prompts.error(`${notSaved} ${reasonOf(error)}`);
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String((error as { message?: unknown } | undefined)?.message ?? error);
}

/**
 * Checks a credential with its service before anything is saved, under a cancellable progress
 * notification: the service's answer, or undefined once the user was told why nothing was saved.
 */
export async function checkCredential<T>(progressTitle: string, notSaved: string, check: (signal: AbortSignal) => Promise<T>): Promise<T | undefined> {
  try {
    return await withCancellableProgress(progressTitle, check);
  } catch (error) {
    await reportRefusedCredential(notSaved, error);
    return undefined;
  }
}
