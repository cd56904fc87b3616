import type { ObjectKindSpec } from '../../../clients/authentik/resources/kindsTable';
import { Address, CodeExport, EditableKind, JsonObject, KindBackend, Problem } from '../../../editing/kind';

/**
 * The base of every authentik editable kind, hand-tuned (kind.ts) or derived from the API
 * description (derivedKind.ts): the document holds every field the server returned except the
 * read-only and hidden ones (a field the kind does not know stays), a save PATCHes only what
 * changed, a new object is POSTed with the `…Request` body. No `vscode` here.
 */
export interface ObjectKindParts {
  backend: KindBackend;
  schema(): Promise<JsonObject>;
  /** `authentik at id.example.com`: where every object of this connection lives. */
  location(): string;
  prepareCreate?(parent: Address): Promise<Address | undefined>;
  /** The document's known fields, in order. */
  fieldOrder: readonly string[];
  /** Writable fields that never sit in a document: secrets (their own commands), create-only fields. */
  hiddenFields: readonly string[];
  parentKeys: readonly string[];
  displayName(object: JsonObject): string;
  rules(document: JsonObject): Problem[];
  template(parent: Address): JsonObject;
  code?: CodeExport;
  refusals?: EditableKind['refusals'];
}

export function objectEditableKind(id: string, fileSuffix: string, spec: ObjectKindSpec, parts: ObjectKindParts): EditableKind {
  const noun = spec.label.toLowerCase();
  const idOf = (object: JsonObject) => (object[spec.idField] === undefined || object[spec.idField] === null ? '' : String(object[spec.idField]));
  return {
    id,
    noun,
    service: 'authentik',
    fileSuffix,
    addressKeys: [...parts.parentKeys, 'id'],
    parentKeys: parts.parentKeys,
    fieldOrder: parts.fieldOrder,
    readOnlyFields: spec.readOnlyFields,
    hiddenFields: parts.hiddenFields,
    updateStyle: 'patch',
    // Django REST framework's fields convert scalars (IntegerField takes "12", CharField takes 12).
    lenientScalars: true,
    schema: parts.schema,
    prepareCreate: parts.prepareCreate,
    rules: parts.rules,
    template: parts.template,
    // Names of flows and applications are not unique, their slugs are: documents carry the slug.
    nameOf: (object) => (!Object.keys(object).length ? '' : spec.idField === 'slug' && typeof object.slug === 'string' && object.slug ? object.slug : parts.displayName(object) || idOf(object)),
    label: (address, object) => ({
      title: object && address.id ? `${noun} “${parts.displayName(object) || idOf(object)}”` : address.id ? `${noun} ${address.id}` : `a new ${noun}`,
      location: parts.location(),
    }),
    addressOf: spec.lookupIsWritable ? (object, previous) => ({ ...previous, id: idOf(object) || previous.id }) : undefined,
    backend: parts.backend,
    code: parts.code,
    refusals: parts.refusals,
  };
}

/** A secret in a document is an error naming the command that sets it. */
export function secretProblems(document: JsonObject, secrets: readonly string[], label: string, commandOf: (field: string) => string | undefined): Problem[] {
  return secrets
    .filter((field) => document[field] !== undefined)
    .map((field) => ({
      path: [field],
      message: `${field} is a secret and never goes into a document: set it with ${commandOf(field) ?? 'its own command'} on the ${label.toLowerCase()}.`,
      severity: 'error' as const,
    }));
}
