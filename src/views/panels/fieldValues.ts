import type { RecordField } from './protocol';

/**
 * Fields of a record in words: an API's field name as a label a person reads ("token_uuid" →
 * "Token UUID"), and any value as fields a person reads — a nested object as fields of its own,
 * a list as a list, long or multi-line text as a block kept as written, never a JSON string with
 * escaped quotes. Pure: unit tested.
 */

/** Words written their own way in labels (abbreviations, product names). */
const WORDS: Readonly<Record<string, string>> = {
  acs: 'ACS',
  api: 'API',
  ca: 'CA',
  css: 'CSS',
  dns: 'DNS',
  gdtc: 'GDTC',
  http: 'HTTP',
  https: 'HTTPS',
  gid: 'GID',
  id: 'ID',
  ids: 'IDs',
  idp: 'IdP',
  ip: 'IP',
  json: 'JSON',
  jwks: 'JWKS',
  jwt: 'JWT',
  ldap: 'LDAP',
  mdm: 'MDM',
  mfa: 'MFA',
  nss: 'NSS',
  oauth: 'OAuth',
  oauth2: 'OAuth2',
  oidc: 'OIDC',
  pk: 'ID',
  rac: 'RAC',
  rbac: 'RBAC',
  saml: 'SAML',
  scim: 'SCIM',
  sha1: 'SHA-1',
  sha256: 'SHA-256',
  slo: 'SLO',
  sms: 'SMS',
  sp: 'SP',
  ssf: 'SSF',
  ssl: 'SSL',
  sso: 'SSO',
  tls: 'TLS',
  totp: 'TOTP',
  ttl: 'TTL',
  ui: 'UI',
  uid: 'UID',
  uri: 'URI',
  uris: 'URIs',
  url: 'URL',
  urls: 'URLs',
  uuid: 'UUID',
  yaml: 'YAML',
};

/** "token_uuid" → "Token UUID", "evaluate_on_plan" → "Evaluate on plan", "webhookUrl" → "Webhook URL". */
export function fieldLabel(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
  if (words.length === 0) return name;
  return words.map((w, i) => WORDS[w] ?? (i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w)).join(' ');
}

/** Text on several lines, or this long with spaces in it, is a block: YAML, CSS, a description. (A long hash stays text.) */
const BLOCK_LENGTH = 100;
/** Deeper than this a value is shown as indented JSON (a block), which stays readable. */
const MAX_DEPTH = 4;

export interface ValueOptions {
  /**
   * How the keys of nested objects read: `words` for an API's own fields, `verbatim` for data a
   * person wrote (authentik `attributes`, a blueprint's `context`), whose keys are theirs.
   */
  keys?: 'words' | 'verbatim';
}

/** Any value as a field: nested objects and lists of objects become fields of their own. */
export function valueField(label: string, value: unknown, options: ValueOptions = {}, depth = 0): RecordField {
  if (value === undefined || value === null || value === '') return { label, value: '', dim: true };
  if (typeof value === 'boolean') return { label, value: value ? 'yes' : 'no' };
  if (typeof value === 'number') return { label, value };
  if (typeof value === 'string') return isLongText(value) ? { label, value, format: 'block' } : { label, value };
  if (depth >= MAX_DEPTH) return { label, value: JSON.stringify(value, null, 2), format: 'block' };
  if (Array.isArray(value)) {
    if (value.length === 0) return { label, value: 'none', dim: true };
    if (value.every((v) => v === null || typeof v !== 'object')) return { label, format: 'list', list: value.map((v) => (v === null ? '—' : String(v))) };
    return { label, format: 'fields', fields: value.map((item, i) => valueField(itemLabel(item, i), item, options, depth + 1)) };
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return { label, value: 'none', dim: true };
  const keyLabel = options.keys === 'verbatim' ? (k: string) => k : fieldLabel;
  return { label, format: 'fields', fields: entries.map(([k, v]) => valueField(keyLabel(k), v, options, depth + 1)) };
}

export function isLongText(text: string): boolean {
  return text.includes('\n') || (text.length > BLOCK_LENGTH && /\s/.test(text));
}

/** An item of a list of objects is labelled by its name when it has one, else by its place. */
function itemLabel(item: unknown, index: number): string {
  if (item && typeof item === 'object' && !Array.isArray(item)) {
    const named = ['name', 'title', 'slug'].map((k) => (item as Record<string, unknown>)[k]).find((v) => typeof v === 'string' && v !== '');
    if (typeof named === 'string') return named;
  }
  return `${index + 1}`;
}
