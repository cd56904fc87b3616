import { Address, JsonObject, KindBackend, Problem } from '../../../editing/kind';

/** What a dataset-level kind (derived column, column, dataset, definitions) is made of besides its data: the service calls, the schema and the rules. */
export interface DatasetLevelKindParts {
  backend: KindBackend;
  schema(): Promise<JsonObject>;
  rules(document: JsonObject, baseline?: JsonObject, address?: Address): Problem[] | Promise<Problem[]>;
}
