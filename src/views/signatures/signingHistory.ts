import * as vscode from 'vscode';
import type { OperationResult } from '../../clients/cosign/sign/types';
import type { VerifyReport } from '../../clients/cosign/verify/result';
import { RecentList } from './recentList';

/**
 * Recent sign, attest and copy operations: what was written, by whom, and the verification of
 * what was written. Results hold no secrets: no token, key or password ever enters an
 * OperationResult.
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
  /** Set when the verification is a later one ("Verify Again"), not the one made just after writing. */
  verifiedAgain?: boolean;
}

const STATE_KEY = 'opsConfig.signing.history';
const MAX_ENTRIES = 25;

export class SigningHistory extends RecentList<SigningEntry> {
  constructor(state: vscode.Memento) {
    super(state, STATE_KEY, MAX_ENTRIES);
  }

  add(result: OperationResult, ref: string, verification: VerifyReport | undefined, policySource: string): Promise<SigningEntry> {
    return this.push({ key: this.newKey(result.operation), operation: result.operation, ref, at: new Date().toISOString(), result, verification, policySource });
  }

  /** The entry with a new verification of what was written; undefined when it left the history. */
  async verifiedAgain(key: string, verification: VerifyReport, policySource: string): Promise<SigningEntry | undefined> {
    const entry = this.get(key);
    if (!entry) return undefined;
    const changed: SigningEntry = { ...entry, verification, policySource, verifiedAgain: true };
    return (await this.update(changed)) ? changed : undefined;
  }
}
