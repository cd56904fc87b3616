import { hasOwn } from '../core/ownProperties';
import { Address, EditableKind, JsonObject, Problem } from './kind';
import { pathText } from './plan';
import { condenseProblems } from './problemList';
import { schemaProblems } from './schemaCheck';

/**
 * Syntax aside, everything that can be said before a request, each problem once: the kind's rules
 * (which cite the service's own checks and say the most), the fields the server computes (never
 * sent), then what the schema finds where no rule already spoke. A long list is condensed to a
 * readable handful with "and N more".
 */
export async function validateDocument(kind: EditableKind, document: JsonObject, baseline?: JsonObject, address?: Address): Promise<Problem[]> {
  const rules = (await kind.rules?.(document, baseline, address)) ?? [];
  const readOnly = kind.readOnlyFields
    .filter((field) => hasOwn(document, field))
    .map((field): Problem => ({ path: [field], severity: 'warning', message: `"${field}" is read-only: ${kind.service} sets it, so it is not sent` }));
  const spoken = new Set([...rules, ...readOnly].map((p) => pathText(p.path)));
  const schema = (await schemaProblems(kind, document, baseline)).filter((p) => !spoken.has(pathText(p.path)));
  return condenseProblems(dropRepeats([...rules, ...readOnly, ...schema]));
}

/** The same words on the same field say nothing new. */
function dropRepeats(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.severity}|${pathText(p.path)}|${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
