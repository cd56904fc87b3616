import { neutraliseBidi } from '../tree/treeText';

/**
 * How server text reads in a panel, whatever it holds (used by the webview apps and their tests;
 * pure, no DOM). Bidirectional embedding, override and isolate controls are shown as
 * `[U+202E]`, as in the trees, so a name cannot reorder itself to pass for another one; the
 * elements that show names also isolate them (`unicode-bidi: isolate` in webview.css), so a
 * right-to-left name cannot pull the text around it into its direction.
 */
export function panelText(text: string): string {
  return neutraliseBidi(text);
}

/**
 * A value of an object that came from a server, by a key that may also have come from one:
 * only the object's own properties count, so `constructor` or `__proto__` finds nothing
 * instead of Object's prototype members.
 */
export function ownValue<T>(object: Readonly<Record<string, T>> | undefined | null, key: string): T | undefined {
  return object !== null && object !== undefined && Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;
}
