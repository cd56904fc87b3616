import * as vscode from 'vscode';
import type { OperationResult } from '../../clients/cosign/sign/types';
import type { VerifyReport } from '../../clients/cosign/verify/result';

/**
 * Recent sign, attest and copy operations, newest first, in the workspace's state: what was
 * written, by whom, and the verification of what was written. Results hold no secrets: no
 * token, key or password ever enters an OperationResult.
 */
export interface SigningEntry {
  key: string;
  operation: OperationResult['operation'];
  /** The digest reference the operation was about (the destination's for a copy). */
  ref: string;
  at: string;
  result: OperationResult;
  /** Verification of the result with a policy naming the signer (or the user's policy for a copy). */
  verification?: VerifyReport;
  policySource: string;
}

const STATE_KEY = 'opsConfig.signing.history';
const MAX_ENTRIES = 25;

export class SigningHistory implements vscode.Disposable {
  /** The history the Image Signatures view lists (set when the signing commands are registered). */
  static current?: SigningHistory;

  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.emitter.event;
  private sequence = 0;

  constructor(private readonly state: vscode.Memento) {}

  list(): SigningEntry[] {
    return this.state.get<SigningEntry[]>(STATE_KEY, []);
  }

  get(key: string): SigningEntry | undefined {
    return this.list().find((e) => e.key === key);
  }

  async add(result: OperationResult, ref: string, verification: VerifyReport | undefined, policySource: string): Promise<SigningEntry> {
    const entry: SigningEntry = { key: `${result.operation}:${Date.now().toString(36)}-${(this.sequence++).toString(36)}`, operation: result.operation, ref, at: new Date().toISOString(), result, verification, policySource };
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
