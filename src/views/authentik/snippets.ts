import { hclValue, pulumiName, terraformName, tsValue } from '../../core/codeText';
import { ObjectRefKind, ObjectRef, modelName } from './objectRef';

/**
 * "Copy as Terraform" / "Copy as Pulumi" (the provider's data-source lookups for an object) and
 * "Open in authentik" (the admin UI page). Pure functions of an ObjectRef, so they are unit
 * tested without an editor. Lookups use the most stable unique key the data source accepts;
 * every value and name is written by core/codeText, so a name cannot start a template.
 */

interface Lookup {
  /** Terraform data source, e.g. "authentik_flow". */
  dataSource: string;
  /** Arguments in Terraform (snake_case) names; Pulumi gets their lowerCamelCase. */
  args: Array<[string, string | boolean]>;
}

const MAPPING_SOURCES: Record<string, string> = {
  racpropertymapping: 'authentik_property_mapping_provider_rac',
  radiusproviderpropertymapping: 'authentik_property_mapping_provider_radius',
  samlpropertymapping: 'authentik_property_mapping_provider_saml',
  scimmapping: 'authentik_property_mapping_provider_scim',
  scopemapping: 'authentik_property_mapping_provider_scope',
  ldapsourcepropertymapping: 'authentik_property_mapping_source_ldap',
};

/** The data-source lookup for an object, or why there is none. */
export function lookupFor(ref: ObjectRef): Lookup | { none: string } {
  switch (ref.kind) {
    case 'brand':
      return { dataSource: 'authentik_brand', args: [['domain', ref.name]] };
    case 'flow':
      return { dataSource: 'authentik_flow', args: [['slug', ref.slug ?? ref.lookup]] };
    case 'stage':
      return { dataSource: 'authentik_stage', args: [['name', ref.name]] };
    case 'group':
      return {
        dataSource: 'authentik_group',
        args: [
          ['name', ref.name],
          ['include_users', false],
        ],
      };
    case 'user':
      return { dataSource: 'authentik_user', args: [['username', ref.name]] };
    case 'certificate':
      // fetch_key defaults to true in the provider, and every key read is audited by authentik.
      return {
        dataSource: 'authentik_certificate_key_pair',
        args: [
          ['name', ref.name],
          ['fetch_key', false],
        ],
      };
    case 'outpost':
      return { dataSource: 'authentik_outpost', args: [['name', ref.name]] };
    case 'permission':
      return { dataSource: 'authentik_rbac_permission', args: [['codename', ref.name]] };
    case 'source':
      return { dataSource: 'authentik_source', args: ref.managed ? [['managed', ref.managed]] : [['slug', ref.slug ?? ref.lookup]] };
    case 'provider': {
      const model = modelName(ref);
      if (model === 'oauth2provider') return { dataSource: 'authentik_provider_oauth2_config', args: [['name', ref.name]] };
      if (model === 'samlprovider') return { dataSource: 'authentik_provider_saml_metadata', args: [['name', ref.name]] };
      return { none: `The authentik provider has no data source for ${model || 'this kind of'} providers (only OAuth2 config and SAML metadata).` };
    }
    case 'mapping': {
      const dataSource = MAPPING_SOURCES[modelName(ref)];
      if (!dataSource) return { none: `The authentik provider has no data source for ${modelName(ref) || 'this kind of'} property mappings.` };
      return { dataSource, args: ref.managed ? [['managed', ref.managed]] : [['name', ref.name]] };
    }
    case 'serviceConnection':
      return modelName(ref) === 'kubernetesserviceconnection'
        ? { dataSource: 'authentik_service_connection_kubernetes', args: [['name', ref.name]] }
        : { none: 'The authentik provider has a data source only for Kubernetes service connections.' };
    case 'application':
      return { none: 'The authentik provider has no application data source; import the resource by its slug instead.' };
    default:
      return { none: 'The authentik provider has no data source for this kind; use "Copy as Terraform Resource", which writes the resource with its import block.' };
  }
}

