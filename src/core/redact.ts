/**
 * Redaction of secrets before anything is logged or shown. Two complementary nets:
 * - by name: header and field names that always carry secrets (Authorization,
 *   X-Honeycomb-Team, webhook secrets, private keys…) are masked whatever their value;
 * - by value: every secret the extension knows (keys from SecretStorage or the environment,
 *   authentik's extra header values, secrets read from lists) is masked wherever it appears in
 *   free text, whole or in part, so a server that echoes a key back in an error message, or the
 *   first 60 characters of it, cannot leak it either.
 */
import { HEAD, SecretIndex } from './secretIndex';

export const REDACTED = '‹redacted›';

/** Header names whose values are always secret (compared case-insensitively). */
const SECRET_HEADER_NAMES = new Set(['authorization', 'proxy-authorization', 'x-honeycomb-team', 'cookie', 'set-cookie', 'x-api-key', 'x-auth-token']);

/**
 * Field names (compared lower-case with `_` and `-` removed) whose values are secret in any
 * JSON body of the three services: Honeycomb recipients, authentik tokens, certificates,
 * providers and service connections, registry credentials, signing keys.
 */
const SECRET_FIELD_NAMES = new Set([
  'apikey',
  'apikeysecret',
  'secret',
  'token',
  'password',
  'authorization',
  'privatekey',
  'keydata',
  'clientsecret',
  'kubeconfig',
  'integrationkey',
  'pagerdutyintegrationkey',
  'webhooksecret',
  'identitytoken',
  'refreshtoken',
  'accesstoken',
  'idtoken',
  'auth',
  'xhoneycombteam',
]);

/** A line break as written, or as JSON writes it inside a string (`\n`), with the spaces around it. */
const LINE_BREAKS = String.raw`[ \t]*(?:(?:\r?\n|(?:\\r)?\\n)[ \t]*)+`;
/**
 * One line of a PEM body: base64, or the headers of a legacy encrypted key. A short run of
 * base64 counts only when it ends its line (the last line of a body, or where it was cut
 * off): a short word followed by more words is the prose after the key.
 */
const PEM_BODY_LINE = String.raw`(?:(?:Proc-Type|DEK-Info):[^\r\n\\]*|[A-Za-z0-9+/=]{16,}|[A-Za-z0-9+/=]+(?![A-Za-z0-9+/=]|[ \t]+[A-Za-z0-9]))`;

/** Patterns that are secret whatever we know about them. */
const SECRET_PATTERNS: RegExp[] = [
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g,
  // A private key cut off before its END line (a server that echoes the first part of a body):
  // the BEGIN line and the body lines that follow it, on new lines or after spaces on the same one.
  new RegExp(String.raw`-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----(?:${LINE_BREAKS}${PEM_BODY_LINE}|[ \t]+[A-Za-z0-9+/=]{16,})*`, 'g'),
  /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/:=-]{6,}/gi,
  // Honeycomb key IDs and secrets carry a recognisable prefix (hcxlk_, hcxik_, hcxmk_, hcaik_…).
  /\bhc[a-z]{2}k_[A-Za-z0-9]{8,}\b/g,
];

/** Adds to `found` what the patterns match; of `Bearer …` and `Basic …`, the credential after the word. */
function findPatterns(text: string, found: Array<[number, number]>): void {
  for (const pattern of SECRET_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const scheme = /^(Bearer|Basic)\s+/i.exec(match[0]);
      found.push([match.index + (scheme ? scheme[0].length : 0), match.index + match[0].length]);
    }
  }
}

