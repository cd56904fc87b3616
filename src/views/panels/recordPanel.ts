import * as vscode from 'vscode';
import { Logger } from '../../core/logger';
import { JsonDocuments } from './jsonDocuments';
import { PanelHost } from './panelHost';
import { RecordViewModel } from './protocol';
import { RecordSources } from './recordSources';

/** The record panel: any object of any service, drawn from a RecordViewModel. */
export const RECORD_VIEW_TYPE = 'opsConfig.record';

export const STANDARD_ACTIONS = [
  { id: 'viewJson', label: 'View as JSON' },
  { id: 'copyJson', label: 'Copy JSON' },
  { id: 'refresh', label: 'Refresh' },
];

export function createRecordPanels(extensionUri: vscode.Uri, sources: RecordSources, json: JsonDocuments, logger: Logger): PanelHost<RecordViewModel> {
  const host: PanelHost<RecordViewModel> = new PanelHost<RecordViewModel>(
    extensionUri,
    {
      viewType: RECORD_VIEW_TYPE,
      script: 'record.js',
      load: async (key, signal) => (await sources.load(key, signal)).model,
      title: (model) => model.title,
      revealSecret: async (key, secretId) => (await sources.get(key)).secrets?.[secretId],
      onAction: async (key, action, _args, panel) => {
        if (action === 'viewJson') {
          await json.open(key, panel.model?.title ?? 'record');
        } else if (action === 'copyJson') {
          const loaded = await sources.get(key);
          await vscode.env.clipboard.writeText(JSON.stringify(loaded.json, null, 2));
          void vscode.window.setStatusBarMessage('Copied the record as JSON', 2000);
        } else if (action === 'refresh') {
          panel.post({ type: 'loading' });
          panel.show((await sources.load(key)).model);
        }
      },
    },
    logger,
  );
  return host;
}
