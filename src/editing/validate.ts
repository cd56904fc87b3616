import { EditableKind, JsonObject, Problem } from './kind';
import { schemaProblems } from './schemaCheck';

/** Syntax aside, everything that can be said before a request: the schema, then the kind's rules. */
export async function validateDocument(kind: EditableKind, document: JsonObject, baseline?: JsonObject): Promise<Problem[]> {
  const problems = await schemaProblems(kind, document);
  return [...problems, ...((await kind.rules?.(document, baseline)) ?? [])];
}
