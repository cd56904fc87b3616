import { RawCode, hclValue, tsValue } from '../../../core/codeText';
import { CodeResource, InputValue, pulumiOf, referenceTo, terraformOf } from '../../../editing/exportCode';
import { JsonObject } from '../../../editing/kind';
import { AUTHENTIK_KINDS, AUTHENTIK_KIND_NAMES, AuthentikKind, KindSpec, ReferenceSpec, TerraformSpec, displayNameOf } from '../../../clients/authentik/resources/kinds';
import type { DerivedKind } from '../../../clients/authentik/resources/derivedKinds';
import { derivedTerraformOf } from '../../../clients/authentik/resources/terraformTable';

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

export function derivedTerraform(kind: DerivedKind, object: JsonObject): string {
  return terraformOf(derivedResource(kind, object));
}

export function derivedPulumi(kind: DerivedKind, object: JsonObject): string {
  return pulumiOf(derivedResource(kind, object));
}

function derivedResource(kind: DerivedKind, object: JsonObject): CodeResource[] {
  const code = derivedCode(kind, object);
  if (!code) throw new Error(`The goauthentik/authentik Terraform provider has no resource for a ${kind.spec.label}.`);
  return code;
}

export function authentikCode(kind: AuthentikKind, object: JsonObject): CodeResource[] {
  const spec = AUTHENTIK_KINDS[kind];
  return codeOf({ ...spec, terraform: spec.terraform!, keys: identityFields(kind).map((field) => authentikKey(kind, field, object[field])), name: displayNameOf(kind, object) }, object);
}

/**
 * An object of a derived kind (a provider, a stage, a property mapping…) as the provider's
 * resource for its type (schemas/authentik-terraform.json, read from the provider's sources):
 * only the fields the resource has, under its names; a secret as an input.
 * Undefined when the provider has no resource for the kind.
 */
export function derivedCode(kind: DerivedKind, object: JsonObject): CodeResource[] | undefined {
  const terraform = derivedTerraformOf(kind.name);
  if (!terraform) return undefined;
  const { spec } = kind;
  const value = object[spec.displayField];
  const pk = object[terraform.importIdField];
  return codeOf(
    {
      writableFields: spec.writableFields.filter((f) => terraform.fields.includes(f)),
      createOnlyFields: spec.createOnlyFields,
      writeOnlyFields: spec.writeOnlyFields,
      // What the provider marks sensitive is a secret of the kind already (returned or write-only, see the unit test).
      secrets: spec.secrets,
      references: derivedReferences(spec.writableFields),
      terraform,
      // Others refer to it by the polymorphic list it is in (`stage`, `provider`), and an OAuth2 provider also as such.
      keys: [kind.row.family ?? referenceKindOf(kind.name), ...(kind.name === 'OAuth2Provider' ? ['oauth2Provider'] : [])].map((k) => authentikKey(k, 'pk', object.pk ?? pk)),
      name: typeof value === 'string' && value !== '' ? value : String(pk ?? ''),
    },
    object,
  );
}

/**
 * Which fields of a derived kind refer to another exported object, by the names authentik gives
 * them (`authorization_flow`, `signing_kp`, `property_mappings`, `password_stage`): the API
 * document types them as plain UUIDs. A value no exported object has stays a literal.
 */
function derivedReferences(fields: readonly string[]): Record<string, ReferenceSpec> {
  const out: Record<string, ReferenceSpec> = {};
  for (const field of fields) {
    const target = DERIVED_REFERENCES.find(([pattern]) => pattern.test(field))?.[1];
    if (target) out[field] = { target, by: 'pk', many: true };
  }
  return out;
}

const DERIVED_REFERENCES: ReadonlyArray<[RegExp, ReferenceSpec['target']]> = [
  [/_flow$/, 'flow'],
  [/^(certificate|certificate_authorities|client_certificate|peer_certificate|(signing|encryption)_(key|kp)|verification_kp|tls_(verification|authentication))$/, 'certificateKeyPair'],
  [/(^|_)(property_mappings(_group)?|mapping)$/, 'propertyMapping'],
  [/_stages?$/, 'stage'],
  [/^jwt_federation_providers$/, 'provider'],
  // A group's parents, a user's groups, a binding's group, the group an LDAP sync or user-write stage puts users in.
  [/^(parents|groups|group|sync_parent_group|create_users_group)$/, 'group'],
  [/^(users|user)$/, 'user'],
  [/^roles$/, 'role'],
  [/^policy$/, 'policy'],
];

/** What references call a derived kind outside the polymorphic lists: `Group` → `group`, `PolicyBinding` → `policyBinding`. */
function referenceKindOf(name: string): string {
  return name.replace(/^[A-Z]+(?=[A-Z][a-z]|$)|^[A-Z]/, (c) => c.toLowerCase());
}

/** What writing an object as code needs of its kind, hand-tuned or derived. */
type CodeSpec = Pick<KindSpec, 'writableFields' | 'createOnlyFields' | 'writeOnlyFields' | 'secrets' | 'references'> & {
  terraform: TerraformSpec;
  /** The identities other objects' references name it by. */
  keys: string[];
  name: string;
};

function codeOf(spec: CodeSpec, object: JsonObject): CodeResource[] {
  const tf = spec.terraform;
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
  const raw = object[tf.importIdField];
  const importId = raw === undefined || raw === null ? '' : String(raw);
  return [
    {
      keys: spec.keys,
      terraform: { type: tf.resourceType, name: spec.name, body: { attributes }, importId },
      pulumi: { module: 'authentik', packageName: '@pulumi/authentik', className, name: spec.name, args, importId },
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
function argumentsOf(spec: CodeSpec, object: JsonObject): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = [];
  for (const field of spec.writableFields.filter((f) => !spec.createOnlyFields.includes(f))) {
    const attribute = spec.terraform.renamedAttributes[field] ?? field;
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
