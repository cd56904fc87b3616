import * as vscode from 'vscode';
import type { OperationResult } from '../../clients/cosign/sign/types';
import type { VerifyReport } from '../../clients/cosign/verify/result';
import { Logger } from '../../core/logger';
import { PanelHandle, PanelHost } from '../panels/panelHost';
import { ReportViewModel, SigningSummary } from '../panels/protocol';
import { createHistoryReportPanels } from './historyReportPanels';
import { shortName, toReportModel } from './reportModel';
import { SigningEntry, SigningHistory } from './signingHistory';

/**
 * The result of a sign, attest or copy in the report panel (the same app as verification
 * reports): what was written and logged, then the verification of what was written. A panel
 * of its own kind, keyed by the signing history entry, so it restores after a reload.
 */
export const SIGNING_REPORT_VIEW_TYPE = 'opsConfig.signingReport';

export function createSigningReportPanels(
  extensionUri: vscode.Uri,
  history: SigningHistory,
  logger: Logger,
  verifyAgain: (entry: SigningEntry, panel: PanelHandle<ReportViewModel>) => Promise<void>,
): PanelHost<ReportViewModel> {
  return createHistoryReportPanels(
    extensionUri,
    {
      viewType: SIGNING_REPORT_VIEW_TYPE,
      history,
      toModel: toSigningReportModel,
      goneOnLoad: 'This result is no longer in the history (it keeps the last 25).',
      goneOnAction: 'This result is no longer in the history.',
      json: (entry) => ({ result: entry.result, verification: entry.verification }),
      copied: 'Copied the result as JSON',
      verifyAgain,
    },
    logger,
  );
}

const TITLES = { sign: 'Signed', attest: 'Attested', copy: 'Copied' } as const;
const OUTPUTS = { sign: 'signedRef', attest: 'attestedRef', copy: 'copiedRef' } as const;

export function toSigningReportModel(entry: SigningEntry): ReportViewModel {
  const result = entry.result;
  const verification = entry.verification ?? notChecked(entry);
  const base = toReportModel(entry.key, verification, entry.policySource);
  const operation: SigningSummary = {
    title: result.written.length === 0 ? `Nothing written: ${result.skipped ?? 'nothing to do'}` : `✓ ${TITLES[result.operation]} ${entry.ref}`,
    output: { name: OUTPUTS[result.operation], value: outputOf(result) },
    fields: fieldsOf(result),
    written: result.written.map((w) => ({ location: w.location, detail: w.detail })),
    // Results saved in the history by an earlier version lack the log version and timestamps.
    tlog: result.tlog.map((t) => ({
      url: t.url,
      kind: `${[t.kind, t.entryVersion].filter(Boolean).join(' ')} (Rekor v${t.logVersion ?? 1})`,
      logIndex: String(t.logIndex),
      // Rekor v2 records no time of its own; the signed time is the RFC 3161 timestamp shown above.
      integratedTime: t.integratedTime ?? 'no integrated time (Rekor v2: see the signed timestamp)',
    })),
    warnings: result.warnings,
    verificationNote: entry.verification ? verificationNote(entry.verification, entry) : verification.reasons[0],
  };
  return {
    ...base,
    title: `${result.written.length === 0 ? '=' : '✎'} ${shortName(entry.ref)}`,
    operation,
    json: JSON.stringify({ result, verification: entry.verification }, null, 2),
  };
}

/** When and against what the result was checked, in words that follow the verdict. */
function verificationNote(verification: VerifyReport, entry: SigningEntry): string {
  const when = entry.verifiedAgain ? `again on ${verification.checkedAt}` : 'just after writing';
  return verification.verified ? `Verified ${when}, against ${entry.policySource}.` : `Checked ${when}, against ${entry.policySource}: not verified (the reasons are below).`;
}

function outputOf(result: OperationResult): string {
  const r = result as OperationResult & { signedRef?: string; attestedRef?: string; copiedRef?: string };
  return r.signedRef ?? r.attestedRef ?? r.copiedRef ?? result.ref;
}

function fieldsOf(result: OperationResult): Array<[string, string]> {
  const r = result as OperationResult & { destinationRef?: string; predicateTypes?: string[] };
  const rows: Array<[string, string]> = [];
  if (r.destinationRef) rows.push(['Destination', r.destinationRef]);
  if (result.signer) rows.push(['Signer', result.signer.description]);
  if (result.signatureFormat) rows.push(['Signature format', result.signatureFormat]);
  if (result.attestationEntryType) rows.push(['Log entry type (legacy attestations)', result.attestationEntryType]);
  if (r.predicateTypes?.length) rows.push(['Predicate types', r.predicateTypes.join(', ')]);
  if (result.conflict) rows.push(['Conflict', result.conflict]);
  rows.push(...servicesUsed(result));
  for (const stamp of result.timestamps ?? []) rows.push(['Signed timestamp', `${stamp.time} (RFC 3161, ${hostOf(stamp.url)})`]);
  rows.push(['Cost', `${result.requests.registry} registry request${result.requests.registry === 1 ? '' : 's'}, ${result.requests.sigstore} to Sigstore services, ${result.durationMs} ms`]);
  return rows;
}

/**
 * The Sigstore services the operation used, and only those: a certificate authority for a
 * keyless signer (a key pair needs none), a log where an entry was made (a key pair may be kept
 * out of it), the timestamp authority that signed a timestamp.
 */
function servicesUsed(result: OperationResult): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  const keyless = !!result.signer && !result.signer.keyFingerprint;
  const logged = (url: string | undefined) => url !== undefined && result.tlog.some((t) => t.url === url);
  if (result.signatureFormat && result.signatureFormat !== 'bundle') {
    if (keyless) rows.push(['Certificate authority (legacy)', result.certificateAuthorityUrl ?? '']);
    if (logged(result.transparencyLogUrl)) rows.push(['Transparency log (legacy)', result.transparencyLogUrl ?? '']);
  }
  const log = result.bundleTransparencyLog;
  if (log && logged(log.url)) {
    rows.push(['Transparency log (bundle)', `Rekor v${log.version}: ${log.url} (from ${log.source})`]);
    if (log.timestampAuthorityUrl && (result.timestamps ?? []).some((t) => t.url === log.timestampAuthorityUrl)) rows.push(['Timestamp authority (bundle)', log.timestampAuthorityUrl]);
  }
  if (result.signer && !keyless && result.written.length > 0 && result.tlog.length === 0) {
    rows.push(['Transparency log', 'none: the key-pair signature was kept out of the log (opsConfig.signing.transparencyLogForKeys is off)']);
  }
  return rows;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** A copy verified with no policy: the report says so rather than claiming a verdict. */
function notChecked(entry: SigningEntry): VerifyReport {
  const digest = entry.ref.slice(entry.ref.indexOf('@') + 1);
  const [registry, ...rest] = entry.ref.slice(0, entry.ref.indexOf('@')).split('/');
  return {
    image: entry.ref,
    policy: '',
    id: entry.ref,
    verifiedRef: '',
    verified: false,
    verdict: 'not verified',
    admission: 'deny',
    digest,
    reference: { registry, repository: rest.join('/'), resolvedFromTag: false },
    trustRoot: '',
    policies: [],
    otherPolicies: [],
    reasons: [`Not checked: no admission policy was found for ${entry.ref}. Run "Verify Image Signature" on it with a policy.`],
    warnings: [],
    found: {},
    checkedAt: entry.at,
    durationMs: 0,
    requests: { registry: 0, auth: 0, bytes: 0 },
  };
}
