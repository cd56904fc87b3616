import * as vscode from 'vscode';
import type { ItemOfKind } from '../../clients/authentik';
import { licenseExpiry } from '../../clients/authentik/resources/licenseExpiry';
import { InfoNode, TreeNode } from '../tree/node';
import { AuthentikTreeContext } from './context';
import { editKindId } from './kinds/ids';
import { AuthentikObjectNode } from './objectNode';
import { ObjectRef } from './objectRef';

/**
 * Nodes of the managed kinds the tree did not show before they became editable: blueprints,
 * notification rules and transports, agent connectors with their enrollment tokens, Google Chrome
 * connectors, enterprise licenses, and an application's entitlements. Each opens its record and
 * carries Edit… / Delete… (a license only Delete…: its key is installed by its own command).
 */

const icon = (id: string, color?: string) => new vscode.ThemeIcon(id, color ? new vscode.ThemeColor(color) : undefined);
const ref = (kind: ObjectRef['kind'], id: string, name: string, slug?: string): ObjectRef => ({ kind, lookup: id, id, name, ...(slug ? { slug } : {}) });

export function blueprintNode(parent: TreeNode, ctx: AuthentikTreeContext, b: ItemOfKind<'blueprint'>): TreeNode {
  const failed = b.status === 'error' || b.status === 'orphaned';
  return new AuthentikObjectNode(parent, ctx, ref('blueprint', b.pk, b.name), {
    label: b.name,
    description: [b.status, b.enabled === false ? 'disabled' : undefined, b.path || (b.content ? 'inline content' : undefined)].filter(Boolean).join(' · '),
    tooltip: [b.name, `Status: ${b.status}`, b.last_applied ? `Last applied: ${b.last_applied}` : undefined, b.path ? `File: ${b.path}` : undefined].filter(Boolean).join('\n'),
    icon: icon(failed ? 'error' : 'file-code', failed ? 'problemsErrorIcon.foreground' : b.enabled === false ? 'disabledForeground' : undefined),
    edit: { kindId: editKindId('blueprint'), address: { id: b.pk }, name: b.name },
  });
}

export function eventRuleNode(parent: TreeNode, ctx: AuthentikTreeContext, r: ItemOfKind<'eventRule'>): TreeNode {
  const transports = (r.transports ?? []).length;
  return new AuthentikObjectNode(parent, ctx, ref('eventRule', r.pk, r.name), {
    label: r.name,
    description: [r.severity, `${transports} transport${transports === 1 ? '' : 's'}`, r.destination_group_obj?.name ? `→ ${r.destination_group_obj.name}` : undefined].filter(Boolean).join(' · '),
    icon: icon('bell'),
    edit: { kindId: editKindId('eventRule'), address: { id: r.pk }, name: r.name },
  });
}

export class EventTransportNode extends AuthentikObjectNode {
  constructor(
    parent: TreeNode,
    ctx: AuthentikTreeContext,
    readonly transport: ItemOfKind<'eventTransport'>,
  ) {
    // The webhook URL is a secret (chat webhooks carry their token in it): never in the tree.
    super(parent, ctx, ref('eventTransport', transport.pk, transport.name), {
      label: transport.name,
      description: [transport.mode_verbose ?? transport.mode, transport.send_once ? 'send once' : undefined].filter(Boolean).join(' · '),
      icon: icon('send'),
      edit: { kindId: editKindId('eventTransport'), address: { id: transport.pk }, name: transport.name },
    });
  }

  protected override extraContext(): string[] {
    return ['transport'];
  }
}

export class AgentConnectorNode extends AuthentikObjectNode {
  constructor(
    parent: TreeNode,
    ctx: AuthentikTreeContext,
    readonly connector: ItemOfKind<'connectorAgent'>,
  ) {
    super(parent, ctx, ref('connectorAgent', connector.connector_uuid ?? '', connector.name), {
      label: connector.name,
      description: [connector.verbose_name, connector.enabled === false ? 'disabled' : undefined].filter(Boolean).join(' · '),
      icon: icon('device-desktop', connector.enabled === false ? 'disabledForeground' : undefined),
      edit: { kindId: editKindId('connectorAgent'), address: { id: connector.connector_uuid ?? '' }, name: connector.name },
    });
  }

  protected override extraContext(): string[] {
    return ['connector'];
  }

  protected override hasChildren(): boolean {
    return true;
  }

