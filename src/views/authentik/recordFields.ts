import { valueField } from '../panels/fieldValues';
import type { RecordField } from '../panels/protocol';
import { ObjectRef, recordKeyOf } from './objectRef';

/**
 * The fields the authentik record builders (recordModels.ts) are made of: text in a person's
 * words (yes/no, empty for none), code, data a person wrote, and links to other records.
 */

/** What a masked secret shows in a record's JSON: the value itself only goes out on Reveal. */
export const HIDDEN = '[hidden — use Reveal in the record panel]';

export const text = (label: string, value: string | number | boolean | null | undefined, extra: Partial<RecordField> = {}): RecordField => ({
  label,
  value: value === null || value === undefined ? '' : typeof value === 'boolean' ? (value ? 'yes' : 'no') : value,
  ...extra,
});
export const code = (label: string, value: string | number | null | undefined) => text(label, value, { format: 'code' });
/** Data a person wrote (attributes, configuration): fields under their own keys. */
export const data = (label: string, value: unknown) => valueField(label, value ?? {}, { keys: 'verbatim' });
export const link = (label: string, value: string, ref: ObjectRef) => text(label, value, { link: { kind: 'record', key: recordKeyOf(ref) } });
