import { ENVIRONMENT_WIDE, RecipientItem } from '../../clients/honeycomb';
import { hclString, jsString, pulumiName, terraformName } from '../../core/codeText';
import { HoneycombObject, objectName } from './objects';

/**
 * "Copy as Terraform" / "Copy as Pulumi": the snippet that looks the object up with the
 * honeycombio provider's data sources (`data "honeycombio_dataset"`, `honeycombio.getDatasetOutput`).
 * Triggers have no data source; for them the snippet adopts the existing trigger (a Terraform
 * `import` block with the provider's `<dataset>/<id>` import ID, a Pulumi `Trigger.get`).
 * Every value is escaped for its language, so a name can never break out of its string.
 */

/** The recipient field a lookup filters on, by type (the names the provider's detail_filter takes). */
export function recipientLookup(r: RecipientItem): { name: string; value: string } {
  switch (r.type) {
    case 'email':
      return { name: 'address', value: r.address ?? '' };
    case 'slack':
      return { name: 'channel', value: r.channel ?? '' };
    case 'pagerduty':
      return { name: 'integration_name', value: r.integrationName ?? '' };
    default:
      return { name: 'name', value: r.name ?? '' };
  }
}

function hclBlock(header: string, attributes: Array<[string, string]>, nested: string[] = []): string {
  const width = Math.max(...attributes.map(([k]) => k.length), 0);
  const lines = attributes.map(([k, v]) => `  ${k.padEnd(width)} = ${v}`);
  return [`${header} {`, ...lines, ...nested, '}'].join('\n') + '\n';
}

export function terraformSnippet(o: HoneycombObject): string {
  const label = terraformName(objectName(o), o.kind === 'derivedColumn' ? 'derived_column' : o.kind);
  switch (o.kind) {
    case 'dataset':
      return hclBlock(`data "honeycombio_dataset" "${label}"`, [['slug', hclString(o.item.slug)]]);
    case 'column':
      return hclBlock(`data "honeycombio_column" "${label}"`, [
        ['dataset', hclString(o.dataset)],
        ['name', hclString(o.item.name)],
      ]);
    case 'derivedColumn':
      return hclBlock(`data "honeycombio_derived_column" "${label}"`, [
        ...(o.dataset && o.dataset !== ENVIRONMENT_WIDE ? ([['dataset', hclString(o.dataset)]] as Array<[string, string]>) : []),
        ['alias', hclString(o.item.alias)],
      ]);
    case 'slo':
      // `dataset` is deprecated on the SLO data source: the ID alone finds it.
      return hclBlock(`data "honeycombio_slo" "${label}"`, [['id', hclString(o.item.id)]]);
    case 'recipient': {
      const lookup = recipientLookup(o.item);
      return hclBlock(
        `data "honeycombio_recipient" "${label}"`,
        [['type', hclString(o.item.type)]],
        ['', '  detail_filter {', `    name  = ${hclString(lookup.name)}`, `    value = ${hclString(lookup.value)}`, '  }'],
      );
    }
    case 'environment':
      if (o.item.id) {
        return hclBlock(`data "honeycombio_environment" "${label}"`, [['id', hclString(o.item.id)]]);
      }
      return hclBlock(`data "honeycombio_environment" "${label}"`, [], ['  detail_filter {', '    name  = "slug"', `    value = ${hclString(o.item.slug)}`, '  }']);
    case 'trigger':
      return hclBlock('import', [
        ['to', `honeycombio_trigger.${label}`],
        ['id', hclString(`${o.item.dataset}/${o.item.id}`)],
      ]);
  }
}

export function pulumiSnippet(o: HoneycombObject): string {
  const name = pulumiName(objectName(o), o.kind === 'derivedColumn' ? 'DerivedColumn' : o.kind.charAt(0).toUpperCase() + o.kind.slice(1));
  const call = (fn: string, args: Array<[string, string]>): string => `const ${name} = honeycombio.${fn}({ ${args.map(([k, v]) => `${k}: ${v}`).join(', ')} });\n`;
  switch (o.kind) {
    case 'dataset':
      return call('getDatasetOutput', [['slug', jsString(o.item.slug)]]);
    case 'column':
      return call('getColumnOutput', [
        ['dataset', jsString(o.dataset)],
        ['name', jsString(o.item.name)],
      ]);
    case 'derivedColumn':
      return call('getDerivedColumnOutput', [
        ...(o.dataset && o.dataset !== ENVIRONMENT_WIDE ? ([['dataset', jsString(o.dataset)]] as Array<[string, string]>) : []),
        ['alias', jsString(o.item.alias)],
      ]);
    case 'slo':
      return call('getSloOutput', [['id', jsString(o.item.id)]]);
    case 'recipient': {
      const lookup = recipientLookup(o.item);
      return call('getRecipientOutput', [
        ['type', jsString(o.item.type)],
        ['detailFilter', `{ name: ${jsString(lookup.name)}, value: ${jsString(lookup.value)} }`],
      ]);
    }
    case 'environment':
      return o.item.id ? call('getEnvironmentOutput', [['id', jsString(o.item.id)]]) : call('getEnvironmentOutput', [['detailFilters', `[{ name: "slug", value: ${jsString(o.item.slug)} }]`]]);
    case 'trigger':
      return `const ${name} = honeycombio.Trigger.get(${jsString(o.item.name)}, ${jsString(o.item.id)}, { dataset: ${jsString(o.item.dataset)} });\n`;
  }
}

/** A connection as the provider's configuration: the API URL only; the key is read from the environment, never written here. */
export function terraformProvider(apiUrl: string): string {
  return hclBlock('provider "honeycombio"', [['api_url', hclString(apiUrl)]], ['  # The key: HONEYCOMB_API_KEY, or HONEYCOMB_KEY_ID and HONEYCOMB_KEY_SECRET for a management key.']);
}

export function pulumiProvider(apiUrl: string): string {
  return `// The key: honeycombio:apiKey in the stack's secret config, or HONEYCOMB_API_KEY.\nconst honeycomb = new honeycombio.Provider("honeycomb", { apiUrl: ${jsString(apiUrl)} });\n`;
}
