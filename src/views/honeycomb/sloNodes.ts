import * as vscode from 'vscode';
import { SloItem } from '../../clients/honeycomb';
import { TreeNode } from '../tree/node';
import { OneRequestFolderNode, NamedRow, accessible, folderItem, withId } from './oneRequestFolderNode';
import { HoneycombObject } from './objects';
import { EnvScope, ObjectLeafNode } from './scope';
import { days, percent } from './time';

/** A dataset's SLOs (multi-dataset ones included), or without a dataset every SLO (`__all__`). */
export class SlosFolderNode extends OneRequestFolderNode<SloItem> {
  /** A fixed label: kept for the next window (TreeNode.rememberable). */
  readonly rememberable = true;
  constructor(
    parent: TreeNode,
    scope: EnvScope,
    readonly dataset: string | undefined,
  ) {
    super(`${parent.id}/slos`, parent, scope);
  }

  getTreeItem(): vscode.TreeItem {
    return folderItem(this.dataset ? 'SLOs' : 'SLOs (all datasets)', 'target', this.countText());
  }

  protected load(signal: AbortSignal): Promise<SloItem[]> {
    return this.scope.explorer.slos(this.scope.env.envSlug, this.dataset, signal);
  }

  protected toNodes(items: SloItem[]): TreeNode[] {
    return items.map((item) => new SloNode(this, this.scope, item, this.dataset === undefined));
  }

  protected emptyMessage(): string {
    return this.dataset ? 'No SLOs in this dataset' : 'No SLOs in this environment';
  }

  protected cacheKey(): string {
    return `${this.scope.env.envSlug}|slos|${this.dataset ?? '__all__'}`;
  }
}

export class SloNode extends ObjectLeafNode implements NamedRow {
  /** Its label is the object's name: kept for the next window (TreeNode.rememberable). */
  readonly rememberable = true;
  sharesName = false;

  constructor(
    parent: TreeNode,
    private readonly scope: EnvScope,
    readonly item: SloItem,
    /** Environment-wide lists say which datasets each SLO covers. */
    private readonly showDatasets: boolean,
  ) {
    super(`${parent.id}/${item.id}`, parent);
  }

  getTreeItem(): vscode.TreeItem {
    const s = this.item;
    const item = new vscode.TreeItem(s.name, vscode.TreeItemCollapsibleState.None);
    // Multi-dataset SLOs are shown, marked: the seed's getSlos leaves them out.
    const target = `${percent(s.targetPercentage)} · ${days(s.timePeriod)}${s.datasets.length > 1 ? ' · multi-dataset' : ''}`;
    item.description = withId(this.showDatasets ? `${target} · ${s.datasets.join(', ')}` : target, s.id, this.sharesName);
    item.iconPath = new vscode.ThemeIcon('target');
    const tags = Object.entries(s.tags)
      .map(([k, v]) => `${k}:${v}`)
      .join(', ');
    item.tooltip = `${s.name}\nTarget ${percent(s.targetPercentage)} over ${days(s.timePeriod)}\nSLI ${s.sli}\nDatasets ${s.datasets.join(', ')}${tags ? `\nTags ${tags}` : ''}`;
    item.contextValue = 'opsConfig.honeycomb.slo';
    item.command = { command: 'opsConfig.openRecord', title: 'Open Record', arguments: [this] };
    return accessible(item);
  }

  rowName(): string {
    return this.item.name;
  }

  filterText(): string {
    const s = this.item;
    return `${s.name} ${s.sli} ${s.datasets.join(' ')} ${Object.entries(s.tags)
      .map(([k, v]) => `${k}:${v}`)
      .join(' ')}`;
  }

  object(): HoneycombObject {
    return { kind: 'slo', env: this.scope.env, item: this.item };
  }

  recordTitle(): string {
    return this.item.name;
  }
}
