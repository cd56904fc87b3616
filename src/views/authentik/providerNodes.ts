import type * as A from '../../clients/authentik';
import { InfoNode, TreeNode } from '../tree/node';
import { AuthentikTreeContext } from './context';
import { editKindId } from './kinds/ids';
import { entitlementNode } from './managedNodes';
import { icon, polymorphicEdit } from './nodeLook';
import { AuthentikObjectNode } from './objectNode';
import { modelName } from './objectRef';
import { refs } from './refs';

/**
 * A provider (an OAuth2 one expands to its setup URLs, a SAML one to its metadata) and an
 * application (it expands to its entitlements).
 */

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
