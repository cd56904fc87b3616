import * as vscode from 'vscode';
import { Logger } from '../../core/logger';
import { PanelHost } from '../panels/panelHost';
import { ReportViewModel } from '../panels/protocol';
import { VerificationHistory } from './history';
import { toReportModel } from './reportModel';

/**
 * The verification report panel (app media/report): one panel per verification, keyed by its
 * history entry, so a report restored after a reload shows the same verdict it showed before.
 */
export const REPORT_VIEW_TYPE = 'opsConfig.verificationReport';

export function createReportPanels(extensionUri: vscode.Uri, history: VerificationHistory, logger: Logger): PanelHost<ReportViewModel> {
  return new PanelHost<ReportViewModel>(
    extensionUri,
    {
      viewType: REPORT_VIEW_TYPE,
      script: 'report.js',
      load: async (key) => {
        const entry = history.get(key);
        if (!entry) throw new Error('This verification is no longer in the history (it keeps the last 25). Verify the image again.');
        return toReportModel(entry.key, entry.report, entry.policySource);
      },
      title: (model) => model.title,
      onAction: async (key, action, _args, panel) => {
        const entry = history.get(key);
        if (action === 'copyJson' && entry) {
          await vscode.env.clipboard.writeText(JSON.stringify(entry.report, null, 2));
          void vscode.window.setStatusBarMessage('Copied the verification report as JSON', 2000);
        } else if (action === 'verifyAgain' && entry) {
          await vscode.commands.executeCommand('opsConfig.signatures.verifyImage', undefined, entry.image);
        } else if (!entry) {
          panel.post({ type: 'error', message: 'This verification is no longer in the history.' });
        }
      },
    },
    logger,
  );
}
