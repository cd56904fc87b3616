import { RawCode, hclValue, tsValue } from '../../../core/codeText';
import { InputValue, pulumiResource, terraformResource } from '../../../editing/exportCode';
import { JsonObject } from '../../../editing/kind';
import { AUTHENTIK_KINDS, AuthentikKind, KindSpec, displayNameOf, terraformImportOf } from '../../../clients/authentik/resources/kinds';

/**
 * An authentik object as a resource of the goauthentik/authentik provider, with its import
 * block, and the same for Pulumi (a provider bridged from Terraform, `@pulumi/authentik`). The
 * table's Terraform row says how the provider renames fields and which it takes as JSON strings.
 * A secret is never written out, nor left out silently: it becomes an input the user fills in
 * (a sensitive variable, a Pulumi secret), as does a field authentik never returns in a read.
 */
export function authentikTerraform(kind: AuthentikKind, object: JsonObject): string {
  const spec = AUTHENTIK_KINDS[kind];
  const tf = spec.terraform!;
  const attributes = argumentsOf(spec, object).map(([field, value]): [string, unknown] => [
    tf.renamedAttributes[field] ?? field,
    tf.jsonStringAttributes.includes(field) && !(value instanceof InputValue) ? new RawCode(`jsonencode(${hclValue(value, '  ')})`) : value,
  ]);
  return terraformResource({ type: tf.resourceType, name: displayNameOf(kind, object), body: { attributes }, importId: terraformImportOf(kind, object)?.id ?? '' });
}

export function authentikPulumi(kind: AuthentikKind, object: JsonObject): string {
  const spec = AUTHENTIK_KINDS[kind];
  const tf = spec.terraform!;
  const args = Object.fromEntries(
    argumentsOf(spec, object).map(([field, value]) => [
      camel(tf.renamedAttributes[field] ?? field),
      tf.jsonStringAttributes.includes(field) && !(value instanceof InputValue) ? new RawCode(`JSON.stringify(${tsValue(value, '    ')})`) : value,
    ]),
  );
  const className = camel(tf.resourceType.replace(/^authentik_/, '')).replace(/^./, (c) => c.toUpperCase());
  return pulumiResource({ module: 'authentik', packageName: '@pulumi/authentik', className, name: displayNameOf(kind, object), args, importId: terraformImportOf(kind, object)?.id ?? '' });
}

/**
 * The writable fields in the table's order (create-only ones are fixed once made): a value from
 * the object where it has one (empty strings and nulls are the provider's defaults), an input
 * for a secret that is set, and an input for a write-only field the read did not return.
 */
function argumentsOf(spec: KindSpec, object: JsonObject): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = [];
  for (const field of spec.writableFields.filter((f) => !spec.createOnlyFields.includes(f))) {
    const attribute = spec.terraform!.renamedAttributes[field] ?? field;
    const secret = spec.secrets.find((s) => s.name === field && s.where !== 'revealEndpoint');
    const value = object[field];
    const present = value !== undefined && value !== null && value !== '';
    if (secret) {
      const isSet = secret.where === 'writeOnlyField' ? !secret.setWhen || object[secret.setWhen] === true : present;
      if (isSet) out.push([field, new InputValue(attribute, true, `authentik keeps ${attribute} secret: ${secret.reason}.`)]);
    } else if (present) {
      out.push([field, value]);
    } else if (spec.writeOnlyFields.includes(field)) {
      out.push([field, new InputValue(attribute, false, `authentik never returns ${attribute} in a read: give the value the object was made with.`)]);
    }
  }
  return out;
}

function camel(snake: string): string {
  return snake.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}