  /** The connector's enrollment tokens; a connector rarely has more than a page of them. */
  protected override async loadChildren(signal: AbortSignal): Promise<TreeNode[]> {
    const page = await (await this.ctx.client.resources('enrollmentToken')).listChildren(this.connector.connector_uuid ?? '', { pageSize: 100, signal });
    const nodes: TreeNode[] = page.items.map((t) => enrollmentTokenNode(this, this.ctx, t));
    if (page.count > page.items.length) nodes.push(new InfoNode(`${this.id}/more`, this, `${(page.count - page.items.length).toLocaleString('en-US')} more tokens`, { icon: icon('ellipsis') }));
    return nodes;
  }

  protected override emptyMessage(): string {
    return 'No enrollment tokens';
  }
}

export function enrollmentTokenNode(parent: TreeNode, ctx: AuthentikTreeContext, t: ItemOfKind<'enrollmentToken'>): TreeNode {
  const expired = t.expiring !== false && !!t.expires && Date.parse(t.expires) <= Date.now();
  return new (class extends AuthentikObjectNode {
    protected override extraContext(): string[] {
      return ['token'];
    }
  })(parent, ctx, ref('enrollmentToken', t.token_uuid, t.name), {
    label: t.name,
    description: expired ? 'expired' : t.expiring === false ? 'never expires' : t.expires ? `expires ${t.expires.slice(0, 10)}` : undefined,
    icon: icon('key', expired ? 'problemsErrorIcon.foreground' : undefined),
    edit: { kindId: editKindId('enrollmentToken'), address: { parent: t.connector, id: t.token_uuid }, name: t.name },
  });
}

export function browserConnectorNode(parent: TreeNode, ctx: AuthentikTreeContext, c: ItemOfKind<'browserConnector'>): TreeNode {
  // `credentials` (a service account key) is a secret: it never reaches the tree.
  return new AuthentikObjectNode(parent, ctx, ref('browserConnector', c.connector_uuid ?? '', c.name), {
    label: c.name,
    description: [c.verbose_name, c.enabled === false ? 'disabled' : undefined].filter(Boolean).join(' · '),
    icon: icon('browser', c.enabled === false ? 'disabledForeground' : undefined),
    edit: { kindId: editKindId('browserConnector'), address: { id: c.connector_uuid ?? '' }, name: c.name },
  });
}

/** A license: its name, user counts and expiry; expired in red, expiring within two weeks in yellow. */
export function licenseNode(parent: TreeNode, ctx: AuthentikTreeContext, l: ItemOfKind<'license'>, now = Date.now()): TreeNode {
  const expiry = licenseExpiry(l.expiry, now);
  const when =
    expiry.state === 'expired' ? `expired ${-(expiry.days ?? 0)} days ago` : expiry.state === 'expiring' ? `expires in ${expiry.days} days` : l.expiry ? `until ${l.expiry.slice(0, 10)}` : 'no expiry';
  const users = `${l.internal_users} internal / ${l.external_users} external users`;
  const color = expiry.state === 'expired' ? 'problemsErrorIcon.foreground' : expiry.state === 'expiring' ? 'problemsWarningIcon.foreground' : undefined;
  return new AuthentikObjectNode(parent, ctx, ref('license', l.license_uuid, l.name), {
    label: l.name,
    description: `${when} · ${users}`,
    tooltip: `${l.name}\nExpiry: ${l.expiry ?? 'none'} (${when})\n${users}`,
    icon: icon(expiry.state === 'expired' ? 'error' : expiry.state === 'expiring' ? 'warning' : 'verified', color),
    edit: { kindId: editKindId('license'), address: { id: l.license_uuid }, name: l.name },
    deleteOnly: true,
  });
}

export function entitlementNode(parent: TreeNode, ctx: AuthentikTreeContext, e: ItemOfKind<'applicationEntitlement'>, appSlug: string): TreeNode {
  return new AuthentikObjectNode(parent, ctx, ref('applicationEntitlement', e.pbm_uuid, e.name, appSlug), {
    label: e.name,
    description: e.attributes && Object.keys(e.attributes).length ? `${Object.keys(e.attributes).length} attributes` : undefined,
    icon: icon('symbol-key'),
    edit: { kindId: editKindId('applicationEntitlement'), address: { parent: e.app, id: e.pbm_uuid }, name: e.name },
  });
}
