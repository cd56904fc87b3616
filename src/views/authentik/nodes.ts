import * as vscode from 'vscode';
import type * as A from '../../clients/authentik';
import { InfoNode, TreeNode } from '../tree/node';
import { Page } from '../tree/pageLoader';
import { PagedFolderNode } from '../tree/pagedFolderNode';
import { AuthentikTreeContext, SIGN_IN_COMMAND } from './context';
import type { EditTarget } from '../../editing/editableKinds';
import { editKindId } from './kinds/ids';
import { polymorphicKey } from '../../clients/authentik/resources/polymorphicKey';
import { entitlementNode } from './managedNodes';
import { AuthentikObjectNode, ObjectLook, SectionNode } from './objectNode';
import { modelName, recordKeyOf } from './objectRef';
import { expiryPresentation } from './presentation';
import { refs } from './refs';

/**
 * The node of each kind of authentik object and what it expands to: a flow to its stage
 * bindings in order, a stage to the flows using it, a group to parents / children / members,
 * a user to direct and inherited groups, a certificate to what uses it, an OAuth2 provider to
 * its setup URLs and a SAML provider to its metadata.
 */

const icon = (id: string, color?: string) => new vscode.ThemeIcon(id, color ? new vscode.ThemeColor(color) : undefined);
/**
 * An object of a polymorphic list edits as its own type (`/providers/oauth2/`), named by its
 * `meta_model_name` (or its admin form's `component`); the kind loads with the first edit.
 */
function polymorphicEdit(family: string, object: { meta_model_name?: string; component?: string }, id: string, name: string): EditTarget {
  return { kindId: editKindId(polymorphicKey(family, object)), address: { id }, name };
}

const count = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

export function brandNode(parent: TreeNode, ctx: AuthentikTreeContext, b: A.Brand): TreeNode {
  return new AuthentikObjectNode(parent, ctx, refs.brand(b), {
    label: b.domain,
    description: [b.branding_title, b.default ? 'default' : undefined].filter(Boolean).join(' · '),
    icon: icon('globe'),
    edit: { kindId: editKindId('brand'), address: { id: b.brand_uuid }, name: b.domain },
  });
}

export class FlowNode extends AuthentikObjectNode {
  constructor(
    parent: TreeNode,
    ctx: AuthentikTreeContext,
    readonly flow: Pick<A.Flow, 'pk' | 'slug' | 'name' | 'title' | 'designation'>,
    idSuffix = '',
  ) {
    super(
      parent,
      ctx,
      refs.flow(flow),
      {
        label: flow.slug,
        description: `${flow.designation} · ${flow.name}`,
        tooltip: `${flow.name}\n${flow.title}\nDesignation: ${flow.designation}`,
        icon: icon('list-ordered'),
        edit: { kindId: editKindId('flow'), address: { id: flow.slug }, name: flow.slug },
      },
      idSuffix,
    );
  }

  /** The flow's bindings as loaded (in order), for Move up / Move down. */
  bindings(): A.FlowStageBinding[] {
    return this.loadedBindings;
  }

  private loadedBindings: A.FlowStageBinding[] = [];

  protected override hasChildren(): boolean {
    return true;
  }

  /** The stage bindings in execution order; a flow rarely has more than a page of them. */
  protected override async loadChildren(signal: AbortSignal): Promise<TreeNode[]> {
    const page = await this.ctx.client.listFlowBindings(this.flow.pk, { pageSize: 100, signal });
    this.loadedBindings = page.items;
    const nodes: TreeNode[] = page.items.map((b) => new StageNode(this, this.ctx, b.stage_obj, { binding: b }));
    if (page.count > page.items.length) {
      nodes.push(
        new InfoNode(`${this.id}/more`, this, `${(page.count - page.items.length).toLocaleString('en-US')} more bindings`, { description: 'open the record for all', icon: icon('ellipsis') }),
      );
    }
    return nodes;
  }

  protected override emptyMessage(): string {
    return 'No stages bound to this flow';
  }
}

export class StageNode extends AuthentikObjectNode {
  constructor(
    parent: TreeNode,
    ctx: AuthentikTreeContext,
    readonly stage: A.Stage,
    options: { binding?: A.FlowStageBinding } = {},
  ) {
    const b = options.binding;
    const look: ObjectLook = b
      ? {
          label: `${b.order} · ${stage.name}`,
          description: stage.verbose_name,
          tooltip: [
            `Order ${b.order}: ${stage.name} (${stage.verbose_name})`,
            `On an invalid answer: ${b.invalid_response_action ?? 'retry'}`,
            `Evaluate policies when planning: ${b.evaluate_on_plan ? 'yes' : 'no'}`,
            `Re-evaluate policies when shown: ${b.re_evaluate_policies !== false ? 'yes' : 'no'}`,
            `Policy engine mode: ${b.policy_engine_mode ?? 'any'}`,
          ].join('\n'),
          icon: icon('debug-stackframe'),
          // A stage shown as a binding edits (and deletes) the binding, never the stage.
          edit: { kindId: editKindId('flowStageBinding'), address: { parent: b.target, id: b.pk }, name: `${b.order} · ${stage.name}` },
        }
      : { label: stage.name, description: stage.verbose_name, icon: icon('debug-stackframe'), edit: polymorphicEdit('stage', stage, stage.pk, stage.name) };
    super(parent, ctx, refs.stage(stage), look, b ? `#${b.pk}` : '');
    this.binding = b;
  }

