import * as vscode from 'vscode';
import { EditTarget, EditableNode } from '../../editing/editableKinds';
import { TreeNode } from '../tree/node';
import { DATASET_DEFINITIONS_KIND_ID } from './kinds/datasetKindIds';
import { accessible } from './oneRequestFolderNode';
import { EnvScope } from './scope';

/**
 * A dataset's definitions (which fields are the trace id, duration, service name…): one row that
 * opens them as a document. Nothing is loaded for the row itself. They cannot be deleted, only
 * cleared one by one, so the row is `undeletable` (package.json leaves Delete… off it).
 */
export class DatasetDefinitionsNode implements TreeNode, EditableNode {
  readonly id: string;

  constructor(
    private readonly parent: TreeNode,
    private readonly scope: EnvScope,
    private readonly dataset: string,
  ) {
    this.id = `${parent.id}/definitions`;
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem('Dataset definitions', vscode.TreeItemCollapsibleState.None);
    item.iconPath = new vscode.ThemeIcon('symbol-key');
    item.tooltip = 'Which columns are the trace id, span id, duration, service name… of this dataset';
    item.contextValue = 'opsConfig.honeycomb.definitions.editable.undeletable';
    item.command = { command: 'opsConfig.edit', title: 'Open', arguments: [this] };
    return accessible(item);
  }

  editTarget(): EditTarget {
    return { kindId: DATASET_DEFINITIONS_KIND_ID, address: { env: this.scope.env.envSlug, dataset: this.dataset }, name: 'definitions' };
  }

  getParent(): TreeNode {
    return this.parent;
  }

  /** Nothing loaded below it: filtering finds it by its label only. */
  loadedFilterText(): string {
    return '';
  }

  invalidate(): void {
    // Its document is read when opened: nothing cached here.
  }
}
