import type * as A from '../../clients/authentik';
import { TreeNode } from '../tree/node';
import { AuthentikTreeContext } from './context';
import { editKindId } from './kinds/ids';
import { count, icon, polymorphicEdit } from './nodeLook';
import { AuthentikObjectNode } from './objectNode';
import { refs } from './refs';

/** The objects shown as leaves: brands, sources, property mappings, outposts, service connections, permissions. */

export function brandNode(parent: TreeNode, ctx: AuthentikTreeContext, b: A.Brand): TreeNode {
  return new AuthentikObjectNode(parent, ctx, refs.brand(b), {
    label: b.domain,
    description: [b.branding_title, b.default ? 'default' : undefined].filter(Boolean).join(' · '),
    icon: icon('globe'),
    edit: { kindId: editKindId('brand'), address: { id: b.brand_uuid }, name: b.domain },
  });
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
