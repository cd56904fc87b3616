import type { AuthentikClient } from '../../../clients/authentik';
import { DerivedKind, documentSchemaOf, refusalsOf, templateOf } from '../../../clients/authentik/resources/derivedKinds';
import { derivedTerraformOf } from '../../../clients/authentik/resources/terraformTable';
import { EditableKind, JsonObject, KindBackend } from '../../../editing/kind';
import { objectBackend } from './backend';
import { editKindId } from './ids';
import { objectEditableKind, secretProblems } from './objectKind';

/**
 * An authentik kind made from its row of the generated table alone (a user, a group, an OAuth2
 * provider, an identification stage…): its `…Request` fields in the document, its write-only
 * fields as secrets set by "Set Secret Field…" on the node, PATCH of what changed, `used_by/`
 * before a delete, and what the API does not allow said as a reason. No `vscode` here.
 */
export interface DerivedKindParts {
  backend: KindBackend;
  location(): string;
}

/**
 * The backend of a derived kind on a connection's client: its collection, by its spec. A create
 * asks `askSecret` for each write-only field the API requires (an OAuth source's
 * `consumer_secret`): it never sits in a document, so it goes from the prompt into the request.
 */
export function derivedBackend(kind: DerivedKind, client: () => Promise<AuthentikClient>, askSecret?: (field: string) => Promise<string | undefined>): KindBackend {
  const required = requiredSecretsOf(kind);
  return objectBackend(async () => (await client()).objects(kind.spec), kind.spec, {
    extraCreateFields: async () => {
      const out: JsonObject = {};
      for (const field of required) {
        const value = askSecret ? await askSecret(field) : undefined;
        if (!value) throw new Error(`Not created: authentik requires ${field} to create a ${kind.spec.label.toLowerCase()}, and it was not given.`);
        out[field] = value;
      }
      return out;
    },
  });
}

/** The write-only fields a create must carry (they are never in a document). */
export function requiredSecretsOf(kind: DerivedKind): string[] {
  return (kind.row.required ?? []).filter((f) => (kind.row.writeOnly ?? []).includes(f));
}

/** The command that sets a derived kind's secret fields (a hidden prompt, never a document). */
export const SET_SECRET_FIELD = '"Set Secret Field…"';

export function derivedEditableKind(kind: DerivedKind, parts: DerivedKindParts): EditableKind {
  const { spec, row, name } = kind;
  const secrets = spec.secrets.map((s) => s.name);
  const hidden = [...secrets, ...spec.createOnlyFields];
  return objectEditableKind(editKindId(name), `authentik-${name.replace(/(?<=[a-z0-9])([A-Z])/g, '-$1').toLowerCase()}`, spec, {
    backend: parts.backend,
    schema: async () => documentSchemaOf(row, hidden),
    location: parts.location,
    fieldOrder: spec.writableFields.filter((f) => !hidden.includes(f)),
    hiddenFields: hidden,
    parentKeys: [],
    displayName: (object) => (typeof object[spec.displayField] === 'string' ? (object[spec.displayField] as string) : ''),
    rules: (document) => secretProblems(document, secrets, spec.label, () => SET_SECRET_FIELD),
    template: () => templateOf(row),
    refusals: refusalsOf(name, row),
    // Copy as Terraform / Pulumi where the provider has a resource for the type: the export's own mapping (code.ts).
    code: derivedTerraformOf(name)
      ? {
          terraform: async (object) => (await import(/* webpackChunkName: "authentik-kinds" */ './code')).derivedTerraform(kind, object),
          pulumi: async (object) => (await import(/* webpackChunkName: "authentik-kinds" */ './code')).derivedPulumi(kind, object),
        }
      : undefined,
  });
}
