import { AuthentikApi, ListOptions, ListPage } from './api';
import { defined, exactlyOne, jsonString, matchesLocally, str } from './lookup';
import { Brand } from './types';

/** getBrand's inputs: the provider takes every output field as an optional filter. */
export interface GetBrandInput {
  id?: string;
  domain?: string;
  default?: boolean;
  brandingTitle?: string;
  brandingLogo?: string;
  brandingFavicon?: string;
  brandingCustomCss?: string;
  brandingDefaultFlowBackground?: string;
  defaultApplication?: string;
  flowAuthentication?: string;
  flowDeviceCode?: string;
  flowInvalidation?: string;
  flowRecovery?: string;
  flowUnenrollment?: string;
  flowUserSettings?: string;
  webCertificate?: string;
  clientCertificates?: string[];
}

export interface BrandOutput {
  id: string;
  domain: string;
  default: boolean;
  brandingTitle: string;
  brandingLogo: string;
  brandingFavicon: string;
  brandingCustomCss: string;
  brandingDefaultFlowBackground: string;
  defaultApplication: string;
  flowAuthentication: string;
  flowDeviceCode: string;
  flowInvalidation: string;
  flowRecovery: string;
  flowUnenrollment: string;
  flowUserSettings: string;
  webCertificate: string;
  clientCertificates: string[];
  /** JSON string, as the provider's JSON-valued fields are. */
  attributes: string;
}

const OP = 'getBrand';

/** `GET /core/brands/` filtered by every input the API can filter on; the rest are checked here. */
export async function getBrand(api: AuthentikApi, input: GetBrandInput = {}, signal?: AbortSignal): Promise<BrandOutput> {
  const page = await api.page(OP, '/core/brands/', {
    signal,
    pageSize: input.brandingCustomCss !== undefined ? 100 : 20,
    query: defined({
      brand_uuid: input.id,
      domain: input.domain,
      default: input.default,
      branding_title: input.brandingTitle,
      branding_logo: input.brandingLogo,
      branding_favicon: input.brandingFavicon,
      branding_default_flow_background: input.brandingDefaultFlowBackground,
      flow_authentication: input.flowAuthentication,
      flow_device_code: input.flowDeviceCode,
      flow_invalidation: input.flowInvalidation,
      flow_recovery: input.flowRecovery,
      flow_unenrollment: input.flowUnenrollment,
      flow_user_settings: input.flowUserSettings,
      web_certificate: input.webCertificate,
      client_certificates: input.clientCertificates,
    }),
  });
  // Neither the CSS nor the default application is a filter of the list endpoint.
  const local = matchesLocally(page.items, [
    [input.brandingCustomCss, (b) => b.branding_custom_css ?? ''],
    [input.defaultApplication, (b) => b.default_application ?? ''],
  ]);
  const narrowed = local.length === page.items.length ? page : local;
  return brandOutput(exactlyOne(OP, 'brand', { ...input }, narrowed, (b) => b.domain));
}

export function brandOutput(b: Brand): BrandOutput {
  return {
    id: b.brand_uuid,
    domain: b.domain,
    default: b.default === true,
    brandingTitle: str(b.branding_title),
    brandingLogo: str(b.branding_logo),
    brandingFavicon: str(b.branding_favicon),
    brandingCustomCss: str(b.branding_custom_css),
    brandingDefaultFlowBackground: str(b.branding_default_flow_background),
    defaultApplication: str(b.default_application),
    flowAuthentication: str(b.flow_authentication),
    flowDeviceCode: str(b.flow_device_code),
    flowInvalidation: str(b.flow_invalidation),
    flowRecovery: str(b.flow_recovery),
    flowUnenrollment: str(b.flow_unenrollment),
    flowUserSettings: str(b.flow_user_settings),
    webCertificate: str(b.web_certificate),
    clientCertificates: b.client_certificates ?? [],
    attributes: jsonString(b.attributes),
  };
}

export function listBrands(api: AuthentikApi, options: ListOptions = {}): Promise<ListPage<Brand>> {
  return api.page('listBrands', '/core/brands/', { ...options, query: defined({ search: options.search, ordering: 'domain' }) });
}

export function retrieveBrand(api: AuthentikApi, brandUuid: string, signal?: AbortSignal): Promise<Brand> {
  return api.call('retrieveBrand', '/core/brands/{brand_uuid}/', { params: { brand_uuid: brandUuid }, signal });
}
