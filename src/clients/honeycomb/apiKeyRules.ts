import { UPDATABLE_ATTRIBUTES, keyTypeOfId } from './apiKeys';
import { QueryProblem, problem } from './querySpec';

/**
 * The rules of an API key document that its JSON schema cannot say, each citing its source:
 * - "API": the v2 API Keys paths and schemas of Honeycomb's API description (`IngestKeyAttributes`,
 *   `ConfigurationKeyAttributes`, `IngestKeyRequest`, `ConfigurationKeyRequest`);
 * - "provider": `internal/provider/api_key_resource.go` and `client/v2/models.go` of
 *   honeycombio/terraform-provider-honeycombio@bde0d12.
 */

type Json = Record<string, unknown>;

/** API IngestKeyAttributes: an ingest key's permissions are `create_datasets` alone. */
const INGEST_PERMISSIONS = ['create_datasets'];

/** `baseline` is the key as it was opened (undefined for a new one); `id` its ID when it exists. */
export function apiKeyProblems(key: Json, baseline?: Json): QueryProblem[] {
  const out: QueryProblem[] = [];
  // provider: name LengthBetween(1, 100); blank is no name either.
  if (typeof key.name === 'string' && key.name.trim() === '') out.push(problem(['name'], 'an API key needs a name'));
  const type = baseline ? (keyTypeOfId(String(baseline.id ?? '')) ?? baseline.key_type) : key.key_type;
  const permissions = key.permissions && typeof key.permissions === 'object' ? (key.permissions as Json) : {};
  if (type === 'ingest') {
    for (const name of Object.keys(permissions).filter((p) => !INGEST_PERMISSIONS.includes(p))) {
      out.push(problem(['permissions', name], `an ingest key sends events and has no ${name} permission: only create_datasets (make a configuration key for more)`));
    }
  }
  if (!baseline) return out;
  // API: the update bodies carry no key_type; provider: type RequiresReplace.
  if (key.key_type !== baseline.key_type) {
    out.push(problem(['key_type'], `an API key's type cannot change (it is ${JSON.stringify(baseline.key_type)}): create a new key of the other type instead`));
  }
  // API: IngestKeyRequest takes name and disabled; ConfigurationKeyRequest also permissions.
  const allowed = type === 'ingest' || type === 'configuration' ? UPDATABLE_ATTRIBUTES[type] : undefined;
  if (allowed) {
    for (const field of Object.keys({ ...baseline, ...key })) {
      if (field === 'key_type' || field === 'id' || allowed.includes(field)) continue;
      if (JSON.stringify(key[field]) === JSON.stringify(baseline[field])) continue;
      out.push(problem([field], `the API's update of an ${String(type)} key takes ${listed(allowed)} only: ${field} cannot change once the key exists`));
    }
  }
  return out;
}

function listed(words: readonly string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
