import type { AuthentikClient } from '../clients/authentik';
import { InputSpec, LookupClients, LookupInput, LookupOperation, LookupRecord } from './operation';

/**
 * The identity seed's read operations (every `get…` of its table), each run through the client
 * method the authentik tree uses. Input names are the seed's; an input the seed does not list
 * but the client takes (getSource by name, as the seed's heading says) is marked as an addition.
 */
const MAPPING_INPUTS: InputSpec[] = [
  { name: 'id', type: 'string', description: 'The mapping’s UUID.' },
  { name: 'ids', type: 'strings', computed: true, description: 'Filled with every match when managedLists is set.' },
  { name: 'managed', type: 'string', description: 'A managed identifier, e.g. goauthentik.io/providers/oauth2/scope-email.' },
  { name: 'managedLists', type: 'strings', description: 'Several managed identifiers: ids lists every match.' },
  { name: 'name', type: 'string', description: 'The mapping’s name.' },
];

function authentik(
  name: string,
  purpose: string,
  inputs: InputSpec[],
  dataSource: string,
  call: (client: AuthentikClient, input: LookupInput, signal?: AbortSignal) => Promise<unknown>,
  secretOutputs?: string[],
): LookupOperation {
  return {
    service: 'authentik',
    name,
    purpose,
    inputs,
    secretOutputs,
    run: async (clients: LookupClients, input: LookupInput, signal?: AbortSignal) => (await call(await clients.authentik(), input, signal)) as LookupRecord,
    code: { terraform: `authentik_${dataSource}`, pulumi: `get${dataSource.replace(/(^|_)([a-z0-9])/g, (_m, _s, c: string) => c.toUpperCase())}Output`, pulumiPackage: 'authentik' },
  };
}

const text =
  (description: string, extra: Partial<InputSpec> = {}) =>
  (name: string): InputSpec => ({ name, type: 'string', description, ...extra });
const BRAND_FIELDS = [
  'brandingCustomCss',
  'brandingDefaultFlowBackground',
  'brandingFavicon',
  'brandingLogo',
  'brandingTitle',
  'clientCertificates',
  'default',
  'defaultApplication',
  'domain',
  'flowAuthentication',
  'flowDeviceCode',
  'flowInvalidation',
  'flowRecovery',
  'flowUnenrollment',
  'flowUserSettings',
  'id',
  'webCertificate',
];

function brandInput(name: string): InputSpec {
  if (name === 'default') return { name, type: 'boolean', description: 'Only the default brand.' };
  if (name === 'clientCertificates') return { name, type: 'strings', computed: true, description: 'Filled from the brand: its client certificates.' };
  if (name === 'domain') return { name, type: 'string', description: 'The brand’s domain (the usual way to pick one).' };
  if (name === 'id') return { name, type: 'string', description: 'The brand’s UUID.' };
  return text('Must equal the brand’s value.')(name);
}

const mapping = (kind: string, method: keyof AuthentikClient, dataSource: string, extra: InputSpec[] = []) =>
  authentik(
    `getPropertyMappingProvider${kind}`.replace('ProviderLdap', 'SourceLdap'),
    `A ${kind} property mapping, by name, managed identifier or UUID.`,
    [...MAPPING_INPUTS, ...extra],
    dataSource,
    (c, i, s) => (c[method] as (input: LookupInput, signal?: AbortSignal) => Promise<unknown>).call(c, i, s),
  );

