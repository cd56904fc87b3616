/**
 * Redaction of secrets before anything is logged or shown. Two complementary nets:
 * - by name: header and field names that always carry secrets (Authorization,
 *   X-Honeycomb-Team, webhook secrets, private keys…) are masked whatever their value;
 * - by value: every secret the extension knows (keys from SecretStorage or the environment,
 *   authentik's extra header values) is masked wherever it appears in free text, so a server
 *   that echoes a key back in an error message cannot leak it either.
 */

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

/** Patterns that are secret whatever we know about them. */
const SECRET_PATTERNS: RegExp[] = [
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g,
  /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/:=-]{6,}/gi,
  // Honeycomb key IDs and secrets carry a recognisable prefix (hcxlk_, hcxik_, hcxmk_, hcaik_…).
  /\bhc[a-z]{2}k_[A-Za-z0-9]{8,}\b/g,
];

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

/** Known secret values, filled by whoever loads a credential. */
export class KnownSecrets {
  private readonly values = new Set<string>();
  private readonly extraHeaderNames = new Set<string>();

  add(value: string | undefined): void {
    // Very short values would mask innocent text; no real credential is that short.
    if (value && value.length >= 6) {
      this.values.add(value);
    }
  }

  /** Header names whose values are secret for one connection (authentik's `headers` map). */
  addHeaderName(name: string): void {
    this.extraHeaderNames.add(name.toLowerCase());
  }

  isSecretHeader(name: string): boolean {
    return isSecretHeaderName(name) || this.extraHeaderNames.has(name.toLowerCase());
  }

  redactText(text: string): string {
    let out = text;
    // Longest first, so a secret that contains another is masked whole.
    const sorted = [...this.values].sort((a, b) => b.length - a.length);
    for (const value of sorted) {
      if (out.includes(value)) {
        out = out.split(value).join(REDACTED);
      }
      const encoded = encodeURIComponent(value);
      if (encoded !== value && out.includes(encoded)) {
        out = out.split(encoded).join(REDACTED);
      }
    }
    for (const pattern of SECRET_PATTERNS) {
      out = out.replace(pattern, (match) => {
        const scheme = /^(Bearer|Basic)\s/i.exec(match);
        return scheme ? `${scheme[1]} ${REDACTED}` : REDACTED;
      });
    }
    return out;
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
