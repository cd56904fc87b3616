/**
 * The goauthentik/authentik Terraform provider's resources for authentik's derived kinds
 * (providers, stages, property mappings…), read from the provider's Go sources: for each resource
 * type, the API item schema it manages (its `…Request` body), and each attribute with the API
 * field it holds (what its Read sets from the answer), whether the provider marks it sensitive and
 * whether it takes the field as a JSON string. Export as Terraform… and Copy as Terraform write
 * an object of a derived kind with it (src/clients/authentik/resources/terraformTable.ts).
 *
 *   npx tsc -p . && node out/scripts/authentikTerraformTable.js <provider checkout>/pkg/provider
 *
 * writes schemas/authentik-terraform.json. The 13 hand-tuned kinds keep their own mapping
 * (src/clients/authentik/resources/kinds.ts) and are left out here.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { KINDS_TABLE } from '../src/clients/authentik/resources/kindsTable';
import { AUTHENTIK_KINDS, AUTHENTIK_KIND_NAMES } from '../src/clients/authentik/resources/kinds';
import type { TerraformTable, TerraformTableResource } from '../src/clients/authentik/resources/terraformTable';

export const AUTHENTIK_TERRAFORM_TABLE_PATH = path.resolve(__dirname, '..', '..', 'schemas', 'authentik-terraform.json');

const HAND_TUNED = new Set(AUTHENTIK_KIND_NAMES.map((k) => AUTHENTIK_KINDS[k].schemas.item));

/** `"authentik_stage_password": tr(resourceStagePassword),` in provider.go: type → Go function. */
function registeredResources(source: string): Map<string, string> {
  const out = new Map<string, string>();
  const start = source.indexOf('ResourcesMap');
  const end = source.indexOf('DataSourcesMap');
  for (const m of source.slice(start, end > start ? end : undefined).matchAll(/"(authentik_[a-z0-9_]+)":\s*\w*\(?(resource\w+)\b/g)) out.set(m[1], m[2]);
  return out;
}

/** The top-level attributes of a resource's `Schema:` map, each with its own text. */
function schemaAttributes(source: string, fn: string): Map<string, string> {
  const at = source.indexOf(`func ${fn}() *schema.Resource`);
  const body = source.slice(at, source.indexOf('\n}\n', at));
  const out = new Map<string, string>();
  const starts = [...body.matchAll(/^\t\t\t"([a-z0-9_]+)": \{/gm)];
  starts.forEach((m, i) => out.set(m[1], body.slice(m.index, starts[i + 1]?.index ?? body.length)));
  return out;
}

/** Each attribute the Read sets, and the answer's Go field it sets it from (`res.ClientSecret` → `ClientSecret`). */
function readFields(source: string, fn: string): Map<string, { goField: string; json: boolean }> {
  const at = source.indexOf(`func ${fn}Read(`);
  const body = source.slice(at, source.indexOf('\n}\n', at));
  const out = new Map<string, { goField: string; json: boolean }>();
  for (const m of body.matchAll(/helpers\.(SetWrapper|SetJSON)\(d, "([a-z0-9_]+)",([^]*?)(?=helpers\.Set(?:Wrapper|JSON)\(d|$)/g)) {
    const field = /res\.(?:Get)?([A-Z]\w*)/.exec(m[3]);
    if (field) out.set(m[2], { goField: field[1], json: m[1] === 'SetJSON' });
  }
  return out;
}

/**
 * What the provider sends: `AuthorizationFlow: d.Get("authorization_flow").(string),` in the
 * function that builds the request. It outranks the Read where the two disagree (the Kerberos
 * source's Read sets group_matching_mode from the user matching mode).
 */
function writtenFields(source: string, fn: string): Map<string, string> {
  const at = source.search(new RegExp(`func ${fn}SchemaTo\\w+\\(`));
  const body = at < 0 ? '' : source.slice(at, source.indexOf('\n}\n', at));
  const out = new Map<string, string>();
  for (const m of body.matchAll(/^\s*([A-Z]\w*):\s.*?"([a-z0-9_]+)"/gm)) if (!out.has(m[2])) out.set(m[2], m[1]);
  return out;
}

/** `OAuth2ProviderRequest` from `func resourceProviderOAuth2SchemaToProvider(d *schema.ResourceData) *api.OAuth2ProviderRequest`. */
function requestSchema(source: string, fn: string): string | undefined {
  return new RegExp(`func ${fn}SchemaTo\\w+\\(d \\*schema\\.ResourceData\\)\\s*\\(?\\*api\\.(\\w+)Request`).exec(source)?.[1];
}

export function terraformTable(providerDir: string): TerraformTable {
  const registered = registeredResources(fs.readFileSync(path.join(providerDir, 'provider.go'), 'utf8'));
  const sources = fs
    .readdirSync(providerDir)
    .filter((f) => /^resource_.*\.go$/.test(f) && !f.endsWith('_test.go'))
    .map((f) => fs.readFileSync(path.join(providerDir, f), 'utf8'));
  const resources: Record<string, TerraformTableResource> = {};
  for (const [type, fn] of [...registered].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const source = sources.find((s) => s.includes(`func ${fn}() *schema.Resource`));
    const item = source && requestSchema(source, fn);
    const row = item && KINDS_TABLE.kinds[item];
    if (!source || !item || !row || HAND_TUNED.has(item)) continue;
    const fields = Object.keys(row.fields ?? {});
    const schema = schemaAttributes(source, fn);
    const written = writtenFields(source, fn);
    const attributes: TerraformTableResource['attributes'] = [];
    // What the Read sets, then what only the request carries (a write-only password).
    const read = readFields(source, fn);
    for (const [attribute, goField] of written) if (!read.has(attribute)) read.set(attribute, { goField, json: false });
    for (const [attribute, { json, goField: readField }] of read) {
      const goField = written.get(attribute) ?? readField;
      const field = fields.find((f) => f.replace(/_/g, '') === goField.toLowerCase());
      const text = schema.get(attribute);
      // An attribute only computed (a token's expires_in, seconds left) is not one a user writes.
      if (!field || !text || !/(Optional|Required):\s*true/.test(text) || attributes.some(([f]) => f === field)) continue;
      const flags = [...(/Sensitive:\s*true/.test(text) ? ['sensitive'] : []), ...(json ? ['json'] : [])];
      attributes.push(flags.length ? [field, attribute, flags.join(',')] : [field, attribute]);
    }
    // The table's field order, so the resource reads like the API object.
    attributes.sort((a, b) => fields.indexOf(a[0]) - fields.indexOf(b[0]));
    // `d.SetId(res.Pk)`, `d.SetId(strconv.Itoa(int(res.Pk)))`, `d.SetId(res.Slug)`.
    const id = /d\.SetId\((?:strconv\.Itoa\(int\()?res\.(?:Get)?([A-Z]\w*)/.exec(source)?.[1];
    const importIdField = id && [...fields, ...(row.readOnly ?? [])].find((f) => f.replace(/_/g, '') === id.toLowerCase());
    if (!importIdField) continue;
    resources[type] = { item, importIdField, attributes };
  }
  return { $comment: 'Generated by scripts/authentikTerraformTable.ts from the goauthentik/authentik Terraform provider sources: do not edit.', resources };
}

/** One resource a line: small, and a change to one resource is one line of the diff. */
export function tableText(table: TerraformTable): string {
  const rows = Object.entries(table.resources).map(([type, r]) => `  ${JSON.stringify(type)}: ${JSON.stringify(r)}`);
  return `{\n "$comment": ${JSON.stringify(table.$comment)},\n "resources": {\n${rows.join(',\n')}\n }\n}\n`;
}

if (require.main === module) {
  const dir = process.argv[2];
  if (!dir) throw new Error('Give the provider checkout’s pkg/provider directory.');
  fs.writeFileSync(AUTHENTIK_TERRAFORM_TABLE_PATH, tableText(terraformTable(dir)));
}
