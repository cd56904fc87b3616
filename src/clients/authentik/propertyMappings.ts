import { AuthentikApi, ListOptions, ListPage } from './api';
import { badLookupInput, defined, exactlyOne, jsonObjectInput, jsonString, matchesLocally, notFoundError, orNotFound } from './lookup';
import { PropertyMapping } from './types';

/**
 * The provider's six property-mapping lookups share one shape: by `id`, by `name` (plus the
 * kind's own filters) or by `managedLists` (several managed mappings at once → `ids`).
 */

export interface PropertyMappingInput {
  /** The mapping's UUID. */
  id?: string;
  name?: string;
  /** One managed identifier, e.g. "goauthentik.io/providers/oauth2/scope-email". */
  managed?: string;
  /** Several managed identifiers: the output's `ids` lists every match (and `id` is "-1"). */
  managedLists?: string[];
}

export interface PropertyMappingOutput {
  id: string;
  ids: string[];
  name: string;
  managed: string;
  managedLists: string[];
  expression: string;
}

export interface RacMappingInput extends PropertyMappingInput {
  /** JSON object compared with the mapping's static settings. */
  settings?: string;
}
export interface RacMappingOutput extends PropertyMappingOutput {
  /** JSON string of the static settings. */
  settings: string;
}

export interface SamlMappingInput extends PropertyMappingInput {
  samlName?: string;
  friendlyName?: string;
  /** Compared with the mapping's expression (not a server filter). */
  expression?: string;
}
export interface SamlMappingOutput extends PropertyMappingOutput {
  samlName: string;
  friendlyName: string;
}

export interface ScopeMappingInput extends PropertyMappingInput {
  scopeName?: string;
}
export interface ScopeMappingOutput extends PropertyMappingOutput {
  scopeName: string;
  description: string;
}

/** The fields every typed mapping has; each kind adds its own. */
interface AnyMapping {
  pk: string;
  name: string;
  managed?: string | null;
  expression?: string;
  static_settings?: Record<string, unknown>;
  saml_name?: string;
  friendly_name?: string | null;
  scope_name?: string;
  description?: string;
}

type MappingKind = 'rac' | 'radius' | 'saml' | 'scim' | 'scope' | 'ldap';

const KINDS: Record<MappingKind, { operation: string; noun: string; list: string; item: string }> = {
  rac: { operation: 'getPropertyMappingProviderRac', noun: 'RAC provider property mapping', list: '/propertymappings/provider/rac/', item: '/propertymappings/provider/rac/{pm_uuid}/' },
  radius: { operation: 'getPropertyMappingProviderRadius', noun: 'RADIUS provider property mapping', list: '/propertymappings/provider/radius/', item: '/propertymappings/provider/radius/{pm_uuid}/' },
  saml: { operation: 'getPropertyMappingProviderSaml', noun: 'SAML provider property mapping', list: '/propertymappings/provider/saml/', item: '/propertymappings/provider/saml/{pm_uuid}/' },
  scim: { operation: 'getPropertyMappingProviderScim', noun: 'SCIM provider property mapping', list: '/propertymappings/provider/scim/', item: '/propertymappings/provider/scim/{pm_uuid}/' },
  scope: { operation: 'getPropertyMappingProviderScope', noun: 'OAuth2 scope mapping', list: '/propertymappings/provider/scope/', item: '/propertymappings/provider/scope/{pm_uuid}/' },
  ldap: { operation: 'getPropertyMappingSourceLdap', noun: 'LDAP source property mapping', list: '/propertymappings/source/ldap/', item: '/propertymappings/source/ldap/{pm_uuid}/' },
};

async function lookupMapping(
  api: AuthentikApi,
  kind: MappingKind,
  input: PropertyMappingInput,
  extraQuery: Record<string, string | undefined>,
  localChecks: Array<[unknown, (m: AnyMapping) => unknown]>,
  signal?: AbortSignal,
): Promise<{ mapping?: AnyMapping; ids: string[] }> {
  const { operation: op, noun, list, item } = KINDS[kind];
  // The generated types are per path; these six paths share one item shape for what is read here.
  const untyped = api as unknown as {
    page(o: string, p: string, x: object): Promise<ListPage<AnyMapping>>;
    all(o: string, p: string, x: object): Promise<AnyMapping[]>;
    call(o: string, p: string, x: object): Promise<AnyMapping>;
  };
  const lists = input?.managedLists ?? [];
  if (lists.length > 0) {
    if (input.name !== undefined || input.id !== undefined) {
      throw badLookupInput(op, 'managedLists cannot be combined with name or id', 'Look mappings up either by their managed identifiers or by name/id.');
    }
    const found = await untyped.all(op, list, { signal, query: { managed: lists } });
    const missing = lists.filter((m) => !found.some((f) => f.managed === m));
    if (missing.length > 0) {
      throw notFoundError(op, noun, { managedLists: missing });
    }
    return { ids: found.map((f) => f.pk) };
  }
  if (input?.id) {
    const mapping = await orNotFound(op, noun, { id: input.id }, () => untyped.call(op, item, { params: { pm_uuid: input.id }, signal }));
    const kept = matchesLocally([mapping], [[input.name, (m) => m.name], [input.managed, (m) => m.managed ?? ''], ...localChecks]);
    if (kept.length === 0) throw notFoundError(op, noun, { ...input });
    return { mapping, ids: [mapping.pk] };
  }
  const query = defined({ name: input?.name, managed: input?.managed !== undefined ? [input.managed] : undefined, ...extraQuery });
  const page = await untyped.page(op, list, { signal, pageSize: localChecks.some(([v]) => v !== undefined) ? 100 : 20, query });
  const local = matchesLocally(page.items, localChecks);
  const mapping = exactlyOne(op, noun, { ...input }, local.length === page.items.length ? page : local, (m) => m.name);
  return { mapping, ids: [mapping.pk] };
}

