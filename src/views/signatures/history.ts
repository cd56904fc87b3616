import * as vscode from 'vscode';
import type { VerifyReport } from '../../clients/cosign/verify/result';

/**
 * Recent verifications, newest first, kept in the workspace's state so the Image Signatures view
 * can list them and a report panel can come back after a reload. Reports hold no secrets (the
 * registry client never puts credentials in them), only what the registry and policy said.
 */
export interface HistoryEntry {
  key: string;
  image: string;
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

export class VerificationHistory implements vscode.Disposable {
  /** The history the Image Signatures view lists (set when the commands are registered). */
  static current?: VerificationHistory;

  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.emitter.event;
  private sequence = 0;

  constructor(private readonly state: vscode.Memento) {}

  list(): HistoryEntry[] {
    return this.state.get<HistoryEntry[]>(STATE_KEY, []);
  }

  get(key: string): HistoryEntry | undefined {
    return this.list().find((e) => e.key === key);
  }

  async add(report: VerifyReport, policySource: string): Promise<HistoryEntry> {
    const stored: VerifyReport = report.policy.length > MAX_POLICY_CHARS ? { ...report, policy: `${report.policy.slice(0, MAX_POLICY_CHARS)}\n# … (policy truncated in the history)` } : report;
    const entry: HistoryEntry = {
      key: `verify:${Date.now().toString(36)}-${(this.sequence++).toString(36)}`,
      image: report.image,
      verifiedRef: report.verifiedRef,
      verdict: report.verdict,
      admission: report.admission,
      checkedAt: report.checkedAt,
      policySource,
      report: stored,
    };
    await this.state.update(STATE_KEY, [entry, ...this.list()].slice(0, MAX_ENTRIES));
    this.emitter.fire();
    return entry;
  }

  async clear(): Promise<void> {
    await this.state.update(STATE_KEY, []);
    this.emitter.fire();
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
