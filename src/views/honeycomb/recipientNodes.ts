import * as vscode from 'vscode';
import { RecipientItem, TriggerItem, recipientLabel } from '../../clients/honeycomb';
import { CreatableNode, CreateTarget, EditTarget, EditableNode } from '../../editing/editableKinds';
import { TreeNode } from '../tree/node';
import { RECIPIENT_KIND_ID } from './kinds/recipientIds';
import { OneRequestFolderNode, accessible, folderItem } from './oneRequestFolderNode';
import { HoneycombObject } from './objects';
import { recordKeyOfObject } from './recordKeys';
import { TYPE_LABELS } from './recordModels';
import { EnvScope, ObjectNode } from './scope';
import { TriggerNode } from './triggerNodes';

/**
 * The team's recipients (one request), grouped by type. Microsoft Teams' legacy connector and
 * its workflows share a group; each recipient says which it is.
 */
const GROUPS: Array<{ key: string; label: string; icon: string; types: string[] }> = [
  { key: 'email', label: 'Email', icon: 'mail', types: ['email'] },
  { key: 'slack', label: 'Slack', icon: 'comment-discussion', types: ['slack'] },
  { key: 'pagerduty', label: 'PagerDuty', icon: 'flame', types: ['pagerduty'] },
  { key: 'webhook', label: 'Webhook', icon: 'link', types: ['webhook'] },
  { key: 'msteams', label: 'Microsoft Teams', icon: 'organization', types: ['msteams', 'msteams_workflow'] },
];

export class RecipientsFolderNode extends OneRequestFolderNode<RecipientItem> implements CreatableNode {
  /** A fixed label: kept for the next window (TreeNode.rememberable). */
  readonly rememberable = true;
  constructor(parent: TreeNode, scope: EnvScope) {
    super(`${parent.id}/recipients`, parent, scope);
  }

  getTreeItem(): vscode.TreeItem {
    const item = folderItem('Recipients', 'broadcast', this.countText(), 'opsConfig.honeycomb.folder.recipients.creatable');
    item.tooltip = 'Recipients are team-wide: every environment of the team shares them.';
    return accessible(item);
  }

  /** A recipient made here belongs to the team; this environment's key makes it. */
  createTarget(): CreateTarget {
    return { kindId: RECIPIENT_KIND_ID, parent: { env: this.scope.env.envSlug } };
  }

  protected load(signal: AbortSignal): Promise<RecipientItem[]> {
    return this.scope.explorer.recipients(this.scope.env.envSlug, signal);
  }

  protected toNodes(items: RecipientItem[]): TreeNode[] {
    const groups: TreeNode[] = GROUPS.map((g) => ({ g, members: items.filter((r) => g.types.includes(r.type)) }))
      .filter(({ members }) => members.length > 0)
      .map(({ g, members }) => new RecipientTypeNode(this, this.scope, g.key, g.label, g.icon, members));
    const known = new Set(GROUPS.flatMap((g) => g.types));
    const other = items.filter((r) => !known.has(r.type));
    if (other.length > 0) {
      groups.push(new RecipientTypeNode(this, this.scope, 'other', 'Other types', 'question', other));
    }
    return groups;
  }

  protected emptyMessage(): string {
    return 'No recipients in this team';
  }

  protected cacheKey(): string {
    return `${this.scope.env.envSlug}|recipients`;
  }
}

export class RecipientTypeNode implements TreeNode {
  readonly id: string;
  private readonly children: RecipientNode[];

  constructor(
    private readonly parent: TreeNode,
    scope: EnvScope,
    key: string,
    private readonly label: string,
    private readonly icon: string,
    members: RecipientItem[],
  ) {
    this.id = `${parent.id}/${key}`;
    this.children = members.map((r) => new RecipientNode(this, scope, r));
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.Collapsed);
    item.description = String(this.children.length);
    item.iconPath = new vscode.ThemeIcon(this.icon);
    item.contextValue = 'opsConfig.honeycomb.recipientType';
    return accessible(item);
  }

  getChildren(): TreeNode[] {
    return this.children;
  }

  /** Stays visible while any of its recipients (or their loaded triggers) match the filter. */
  filterText(): string {
    return `${this.label} ${this.children.map((c) => c.filterText()).join(' ')}`;
  }

  getParent(): TreeNode {
    return this.parent;
  }
}

/**
 * A recipient; expanding it lists the triggers that notify it (`/1/recipients/{id}/triggers`).
 * Not remembered for the next window (TreeNode.rememberable): its label is an address, a channel
 * or a webhook URL, which can carry a token.
 */
export class RecipientNode extends OneRequestFolderNode<TriggerItem> implements ObjectNode, EditableNode {
  constructor(
    parent: TreeNode,
    scope: EnvScope,
    readonly item: RecipientItem,
  ) {
    super(`${parent.id}/${item.id}`, parent, scope);
  }

  getTreeItem(): vscode.TreeItem {
    const r = this.item;
    const item = new vscode.TreeItem(recipientLabel(r), vscode.TreeItemCollapsibleState.Collapsed);
    item.description = describe(r);
    item.iconPath = new vscode.ThemeIcon('account');
    item.tooltip = `${TYPE_LABELS[r.type] ?? r.type} recipient ${recipientLabel(r)}\nID ${r.id}\nExpand to see the triggers that notify it.`;
    // Editable (the legacy Teams type opens to say why it is read-only), and by its type which
    // secret commands its menu offers.
    item.contextValue = `opsConfig.honeycomb.recipient.editable.${r.type}`;
    return accessible(item);
  }

  editTarget(): EditTarget {
    return { kindId: RECIPIENT_KIND_ID, address: { env: this.scope.env.envSlug, id: this.item.id }, name: recipientLabel(this.item) };
  }

  protected load(signal: AbortSignal): Promise<TriggerItem[]> {
    return this.scope.explorer.recipientTriggers(this.scope.env.envSlug, this.item.id, signal);
  }

  protected toNodes(items: TriggerItem[]): TreeNode[] {
    return items.map((t) => new TriggerNode(this, this.scope, t, true));
  }

  protected emptyMessage(): string {
    return 'No trigger notifies this recipient';
  }

  protected cacheKey(): string {
    return `${this.scope.env.envSlug}|recipientTriggers|${this.item.id}`;
  }

  filterText(): string {
    return `${recipientLabel(this.item)} ${this.item.type} ${this.loadedFilterText()}`;
  }

  object(): HoneycombObject {
    return { kind: 'recipient', env: this.scope.env, item: this.item };
  }

  recordKey(): string {
    return recordKeyOfObject(this.object());
  }

  recordTitle(): string {
    return recipientLabel(this.item);
  }
}

/** The second line of a recipient: what tells two of the same type apart. */
function describe(r: RecipientItem): string {
  switch (r.type) {
    case 'pagerduty':
      return 'PagerDuty service';
    case 'webhook':
    case 'msteams':
    case 'msteams_workflow': {
      let host = r.url ?? '';
      try {
        host = new URL(r.url ?? '').host;
      } catch {
        // Not a URL: show it as it is.
      }
      return r.type === 'webhook' ? host : `${TYPE_LABELS[r.type]} · ${host}`;
    }
    default:
      return '';
  }
}
