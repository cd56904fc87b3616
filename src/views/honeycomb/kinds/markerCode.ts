import { ENVIRONMENT_WIDE } from '../../../clients/honeycomb/paths';
import { CodeResource, pulumiOf, terraformOf } from '../../../editing/exportCode';
import { Address, JsonObject } from '../../../editing/kind';
import { markerName } from './marker';

/**
 * Markers and marker settings as code: the provider's `honeycombio_marker` and
 * `honeycombio_marker_setting`, and the same as Pulumi resources. Neither resource can be
 * imported (neither has an importer in honeycombio/terraform-provider-honeycombio@bde0d12), so the
 * export says so instead of an import block. The provider's marker takes message, type, url and
 * dataset only, each forcing a new marker when it changes, and leaves the marker in Honeycomb on
 * destroy (`resource_marker.go`: no update, a no-op delete); its times are set by Honeycomb.
 * An environment-wide object has no `dataset` (the provider's default is `__all__`).
 */
const MARKER_NO_IMPORT = 'honeycombio_marker cannot be imported: this makes a new marker (placed when it is applied), and the provider never updates or deletes one — destroy leaves it in Honeycomb.';
const SETTING_NO_IMPORT = 'honeycombio_marker_setting cannot be imported: applying this creates a setting, so delete this one first or keep it out of code.';

export function markerCode(object: JsonObject, address: Address): CodeResource[] {
  const name = markerName(object) || 'marker';
  return [
    {
      keys: [`marker:${address.id}`],
      terraform: { type: 'honeycombio_marker', name, body: { attributes: markerArgs(object, address) }, importId: { none: MARKER_NO_IMPORT } },
      pulumi: {
        ...PULUMI,
        className: 'Marker',
        name,
        args: Object.fromEntries(markerArgs(object, address)),
        importId: { none: MARKER_NO_IMPORT.replace('honeycombio_marker', 'honeycombio.Marker') },
      },
    },
  ];
}

const PULUMI = { module: 'honeycombio', packageName: '@pulumi/honeycombio' };

export function markerTerraform(object: JsonObject, address: Address): string {
  return terraformOf(markerCode(object, address));
}

export function markerPulumi(object: JsonObject, address: Address): string {
  return pulumiOf(markerCode(object, address));
}

function markerArgs(object: JsonObject, address: Address): Array<[string, unknown]> {
  return [
    ['message', text(object.message)],
    ['type', text(object.type)],
    ['url', text(object.url)],
    ['dataset', dataset(address)],
  ];
}

export function markerSettingCode(object: JsonObject, address: Address): CodeResource[] {
  const name = String(object.type ?? 'marker setting');
  return [
    {
      keys: [`markerSetting:${address.id}`],
      terraform: { type: 'honeycombio_marker_setting', name, body: { attributes: settingArgs(object, address) }, importId: { none: SETTING_NO_IMPORT } },
      pulumi: {
        ...PULUMI,
        className: 'MarkerSetting',
        name,
        args: Object.fromEntries(settingArgs(object, address)),
        importId: { none: SETTING_NO_IMPORT.replace('honeycombio_marker_setting', 'honeycombio.MarkerSetting') },
      },
    },
  ];
}

export function markerSettingTerraform(object: JsonObject, address: Address): string {
  return terraformOf(markerSettingCode(object, address));
}

export function markerSettingPulumi(object: JsonObject, address: Address): string {
  return pulumiOf(markerSettingCode(object, address));
}

function settingArgs(object: JsonObject, address: Address): Array<[string, unknown]> {
  return [
    ['type', object.type],
    ['color', object.color],
    ['dataset', dataset(address)],
  ];
}

function dataset(address: Address): string | undefined {
  return address.dataset === ENVIRONMENT_WIDE ? undefined : address.dataset;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