export const AUTHENTIK_OPERATIONS: LookupOperation[] = [
  authentik('getBrand', 'A brand, by domain (or any of its fields).', BRAND_FIELDS.map(brandInput), 'brand', (c, i, s) => c.getBrand(i, s)),
  authentik(
    'getCertificateKeyPair',
    'A certificate-key pair, by name; its certificate and (audited, masked) private key.',
    [
      { name: 'name', type: 'string', required: true, description: 'The pair’s name.', suggest: 'authentik.certificateNames' },
      { name: 'fetchCertificate', type: 'boolean', description: 'Fetch the certificate PEM (default true).' },
      { name: 'fetchKey', type: 'boolean', description: 'Fetch the private key (default true; authentik records every read in its event log; shown masked).' },
      { name: 'keyData', type: 'string', secret: true, computed: true, description: 'Filled with the private key when fetchKey is true (a secret).' },
    ],
    'certificate_key_pair',
    (c, i, s) => c.getCertificateKeyPair({ name: String(i.name), fetchCertificate: i.fetchCertificate as boolean | undefined, fetchKey: i.fetchKey as boolean | undefined }, s),
    ['keyData'],
  ),
  authentik(
    'getFlow',
    'A flow, by slug, designation or UUID.',
    [
      {
        name: 'authentication',
        type: 'string',
        choices: ['none', 'require_authenticated', 'require_unauthenticated', 'require_superuser', 'require_redirect', 'require_outpost', 'require_token'],
        description: 'Must equal the flow’s authentication.',
      },
      {
        name: 'designation',
        type: 'string',
        choices: ['authentication', 'authorization', 'invalidation', 'enrollment', 'unenrollment', 'recovery', 'stage_configuration'],
        description: 'The flow’s designation.',
      },
      { name: 'id', type: 'string', description: 'The flow’s UUID.' },
      { name: 'slug', type: 'string', description: 'The flow’s slug.', suggest: 'authentik.flowSlugs' },
    ],
    'flow',
    (c, i, s) => c.getFlow(i, s),
  ),
  authentik(
    'getGroup',
    'A group, by UUID or name, with its members when asked.',
    [
      { name: 'id', type: 'string', description: 'The group’s UUID.' },
      { name: 'includeUsers', type: 'boolean', description: 'Include the members (default true).' },
      { name: 'name', type: 'string', description: 'The group’s exact name.', suggest: 'authentik.groupNames' },
      { name: 'pk', type: 'string', description: 'The group’s UUID (same as id).' },
    ],
    'group',
    (c, i, s) => c.getGroup(i, s),
  ),
  authentik(
    'getGroups',
    'Every group matching the filters.',
    [
      { name: 'attributes', type: 'json', description: 'A JSON object of attribute lookups, e.g. {"team__icontains": "ops"}.' },
      { name: 'id', type: 'string', computed: true, description: 'Computed from the answer; a value given is only echoed.' },
      { name: 'includeUsers', type: 'boolean', description: 'Include the members (default true).' },
      { name: 'isSuperuser', type: 'boolean', description: 'Only superuser (or only other) groups.' },
      { name: 'membersByPks', type: 'numbers', description: 'Only groups with these members (user pks).' },
      { name: 'membersByUsernames', type: 'strings', description: 'Only groups with these members (usernames).', suggest: 'authentik.usernames' },
      { name: 'name', type: 'string', description: 'The group’s exact name.', suggest: 'authentik.groupNames' },
      { name: 'ordering', type: 'string', description: 'A field to order by, e.g. name or -name.' },
      { name: 'search', type: 'string', description: 'authentik’s search (DjangoQL or text).' },
    ],
    'groups',
    (c, i, s) => c.getGroups({ ...i, attributes: typeof i.attributes === 'object' && i.attributes !== null ? JSON.stringify(i.attributes) : (i.attributes as string | undefined) }, s),
  ),
  authentik(
    'getOutpost',
    'An outpost, by UUID or name.',
    [
      { name: 'id', type: 'string', description: 'The outpost’s UUID.' },
      { name: 'name', type: 'string', description: 'The outpost’s name.' },
    ],
    'outpost',
    (c, i, s) => c.getOutpost(i, s),
  ),
  mapping('Rac', 'getPropertyMappingProviderRac', 'property_mapping_provider_rac', [{ name: 'settings', type: 'json', description: 'A JSON object compared with the mapping’s static settings.' }]),
  mapping('Radius', 'getPropertyMappingProviderRadius', 'property_mapping_provider_radius'),
  mapping('Saml', 'getPropertyMappingProviderSaml', 'property_mapping_provider_saml', [
    { name: 'expression', type: 'string', description: 'Must equal the mapping’s expression.' },
    { name: 'friendlyName', type: 'string', description: 'The SAML friendly name.' },
    { name: 'samlName', type: 'string', description: 'The SAML attribute name.' },
  ]),
  mapping('Scim', 'getPropertyMappingProviderScim', 'property_mapping_provider_scim'),
  mapping('Scope', 'getPropertyMappingProviderScope', 'property_mapping_provider_scope', [{ name: 'scopeName', type: 'string', description: 'The OAuth scope name, e.g. email.' }]),
  mapping('Ldap', 'getPropertyMappingSourceLdap', 'property_mapping_source_ldap'),
  authentik(
    'getProviderOauth2Config',
    'The endpoints of an OAuth2 provider (issuer, authorize, token, userinfo, JWKS…).',
    [
      { name: 'id', type: 'string', description: 'The provider’s ID.' },
      { name: 'name', type: 'string', description: 'The provider’s name.' },
      { name: 'providerId', type: 'number', description: 'The provider’s numeric ID.' },
    ],
    'provider_oauth2_config',
    (c, i, s) => c.getProviderOauth2Config(i, s),
  ),
  authentik(
    'getProviderSamlMetadata',
    'The SAML metadata XML of a SAML provider.',
    [
      { name: 'id', type: 'string', description: 'The provider’s ID.' },
      { name: 'name', type: 'string', description: 'The provider’s name.' },
      { name: 'providerId', type: 'number', description: 'The provider’s numeric ID.' },
    ],
    'provider_saml_metadata',
    (c, i, s) => c.getProviderSamlMetadata(i, s),
  ),
  authentik(
    'getRbacPermission',
    'A permission, by codename.',
    [
      { name: 'codename', type: 'string', required: true, description: 'The permission’s codename, e.g. view_user.' },
      { name: 'id', type: 'string', description: 'The permission’s numeric ID.' },
    ],
    'rbac_permission',
    (c, i, s) => c.getRbacPermission({ codename: String(i.codename), id: i.id as string | undefined }, s),
  ),
  authentik(
    'getServiceConnectionKubernetes',
    'A Kubernetes service connection, by name (its kubeconfig masked).',
    [
      { name: 'name', type: 'string', required: true, description: 'The connection’s name.' },
      { name: 'id', type: 'string', description: 'The connection’s UUID.' },
      { name: 'kubeconfig', type: 'string', secret: true, computed: true, description: 'Filled from the connection (a secret).' },
      { name: 'local', type: 'boolean', description: 'Must equal the connection’s local flag.' },
      { name: 'verifySsl', type: 'boolean', description: 'Must equal the connection’s TLS verification.' },
    ],
    'service_connection_kubernetes',
    (c, i, s) => c.getServiceConnectionKubernetes({ name: String(i.name), id: i.id as string | undefined, local: i.local as boolean | undefined, verifySsl: i.verifySsl as boolean | undefined }, s),
    ['kubeconfig'],
  ),
  authentik(
    'getSource',
    'A source, by slug, managed identifier or UUID.',
    [
      { name: 'id', type: 'string', description: 'The source’s UUID.' },
      { name: 'managed', type: 'string', description: 'A managed identifier, e.g. goauthentik.io/sources/inbuilt.' },
      { name: 'slug', type: 'string', description: 'The source’s slug.' },
    ],
    'source',
    (c, i, s) => c.getSource(i, s),
  ),
  authentik(
    'getStage',
    'A stage, by name or UUID.',
    [
      { name: 'id', type: 'string', description: 'The stage’s UUID.' },
      { name: 'name', type: 'string', description: 'The stage’s name.' },
    ],
    'stage',
    (c, i, s) => c.getStage(i, s),
  ),
  authentik(
    'getUser',
    'A user, by username or primary key.',
    [
      { name: 'username', type: 'string', description: 'The username.', suggest: 'authentik.usernames' },
      { name: 'pk', type: 'number', description: 'The user’s numeric primary key.' },
    ],
    'user',
    (c, i, s) => c.getUser({ username: i.username as string | undefined, pk: i.pk as number | undefined }, s),
  ),
];
