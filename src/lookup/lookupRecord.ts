import { REDACTED } from '../core/redact';
import type { LoadedRecord } from '../views/panels/recordSources';
import { valueField } from '../views/panels/fieldValues';
import type { RecordField, RecordViewModel } from '../views/panels/protocol';
import { SERVICE_LABELS, findOperation } from './catalog';
import { describeValue } from './inputValues';
import { LookupInput, LookupOperation, LookupRecord } from './operation';

/**
 * A lookup's answer as a record panel: the call's inputs, then the output field by field under
 * the operation's own names (exactly what it returned), with its secret outputs masked
 * until Reveal. The record key holds the operation and its (non-secret) inputs, so a panel
 * restored after a reload runs the same lookup again.
 */
export const LOOKUP_PREFIX = 'lookup';

export function lookupKey(op: LookupOperation, input: LookupInput): string {
  const kept = Object.fromEntries(op.inputs.filter((spec) => !spec.secret && input[spec.name] !== undefined).map((spec) => [spec.name, input[spec.name]]));
  return `${LOOKUP_PREFIX}:${op.service}.${op.name}?${Buffer.from(JSON.stringify(kept), 'utf8').toString('base64url')}`;
}

export function parseLookupKey(key: string): { op: LookupOperation; input: LookupInput } | undefined {
  const match = key.match(/^lookup:(\w+)\.(\w+)\?([A-Za-z0-9_-]*)$/);
  const op = match && findOperation(match[1], match[2]);
  if (!match || !op) return undefined;
  try {
    const input = JSON.parse(Buffer.from(match[3], 'base64url').toString('utf8')) as unknown;
    return input && typeof input === 'object' && !Array.isArray(input) ? { op, input: input as LookupInput } : undefined;
  } catch {
    return undefined;
  }
}

export function lookupRecord(key: string, op: LookupOperation, input: LookupInput, output: LookupRecord): LoadedRecord {
  const secrets: Record<string, string> = {};
  const json: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const outputFields: RecordField[] = [];
  for (const [name, value] of Object.entries(output)) {
    const secret = op.secretOutputs?.includes(name) && typeof value === 'string' && value !== '';
    json[name] = secret ? REDACTED : value;
    if (secret) {
      secrets[name] = value;
      outputFields.push({ label: name, format: 'secret', secretId: name });
    } else {
      outputFields.push(fieldOf(name, value));
    }
  }
  const inputFields: RecordField[] = op.inputs
    .filter((spec) => input[spec.name] !== undefined)
    .map((spec) => ({ label: spec.deprecated ? `${spec.name} (deprecated: ${spec.deprecated})` : spec.name, value: describeValue(spec, input[spec.name]), format: 'code' as const }));
  const model: RecordViewModel = {
    key,
    kind: `${SERVICE_LABELS[op.service]} lookup`,
    title: op.name,
    subtitle: op.purpose,
    badges: op.deprecated ? [{ text: `Deprecated: ${op.deprecated}`, tone: 'warning' }] : [],
    sections: [
      { title: 'Inputs', fields: inputFields.length ? inputFields : [{ label: '(none)', value: 'No inputs were given.', dim: true }] },
      { title: 'Output', fields: outputFields },
    ],
    actions: [
      // The record panel's own View as JSON and Copy JSON (their ids are handled by the panel host).
      { id: 'viewJson', label: 'View as JSON' },
      { id: 'copyJson', label: 'Copy JSON' },
      { id: 'copyTerraform', label: 'Copy as Terraform data block', link: { kind: 'command', command: 'opsConfig.lookUp.copyTerraform', args: [key] } },
      { id: 'copyPulumi', label: 'Copy as Pulumi data source call', link: { kind: 'command', command: 'opsConfig.lookUp.copyPulumi', args: [key] } },
      { id: 'again', label: 'Look Up Again…', link: { kind: 'command', command: 'opsConfig.lookUp', args: [key] } },
    ],
  };
  return { model, json, secrets };
}

/** An output value under its own name (what Terraform and Pulumi call it); nested values as fields, long text as a block. */
function fieldOf(name: string, value: unknown): RecordField {
  return valueField(name, value, { keys: 'verbatim' });
}