function baseOutput(input: PropertyMappingInput, found: { mapping?: AnyMapping; ids: string[] }): PropertyMappingOutput {
  const m = found.mapping;
  return {
    id: m?.pk ?? '-1',
    ids: found.ids,
    name: m?.name ?? '',
    managed: m?.managed ?? '',
    managedLists: input?.managedLists ?? [],
    expression: m?.expression ?? '',
  };
}

/** Key order must not matter when a JSON input is compared with the server's object. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

export async function getPropertyMappingProviderRac(api: AuthentikApi, input: RacMappingInput = {}, signal?: AbortSignal): Promise<RacMappingOutput> {
  const settings = input.settings !== undefined ? canonicalJson(JSON.parse(jsonObjectInput(KINDS.rac.operation, 'settings', input.settings))) : undefined;
  const found = await lookupMapping(api, 'rac', input, {}, [[settings, (m) => canonicalJson(m.static_settings ?? {})]], signal);
  return { ...baseOutput(input, found), settings: found.mapping ? jsonString(found.mapping.static_settings) : '' };
}

export async function getPropertyMappingProviderRadius(api: AuthentikApi, input: PropertyMappingInput = {}, signal?: AbortSignal): Promise<PropertyMappingOutput> {
  return baseOutput(input, await lookupMapping(api, 'radius', input, {}, [], signal));
}

export async function getPropertyMappingProviderSaml(api: AuthentikApi, input: SamlMappingInput = {}, signal?: AbortSignal): Promise<SamlMappingOutput> {
  const found = await lookupMapping(
    api,
    'saml',
    input,
    { saml_name: input.samlName, friendly_name: input.friendlyName },
    [
      [input.expression, (m) => m.expression ?? ''],
      ...(input.id
        ? ([
            [input.samlName, (m: AnyMapping) => m.saml_name],
            [input.friendlyName, (m: AnyMapping) => m.friendly_name ?? ''],
          ] as Array<[unknown, (m: AnyMapping) => unknown]>)
        : []),
    ],
    signal,
  );
  return { ...baseOutput(input, found), samlName: found.mapping?.saml_name ?? '', friendlyName: found.mapping?.friendly_name ?? '' };
}

export async function getPropertyMappingProviderScim(api: AuthentikApi, input: PropertyMappingInput = {}, signal?: AbortSignal): Promise<PropertyMappingOutput> {
  return baseOutput(input, await lookupMapping(api, 'scim', input, {}, [], signal));
}

export async function getPropertyMappingProviderScope(api: AuthentikApi, input: ScopeMappingInput = {}, signal?: AbortSignal): Promise<ScopeMappingOutput> {
  const found = await lookupMapping(api, 'scope', input, { scope_name: input.scopeName }, input.id ? [[input.scopeName, (m) => m.scope_name]] : [], signal);
  return { ...baseOutput(input, found), scopeName: found.mapping?.scope_name ?? '', description: found.mapping?.description ?? '' };
}

export async function getPropertyMappingSourceLdap(api: AuthentikApi, input: PropertyMappingInput = {}, signal?: AbortSignal): Promise<PropertyMappingOutput> {
  return baseOutput(input, await lookupMapping(api, 'ldap', input, {}, [], signal));
}

/**
 * Every kind of mapping in one list (base fields plus `meta_model_name` naming the kind). Read
 * quietly: a webhook mapping's expression builds the headers authentik sends with a notification
 * (`Authorization` and the like), so its values are registered as secrets, not traced.
 */
export async function listPropertyMappings(api: AuthentikApi, options: ListOptions = {}): Promise<ListPage<PropertyMapping>> {
  const page = await api.page('listPropertyMappings', '/propertymappings/all/', { ...options, query: defined({ search: options.search, ordering: 'name' }), quiet: true });
  page.items.forEach((m) => registerWebhookSecrets(api, m));
  return page;
}

export async function retrievePropertyMapping(api: AuthentikApi, pmUuid: string, signal?: AbortSignal): Promise<PropertyMapping> {
  const mapping = await api.call('retrievePropertyMapping', '/propertymappings/all/{pm_uuid}/', { params: { pm_uuid: pmUuid }, signal, quiet: true });
  registerWebhookSecrets(api, mapping);
  return mapping;
}

/** The model of notification webhook mappings (the body or the headers of a webhook transport). */
export const WEBHOOK_MAPPING_MODEL = 'authentik_events.notificationwebhookmapping';

export function isWebhookMapping(mapping: Pick<PropertyMapping, 'meta_model_name'> | undefined): boolean {
  return mapping?.meta_model_name === WEBHOOK_MAPPING_MODEL;
}

/**
 * The secrets of a webhook mapping: the whole expression and every string literal that is the
 * value of a dictionary entry (`"Authorization": "Bearer …"`), which is where header values sit.
 */
function registerWebhookSecrets(api: AuthentikApi, mapping: PropertyMapping | undefined): void {
  if (!mapping || !isWebhookMapping(mapping) || typeof mapping.expression !== 'string') return;
  api.registerDocument(mapping.expression);
  for (const literal of mapping.expression.matchAll(/:\s*(?:[rbfu]{0,2})(["'])((?:\\.|(?!\1).)*)\1/gi)) {
    api.registerSecret(literal[2]);
  }
}
