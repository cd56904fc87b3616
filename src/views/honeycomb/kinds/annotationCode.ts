import { pulumiResource, terraformResource } from '../../../editing/exportCode';
import { Address, JsonObject } from '../../../editing/kind';

/** A query annotation as code. The provider cannot import one, which the text says instead of an import block. */
const NO_IMPORT =
  'The honeycombio provider cannot import query annotations: applying this creates a new annotation\n' +
  'next to the existing one. Delete the old one in the editor afterwards, or keep it out of code.';

export function annotationTerraform(object: JsonObject, address: Address): string {
  return terraformResource({
    type: 'honeycombio_query_annotation',
    name: String(object.name ?? 'query'),
    body: { attributes: annotationArgs(object, address, 'terraform') },
    importId: { none: NO_IMPORT },
  });
}

export function annotationPulumi(object: JsonObject, address: Address): string {
  return pulumiResource({
    module: 'honeycombio',
    packageName: '@pulumi/honeycombio',
    className: 'QueryAnnotation',
    name: String(object.name ?? 'query'),
    args: Object.fromEntries(annotationArgs(object, address, 'pulumi')),
    importId: { none: NO_IMPORT },
  });
}

function annotationArgs(object: JsonObject, address: Address, language: 'terraform' | 'pulumi'): Array<[string, unknown]> {
  return [
    ['dataset', address.dataset],
    [language === 'terraform' ? 'query_id' : 'queryId', object.query_id],
    ['name', object.name],
    ['description', object.description || undefined],
  ];
}