  readonly binding?: A.FlowStageBinding;

  /** A binding opens the binding's record (order, policies…); a stage its own. */
  override recordKey(): string {
    return this.binding ? recordKeyOf({ kind: 'flowStageBinding', lookup: this.binding.pk }, this.connectionId) : super.recordKey();
  }

  protected override extraContext(): string[] {
    return this.binding ? ['binding'] : [];
  }

  protected override hasChildren(): boolean {
    return true;
  }

  /** The flows this stage is bound into (`flow_set`), fresh from the server. */
  protected override async loadChildren(signal: AbortSignal): Promise<TreeNode[]> {
    const stage = await this.ctx.client.retrieveStage(this.stage.pk, signal);
    return [
      new SectionNode(
        this,
        'used-in',
        'Used in flows',
        count(stage.flow_set.length, 'flow'),
        'references',
        (self) => stage.flow_set.map((f) => new FlowNode(self, this.ctx, f)),
        'This stage is not bound to any flow',
      ),
    ];
  }
}

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

export class CertificateNode extends AuthentikObjectNode {
  constructor(
    parent: TreeNode,
    ctx: AuthentikTreeContext,
    readonly pair: A.CertificateKeyPair,
  ) {
    const expiry = expiryPresentation(pair.cert_expiry);
    const color = expiry.tone === 'error' ? 'problemsErrorIcon.foreground' : expiry.tone === 'warning' ? 'problemsWarningIcon.foreground' : undefined;
    super(parent, ctx, refs.certificate(pair), {
      label: pair.name,
      description: [expiry.text, pair.private_key_available ? 'with key' : 'no key'].join(' · '),
      tooltip: `${pair.name}\n${pair.cert_subject ?? ''}\n${expiry.text}`,
      icon: icon(expiry.tone === 'error' ? 'error' : expiry.tone === 'warning' ? 'warning' : 'workspace-trusted', color),
      edit: { kindId: editKindId('certificateKeyPair'), address: { id: pair.pk }, name: pair.name },
    });
  }

  protected override extraContext(): string[] {
    return [expiryPresentation(this.pair.cert_expiry).tone, this.pair.private_key_available ? 'key' : 'nokey'];
  }

  protected override hasChildren(): boolean {
    return true;
  }

  protected override async loadChildren(signal: AbortSignal): Promise<TreeNode[]> {
    const usedBy = await this.ctx.client.certificateUsedBy(this.pair.pk, signal);
    return [
      new SectionNode(
        this,
        'used-by',
        'Used by',
        count(usedBy.length, 'object'),
        'references',
        (self) => usedBy.map((u, i) => new InfoNode(`${self.id}/${i}`, self, u.name, { description: `${u.app}.${u.model_name} · on delete: ${u.action}`, icon: icon('symbol-reference') })),
        'Nothing uses this certificate',
      ),
    ];
  }
}

export class ProviderNode extends AuthentikObjectNode {
  constructor(
    parent: TreeNode,
    ctx: AuthentikTreeContext,
    readonly provider: A.Provider,
  ) {
    super(parent, ctx, refs.provider(provider), {
      label: provider.name,
      description: [provider.verbose_name, provider.assigned_application_name ? `→ ${provider.assigned_application_name}` : 'no application'].join(' · '),
      icon: icon('plug'),
      edit: polymorphicEdit('provider', provider, String(provider.pk), provider.name),
    });
  }

  private get model(): string {
    return modelName(this.ref);
  }

  protected override extraContext(): string[] {
    return this.model === 'samlprovider' ? ['saml'] : this.model === 'oauth2provider' ? ['oauth2'] : [];
  }

  protected override hasChildren(): boolean {
    return this.model === 'oauth2provider' || this.model === 'samlprovider';
  }

  protected override async loadChildren(signal: AbortSignal): Promise<TreeNode[]> {
    if (this.model === 'oauth2provider') {
      if (!this.provider.assigned_application_slug) return [];
      const urls = await this.ctx.client.oauth2SetupUrls(this.provider.pk, signal);
      const rows: Array<[string, string | null]> = [
        ['Issuer', urls.issuer],
        ['Authorize', urls.authorize],
        ['Token', urls.token],
        ['User info', urls.user_info],
        ['OpenID configuration', urls.provider_info],
        ['Logout', urls.logout],
        ['JWKS', urls.jwks],
      ];
      return rows
        .filter(([, url]) => url)
        .map(
          ([label, url]) =>
            new InfoNode(`${this.id}/url/${label}`, this, label, {
              description: url!,
              tooltip: url!,
              icon: icon('link'),
              contextValue: 'opsConfig.authentik.value',
              command: { command: 'opsConfig.authentik.copyValue', title: 'Copy', arguments: [url, `${label} URL`] },
            }),
        );
    }
    return [
      new InfoNode(`${this.id}/metadata`, this, 'Metadata (XML)', {
        description: 'open as a document',
        icon: icon('file-code'),
        command: { command: 'opsConfig.authentik.openSamlMetadata', title: 'Open SAML Metadata', arguments: [this.provider.pk, this.provider.name, this.connectionId] },
      }),
    ];
  }

