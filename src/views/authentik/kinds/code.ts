import { RawCode, hclValue, tsValue } from '../../../core/codeText';
import { pulumiResource, terraformResource } from '../../../editing/exportCode';
import { JsonObject } from '../../../editing/kind';
import { AUTHENTIK_KINDS, AuthentikKind, displayNameOf, terraformImportOf } from '../../../clients/authentik/resources/kinds';
import { documentFieldsOf } from './kind';

/**
 * An authentik object as a resource of the goauthentik/authentik provider, with its import
 * block, and the same for Pulumi (a provider bridged from Terraform, `@pulumi/authentik`). The
 * table's Terraform row says how the provider renames fields and which it takes as JSON strings;
 * secrets are never written out (they stay a variable the user fills in).
 */
export function authentikTerraform(kind: AuthentikKind, object: JsonObject): string {
  const spec = AUTHENTIK_KINDS[kind];
  const tf = spec.terraform!;
  const attributes = argumentsOf(kind, object).map(([field, value]): [string, unknown] => [
    tf.renamedAttributes[field] ?? field,
    tf.jsonStringAttributes.includes(field) ? new RawCode(`jsonencode(${hclValue(value, '  ')})`) : value,
  ]);
  return terraformResource({ type: tf.resourceType, name: displayNameOf(kind, object), body: { attributes }, importId: terraformImportOf(kind, object)?.id ?? '' });
}

export function authentikPulumi(kind: AuthentikKind, object: JsonObject): string {
  const tf = AUTHENTIK_KINDS[kind].terraform!;
  const args = Object.fromEntries(
    argumentsOf(kind, object).map(([field, value]) => [
      camel(tf.renamedAttributes[field] ?? field),
      tf.jsonStringAttributes.includes(field) ? new RawCode(`JSON.stringify(${tsValue(value, '    ')})`) : value,
    ]),
  );
  const className = camel(tf.resourceType.replace(/^authentik_/, '')).replace(/^./, (c) => c.toUpperCase());
  return pulumiResource({ module: 'authentik', packageName: '@pulumi/authentik', className, name: displayNameOf(kind, object), args, importId: terraformImportOf(kind, object)?.id ?? '' });
}

/** The document's fields with a value; empty strings and nulls are the provider's defaults. */
function argumentsOf(kind: AuthentikKind, object: JsonObject): Array<[string, unknown]> {
  return documentFieldsOf(AUTHENTIK_KINDS[kind])
    .filter((field) => object[field] !== undefined && object[field] !== null && object[field] !== '')
    .map((field) => [field, object[field]]);
}

function camel(snake: string): string {
  return snake.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}
