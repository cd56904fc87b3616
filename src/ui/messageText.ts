import { KnownSecrets } from '../core/redact';
import { neutraliseBidi } from '../views/tree/treeText';

/**
 * The text of every notification and status-bar message, whatever a server or a file put into
 * it (an error body, a name, a path). `prompts` passes every message through here, so no command
 * can forget it.
 *
 * - Links: a notification turns `[label](https://…)`, `[label](command:…)` and `[label](file:…)`
 *   into a link, and a `command:` link runs that command, with its arguments, on a click. A
 *   zero-width space between `]` and `(` leaves the text as it reads and makes it no link.
 *   Notifications interpret no other markdown (bold, code, headings stay as typed).
 * - Icons: the status bar draws `$(name)` as an icon; `\$(name)` shows the text itself.
 *   Notifications draw `$(…)` as text already, so messages keep it as is (a backslash would show).
 * - Secrets the extension knows (keys, tokens, passwords loaded so far) are masked, and so is
 *   what looks like one (Bearer …, PEM private keys), in case a server echoed it back.
 * - Bidirectional controls are shown as `[U+202E]`, as in the trees.
 */

let knownSecrets = new KnownSecrets();

/** The secrets masked in messages: the extension's own, set on activation. */
export function maskSecretsInMessages(secrets: KnownSecrets): void {
  knownSecrets = secrets;
}

const LINK_SYNTAX = /\]\(/g;
const ZERO_WIDTH_SPACE = '\u200B';

/** A notification message (or a dialog's detail) that shows exactly its text. */
export function messageText(text: string): string {
  return neutraliseBidi(knownSecrets.redactText(text)).replace(LINK_SYNTAX, `]${ZERO_WIDTH_SPACE}(`);
}

/** VS Code's icon syntax: `$(name)` or `$(name~modifier)`. */
const ICON_SYNTAX = /(\\)?\$\(([a-z0-9-]+?(?:~[a-z0-9-]*?)?)\)/gi;

/** A status-bar message that shows exactly its text: icons escaped on top of the message rules. */
export function statusText(text: string): string {
  return messageText(text).replace(ICON_SYNTAX, (match, escaped: string | undefined) => (escaped ? match : `\\${match}`));
}
