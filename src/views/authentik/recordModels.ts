/**
 * The record panel of each authentik kind, built from API objects. Pure (no editor, no
 * requests), so what a panel shows — and that secrets are only ever masked in it and in its
 * JSON — is unit tested. Secrets go to `LoadedRecord.secrets`, sent only on Reveal. References
 * to other objects are their names (`ctx.names`, loaded by the record source), as links.
 * The builders live by family, as authentik's admin groups them; this module gathers them so
 * they load as one chunk with the first record opened (records.ts).
 */
export { applicationRecord, outpostRecord } from './applicationRecords';
export { groupRecord, permissionRecord, sourceRecord, userRecord } from './directoryRecords';
export { flowRecord, stageRecord } from './flowRecords';
export { mappingRecord, providerRecord } from './providerRecords';
export { HIDDEN } from './recordFields';
export { brandRecord, certificateRecord, serviceConnectionRecord } from './systemRecords';
