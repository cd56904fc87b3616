import { RawCode, hclValue, tsValue } from '../../../core/codeText';
import { CodeResource, InputValue, pulumiOf, referenceTo, terraformOf } from '../../../editing/exportCode';
import { JsonObject } from '../../../editing/kind';
import { AUTHENTIK_KINDS, AUTHENTIK_KIND_NAMES, AuthentikKind, KindSpec, ReferenceSpec, displayNameOf, terraformImportOf } from '../../../clients/authentik/resources/kinds';

/**
 * An authentik object as a resource of the goauthentik/authentik provider, with its import
 * block, and the same for Pulumi (a provider bridged from Terraform, `@pulumi/authentik`). The
 * table's Terraform row says how the provider renames fields and which it takes as JSON strings.
 * A secret is never written out, nor left out silently: it becomes an input the user fills in
 * (a sensitive variable, a Pulumi secret), as does a field authentik never returns in a read.
 */
export function authentikTerraform(kind: AuthentikKind, object: JsonObject): string {
  return terraformOf(authentikCode(kind, object));
}

export function authentikPulumi(kind: AuthentikKind, object: JsonObject): string {
  return pulumiOf(authentikCode(kind, object));
}

export function authentikCode(kind: AuthentikKind, object: JsonObject): CodeResource[] {
  const spec = AUTHENTIK_KINDS[kind];
  const tf = spec.terraform!;
  const fields = argumentsOf(spec, object);
  const attributes = fields.map(([field, value]): [string, unknown] => [
    tf.renamedAttributes[field] ?? field,
    tf.jsonStringAttributes.includes(field) && !(value instanceof InputValue) ? new RawCode(`jsonencode(${hclValue(value, '  ')})`) : value,
  ]);
  const args = Object.fromEntries(
    fields.map(([field, value]) => [
      camel(tf.renamedAttributes[field] ?? field),
      tf.jsonStringAttributes.includes(field) && !(value instanceof InputValue) ? new RawCode(`JSON.stringify(${tsValue(value, '    ')})`) : value,
    ]),
  );
  const className = camel(tf.resourceType.replace(/^authentik_/, '')).replace(/^./, (c) => c.toUpperCase());
  const name = displayNameOf(kind, object);
  const importId = terraformImportOf(kind, object)?.id ?? '';
  return [
    {
      keys: identityFields(kind).map((field) => authentikKey(kind, field, object[field])),
      terraform: { type: tf.resourceType, name, body: { attributes }, importId },
      pulumi: { module: 'authentik', packageName: '@pulumi/authentik', className, name, args, importId },
    },
  ];
}

/** How references name an authentik object: its kind, the field they hold, and its value. */
export function authentikKey(kind: string, field: string, value: unknown): string {
  return `${kind}:${field}:${String(value)}`;
}

/** The fields of a kind that other kinds refer to it by (its `pk` at least). */
function identityFields(kind: AuthentikKind): string[] {
  const by = AUTHENTIK_KIND_NAMES.flatMap((k) =>
    Object.values(AUTHENTIK_KINDS[k].references)
      .filter((r) => r.target === kind)
      .map((r) => r.by),
  );
  return [...new Set(['pk', ...by])];
}

/**
 * A referring field's value as a reference to the object it names: the provider's attribute of
 * that resource holding the value (its ID when the field is the import ID, else the field under
 * the provider's name: a flow's `pk` is `uuid`). Kinds the editing does not manage (stages,
 * groups) are referred to through their data source's `id`.
 */
function referenceValue(reference: ReferenceSpec, value: unknown): unknown {
  const target = AUTHENTIK_KINDS[reference.target as AuthentikKind]?.terraform;
  const attribute = !target ? 'id' : reference.by === target.importIdField ? 'id' : (target.renamedAttributes[reference.by] ?? reference.by);
  const one = (v: unknown) => referenceTo(authentikKey(reference.target, reference.by, v), attribute, v) ?? v;
  return reference.many && Array.isArray(value) ? value.map(one) : one(value);
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
      const reference = spec.references[field];
      out.push([field, reference ? referenceValue(reference, value) : value]);
    } else if (spec.writeOnlyFields.includes(field)) {
      out.push([field, new InputValue(attribute, false, `authentik never returns ${attribute} in a read: give the value the object was made with.`)]);
    }
  }
  return out;
}

function camel(snake: string): string {
  return snake.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}
