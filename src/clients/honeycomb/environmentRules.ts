import { QueryProblem, problem } from './querySpec';

/**
 * The rules of an environment document that its JSON schema cannot say, each citing its source:
 * - "API": the v2 Environments paths and schemas of Honeycomb's API description;
 * - "provider": `internal/provider/environment_resource.go` of
 *   honeycombio/terraform-provider-honeycombio@bde0d12.
 */

type Json = Record<string, unknown>;

/** `baseline` is the environment as it was opened (undefined for a new one). */
export function environmentProblems(environment: Json, baseline?: Json): QueryProblem[] {
  const out: QueryProblem[] = [];
  // provider: name LengthBetween(1, 255); blank is no name either.
  if (typeof environment.name === 'string' && environment.name.trim() === '') out.push(problem(['name'], 'an environment needs a name'));
  // API: UpdateEnvironmentRequest has no name; provider: name RequiresReplace.
  if (baseline && typeof baseline.name === 'string' && environment.name !== baseline.name) {
    out.push(
      problem(
        ['name'],
        `an environment cannot be renamed (it is ${JSON.stringify(baseline.name)}): the API's update takes no name, and Honeycomb's Terraform provider replaces the environment instead`,
      ),
    );
  }
  // API: "'classic' color is used only for auto-created Classic environments and cannot be set on any other environment. Classic environments cannot be set to any other color."
  if (environment.color !== (baseline?.color ?? undefined) && (environment.color === 'classic' || baseline?.color === 'classic')) {
    out.push(problem(['color'], environment.color === 'classic' ? 'the classic colour belongs to Classic environments only' : 'a Classic environment keeps its classic colour'));
  }
  // API: CreateEnvironmentRequest takes no settings; provider: delete_protected "Cannot be set to false on creation".
  if (!baseline && environment.settings !== undefined) {
    out.push(problem(['settings'], 'a new environment is created delete-protected and takes no settings: change delete_protected after it exists'));
  }
  return out;
}
