import * as vscode from 'vscode';
import { Logger } from '../core/logger';
import { registerCommand } from '../ui/commandRunner';
import { prompts } from '../ui/prompts';
import { JsonDocuments } from '../views/panels/jsonDocuments';
import { PanelHost } from '../views/panels/panelHost';
import { RecordViewModel } from '../views/panels/protocol';
import { VIEW_IDS, ViewName, Views } from '../views/registerViews';
import { ErrorNode } from '../views/tree/messageNodes';
import { TreeNode } from '../views/tree/node';
import { LoadMoreNode } from '../views/tree/pagedFolderNode';

/** A node that opens as a record: its key, and the name to give a JSON document. */
export interface RecordNode extends TreeNode {
  recordKey(): string;
  recordTitle?(): string;
}

export function isRecordNode(node: unknown): node is RecordNode {
  return !!node && typeof (node as RecordNode).recordKey === 'function';
}

/** Commands every view shares: refresh, retry, load more, filter, logs, records and JSON. */
export function registerViewCommands(context: vscode.ExtensionContext, logger: Logger, channel: vscode.LogOutputChannel, views: Views, records: PanelHost<RecordViewModel>, json: JsonDocuments): void {
  const providerOf = (node: TreeNode): ViewName | undefined => {
    let root: TreeNode = node;
    while (root.getParent()) root = root.getParent()!;
    return (Object.keys(VIEW_IDS) as ViewName[]).find((name) => root.id.startsWith(`${name}/`));
  };

  for (const name of Object.keys(VIEW_IDS) as ViewName[]) {
    registerCommand(context, logger, `${VIEW_IDS[name]}.refresh`, () => views.providers[name].refresh());
    registerCommand(context, logger, `${VIEW_IDS[name]}.filter`, async () => {
      const filter = views.providers[name].filter;
      const text = await prompts.inputBox({ title: 'Filter', prompt: 'Show only loaded items whose name, slug or ID contains these words. Leave empty to show everything.', value: filter.text });
      if (text !== undefined) await filter.set(text);
    });
    registerCommand(context, logger, `${VIEW_IDS[name]}.clearFilter`, () => views.providers[name].filter.set(''));
  }

  registerCommand(context, logger, 'opsConfig.refreshNode', (node?: TreeNode) => {
    const name = node && providerOf(node);
    if (node && name) views.providers[name].refresh(node);
  });
  registerCommand(context, logger, 'opsConfig.retry', (node?: ErrorNode) => {
    if (!node) return;
    const name = providerOf(node);
    if (!name) return;
    const target = node.retryTarget;
    views.providers[name].refresh(target);
  });
  registerCommand(context, logger, 'opsConfig.loadMore', (node?: LoadMoreNode) => node?.loadMore());
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
