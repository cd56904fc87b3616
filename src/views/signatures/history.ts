import * as vscode from 'vscode';
import type { VerifyReport } from '../../clients/cosign/verify/result';
import { RecentList } from './recentList';

/**
 * Recent verifications. Reports hold no secrets (the registry client never puts credentials in
 * them), only what the registry and policy said.
 */
export interface VerificationEntry {
  key: string;
  image: string;
  /** The digest reference that was checked (entries saved by older versions have only verifiedRef). */
  checkedRef?: string;
  /** '' when not verified. */
  verifiedRef: string;
  verdict: VerifyReport['verdict'];
  admission: VerifyReport['admission'];
  checkedAt: string;
  policySource: string;
  report: VerifyReport;
}

const STATE_KEY = 'opsConfig.signatures.history';
const MAX_ENTRIES = 25;
/** A pasted 5 MB policy would bloat the state; the report keeps the start of such a policy. */
const MAX_POLICY_CHARS = 64 * 1024;

export class VerificationHistory extends RecentList<VerificationEntry> {
  constructor(state: vscode.Memento) {
    super(state, STATE_KEY, MAX_ENTRIES);
  }

  add(report: VerifyReport, policySource: string): Promise<VerificationEntry> {
    const stored: VerifyReport = report.policy.length > MAX_POLICY_CHARS ? { ...report, policy: `${report.policy.slice(0, MAX_POLICY_CHARS)}\n# … (policy truncated in the history)` } : report;
    return this.push({
      key: this.newKey('verify'),
      image: report.image,
      checkedRef: report.id,
      verifiedRef: report.verifiedRef,
      verdict: report.verdict,
      admission: report.admission,
      checkedAt: report.checkedAt,
      policySource,
      report: stored,
    });
  }
}
