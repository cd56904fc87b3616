import * as vscode from 'vscode';
import { Logger } from '../core/logger';
import { registerCommand } from '../ui/commandRunner';
import { prompts } from '../ui/prompts';
import { TreeNode, VIEW_IDS, ViewAccessByName, ViewName, isRecordNode, loadMore, retryTargetOf, viewOfNode } from '../views/api';
import type { JsonDocuments, RecordPanels } from '../views/panels/api';

/** Commands every view shares: refresh, retry, load more, filter, logs, records and JSON. */
export function registerViewCommands(context: vscode.ExtensionContext, logger: Logger, channel: vscode.LogOutputChannel, views: ViewAccessByName, records: RecordPanels, json: JsonDocuments): void {
  for (const name of Object.keys(VIEW_IDS) as ViewName[]) {
    registerCommand(context, logger, `${VIEW_IDS[name]}.refresh`, () => views.view(name).refresh());
    registerCommand(context, logger, `${VIEW_IDS[name]}.filter`, async () => {
      const filter = views.view(name).filter;
      const text = await prompts.inputBox({ title: 'Filter', prompt: 'Show only loaded items whose name, slug or ID contains these words. Leave empty to show everything.', value: filter.text });
      if (text !== undefined) await filter.set(text);
    });
    registerCommand(context, logger, `${VIEW_IDS[name]}.clearFilter`, () => views.view(name).filter.set(''));
  }

  registerCommand(context, logger, 'opsConfig.refreshNode', (node?: TreeNode) => {
    const name = node && viewOfNode(node);
    if (node && name) views.view(name).refresh(node);
  });
  registerCommand(context, logger, 'opsConfig.retry', (node?: TreeNode) => {
    const name = node && viewOfNode(node);
    if (node && name) views.view(name).refresh(retryTargetOf(node));
  });
  registerCommand(context, logger, 'opsConfig.loadMore', (node?: TreeNode) => loadMore(node));
  registerCommand(context, logger, 'opsConfig.viewLogs', () => channel.show(true));
  registerCommand(context, logger, 'opsConfig.openRecord', (target?: TreeNode | string) => {
    const key = typeof target === 'string' ? target : isRecordNode(target) ? target.recordKey() : undefined;
    if (key) records.open(key);
  });
  registerCommand(context, logger, 'opsConfig.viewJson', async (target?: TreeNode | string) => {
    if (typeof target === 'string') {
      await json.open(target, target.split(':').pop() ?? 'record');
    } else if (isRecordNode(target)) {
      await json.open(target.recordKey(), target.recordTitle?.() ?? target.recordKey().split(':').pop() ?? 'record');
    }
  });
}
