import type { components } from './generated/schema';

/**
 * Short names for the API shapes the client returns to views, all generated from the official
 * schema (see scripts/generate-authentik-types.mjs). Field names stay snake_case, exactly as the
 * server sends them; the data-source lookups map them to the provider's lowerCamelCase outputs.
 */
type Schemas = components['schemas'];

export type Application = Schemas['Application'];
export type Brand = Schemas['Brand'];
export type CertificateKeyPair = Schemas['CertificateKeyPair'];
export type CertificateData = Schemas['CertificateData'];
export type Flow = Schemas['Flow'];
export type FlowDiagram = Schemas['FlowDiagram'];
export type FlowSet = Schemas['FlowSet'];
export type FlowStageBinding = Schemas['FlowStageBinding'];
export type Group = Schemas['Group'];
export type RelatedGroup = Schemas['RelatedGroup'];
export type PartialGroup = Schemas['PartialGroup'];
export type PartialUser = Schemas['PartialUser'];
export type User = Schemas['User'];
export type Role = Schemas['Role'];
export type Provider = Schemas['Provider'];
export type OAuth2Provider = Schemas['OAuth2Provider'];
export type OAuth2ProviderSetupURLs = Schemas['OAuth2ProviderSetupURLs'];
export type SAMLProvider = Schemas['SAMLProvider'];
export type SAMLMetadata = Schemas['SAMLMetadata'];
export type Source = Schemas['Source'];
export type Stage = Schemas['Stage'];
export type PropertyMapping = Schemas['PropertyMapping'];
export type RACPropertyMapping = Schemas['RACPropertyMapping'];
export type RadiusProviderPropertyMapping = Schemas['RadiusProviderPropertyMapping'];
export type SAMLPropertyMapping = Schemas['SAMLPropertyMapping'];
export type SCIMMapping = Schemas['SCIMMapping'];
export type ScopeMapping = Schemas['ScopeMapping'];
export type LDAPSourcePropertyMapping = Schemas['LDAPSourcePropertyMapping'];
export type Outpost = Schemas['Outpost'];
export type ServiceConnection = Schemas['ServiceConnection'];
export type KubernetesServiceConnection = Schemas['KubernetesServiceConnection'];
export type Permission = Schemas['Permission'];
export type UsedBy = Schemas['UsedBy'];
export type FlowDesignation = Schemas['FlowDesignationEnum'];
export type FlowAuthentication = Schemas['AuthenticationEnum'];
