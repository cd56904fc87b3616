import './vscodeShim';
import { HoneycombClient } from '../../../src/clients/honeycomb';
import { resolveHoneycombConfig } from '../../../src/core/config';
import { KnownSecrets } from '../../../src/core/redact';
import { HoneycombConnectionNode } from '../../../src/views/honeycomb/connectionNode';
import { HoneycombExplorer } from '../../../src/views/honeycomb/explorer';
import { TreeNode } from '../../../src/views/tree/node';

/**
 * The Honeycomb explorer on plain Node, wired to a stand-in the way the editor wires it to the
 * connection and SecretStorage, for tests and benchmarks of the tree's behaviour (which requests
 * each action costs, what each node shows).
 */
export interface ExplorerHarness {
  explorer: HoneycombExplorer;
  /** Per-environment keys, as SecretStorage would hold them. */
  storedKeys: Map<string, string>;
  /** What opening the view does: the roots, then the (expanded) connection node's children. */
  open(): Promise<{ root: HoneycombConnectionNode; children: TreeNode[] }>;
}

export function explorerHarness(apiUrl: string, keys: { apiKey?: string; managementKey?: { id: string; secret: string } }): ExplorerHarness {
  const storedKeys = new Map<string, string>();
  const knownSecrets = new KnownSecrets();
  const sleep = async (): Promise<void> => undefined;
  const config = resolveHoneycombConfig({ apiUrl }, { apiKey: keys.apiKey, apiKeyId: keys.managementKey?.id, apiKeySecret: keys.managementKey?.secret }, {});
  const client = new HoneycombClient({ apiUrl, apiKey: keys.apiKey, managementKey: keys.managementKey, secrets: knownSecrets, sleep });
  const explorer = new HoneycombExplorer({
    config: async () => config,
    client: async () => client,
    clientForKey: async (apiKey) => new HoneycombClient({ apiUrl, apiKey, secrets: knownSecrets, sleep }),
    storedKey: async (slug) => storedKeys.get(slug),
  });
  const view = { refresh: () => undefined, redraw: () => undefined };
  return {
    explorer,
    storedKeys,
    async open() {
      explorer.reset();
      const root = new HoneycombConnectionNode(explorer, await explorer.start(), view);
      return { root, children: await root.getChildren() };
    },
  };
}

/** The child whose tree item has this label. */
export async function child(node: TreeNode, label: string): Promise<TreeNode> {
  const children = (await node.getChildren?.()) ?? [];
  for (const c of children) {
    if ((await c.getTreeItem()).label === label) return c;
  }
  const labels = await Promise.all(children.map(async (c) => (await c.getTreeItem()).label));
  throw new Error(`${node.id} has no child "${label}" (it has: ${labels.join(', ')})`);
}

export async function labels(node: TreeNode): Promise<string[]> {
  const children = (await node.getChildren?.()) ?? [];
  return Promise.all(children.map(async (c) => String((await c.getTreeItem()).label)));
}
