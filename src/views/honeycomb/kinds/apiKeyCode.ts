import { HclBody, pulumiResource, terraformResource } from '../../../editing/exportCode';
import { Address, JsonObject } from '../../../editing/kind';

/**
 * An API key as code: the provider's `honeycombio_api_key` and the same as a Pulumi resource
 * (honeycombio/terraform-provider-honeycombio@bde0d12, internal/provider/api_key_resource.go and
 * docs/resources/api_key.md). The provider names some permissions apart from the API
 * (client/v2/models.go maps them): `manage_boards` is `manage_public_boards`, `manage_privateBoards`
 * `manage_private_boards`, `manage_columns` `manage_queries`, and `visible_team_members` is the
 * resource's `visible_to_members`. "API Keys cannot be imported": the export says so instead of an
 * import block, and applying it creates a new key (with a new secret, the resource's `key`).
 */
const PULUMI = { module: 'honeycombio', packageName: '@pulumi/honeycombio' };

/** API permission → provider attribute, in the provider's order. */
const PERMISSIONS: Array<[string, string]> = [
  ['create_datasets', 'create_datasets'],
  ['send_events', 'send_events'],
  ['manage_markers', 'manage_markers'],
  ['manage_triggers', 'manage_triggers'],
  ['manage_boards', 'manage_public_boards'],
  ['manage_privateBoards', 'manage_private_boards'],
  ['manage_columns', 'manage_queries'],
  ['run_queries', 'run_queries'],
  ['manage_slos', 'manage_slos'],
  ['manage_recipients', 'manage_recipients'],
  ['read_service_maps', 'read_service_maps'],
];

const NO_IMPORT = {
  none: "Honeycomb's Terraform provider cannot import API keys: applying this creates a new key, with a new secret.",
};

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function permissionsOf(object: JsonObject): JsonObject {
  return object.permissions && typeof object.permissions === 'object' ? (object.permissions as JsonObject) : {};
}

/** The permissions the key has, as the provider's attributes (snake_case) or Pulumi's (camelCase). */
function permissionArgs(object: JsonObject, language: 'terraform' | 'pulumi'): Array<[string, unknown]> {
  const granted = permissionsOf(object);
  const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  return PERMISSIONS.filter(([api]) => granted[api] === true).map(([, provider]) => [language === 'terraform' ? provider : camel(provider), true]);
}

function topArgs(object: JsonObject, address: Address, language: 'terraform' | 'pulumi'): Array<[string, unknown]> {
  const name = (snake: string, camel: string) => (language === 'terraform' ? snake : camel);
  return [
    ['name', object.name],
    ['type', object.key_type],
    [name('environment_id', 'environmentId'), address.environment],
    ['disabled', object.disabled === true ? true : undefined],
    [name('visible_to_members', 'visibleToMembers'), permissionsOf(object).visible_team_members === true ? true : undefined],
  ];
}

export function apiKeyTerraform(object: JsonObject, address: Address): string {
  const permissions = permissionArgs(object, 'terraform');
  const body: HclBody = { attributes: topArgs(object, address, 'terraform'), blocks: permissions.length ? [['permissions', { attributes: permissions }]] : [] };
  return terraformResource({ type: 'honeycombio_api_key', name: text(object.name) || 'api_key', body, importId: NO_IMPORT });
}

export function apiKeyPulumi(object: JsonObject, address: Address): string {
  const permissions = permissionArgs(object, 'pulumi');
  const args = Object.fromEntries(topArgs(object, address, 'pulumi'));
  if (permissions.length) args.permissions = [Object.fromEntries(permissions)];
  return pulumiResource({ ...PULUMI, className: 'ApiKey', name: text(object.name) || 'api_key', args, importId: NO_IMPORT });
}
