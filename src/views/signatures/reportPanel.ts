import * as vscode from 'vscode';
import { Logger } from '../../core/logger';
import { PanelHandle, PanelHost } from '../panels/panelHost';
import { ReportViewModel } from '../panels/protocol';
import { VerificationEntry, VerificationHistory } from './history';
import { createHistoryReportPanels } from './historyReportPanels';
import { toReportModel } from './reportModel';

/** The verification report panel: one panel per verification, keyed by its history entry. */
export const REPORT_VIEW_TYPE = 'opsConfig.verificationReport';

export function createReportPanels(
  extensionUri: vscode.Uri,
  history: VerificationHistory,
  logger: Logger,
  verifyAgain: (entry: VerificationEntry, panel: PanelHandle<ReportViewModel>) => Promise<void>,
): PanelHost<ReportViewModel> {
  return createHistoryReportPanels(
    extensionUri,
    {
      viewType: REPORT_VIEW_TYPE,
      history,
      toModel: (entry) => toReportModel(entry.key, entry.report, entry.policySource),
      goneOnLoad: 'This verification is no longer in the history (it keeps the last 25). Verify the image again.',
      goneOnAction: 'This verification is no longer in the history.',
      json: (entry) => entry.report,
      copied: 'Copied the verification report as JSON',
      verifyAgain,
    },
    logger,
  );
}