  protected override emptyMessage(): string {
    return 'No application is assigned, so there are no setup URLs yet';
  }
}

/** An application; it expands to its entitlements. */
export class ApplicationNode extends AuthentikObjectNode {
  constructor(
    parent: TreeNode,
    ctx: AuthentikTreeContext,
    readonly application: A.Application,
  ) {
    super(parent, ctx, refs.application(application), {
      label: application.name,
      description: [application.slug, application.provider_obj ? application.provider_obj.verbose_name : 'no provider'].join(' · '),
      tooltip: [application.name, application.meta_description, application.launch_url].filter(Boolean).join('\n'),
      icon: icon('window'),
      edit: { kindId: editKindId('application'), address: { id: application.slug }, name: application.slug },
    });
  }

  protected override extraContext(): string[] {
    return ['application'];
  }

  protected override hasChildren(): boolean {
    return true;
  }

  protected override async loadChildren(signal: AbortSignal): Promise<TreeNode[]> {
    const page = await (await this.ctx.client.resources('applicationEntitlement')).listChildren(this.application.pk, { pageSize: 100, signal });
    const nodes = page.items.map((e) => entitlementNode(this, this.ctx, e, this.application.slug));
    if (page.count > page.items.length) nodes.push(new InfoNode(`${this.id}/more`, this, `${(page.count - page.items.length).toLocaleString('en-US')} more entitlements`, { icon: icon('ellipsis') }));
    return nodes;
  }

  protected override emptyMessage(): string {
    return 'No entitlements';
  }
}

export function applicationNode(parent: TreeNode, ctx: AuthentikTreeContext, a: A.Application): TreeNode {
  return new ApplicationNode(parent, ctx, a);
}

export function sourceNode(parent: TreeNode, ctx: AuthentikTreeContext, s: A.Source): TreeNode {
  return new AuthentikObjectNode(parent, ctx, refs.source(s), {
    label: s.name,
    description: [s.verbose_name, s.enabled === false ? 'disabled' : undefined].filter(Boolean).join(' · '),
    icon: icon('cloud-download', s.enabled === false ? 'disabledForeground' : undefined),
    edit: polymorphicEdit('source', s, s.slug, s.name),
  });
}

export function mappingNode(parent: TreeNode, ctx: AuthentikTreeContext, m: A.PropertyMapping): TreeNode {
  return new AuthentikObjectNode(parent, ctx, refs.mapping(m), {
    label: m.name,
    description: [m.verbose_name, m.managed ? 'managed' : undefined].filter(Boolean).join(' · '),
    tooltip: [m.name, m.managed ?? undefined].filter(Boolean).join('\n'),
    icon: icon('symbol-property'),
    edit: polymorphicEdit('propertyMapping', m, m.pk, m.name),
  });
}

export function outpostNode(parent: TreeNode, ctx: AuthentikTreeContext, o: A.Outpost): TreeNode {
  return new AuthentikObjectNode(parent, ctx, refs.outpost(o), {
    label: o.name,
    description: [o.type, count(o.providers.length, 'provider'), o.service_connection_obj?.name].filter(Boolean).join(' · '),
    icon: icon('server'),
    edit: { kindId: editKindId('Outpost'), address: { id: o.pk }, name: o.name },
  });
}

export function serviceConnectionNode(parent: TreeNode, ctx: AuthentikTreeContext, s: A.ServiceConnection): TreeNode {
  return new AuthentikObjectNode(parent, ctx, refs.serviceConnection(s), {
    label: s.name,
    description: [s.verbose_name, s.local ? 'local' : undefined].filter(Boolean).join(' · '),
    icon: icon('server-environment'),
    edit: polymorphicEdit('serviceConnection', s, s.pk, s.name),
  });
}

export function permissionNode(parent: TreeNode, ctx: AuthentikTreeContext, p: A.Permission): TreeNode {
  return new AuthentikObjectNode(parent, ctx, refs.permission(p), {
    label: p.codename,
    description: `${p.app_label}.${p.model}`,
    tooltip: `${p.name}\n${p.app_label_verbose} › ${p.model_verbose}`,
    icon: icon('key'),
    // authentik's API only lists permissions: Edit…, New… and Delete… say so (derivedKinds.ts).
    edit: { kindId: editKindId('Permission'), address: { id: String(p.id) }, name: p.codename },
  });
}
