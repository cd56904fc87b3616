import { AuthentikApi, AuthentikTransport, ListOptions, ListPage } from './api';
import { listApplications, retrieveApplication } from './applications';
import { BrandOutput, GetBrandInput, getBrand, listBrands, retrieveBrand } from './brands';
import { CertificateKeyPairOutput, GetCertificateKeyPairInput, certificateUsedBy, getCertificateKeyPair, listCertificates, retrieveCertificate, viewCertificate, viewPrivateKey } from './certificates';
import { FlowOutput, GetFlowInput, flowDiagram, getFlow, listFlowBindings, listFlows, retrieveFlow } from './flows';
import { GetGroupInput, GetGroupsInput, GetGroupsOutput, GroupOutput, getGroup, getGroups, listGroups, retrieveGroup } from './groups';
import { CurrentUser, ServerVersion, getCurrentUser, getServerVersion } from './me';
import { UserGroupMembership, userGroupMembership } from './membership';
import { GetOutpostInput, OutpostOutput, getOutpost, listOutposts, retrieveOutpost } from './outposts';
import {
  PropertyMappingInput,
  PropertyMappingOutput,
  RacMappingInput,
  RacMappingOutput,
  SamlMappingInput,
  SamlMappingOutput,
  ScopeMappingInput,
  ScopeMappingOutput,
  getPropertyMappingProviderRac,
  getPropertyMappingProviderRadius,
  getPropertyMappingProviderSaml,
  getPropertyMappingProviderScim,
  getPropertyMappingProviderScope,
  getPropertyMappingSourceLdap,
  listPropertyMappings,
  retrievePropertyMapping,
} from './propertyMappings';
import {
  OAuth2ConfigOutput,
  ProviderLookupInput,
  SamlMetadataOutput,
  getProviderOauth2Config,
  getProviderSamlMetadata,
  listProviders,
  oauth2SetupUrls,
  retrieveOAuth2Provider,
  retrieveProvider,
  retrieveSamlProvider,
  samlMetadata,
} from './providers';
import { GetRbacPermissionInput, RbacPermissionOutput, getRbacPermission, listPermissions, retrievePermission } from './rbac';
import {
  GetServiceConnectionKubernetesInput,
  ServiceConnectionKubernetesOutput,
  getServiceConnectionKubernetes,
  listServiceConnections,
  retrieveKubernetesConnection,
  retrieveServiceConnection,
} from './serviceConnections';
import { GetSourceInput, SourceOutput, getSource, listSources, retrieveSource } from './sources';
import { GetStageInput, StageOutput, getStage, listStages, retrieveStage } from './stages';
import * as T from './types';
import type { KnownSecrets } from '../../core/redact';
import type {
  BlueprintFile,
  BlueprintInstance,
  CertificateKeyPair as GeneratedCertificateKeyPair,
  GenerateCertificateInput,
  LicenseForecast,
  LicenseSummary,
  NotificationTransportTest,
} from './resources/actions';

/** The special actions of the managed resources load with the first one used (they weigh on activation otherwise). */
const actions = () => import(/* webpackChunkName: "authentik-actions" */ './resources/actions');
import type { ResourceCollection } from './resources/collection';
import type { AuthentikKind } from './resources/kinds';
import type { ObjectKindSpec } from './resources/kindsTable';
/** The managed kinds' table and collection load with the first managed call (they weigh on activation otherwise). */
const collections = () => import(/* webpackChunkName: "authentik-resources" */ './resources/collection');
import { listGroupMembers, GetUserInput, UserOutput, getUser, listUsers, retrieveUser } from './users';

export { AuthentikApi } from './api';
export type { AuthentikTransport, AuthentikPage, ListOptions, ListPage } from './api';
export type { CurrentUser, ServerVersion } from './me';
export { certificateExpiry } from './certificates';
export type { ExpiryState } from './certificates';
export type { DestroyResult, ResourceCollection, ResourceListOptions } from './resources/collection';
// The kinds table (resources/kinds.ts) is not re-exported as values: it would weigh on
// activation. Import it where it is needed, lazily from editor code.
export type { AuthentikKind, CreateOfKind, ItemOfKind, KindSpec, KindTypes, ParentSpec, PatchOfKind, ReferenceSpec, SecretSpec, TerraformSpec } from './resources/kinds';
export { LICENSE_EXPIRY_WARNING_DAYS, licenseExpiry } from './resources/licenseExpiry';
export type { LicenseExpiryState } from './resources/licenseExpiry';
export type { BlueprintFile, BlueprintInstance, GenerateCertificateInput, LicenseForecast, LicenseSummary, NotificationTransportTest } from './resources/actions';
export { DURATION_UNITS, describeSeconds, validateDuration } from './durations';
export type { DurationProblem, DurationResult, DurationUnit } from './durations';
// blueprintLog.ts is not re-exported: it needs the YAML parser, which must not weigh on
// activation. Import it with `await import('…/clients/authentik/blueprintLog')` where needed.
export type { BlueprintLogOptions, BlueprintProblem } from './blueprintLog';
export type * from './types';
export type {
  BrandOutput,
  CertificateKeyPairOutput,
  FlowOutput,
  GetGroupsOutput,
  GroupOutput,
  OutpostOutput,
  PropertyMappingOutput,
  RacMappingOutput,
  SamlMappingOutput,
  ScopeMappingOutput,
  OAuth2ConfigOutput,
  SamlMetadataOutput,
  RbacPermissionOutput,
  ServiceConnectionKubernetesOutput,
  SourceOutput,
  StageOutput,
  UserOutput,
  UserGroupMembership,
};

