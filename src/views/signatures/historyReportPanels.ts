import * as vscode from 'vscode';
import { Logger } from '../../core/logger';
import { prompts } from '../../ui/prompts';
import { reportCommandError } from '../../ui/commandRunner';
import { PanelHandle, PanelHost } from '../panels/panelHost';
import { ReportViewModel } from '../panels/protocol';

/**
 * A kind of report panel (app media/report) over a history: one panel per entry, keyed by the
 * entry, so a report restored after a reload shows what it showed before. Verification reports
 * and signing results are two such kinds; they differ only in what the history holds.
 */
export interface HistoryReportKind<E> {
  viewType: string;
  history: { get(key: string): E | undefined };
  toModel(entry: E): ReportViewModel;
  /** Why a restored panel is empty: its entry left the history. */
  goneOnLoad: string;
  /** The same, for a click on a panel whose entry left the history. */
  goneOnAction: string;
  /** What "Copy JSON" copies, and the status message after it. */
  json(entry: E): unknown;
  copied: string;
  /** "Verify Again": verifies once more and shows the new report in `panel` (its tab, not a new one). */
  verifyAgain(entry: E, panel: PanelHandle<ReportViewModel>): Promise<void>;
}

export function createHistoryReportPanels<E>(extensionUri: vscode.Uri, kind: HistoryReportKind<E>, logger: Logger): PanelHost<ReportViewModel> {
  return new PanelHost<ReportViewModel>(
    extensionUri,
    {
      viewType: kind.viewType,
      script: 'report.js',
      load: async (key) => {
        const entry = kind.history.get(key);
        if (!entry) throw new Error(kind.goneOnLoad);
        return kind.toModel(entry);
      },
      title: (model) => model.title,
      onAction: async (key, action, _args, panel) => {
        const entry = kind.history.get(key);
        if (!entry) {
          panel.post({ type: 'error', message: kind.goneOnAction });
        } else if (action === 'copyJson') {
          await vscode.env.clipboard.writeText(JSON.stringify(kind.json(entry), null, 2));
          prompts.status(kind.copied, 3000);
        } else if (action === 'verifyAgain') {
          // A failure is the command's, shown as a message; the report it was asked from stays.
          await kind.verifyAgain(entry, panel).catch((error: unknown) => reportCommandError(logger, 'opsConfig.signatures.verifyImage', error));
        }
      },
    },
    logger,
  );
}
