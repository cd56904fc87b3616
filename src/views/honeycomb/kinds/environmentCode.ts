import { pulumiResource, terraformResource } from '../../../editing/exportCode';
import { JsonObject } from '../../../editing/kind';

/**
 * An environment as code: the provider's `honeycombio_environment` with its import block, and the
 * same as a Pulumi resource. The import ID is the environment's ID (docs/resources/environment.md
 * of honeycombio/terraform-provider-honeycombio@bde0d12). `delete_protected` is written only when
 * it is off: the provider creates an environment protected and refuses false on creation, so an
 * imported one keeps what it has.
 */
const PULUMI = { module: 'honeycombio', packageName: '@pulumi/honeycombio' };

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function environmentArgs(object: JsonObject, language: 'terraform' | 'pulumi'): Array<[string, unknown]> {
  const settings = object.settings as { delete_protected?: unknown } | undefined;
  return [
    ['name', object.name],
    ['description', text(object.description) || undefined],
    ['color', text(object.color) || undefined],
    [language === 'terraform' ? 'delete_protected' : 'deleteProtected', settings?.delete_protected === false ? false : undefined],
  ];
}

export function environmentTerraform(object: JsonObject, id: string): string {
  return terraformResource({ type: 'honeycombio_environment', name: text(object.name) || 'environment', body: { attributes: environmentArgs(object, 'terraform') }, importId: id });
}

export function environmentPulumi(object: JsonObject, id: string): string {
  return pulumiResource({ ...PULUMI, className: 'Environment', name: text(object.name) || 'environment', args: Object.fromEntries(environmentArgs(object, 'pulumi')), importId: id });
}
