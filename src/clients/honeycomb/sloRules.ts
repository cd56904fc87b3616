import { QueryProblem, problem } from './querySpec';
import { tagProblems } from './triggerRules';

/**
 * The rules of an SLO that its JSON schema cannot say (the schema, from the API description's
 * `SLOCreate`, already holds the bounds: name 1–120 characters, description up to 1023,
 * `target_per_million` an integer 0–999999, `time_period_days` at least 1, at most 10 tags and
 * 1–10 datasets). Each is an error only where Honeycomb certainly refuses, and cites its source:
 * - "API": the SLO paths and schemas of Honeycomb's API description;
 * - "provider": `internal/provider/slo_resource.go` and `client/tags.go` of
 *   honeycombio/terraform-provider-honeycombio@bde0d12.
 */

type Json = Record<string, unknown>;

/** `baseline` is the SLO as it was opened (undefined for a new one). */
export function sloProblems(slo: Json, baseline?: Json): QueryProblem[] {
  const out: QueryProblem[] = [];
  // provider: the name is Required with LengthBetween(1, 120); blank is refused as well as empty.
  if (typeof slo.name === 'string' && slo.name.length > 0 && slo.name.trim() === '') out.push(problem(['name'], 'an SLO needs a name that is not only spaces'));
  const alias = isObject(slo.sli) ? slo.sli.alias : undefined;
  if (typeof alias === 'string' && alias.length > 0 && alias.trim() === '') out.push(problem(['sli', 'alias'], 'sli.alias names a derived column: completion lists the ones this SLO can use'));
  out.push(...datasetProblems(slo, baseline));
  out.push(...tagProblems(slo.tags));
  return out;
}

/**
 * API: dataset_slugs is "Required if using `__all__` in the path" — a new SLO of the
 * environment-wide folder gets them from the datasets picked before its document opens.
 */
function datasetProblems(slo: Json, baseline: Json | undefined): QueryProblem[] {
  const out: QueryProblem[] = [];
  const slugs = slo.dataset_slugs;
  if (Array.isArray(slugs)) {
    slugs.forEach((slug, i) => {
      // The provider keeps datasets as a set: a slug given twice counts once.
      if (slugs.indexOf(slug) !== i) out.push(problem(['dataset_slugs', i], `${JSON.stringify(slug)} is listed twice`, 'warning'));
    });
  }
  // API: dataset_slugs is readOnly in the PUT body (SLO); provider: datasets RequiresReplaceIfDatasetChanges.
  if (baseline && Array.isArray(baseline.dataset_slugs) && !sameSet(baseline.dataset_slugs, slugs)) {
    out.push(
      problem(
        ['dataset_slugs'],
        `the datasets of an SLO cannot change once it exists (they are ${JSON.stringify(baseline.dataset_slugs)}): Honeycomb's Terraform provider replaces the SLO instead. ` +
          'Create a new SLO for other datasets.',
      ),
    );
  }
  return out;
}

function sameSet(a: unknown[], b: unknown): boolean {
  if (!Array.isArray(b)) return false;
  return a.every((x) => b.includes(x)) && b.every((x) => a.includes(x));
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
