import * as vscode from 'vscode';
import { ENVIRONMENT_WIDE, SloItem } from '../../clients/honeycomb';
import { BurnAlertItem, burnAlertName, burnAlertSummary } from '../../clients/honeycomb/burnAlerts';
import { CreatableNode, CreateTarget, EditTarget, EditableNode } from '../../editing/editableKinds';
import { ChildrenLoader } from '../tree/childrenLoader';
import { EmptyNode, ErrorNode } from '../tree/messageNodes';
import { TreeNode } from '../tree/node';
import { OneRequestFolderNode, NamedRow, accessible, folderItem, withId } from './oneRequestFolderNode';
import { BURN_ALERT_KIND_ID, SLO_KIND_ID } from './kinds/ids';
import { HoneycombObject } from './objects';
import { EnvScope, ObjectLeafNode, signInCommandFor } from './scope';
import { days, percent } from './time';

/** A dataset's SLOs (multi-dataset ones included), or without a dataset every SLO (`__all__`). */
export class SlosFolderNode extends OneRequestFolderNode<SloItem> implements CreatableNode {
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
    return folderItem(this.dataset ? 'SLOs' : 'SLOs (all datasets)', 'target', this.countText(), 'opsConfig.honeycomb.folder.slos.creatable');
  }

  /** An SLO made here is evaluated on this dataset; under the environment, on datasets picked first. */
  createTarget(): CreateTarget {
    return { kindId: SLO_KIND_ID, parent: { env: this.scope.env.envSlug, dataset: this.dataset ?? ENVIRONMENT_WIDE } };
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

/** An SLO: edited as a document, and expanded to its burn alerts (one request, by SLO). */
export class SloNode extends ObjectLeafNode implements NamedRow, EditableNode, CreatableNode {
  /** Its label is the object's name: kept for the next window (TreeNode.rememberable). */
  readonly rememberable = true;
  sharesName = false;
  private readonly alerts: ChildrenLoader;

  constructor(
    parent: TreeNode,
    private readonly scope: EnvScope,
    readonly item: SloItem,
    /** Environment-wide lists say which datasets each SLO covers. */
    private readonly showDatasets: boolean,
  ) {
    super(`${parent.id}/${item.id}`, parent);
    this.alerts = new ChildrenLoader(
      async (signal) => {
        const items = await this.scope.explorer.burnAlerts(this.scope.env.envSlug, this.dataset(), this.item.id, signal);
        return items.length > 0 ? items.map((a) => new BurnAlertNode(this, this.scope, this.dataset(), this.item.id, a)) : [new EmptyNode(`${this.id}/empty`, this, 'No burn alerts')];
      },
      (error) => new ErrorNode(`${this.id}/error`, this, error, this, signInCommandFor(this.scope)),
    );
  }

  /** Where the SLO is addressed: its one dataset, or `__all__` when it spans several (as the provider does). */
  private dataset(): string {
    return this.item.datasets.length === 1 ? this.item.datasets[0] : ENVIRONMENT_WIDE;
  }

  getTreeItem(): vscode.TreeItem {
    const s = this.item;
    const item = new vscode.TreeItem(s.name, vscode.TreeItemCollapsibleState.Collapsed);
    // Multi-dataset SLOs are shown, marked: the seed's getSlos leaves them out.
    const target = `${percent(s.targetPercentage)} · ${days(s.timePeriod)}${s.datasets.length > 1 ? ' · multi-dataset' : ''}`;
    item.description = withId(this.showDatasets ? `${target} · ${s.datasets.join(', ')}` : target, s.id, this.sharesName);
    item.iconPath = new vscode.ThemeIcon('target');
    const tags = Object.entries(s.tags)
      .map(([k, v]) => `${k}:${v}`)
      .join(', ');
    item.tooltip = `${s.name}\nTarget ${percent(s.targetPercentage)} over ${days(s.timePeriod)}\nSLI ${s.sli}\nDatasets ${s.datasets.join(', ')}${tags ? `\nTags ${tags}` : ''}`;
    // Editable; `burnAlerts` offers "New Burn Alert…" (its own command, so "New…" never means two things).
    item.contextValue = 'opsConfig.honeycomb.slo.editable.burnAlerts';
    item.command = { command: 'opsConfig.openRecord', title: 'Open Record', arguments: [this] };
    return accessible(item);
  }

  getChildren(): Promise<TreeNode[]> {
    return this.alerts.children();
  }

  cancel(): boolean {
    return this.alerts.cancel();
  }

  invalidate(): void {
    this.alerts.reset();
    this.scope.explorer.cache.delete(`${this.scope.env.envSlug}|burnAlerts|${this.dataset()}|${this.item.id}`);
  }

  editTarget(): EditTarget {
    return { kindId: SLO_KIND_ID, address: { env: this.scope.env.envSlug, dataset: this.dataset(), id: this.item.id }, name: this.item.name };
  }

  createTarget(): CreateTarget {
    return { kindId: BURN_ALERT_KIND_ID, parent: { env: this.scope.env.envSlug, dataset: this.dataset(), slo: this.item.id } };
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

export class BurnAlertNode implements TreeNode, EditableNode {
  readonly id: string;

  constructor(
    private readonly parent: TreeNode,
    private readonly scope: EnvScope,
    private readonly dataset: string,
    private readonly sloId: string,
    readonly item: BurnAlertItem,
  ) {
    this.id = `${parent.id}/${item.id}`;
  }

  getTreeItem(): vscode.TreeItem {
    const a = this.item;
    const item = new vscode.TreeItem(burnAlertSummary(a), vscode.TreeItemCollapsibleState.None);
    item.description = [a.alertType === 'budget_rate' ? 'budget rate' : 'exhaustion time', a.triggered ? 'triggered' : undefined, a.description || undefined].filter(Boolean).join(' · ');
    item.iconPath = new vscode.ThemeIcon(a.triggered ? 'flame' : 'bell', a.triggered ? new vscode.ThemeColor('problemsWarningIcon.foreground') : undefined);
    item.tooltip = `Burn alert ${a.id}: ${burnAlertSummary(a)}${a.description ? `\n${a.description}` : ''}`;
    item.contextValue = 'opsConfig.honeycomb.burnAlert.editable';
    item.command = { command: 'opsConfig.edit', title: 'Open', arguments: [this] };
    return accessible(item);
  }

  editTarget(): EditTarget {
    const a = this.item;
    const name = burnAlertName({ alert_type: a.alertType, exhaustion_minutes: a.exhaustionMinutes, budget_rate_window_minutes: a.windowMinutes });
    return { kindId: BURN_ALERT_KIND_ID, address: { env: this.scope.env.envSlug, dataset: this.dataset, slo: this.sloId, id: a.id }, name };
  }

  filterText(): string {
    return `${burnAlertSummary(this.item)} ${this.item.description}`;
  }

  getParent(): TreeNode {
    return this.parent;
  }
}
