import { derivedKind } from '../clients/authentik/resources/derivedKinds';
import { TERRAFORM_TABLE, TerraformTable, derivedTerraformOf } from '../clients/authentik/resources/terraformTable';
import { editKindId } from '../views/authentik/kinds/ids';
import type { DerivedLink } from './liveTargets';

/**
 * How a block of an authentik resource outside the 13 hand-tuned kinds names its live object:
 * the provider's resource type gives the API item schema (schemas/authentik-terraform.json), that
 * gives the derived kind, and the kind its id and lookup field. Both tables (160 KB) load with this
 * module, only when a workspace has such a block (see TerraformFeatures), never with a tree row.
 */
export function derivedLinkOf(resourceType: string, table: TerraformTable = TERRAFORM_TABLE): DerivedLink | { none: string } | undefined {
  const resource = Object.hasOwn(table.resources, resourceType) ? table.resources[resourceType] : undefined;
  const kind = resource && derivedKind(resource.item);
  const terraform = kind && derivedTerraformOf(kind.name, table);
  if (!kind || !terraform) return undefined;
  const { idField } = kind.spec;
  // `terraform import` takes the provider's resource ID; the editor looks the object up by the kind's field: they must be one value.
  if (terraform.importIdField !== idField)
    return {
      none: `Opening ${resourceType} from Terraform is not possible: the provider's import ID is the ${terraform.importIdField} of the object, and authentik's API looks it up by its ${idField}.`,
    };
  return {
    // Named as the tree names the object (the "· Terraform" mark matches on it): a member of a
    // polymorphic list by its `meta_model_name` (nodeLook.ts), any other by its item schema.
    kindId: editKindId(kind.row.family && kind.row.model ? kind.row.model : kind.name),
    importIdField: terraform.importIdField,
    // A literal of the id field names the object as well, where the provider has an attribute for it.
    idAttribute: terraform.fields.includes(idField) ? (terraform.renamedAttributes[idField] ?? idField) : undefined,
  };
}
