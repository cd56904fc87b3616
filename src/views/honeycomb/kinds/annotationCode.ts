import { CodeResource, pulumiOf, terraformOf } from '../../../editing/exportCode';
import { Address, JsonObject } from '../../../editing/kind';

/** A query annotation as code. The provider cannot import one, which the text says instead of an import block. */
const NO_IMPORT =
  'The honeycombio provider cannot import query annotations: applying this creates a new annotation\n' +
  'next to the existing one. Delete the old one in the editor afterwards, or keep it out of code.';

export function annotationCode(object: JsonObject, address: Address): CodeResource[] {
  const name = String(object.name ?? 'query');
  return [
    {
      keys: [`queryAnnotation:${address.id}`],
      terraform: { type: 'honeycombio_query_annotation', name, body: { attributes: annotationArgs(object, address, 'terraform') }, importId: { none: NO_IMPORT } },
      pulumi: {
        module: 'honeycombio',
        packageName: '@pulumi/honeycombio',
        className: 'QueryAnnotation',
        name,
        args: Object.fromEntries(annotationArgs(object, address, 'pulumi')),
        importId: { none: NO_IMPORT },
      },
    },
  ];
}

export function annotationTerraform(object: JsonObject, address: Address): string {
  return terraformOf(annotationCode(object, address));
}

export function annotationPulumi(object: JsonObject, address: Address): string {
  return pulumiOf(annotationCode(object, address));
}

function annotationArgs(object: JsonObject, address: Address, language: 'terraform' | 'pulumi'): Array<[string, unknown]> {
  return [
    ['dataset', address.dataset],
    [language === 'terraform' ? 'query_id' : 'queryId', object.query_id],
    ['name', object.name],
    ['description', object.description || undefined],
  ];
}
