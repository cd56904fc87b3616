import TABLE from '../../../../schemas/authentik-terraform.json';
import type { TerraformSpec } from './kinds';

/**
 * How the goauthentik/authentik Terraform provider writes authentik's derived kinds (every
 * provider, stage and property mapping type it has a resource for), generated from the
 * provider's sources by scripts/authentikTerraformTable.ts into schemas/authentik-terraform.json.
 * The 13 hand-tuned kinds state theirs in kinds.ts. No `vscode` here.
 */

export interface TerraformTableResource {
  /** The API item schema the resource manages: `OAuth2Provider`. */
  item: string;
  /** The object's field the provider's resource ID is (`d.SetId(res.Pk)`): what `terraform import` takes. */
  importIdField: string;
  /** `[API field, provider attribute, flags?]`, flags `sensitive` and/or `json` (a JSON string). */
  attributes: Array<[string, string] | [string, string, string]>;
}

export interface TerraformTable {
  $comment: string;
  resources: Record<string, TerraformTableResource>;
}

export const TERRAFORM_TABLE = TABLE as unknown as TerraformTable;

/** A derived kind's Terraform naming, and which of its fields the provider has and keeps secret. */
export interface DerivedTerraformSpec extends TerraformSpec {
  /** The API fields the resource has an attribute for; the others are not written. */
  fields: readonly string[];
  /** Fields the provider marks sensitive: written as sensitive inputs, never as literals. */
  sensitiveFields: readonly string[];
}

/** The provider's resource for an item schema, or undefined when it has none. */
export function derivedTerraformOf(item: string, table: TerraformTable = TERRAFORM_TABLE): DerivedTerraformSpec | undefined {
  const found = Object.entries(table.resources).find(([, r]) => r.item === item);
  if (!found) return undefined;
  const [resourceType, { importIdField, attributes }] = found;
  const flagged = (flag: string) => attributes.filter(([, , flags]) => flags?.split(',').includes(flag)).map(([field]) => field);
  return {
    resourceType,
    importIdField,
    renamedAttributes: Object.fromEntries(attributes.filter(([field, attribute]) => field !== attribute).map(([field, attribute]) => [field, attribute])),
    jsonStringAttributes: flagged('json'),
    providerOnlyAttributes: {},
    fields: attributes.map(([field]) => field),
    sensitiveFields: flagged('sensitive'),
  };
}
