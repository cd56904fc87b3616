import { AuthentikApi, ListOptions, ListPage } from './api';
import { badLookupInput, defined, exactlyOne, oneOf, orNotFound } from './lookup';
import { OAuth2Provider, OAuth2ProviderSetupURLs, Provider, SAMLMetadata, SAMLProvider } from './types';

export interface ProviderLookupInput {
  /** The provider's numeric ID (`id` is accepted as the same thing). */
  providerId?: number;
  id?: string | number;
  name?: string;
}

export interface OAuth2ConfigOutput {
  id: string;
  providerId: number;
  name: string;
  issuerUrl: string;
  authorizeUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  providerInfoUrl: string;
  logoutUrl: string;
  jwksUrl: string;
}

export interface SamlMetadataOutput {
  id: string;
  providerId: number;
  name: string;
  /** The metadata XML document. */
  metadata: string;
}

function providerInputs(operation: string, input: ProviderLookupInput): { by: 'providerId' | 'name'; providerId?: number; name?: string } {
  const rawId = input?.providerId ?? input?.id;
  const providerId = rawId === undefined || rawId === '' ? undefined : Number(rawId);
  if (providerId !== undefined && !Number.isInteger(providerId)) {
    throw badLookupInput(operation, `providerId must be a whole number, got ${JSON.stringify(rawId)}`);
  }
  const by = oneOf(operation, { providerId, name: input?.name }, ['providerId', 'name']) as 'providerId' | 'name';
  return { by, providerId, name: input?.name };
}

/** The provider (by name or ID), then its setup URLs: two requests. */
export async function getProviderOauth2Config(api: AuthentikApi, input: ProviderLookupInput, signal?: AbortSignal): Promise<OAuth2ConfigOutput> {
  const op = 'getProviderOauth2Config';
  const { by, providerId, name } = providerInputs(op, input);
  const provider =
    by === 'providerId'
      ? await orNotFound(op, 'OAuth2 provider', { providerId }, () => retrieveOAuth2Provider(api, providerId!, signal, op))
      : exactlyOne(op, 'OAuth2 provider', { name }, await api.page(op, '/providers/oauth2/', { signal, pageSize: 20, query: { name } }), (p) => p.name);
  const urls = await orNotFound(op, 'OAuth2 provider setup URLs', { providerId: provider.pk }, () => oauth2SetupUrls(api, provider.pk, signal, op));
  return {
    id: String(provider.pk),
    providerId: provider.pk,
    name: provider.name,
    issuerUrl: urls.issuer,
    authorizeUrl: urls.authorize,
    tokenUrl: urls.token,
    userInfoUrl: urls.user_info,
    providerInfoUrl: urls.provider_info,
    logoutUrl: urls.logout,
    jwksUrl: urls.jwks,
  };
}

/** The provider (by name or ID), then its metadata XML. */
export async function getProviderSamlMetadata(api: AuthentikApi, input: ProviderLookupInput, signal?: AbortSignal): Promise<SamlMetadataOutput> {
  const op = 'getProviderSamlMetadata';
  const { by, providerId, name } = providerInputs(op, input);
  const provider =
    by === 'providerId'
      ? await orNotFound(op, 'SAML provider', { providerId }, () => retrieveSamlProvider(api, providerId!, signal, op))
      : exactlyOne(op, 'SAML provider', { name }, await api.page(op, '/providers/saml/', { signal, pageSize: 20, query: { name } }), (p) => p.name);
  const metadata = await orNotFound(op, 'SAML metadata', { providerId: provider.pk }, () => samlMetadata(api, provider.pk, signal, op));
  return { id: String(provider.pk), providerId: provider.pk, name: provider.name, metadata: metadata.metadata };
}

/** Every kind of provider in one list (`component` / `meta_model_name` name the kind). */
export function listProviders(api: AuthentikApi, options: ListOptions = {}): Promise<ListPage<Provider>> {
  return api.page('listProviders', '/providers/all/', { ...options, query: defined({ search: options.search, ordering: 'name' }) });
}

export function retrieveProvider(api: AuthentikApi, id: number, signal?: AbortSignal): Promise<Provider> {
  return api.call('retrieveProvider', '/providers/all/{id}/', { params: { id }, signal });
}

/** Note: the answer carries `client_secret` in clear; callers must mask it. */
export function retrieveOAuth2Provider(api: AuthentikApi, id: number, signal?: AbortSignal, operation = 'retrieveOAuth2Provider'): Promise<OAuth2Provider> {
  return api.call(operation, '/providers/oauth2/{id}/', { params: { id }, signal });
}

export function oauth2SetupUrls(api: AuthentikApi, id: number, signal?: AbortSignal, operation = 'oauth2SetupUrls'): Promise<OAuth2ProviderSetupURLs> {
  return api.call(operation, '/providers/oauth2/{id}/setup_urls/', { params: { id }, signal });
}

export function retrieveSamlProvider(api: AuthentikApi, id: number, signal?: AbortSignal, operation = 'retrieveSamlProvider'): Promise<SAMLProvider> {
  return api.call(operation, '/providers/saml/{id}/', { params: { id }, signal });
}

/** `download` is never sent: its presence turns the JSON answer into an XML attachment. */
export function samlMetadata(api: AuthentikApi, id: number, signal?: AbortSignal, operation = 'samlMetadata'): Promise<SAMLMetadata> {
  return api.call(operation, '/providers/saml/{id}/metadata/', { params: { id }, signal });
}
