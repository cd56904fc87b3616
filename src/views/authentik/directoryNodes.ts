import * as vscode from 'vscode';
import type * as A from '../../clients/authentik';
import { TreeNode } from '../tree/node';
import { Page } from '../tree/pageLoader';
import { PagedFolderNode } from '../tree/pagedFolderNode';
import { AuthentikTreeContext, SIGN_IN_COMMAND } from './context';
import { editKindId } from './kinds/ids';
import { count, icon } from './nodeLook';
import { AuthentikObjectNode, SectionNode } from './objectNode';
import { refs } from './refs';

/** A group expands to parents / children / members; a user to direct and inherited groups. */

export class GroupNode extends AuthentikObjectNode {
  constructor(
    parent: TreeNode,
    ctx: AuthentikTreeContext,
    readonly group: Pick<A.Group, 'pk' | 'name'> & Partial<Pick<A.Group, 'is_superuser' | 'users' | 'num_pk'>>,
    description?: string,
  ) {
    const members = group.users?.length;
    super(parent, ctx, refs.group(group), {
      label: group.name,
      description: description ?? [members !== undefined ? count(members, 'member') : undefined, group.is_superuser ? 'superuser' : undefined].filter(Boolean).join(' · '),
      icon: icon('organization', group.is_superuser ? 'charts.orange' : undefined),
      edit: { kindId: editKindId('Group'), address: { id: group.pk }, name: group.name },
    });
  }

  protected override hasChildren(): boolean {
    return true;
  }

  protected override async loadChildren(signal: AbortSignal): Promise<TreeNode[]> {
    const g = await this.ctx.client.retrieveGroup(this.group.pk, signal);
    const parents = g.parents_obj ?? [];
    const children = g.children_obj ?? [];
    return [
      new SectionNode(this, 'parents', 'Parents', count(parents.length, 'group'), 'arrow-up', (self) => parents.map((p) => new GroupNode(self, this.ctx, p)), 'A top-level group'),
      new SectionNode(this, 'children', 'Children', count(children.length, 'group'), 'arrow-down', (self) => children.map((c) => new GroupNode(self, this.ctx, c)), 'No child groups'),
      new GroupMembersNode(this, this.ctx, g.pk, (g.users ?? []).length),
    ];
  }
}

/** A group's direct members, a page at a time from `/core/users/?groups_by_pk=`. */
export class GroupMembersNode extends PagedFolderNode<A.User, number> {
  constructor(
    parent: TreeNode,
    private readonly ctx: AuthentikTreeContext,
    private readonly groupPk: string,
    private readonly knownCount: number,
  ) {
    super(`${parent.id}/members`, parent, ctx.view);
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem('Members', vscode.TreeItemCollapsibleState.Collapsed);
    item.description = count(this.total ?? this.knownCount, 'user');
    item.iconPath = icon('person');
    item.contextValue = 'opsConfig.authentik.members';
    return item;
  }

  protected async fetchPage(cursor: number | undefined, signal: AbortSignal): Promise<Page<A.User, number>> {
    const page = await this.ctx.client.listGroupMembers(this.groupPk, { page: cursor ?? 1, pageSize: this.ctx.pageSize(), signal });
    return { items: page.items, total: page.count, next: page.next };
  }

  protected toNode(user: A.User): TreeNode {
    return new UserNode(this, this.ctx, user);
  }

  protected emptyMessage(): string {
    return 'No members';
  }

  protected override signInCommand(): string {
    return SIGN_IN_COMMAND;
  }
}

export class UserNode extends AuthentikObjectNode {
  constructor(
    parent: TreeNode,
    ctx: AuthentikTreeContext,
    readonly user: Pick<A.User, 'pk' | 'username' | 'name'> & Partial<Pick<A.User, 'is_active' | 'type'>>,
  ) {
    const inactive = user.is_active === false;
    super(parent, ctx, refs.user(user), {
      label: user.username,
      description: [user.name, inactive ? 'inactive' : undefined, user.type && user.type !== 'internal' ? user.type.replace(/_/g, ' ') : undefined].filter(Boolean).join(' · '),
      icon: icon(user.type?.includes('service_account') ? 'robot' : 'person', inactive ? 'disabledForeground' : undefined),
      edit: { kindId: editKindId('User'), address: { id: String(user.pk) }, name: user.username },
    });
  }

  protected override hasChildren(): boolean {
    return true;
  }

  protected override async loadChildren(signal: AbortSignal): Promise<TreeNode[]> {
    const m = await this.ctx.client.userGroupMembership(this.user.pk, signal);
    return [
      new SectionNode(
        this,
        'direct',
        'Groups',
        count(m.direct.length, 'group'),
        'organization',
        (self) => m.direct.map((g) => new GroupNode(self, this.ctx, g, 'direct member')),
        'Not a member of any group',
      ),
      new SectionNode(
        this,
        'inherited',
        'Inherited groups',
        count(m.inherited.length, 'group'),
        'type-hierarchy-super',
        (self) => m.inherited.map((g) => new GroupNode(self, this.ctx, g, `inherited via ${g.via}`)),
        'No groups inherited through nesting',
      ),
    ];
  }
}
