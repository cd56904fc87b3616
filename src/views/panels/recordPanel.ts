import * as vscode from 'vscode';
import { Logger } from '../../core/logger';
import { copyToClipboard } from '../../ui/copyToClipboard';
import { prompts } from '../../ui/prompts';
import { JsonDocuments } from './jsonDocuments';
import { PanelHandle, PanelHost } from './panelHost';
import { RecordViewModel } from './protocol';
import { withWrites } from './recordRule';
import { RecordSources } from './recordSources';
import { ManagedIndex, withTerraformOwner } from '../../terraform/managedIndex';

/** The record panel: any object of any service, drawn from a RecordViewModel. */
export const RECORD_VIEW_TYPE = 'opsConfig.record';

/** Whether this window may change live objects (src/editing/writeGate.ts), as the record panel needs it. */
export interface WritesState {
  readonly writesAllowed: boolean;
  readonly onDidChange: vscode.Event<boolean>;
}

export function createRecordPanels(extensionUri: vscode.Uri, sources: RecordSources, json: JsonDocuments, logger: Logger, writes: WritesState, terraform: ManagedIndex): PanelHost<RecordViewModel> {
  // What `present` shows changes with the write gate and with what the workspace's Terraform manages.
  const presentChanged = (listener: (e: unknown) => void): vscode.Disposable => {
    const both = [writes.onDidChange(listener), terraform.onDidChange(() => listener(undefined))];
    return {
      dispose: () => {
        for (const d of both) d.dispose();
      },
    };
  };
  const host: PanelHost<RecordViewModel> = new PanelHost<RecordViewModel>(
    extensionUri,
    {
      viewType: RECORD_VIEW_TYPE,
      script: 'record.js',
      load: async (key, signal) => (await sources.load(key, signal)).model,
      title: (model) => model.title,
      // Edit… only where it can lead to a change: not while writes are off. A managed object says where its Terraform is.
      present: (model) => withWrites(withTerraformOwner(model, terraform), writes.writesAllowed),
      presentChanged,
      revealSecret: async (key, secretId) => (await sources.get(key)).secrets?.[secretId],
      onAction: (key, action, _args, panel) => runAction(key, action, panel),
    },
    logger,
  );
  return host;

  /** The record's built-in buttons, and those whose text to copy (or reason not to) the model carries. */
  async function runAction(key: string, id: string, panel: PanelHandle<RecordViewModel>): Promise<void> {
    const action = panel.model?.actions?.find((a) => a.id === id);
    const title = panel.model?.title ?? 'the record';
    if (action?.unavailable) {
      await prompts.info(action.unavailable);
    } else if (action?.copy) {
      await copyToClipboard(action.copy.text, `Copied ${action.copy.what}`);
    } else if (id === 'viewJson') {
      await json.open(key, title);
    } else if (id === 'copyJson') {
      const loaded = await sources.get(key);
      await copyToClipboard(JSON.stringify(loaded.json, null, 2), `Copied ${title} as JSON (secrets masked)`);
    } else if (id === 'refresh') {
      panel.post({ type: 'loading' });
      panel.show((await sources.load(key)).model);
    }
  }
}
