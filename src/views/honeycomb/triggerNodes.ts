import * as vscode from 'vscode';
import { ENVIRONMENT_WIDE, TriggerItem } from '../../clients/honeycomb';
import { CreatableNode, CreateTarget, EditTarget, EditableNode } from '../../editing/editableKinds';
import { TreeNode } from '../tree/node';
import { OneRequestFolderNode, NamedRow, accessible, folderItem, withId } from './oneRequestFolderNode';
import { TRIGGER_KIND_ID } from './kinds/ids';
import { HoneycombObject } from './objects';
import { EnvScope, ObjectLeafNode } from './scope';

/** A dataset's triggers, or with `__all__` every trigger of the environment. */
export class TriggersFolderNode extends OneRequestFolderNode<TriggerItem> implements CreatableNode {
  /** A fixed label: kept for the next window (TreeNode.rememberable). */
  readonly rememberable = true;
  constructor(
    parent: TreeNode,
    scope: EnvScope,
    readonly dataset: string,
  ) {
    super(`${parent.id}/triggers`, parent, scope);
  }

  getTreeItem(): vscode.TreeItem {
    return folderItem(this.dataset === ENVIRONMENT_WIDE ? 'Triggers (all datasets)' : 'Triggers', 'bell', this.countText(), 'opsConfig.honeycomb.folder.triggers.creatable');
  }

  /** A trigger made here runs on this dataset, or environment-wide under the environment. */
  createTarget(): CreateTarget {
    return { kindId: TRIGGER_KIND_ID, parent: { env: this.scope.env.envSlug, dataset: this.dataset } };
  }

  protected load(signal: AbortSignal): Promise<TriggerItem[]> {
    return this.scope.explorer.triggers(this.scope.env.envSlug, this.dataset, signal);
  }

  protected toNodes(items: TriggerItem[]): TreeNode[] {
    return items.map((item) => new TriggerNode(this, this.scope, item, this.dataset === ENVIRONMENT_WIDE));
  }

  protected emptyMessage(): string {
    return this.dataset === ENVIRONMENT_WIDE ? 'No triggers in this environment' : 'No triggers on this dataset';
  }

  protected cacheKey(): string {
    return `${this.scope.env.envSlug}|triggers|${this.dataset}`;
  }
}

export class TriggerNode extends ObjectLeafNode implements EditableNode, NamedRow {
  /** Its label is the object's name: kept for the next window (TreeNode.rememberable). */
  readonly rememberable = true;
  sharesName = false;

  constructor(
    parent: TreeNode,
    private readonly scope: EnvScope,
    readonly item: TriggerItem,
    /** Lists that span datasets say which dataset each trigger runs on. */
    private readonly showDataset: boolean,
  ) {
    super(`${parent.id}/${item.id}`, parent);
  }

  getTreeItem(): vscode.TreeItem {
    const t = this.item;
    const item = new vscode.TreeItem(t.name, vscode.TreeItemCollapsibleState.None);
    const threshold = t.thresholds.map((th) => `${th.op} ${th.value}`).join(', ');
    const state = t.disabled ? 'disabled' : t.triggered ? 'triggered' : undefined;
    const dataset = t.dataset === ENVIRONMENT_WIDE ? 'environment-wide' : t.dataset;
    item.description = withId([this.showDataset ? dataset : undefined, threshold, `every ${minutes(t.frequency)}`, state].filter(Boolean).join(' · '), t.id, this.sharesName);
    item.iconPath = new vscode.ThemeIcon(
      t.disabled ? 'bell-slash' : t.triggered ? 'bell-dot' : 'bell',
      t.triggered && !t.disabled ? new vscode.ThemeColor('problemsWarningIcon.foreground') : undefined,
    );
    item.tooltip = `${t.name}${t.description ? `\n${t.description}` : ''}\nDataset ${dataset}\nThreshold ${threshold}, every ${minutes(t.frequency)}`;
    // Editable, and which of Enable/Disable its menu offers.
    item.contextValue = `opsConfig.honeycomb.trigger.editable.${t.disabled ? 'disabled' : 'enabled'}`;
    item.command = { command: 'opsConfig.openRecord', title: 'Open Record', arguments: [this] };
    return accessible(item);
  }

  rowName(): string {
    return this.item.name;
  }

  filterText(): string {
    return `${this.item.name} ${this.item.dataset}`;
  }

  editTarget(): EditTarget {
    // Environment-wide triggers are addressed with `__all__`, whichever list shows them.
    return { kindId: TRIGGER_KIND_ID, address: { env: this.scope.env.envSlug, dataset: this.item.dataset, id: this.item.id }, name: this.item.name };
  }

  object(): HoneycombObject {
    return { kind: 'trigger', env: this.scope.env, item: this.item };
  }

  recordTitle(): string {
    return this.item.name;
  }
}

function minutes(seconds: number): string {
  return seconds % 3600 === 0 ? `${seconds / 3600} h` : `${Math.round(seconds / 60)} min`;
}