/** Sorted, with overlapping and touching stretches joined (two secrets side by side are one mask). */
function merged(ranges: Array<[number, number]>): Array<[number, number]> {
  ranges.sort((a, b) => a[0] - b[0]);
  const out: Array<[number, number]> = [];
  for (const [start, end] of ranges) {
    const last = out[out.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

/**
 * Lists of `{header, value}` pairs sent by a service on the user's behalf (Honeycomb webhook
 * recipients' `webhook_headers`): the values are secret whatever the header is called, since
 * that is where an Authorization or API key header for the receiving end goes.
 */
const HEADER_LIST_NAMES = new Set(['webhookheaders']);

function isHeaderListName(name: string): boolean {
  return HEADER_LIST_NAMES.has(name.toLowerCase().replace(/[_-]/g, ''));
}

export function isSecretHeaderName(name: string): boolean {
  return SECRET_HEADER_NAMES.has(name.toLowerCase());
}

export function isSecretFieldName(name: string): boolean {
  return SECRET_FIELD_NAMES.has(name.toLowerCase().replace(/[_-]/g, ''));
}

/**
 * The parts of a secret that other texts share and that say nothing secret: the origin of a URL
 * secret (a chat webhook's `https://host`; the token is in the path, and credentials before the
 * host make it no origin), the domain of an e-mail address (a service account's
 * `@project.iam.gserviceaccount.com`; a password with an `@` is no address), the BEGIN and END lines of a PEM key (`-----BEGIN P` is
 * also how a public key starts).
 */
function publicParts(value: string): Array<[number, number]> {
  const parts: Array<[number, number]> = [];
  const origin = /^https?:\/\/[^/?#@\s]+(?=[/?#]|$)/i.exec(value);
  if (origin) parts.push([0, origin[0].length]);
  const domain = /^[^@\s]+@(?=[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$)/.exec(value);
  if (domain) parts.push([domain[0].length, value.length]);
  for (const armor of value.matchAll(/-----(?:BEGIN|END) [A-Z0-9 ]+-----\r?\n?/g)) parts.push([armor.index, armor.index + armor[0].length]);
  return parts;
}

/** How a value reads in a URL's query, when that differs (a lone surrogate cannot be encoded). */
function urlEncoded(value: string): string | undefined {
  try {
    const encoded = encodeURIComponent(value);
    return encoded === value ? undefined : encoded;
  } catch {
    return undefined;
  }
}

/** The same parts in `encodeURIComponent(value)` (they are ASCII: no surrogate pair is cut). */
function encodedParts(value: string, parts: Array<[number, number]>): Array<[number, number]> {
  const at = (index: number) => encodeURIComponent(value.slice(0, index)).length;
  return parts.map(([start, end]) => [at(start), at(end)]);
}

/**
 * Known secret values, filled by whoever loads a credential.
 *
 * A secret is masked whole, and so is any run of 12 characters of it (MIN_RUN in
 * secretIndex.ts). Twelve is short enough to catch what servers echo of a key (a prefix of 20,
 * 32 or 60 characters, one line of a PEM body), leaving readable at most 11 characters in a
 * row: a 32-character key keeps at least 21 unknown. It is long enough not to mask ordinary
 * words: English words of 12 letters or more are rare, and a 12-character stretch of text
 * matches a random secret by chance about once in 62^12 (3 × 10^21). A secret shorter than
 * that is masked whole only. Secrets that hold readable text keep it readable where it is
 * public: a URL's origin and a PEM key's BEGIN and END lines are not masked by themselves, and
 * documents whose secret parts are registered one by one (a key file, a webhook mapping's
 * code) only whole.
 */
export class KnownSecrets {
  private readonly values = new Set<string>();
  private readonly index = new SecretIndex();
  private readonly extraHeaderNames = new Set<string>();

  add(value: string | undefined): void {
    // Very short values would mask innocent text; no real credential is that short.
    if (!value || value.length < HEAD || this.values.has(value)) return;
    this.values.add(value);
    const parts = publicParts(value);
    this.index.addRuns(value, parts);
    const encoded = urlEncoded(value);
    if (encoded !== undefined) this.index.addRuns(encoded, encodedParts(value, parts));
  }

  /**
   * A document holding secrets that are registered on their own (a service-account key file,
   * a webhook mapping's code): masked where it appears whole; its other parts (field names,
   * public URLs, code) are ordinary text and stay readable in other texts.
   */
  addDocument(value: string | undefined): void {
    if (!value || value.length < HEAD || this.values.has(value)) return;
    this.values.add(value);
    this.index.addWhole(value);
    const encoded = urlEncoded(value);
    if (encoded !== undefined) this.index.addWhole(encoded);
  }

  /** Header names whose values are secret for one connection (authentik's `headers` map). */
  addHeaderName(name: string): void {
    this.extraHeaderNames.add(name.toLowerCase());
  }

  isSecretHeader(name: string): boolean {
    return isSecretHeaderName(name) || this.extraHeaderNames.has(name.toLowerCase());
  }

  redactText(text: string): string {
    // Every net marks stretches of the same text, so none hides from another what it must see
    // (a known key's echo masked first would break the BEGIN line the PEM patterns look for).
    const found: Array<[number, number]> = [];
    this.index.find(text, found);
    findPatterns(text, found);
    let out = '';
    let from = 0;
    for (const [start, end] of merged(found)) {
      out += text.slice(from, start) + REDACTED;
      from = end;
    }
    return out + text.slice(from);
  }

  redactHeaders(headers: Record<string, unknown> | undefined): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers ?? {})) {
      if (value === undefined || value === null) {
        continue;
      }
      out[name] = this.isSecretHeader(name) ? REDACTED : this.redactText(String(value));
    }
    return out;
  }

  /** A deep copy of a JSON value with secret fields and known secret values masked. */
  redactJson(value: unknown, depth = 0): unknown {
    if (depth > 32) {
      return REDACTED;
    }
    if (typeof value === 'string') {
      return this.redactText(value);
    }
    if (Array.isArray(value)) {
      return value.map((item) => this.redactJson(item, depth + 1));
    }
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
        out[key] =
          isSecretFieldName(key) && item !== null && item !== undefined && item !== ''
            ? REDACTED
            : isHeaderListName(key) && Array.isArray(item)
              ? item.map((h) => (h && typeof h === 'object' && 'value' in h ? { ...(this.redactJson(h, depth + 2) as object), value: REDACTED } : this.redactJson(h, depth + 2)))
              : this.redactJson(item, depth + 1);
      }
      return out;
    }
    return value;
  }
}