/**
 * The authentik client. The data-source lookups (`get…`) take the provider's inputs and return
 * its outputs; the tree and record panels use `list…` (one page per call, `count` for "N of M")
 * and `retrieve…` (one object as the API sends it). Each lives in the file of its resource;
 * this class binds them to a connection.
 */
export class AuthentikClient {
  readonly api: AuthentikApi;
  /** Masks secrets read or sent by the managed-resource calls in logs and messages. */
  private readonly secrets?: KnownSecrets;
  private readonly collections = new Map<AuthentikKind, Promise<ResourceCollection<AuthentikKind>>>();

  constructor(connection: AuthentikTransport) {
    this.api = new AuthentikApi(connection);
    this.secrets = connection.secrets;
  }

  // --- the 13 managed resources: create, read, update, delete, used_by (resources/) ---
  /** list / listChildren / retrieve / create / update / partialUpdate / destroy / usedBy of one kind. */
  resources<K extends AuthentikKind>(kind: K): Promise<ResourceCollection<K>> {
    let collection = this.collections.get(kind);
    if (!collection) {
      collection = collections().then((m) => new m.ResourceCollection(this.api, kind, this.secrets) as unknown as ResourceCollection<AuthentikKind>);
      this.collections.set(kind, collection);
    }
    return collection as unknown as Promise<ResourceCollection<K>>;
  }
  /** The same calls for any other kind of the generated table (derivedKinds.ts), by its spec. */
  objects(spec: ObjectKindSpec): Promise<ResourceCollection<AuthentikKind>> {
    return collections().then((m) => new m.ResourceCollection<AuthentikKind>(this.api, spec, this.secrets));
  }

  generateCertificate(input: GenerateCertificateInput, signal?: AbortSignal): Promise<GeneratedCertificateKeyPair> {
    return actions().then((m) => m.generateCertificate(this.api, input, signal));
  }
  applyBlueprint(instanceUuid: string, signal?: AbortSignal): Promise<BlueprintInstance> {
    return actions().then((m) => m.applyBlueprint(this.api, instanceUuid, signal));
  }
  availableBlueprints(signal?: AbortSignal): Promise<BlueprintFile[]> {
    return actions().then((m) => m.availableBlueprints(this.api, signal));
  }
  /** The flow as blueprint YAML text. */
  exportFlow(slug: string, signal?: AbortSignal): Promise<string> {
    return actions().then((m) => m.exportFlow(this.api, slug, signal));
  }
  testTransport(transportUuid: string, signal?: AbortSignal): Promise<NotificationTransportTest> {
    return actions().then((m) => m.testTransport(this.api, transportUuid, signal));
  }
  /** Secret: registered for masking before it is returned; audited by authentik. Copy, never render. */
  viewEnrollmentKey(tokenUuid: string, signal?: AbortSignal): Promise<string> {
    return actions().then((m) => m.viewEnrollmentKey(this.api, this.secrets, tokenUuid, signal));
  }
  licenseSummary(signal?: AbortSignal): Promise<LicenseSummary> {
    return actions().then((m) => m.licenseSummary(this.api, signal));
  }
  licenseInstallId(signal?: AbortSignal): Promise<string> {
    return actions().then((m) => m.licenseInstallId(this.api, signal));
  }
  licenseForecast(signal?: AbortSignal): Promise<LicenseForecast> {
    return actions().then((m) => m.licenseForecast(this.api, signal));
  }

  getCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
    return getCurrentUser(this.api, signal);
  }

  getServerVersion(signal?: AbortSignal): Promise<ServerVersion> {
    return getServerVersion(this.api, signal);
  }

  // --- the provider's data-source lookups ---
  getBrand(input?: GetBrandInput, signal?: AbortSignal): Promise<BrandOutput> {
    return getBrand(this.api, input, signal);
  }
  getCertificateKeyPair(input: GetCertificateKeyPairInput, signal?: AbortSignal): Promise<CertificateKeyPairOutput> {
    return getCertificateKeyPair(this.api, input, signal);
  }
  getFlow(input?: GetFlowInput, signal?: AbortSignal): Promise<FlowOutput> {
    return getFlow(this.api, input, signal);
  }
  getGroup(input: GetGroupInput, signal?: AbortSignal): Promise<GroupOutput & { includeUsers: boolean }> {
    return getGroup(this.api, input, signal);
  }
  getGroups(input?: GetGroupsInput, signal?: AbortSignal): Promise<GetGroupsOutput> {
    return getGroups(this.api, input, signal);
  }
  getOutpost(input: GetOutpostInput, signal?: AbortSignal): Promise<OutpostOutput> {
    return getOutpost(this.api, input, signal);
  }
  getPropertyMappingProviderRac(input?: RacMappingInput, signal?: AbortSignal): Promise<RacMappingOutput> {
    return getPropertyMappingProviderRac(this.api, input, signal);
  }
  getPropertyMappingProviderRadius(input?: PropertyMappingInput, signal?: AbortSignal): Promise<PropertyMappingOutput> {
    return getPropertyMappingProviderRadius(this.api, input, signal);
  }
  getPropertyMappingProviderSaml(input?: SamlMappingInput, signal?: AbortSignal): Promise<SamlMappingOutput> {
    return getPropertyMappingProviderSaml(this.api, input, signal);
  }
  getPropertyMappingProviderScim(input?: PropertyMappingInput, signal?: AbortSignal): Promise<PropertyMappingOutput> {
    return getPropertyMappingProviderScim(this.api, input, signal);
  }
  getPropertyMappingProviderScope(input?: ScopeMappingInput, signal?: AbortSignal): Promise<ScopeMappingOutput> {
    return getPropertyMappingProviderScope(this.api, input, signal);
  }
  getPropertyMappingSourceLdap(input?: PropertyMappingInput, signal?: AbortSignal): Promise<PropertyMappingOutput> {
    return getPropertyMappingSourceLdap(this.api, input, signal);
  }
  getProviderOauth2Config(input: ProviderLookupInput, signal?: AbortSignal): Promise<OAuth2ConfigOutput> {
    return getProviderOauth2Config(this.api, input, signal);
  }
  getProviderSamlMetadata(input: ProviderLookupInput, signal?: AbortSignal): Promise<SamlMetadataOutput> {
    return getProviderSamlMetadata(this.api, input, signal);
  }
  getRbacPermission(input: GetRbacPermissionInput, signal?: AbortSignal): Promise<RbacPermissionOutput> {
    return getRbacPermission(this.api, input, signal);
  }
  getServiceConnectionKubernetes(input: GetServiceConnectionKubernetesInput, signal?: AbortSignal): Promise<ServiceConnectionKubernetesOutput> {
    return getServiceConnectionKubernetes(this.api, input, signal);
  }
  getSource(input?: GetSourceInput, signal?: AbortSignal): Promise<SourceOutput> {
    return getSource(this.api, input, signal);
  }
  getStage(input?: GetStageInput, signal?: AbortSignal): Promise<StageOutput> {
    return getStage(this.api, input, signal);
  }
  getUser(input: GetUserInput, signal?: AbortSignal): Promise<UserOutput> {
    return getUser(this.api, input, signal);
  }

  // --- pages for the tree ---
  listBrands(options?: ListOptions): Promise<ListPage<T.Brand>> {
    return listBrands(this.api, options);
  }
  listFlows(options?: ListOptions): Promise<ListPage<T.Flow>> {
    return listFlows(this.api, options);
  }
  listFlowBindings(flowPk: string, options?: ListOptions): Promise<ListPage<T.FlowStageBinding>> {
    return listFlowBindings(this.api, flowPk, options);
  }
  listGroups(options?: ListOptions): Promise<ListPage<T.Group>> {
    return listGroups(this.api, options);
  }
  listGroupMembers(groupPk: string, options?: ListOptions): Promise<ListPage<T.User>> {
    return listGroupMembers(this.api, groupPk, options);
  }
  listUsers(options?: ListOptions): Promise<ListPage<T.User>> {
    return listUsers(this.api, options);
  }
  listApplications(options?: ListOptions): Promise<ListPage<T.Application>> {
    return listApplications(this.api, options);
  }
  listProviders(options?: ListOptions): Promise<ListPage<T.Provider>> {
    return listProviders(this.api, options);
  }
  listSources(options?: ListOptions): Promise<ListPage<T.Source>> {
    return listSources(this.api, options);
  }
  listStages(options?: ListOptions): Promise<ListPage<T.Stage>> {
    return listStages(this.api, options);
  }
  listPropertyMappings(options?: ListOptions): Promise<ListPage<T.PropertyMapping>> {
    return listPropertyMappings(this.api, options);
  }
  listCertificates(options?: ListOptions): Promise<ListPage<T.CertificateKeyPair>> {
    return listCertificates(this.api, options);
  }
  listOutposts(options?: ListOptions): Promise<ListPage<T.Outpost>> {
    return listOutposts(this.api, options);
  }
  listServiceConnections(options?: ListOptions): Promise<ListPage<T.ServiceConnection>> {
    return listServiceConnections(this.api, options);
  }
  listPermissions(options?: ListOptions): Promise<ListPage<T.Permission>> {
    return listPermissions(this.api, options);
  }

  // --- single objects for records ---
  retrieveBrand(uuid: string, signal?: AbortSignal): Promise<T.Brand> {
    return retrieveBrand(this.api, uuid, signal);
  }
  retrieveFlow(slug: string, signal?: AbortSignal): Promise<T.Flow> {
    return retrieveFlow(this.api, slug, signal);
  }
  flowDiagram(slug: string, signal?: AbortSignal): Promise<T.FlowDiagram> {
    return flowDiagram(this.api, slug, signal);
  }
  retrieveGroup(uuid: string, signal?: AbortSignal): Promise<T.Group> {
    return retrieveGroup(this.api, uuid, signal);
  }
  retrieveUser(pk: number, signal?: AbortSignal): Promise<T.User> {
    return retrieveUser(this.api, pk, signal);
  }
  userGroupMembership(pk: number, signal?: AbortSignal): Promise<UserGroupMembership> {
    return userGroupMembership(this.api, pk, signal);
  }
  retrieveApplication(slug: string, signal?: AbortSignal): Promise<T.Application> {
    return retrieveApplication(this.api, slug, signal);
  }
  retrieveProvider(id: number, signal?: AbortSignal): Promise<T.Provider> {
    return retrieveProvider(this.api, id, signal);
  }
  retrieveOAuth2Provider(id: number, signal?: AbortSignal): Promise<T.OAuth2Provider> {
    return retrieveOAuth2Provider(this.api, id, signal);
  }
  oauth2SetupUrls(id: number, signal?: AbortSignal): Promise<T.OAuth2ProviderSetupURLs> {
    return oauth2SetupUrls(this.api, id, signal);
  }
  retrieveSamlProvider(id: number, signal?: AbortSignal): Promise<T.SAMLProvider> {
    return retrieveSamlProvider(this.api, id, signal);
  }
  samlMetadata(id: number, signal?: AbortSignal): Promise<T.SAMLMetadata> {
    return samlMetadata(this.api, id, signal);
  }
  retrieveSource(slug: string, signal?: AbortSignal): Promise<T.Source> {
    return retrieveSource(this.api, slug, signal);
  }
  retrieveStage(uuid: string, signal?: AbortSignal): Promise<T.Stage> {
    return retrieveStage(this.api, uuid, signal);
  }
  retrievePropertyMapping(uuid: string, signal?: AbortSignal): Promise<T.PropertyMapping> {
    return retrievePropertyMapping(this.api, uuid, signal);
  }
  retrieveCertificate(uuid: string, signal?: AbortSignal): Promise<T.CertificateKeyPair> {
    return retrieveCertificate(this.api, uuid, signal);
  }
  viewCertificate(uuid: string, signal?: AbortSignal): Promise<T.CertificateData> {
    return viewCertificate(this.api, uuid, signal);
  }
  /** Audited by authentik: call only when the user asks to see the key. */
  viewPrivateKey(uuid: string, signal?: AbortSignal): Promise<T.CertificateData> {
    return viewPrivateKey(this.api, uuid, signal);
  }
  certificateUsedBy(uuid: string, signal?: AbortSignal): Promise<T.UsedBy[]> {
    return certificateUsedBy(this.api, uuid, signal);
  }
  retrieveOutpost(uuid: string, signal?: AbortSignal): Promise<T.Outpost> {
    return retrieveOutpost(this.api, uuid, signal);
  }
  retrieveServiceConnection(uuid: string, signal?: AbortSignal): Promise<T.ServiceConnection> {
    return retrieveServiceConnection(this.api, uuid, signal);
  }
  retrieveKubernetesConnection(uuid: string, signal?: AbortSignal): Promise<T.KubernetesServiceConnection> {
    return retrieveKubernetesConnection(this.api, uuid, signal);
  }
  retrievePermission(id: number, signal?: AbortSignal): Promise<T.Permission> {
    return retrievePermission(this.api, id, signal);
  }
}
