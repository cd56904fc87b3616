import { ServiceError } from '../core/errors';
import { capitalize } from '../core/sentence';

/**
 * Every saved credential is bound to the origin (scheme, host, port) of the URL the service
 * accepted it at. When the service URL in effect points elsewhere — the user edited the setting,
 * settings sync brought another value, an environment variable changed — the credential is not
 * sent there until the user agrees. A credential saved before bindings existed has none; it is
 * bound to the URL in effect the first time it is used (that URL comes from the user's own
 * settings or environment: a workspace cannot set it). Pure functions: the questions and
 * refusals are tested on Node; serviceConnection.ts asks them.
 */

export interface StoredCredential {
  /** Its SecretStorage key. */
  key: string;
  /** How the user knows it: "API key", "management key", "API token", "extra headers". */
  label: string;
  /** The command that checks and saves it again, named as in the Command Palette. */
  setCommand: string;
}

/** Where a client is about to send its credentials. */
export interface CredentialTarget {
  url: string;
  /** What chose the URL, for messages: a setting name, an environment variable, "the default address". */
  urlSource: string;
  /** What the user changes to point it elsewhere: a setting name or an environment variable. */
  settingName: string;
}

export interface BindingPlan {
  /** Saved without a binding: bind them to the target now. */
  unbound: StoredCredential[];
  /** Bound elsewhere, by the origin they were checked with: ask before sending them. */
  moved: Array<{ from: string; credentials: StoredCredential[] }>;
}

export function planBindings(credentials: Array<StoredCredential & { boundOrigin?: string }>, targetUrl: string): BindingPlan {
  const to = new URL(targetUrl).origin;
  const unbound: StoredCredential[] = [];
  const moved = new Map<string, StoredCredential[]>();
  for (const { boundOrigin, ...credential } of credentials) {
    if (!boundOrigin) {
      unbound.push(credential);
    } else if (boundOrigin !== to) {
      moved.set(boundOrigin, [...(moved.get(boundOrigin) ?? []), credential]);
    }
  }
  return { unbound, moved: [...moved].map(([from, list]) => ({ from, credentials: list })) };
}

/** The button that sends the credential to the new origin; anything else (Cancel, Escape) is No. */
export const SEND_ANSWER = 'Send';

/** The modal question: names the credential, the origin it was checked with and the new one. */
export function sendQuestion(service: string, credentials: StoredCredential[], from: string, target: CredentialTarget): { message: string; detail: string } {
  const to = new URL(target.url).origin;
  const what = `${service} ${labels(credentials)}`;
  return {
    message: `Send the ${what} to ${to}?`,
    detail: [
      `${capitalize(what)} ${credentials.length > 1 ? 'were' : 'was'} checked with ${from}.`,
      `The address in effect is now ${to} (from ${target.urlSource}), another server.`,
      `Send ${credentials.length > 1 ? 'them' : 'it'} only if you changed the address yourself and trust that server. Otherwise you stay disconnected and nothing is sent.`,
    ].join('\n'),
  };
}

/** What the user sees after answering No: not connected, why, and the two ways forward. */
export function declinedError(service: string, credentials: StoredCredential[], from: string, target: CredentialTarget): ServiceError {
  const to = new URL(target.url).origin;
  const was = credentials.length > 1 ? 'were' : 'was';
  const error = new ServiceError({
    kind: 'badInput',
    service,
    operation: 'connect',
    summary: `not connected: the ${labels(credentials)} ${was} not sent to ${to}`,
    hint:
      `${capitalize(labels(credentials))} ${was} checked with ${from}; the address in effect is ${to} (from ${target.urlSource}). ` +
      `Set ${target.settingName} back to ${from}, or check a credential with ${to} by running "${credentials[0].setCommand}".`,
  });
  declined.add(error);
  return error;
}

const declined = new WeakSet<object>();

/** Whether the error is the user's No (kept until something changes), not a failure to try again. */
export function isDeclined(error: unknown): boolean {
  return typeof error === 'object' && error !== null && declined.has(error);
}

function labels(credentials: StoredCredential[]): string {
  const names = credentials.map((c) => c.label);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0];
}
