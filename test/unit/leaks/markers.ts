import { inspect } from 'node:util';
import { shownMessages } from '../honeycomb/vscodeShim';
import { RedactingLogger } from '../../../src/core/logger';
import { KnownSecrets } from '../../../src/core/redact';
import type { LoadedRecord } from '../../../src/views/panels/recordSources';
import { reportCommandError } from '../../../src/ui/commandRunner';

/**
 * The secret-marker harness: every secret the three seeds name gets a value of its own that is
 * easy to find (`LeakMarker…`), and every place a user or a log reader can see is searched for
 * all of them. A hit names the place and the secret, so a failure says what leaked where.
 */
/** 32 characters: the length Honeycomb's schema demands of a PagerDuty integration key. */
export function marker(kind: string): string {
  return `LeakMarker${kind}${'x'.repeat(Math.max(0, 20 - kind.length))}7q`;
}

export interface Leak {
  where: string;
  secret: string;
}

export class LeakDetector {
  /** The extension's known secrets: what the code under test adds for masking. */
  readonly knownSecrets = new KnownSecrets();
  /** Every log line at every level, trace included, as the output channel would get it. */
  readonly lines: string[] = [];
  readonly logger = new RedactingLogger(
    (level, message) => this.lines.push(`${level} ${message}`),
    this.knownSecrets,
    undefined,
    () => true,
  );
  readonly leaks: Leak[] = [];
  /** What was checked, by place, so the test can say it looked (and a reader what it covers). */
  readonly checked = new Map<string, number>();
  /** Secrets that reached the extension's hands (a client's answer, a record's Reveal map). */
  private readonly seen = new Set<string>();

  constructor(private readonly secrets: Record<string, string>) {}

  /** Parts of a secret that would give it away on their own (a JWT's payload and signature). */
  private needles(): Array<[string, string]> {
    const out: Array<[string, string]> = [];
    for (const [name, value] of Object.entries(this.secrets)) {
      out.push([name, value]);
      const parts = value.split('.');
      if (parts.length === 3 && parts.every((p) => p.length >= 16)) {
        out.push([`${name} (payload)`, parts[1]], [`${name} (signature)`, parts[2]]);
      }
    }
    return out;
  }

  /** Records every secret found in `text`, seen at `where`. */
  check(where: string, text: string): void {
    this.checked.set(where.split(':')[0], (this.checked.get(where.split(':')[0]) ?? 0) + 1);
    for (const [name, needle] of this.needles()) {
      if (text.includes(needle) || text.includes(encodeURIComponent(needle))) {
        this.leaks.push({ where, secret: name });
      }
    }
  }

  /** A record as a panel gets it (the model posted to the webview) and its "View as JSON" text; `secrets` go only on Reveal. */
  checkRecord(where: string, loaded: Pick<LoadedRecord, 'model' | 'json' | 'secrets'>): void {
    this.observe(loaded.secrets);
    this.check(`webview model: ${where}`, JSON.stringify(loaded.model));
    this.check(`JSON view: ${where}`, JSON.stringify(loaded.json, null, 2));
  }

  /**
   * A failure as the user and the log see it: its message, everything inside it (cause
   * included), and the notification and log line the command runner makes of it.
   */
  async checkError(where: string, error: unknown): Promise<void> {
    this.check(`error message: ${where}`, String((error as Error)?.message ?? error));
    this.check(`error object: ${where}`, inspect(error, { depth: null, showHidden: true, maxArrayLength: null, maxStringLength: null }));
    const before = shownMessages.length;
    await reportCommandError(this.logger, `test.${where}`, error);
    for (const shown of shownMessages.slice(before)) {
      this.check(`notification: ${where}`, `${shown.text}\n${shown.detail ?? ''}`);
    }
  }

  /** Runs `task`; a success is checked with `onValue`, a failure with checkError. */
  async run<T>(where: string, task: () => Promise<T>, onValue?: (value: T) => void | Promise<void>): Promise<T | undefined> {
    try {
      const value = await task();
      this.observe(value);
      await onValue?.(value);
      return value;
    } catch (error) {
      await this.checkError(where, error);
      return undefined;
    }
  }

  /** Notes which secrets a value holds: proof that a path carried the secret it is checked for. */
  observe(value: unknown): void {
    const text = typeof value === 'string' ? value : JSON.stringify(value ?? null);
    for (const [name, needle] of Object.entries(this.secrets)) {
      if (text.includes(needle)) this.seen.add(name);
    }
  }

  /** Secrets no path carried (besides those only ever sent, never answered). */
  unseen(sentOnly: string[]): string[] {
    return Object.keys(this.secrets).filter((name) => !this.seen.has(name) && !sentOnly.includes(name));
  }

  /** The log so far; call last. */
  checkLog(): void {
    this.lines.forEach((line, i) => this.check(`log: line ${i + 1} "${line.slice(0, 120)}"`, line));
  }

  report(): string {
    return this.leaks.map((l) => `${l.secret} in ${l.where}`).join('\n');
  }
}