function camel(snake: string): string {
  return snake.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

export function terraformSnippet(ref: ObjectRef): string | { none: string } {
  const lookup = lookupFor(ref);
  if ('none' in lookup) return lookup;
  const width = Math.max(...lookup.args.map(([k]) => k.length));
  const body = lookup.args.map(([k, v]) => `  ${k.padEnd(width)} = ${hclValue(v)}`).join('\n');
  return `data "${lookup.dataSource}" "${terraformName(ref.slug ?? ref.name, ref.kind)}" {\n${body}\n}\n`;
}

export function pulumiSnippet(ref: ObjectRef): string | { none: string } {
  const lookup = lookupFor(ref);
  if ('none' in lookup) return lookup;
  // authentik_property_mapping_provider_scope → getPropertyMappingProviderScopeOutput
  const fn = `get${camel(lookup.dataSource.replace(/^authentik_/, '')).replace(/^./, (c) => c.toUpperCase())}Output`;
  const args = lookup.args.map(([k, v]) => `${camel(k)}: ${tsValue(v)}`).join(', ');
  const variable = pulumiName(ref.slug ?? ref.name, ref.kind, { suffix: false, taken: ['authentik'] });
  return `const ${variable} = authentik.${fn}({ ${args} });\n`;
}

/** The admin UI page of an object (`<server>/if/admin/#/…`); list pages where there is no detail page. */
export function adminUrl(uiBase: string, ref: ObjectRef): string {
  const base = `${uiBase.replace(/\/+$/, '')}/if/admin/#`;
  const paths: Record<ObjectRefKind, string> = {
    flow: `/flow/flows/${encodeURIComponent(ref.slug ?? ref.lookup)}`,
    stage: '/flow/stages',
    group: `/identity/groups/${encodeURIComponent(ref.id)}`,
    user: `/identity/users/${encodeURIComponent(ref.id)}`,
    application: `/core/applications/${encodeURIComponent(ref.slug ?? ref.lookup)}`,
    provider: `/core/providers/${encodeURIComponent(ref.id)}`,
    source: `/core/sources/${encodeURIComponent(ref.slug ?? ref.lookup)}`,
    brand: '/core/brands',
    mapping: '/core/property-mappings',
    certificate: '/crypto/certificates',
    outpost: '/outpost/outposts',
    serviceConnection: '/outpost/integrations',
    permission: '/identity/roles',
    flowStageBinding: `/flow/flows/${encodeURIComponent(ref.slug ?? '')}`,
    applicationEntitlement: `/core/applications/${encodeURIComponent(ref.slug ?? '')}`,
    blueprint: '/blueprints/instances',
    connectorAgent: '/endpoints/connectors',
    enrollmentToken: '/endpoints/connectors',
    browserConnector: '/endpoints/connectors',
    license: '/enterprise/licenses',
    eventRule: '/events/rules',
    eventTransport: '/events/transports',
  };
  return base + paths[ref.kind];
}

/** A connection as the provider's configuration: its URL only; the token is read from the environment, never written here. */
export function connectionTerraform(url: string, insecure: boolean): string {
  const args: Array<[string, string | boolean]> = [['url', url], ...(insecure ? [['insecure', true] as [string, boolean]] : [])];
  const width = Math.max(...args.map(([k]) => k.length));
  const body = args.map(([k, v]) => `  ${k.padEnd(width)} = ${hclValue(v)}`).join('\n');
  return `provider "authentik" {\n${body}\n  # The token: AUTHENTIK_TOKEN.\n}\n`;
}

export function connectionPulumi(url: string, insecure: boolean): string {
  const args = [`url: ${tsValue(url)}`, ...(insecure ? ['insecure: true'] : [])].join(', ');
  return `// The token: authentik:token in the stack's secret config, or AUTHENTIK_TOKEN.\nconst authentikProvider = new authentik.Provider("authentik", { ${args} });\n`;
}
