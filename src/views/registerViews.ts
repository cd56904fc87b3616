import * as vscode from 'vscode';
import { AuthentikConnections } from '../connections/authentikConnections';
import { HoneycombConnection } from '../connections/honeycombConnection';
import { RegistryCredentialStore } from '../connections/registryCredentials';
import type { TreeShell } from '../startup/shells';
import { authentikRoots } from './authentik/roots';
import type { HoneycombExplorer } from './honeycomb/explorer';
import { honeycombRoots } from './honeycomb/roots';
import { VerificationHistory } from './signatures/history';
import { signatureRoots } from './signatures/roots';
import { SigningHistory } from './signatures/signingHistory';
import { ExplorerProvider } from './tree/explorerProvider';
import { TreeMemory } from './tree/treeMemory';
import { honeycombFingerprint } from './honeycomb/rememberedConnection';
import type { SecretStore } from '../core/secrets';
import { TreeNode } from './tree/node';
import type { ViewAccess, ViewAccessByName } from './api';
import { VIEW_IDS, ViewName } from './viewIds';
import { ManagedIndex, decorateManagedRow } from '../terraform/managedIndex';

export { VIEW_IDS } from './viewIds';
export type { ViewName } from './viewIds';

/** The views with their providers and tree views (the extension and tests); commands get `view(name)`. */
export interface Views extends ViewAccessByName {
  providers: Record<ViewName, ExplorerProvider>;
  treeViews: Record<ViewName, vscode.TreeView<TreeNode>>;
}

/**
 * Gives the three views, created at start-up with their filters (src/startup/shells.ts), their
 * providers. Nothing is fetched here: a view loads when it is first shown.
 */
export function registerViews(
  context: vscode.ExtensionContext,
  shells: Record<ViewName, TreeShell>,
  honeycomb: HoneycombConnection,
  honeycombExplorer: HoneycombExplorer,
  authentik: AuthentikConnections,
  secrets: SecretStore,
  registryLogins: RegistryCredentialStore,
  verifications: VerificationHistory,
  signings: SigningHistory,
  terraform: ManagedIndex,
): Views {
  // A row of an object the workspace's Terraform manages says so, once that Terraform has been read.
  const decorate = decorateManagedRow(terraform);
  const make = (name: ViewName, roots: (view: ExplorerProvider) => Promise<TreeNode[]> | TreeNode[], fingerprint?: () => Promise<string | undefined>): ExplorerProvider => {
    const { view, filter } = shells[name];
    const memory = fingerprint && new TreeMemory(context.globalState, name, fingerprint);
    const provider: ExplorerProvider = new ExplorerProvider(VIEW_IDS[name], () => roots(provider), filter, memory, decorate);
    provider.attach(view);
    context.subscriptions.push(provider);
    return provider;
  };
  // The Honeycomb view remembers its tree for the next window (src/startup/rememberedTree.ts).
  const hcProvider = make(
    'honeycomb',
    (view) => honeycombRoots(honeycomb, honeycombExplorer, view),
    async () => honeycombFingerprint(await honeycomb.config(), secrets),
  );
  const akProvider = make('authentik', (view) => authentikRoots(authentik, view));
  const sigProvider = make('signatures', () => signatureRoots(registryLogins, verifications, signings));

  context.subscriptions.push(
    honeycomb.onDidChange(() => hcProvider.refresh()),
    authentik.onDidChange(() => akProvider.refresh()),
    registryLogins.onDidChange(() => sigProvider.refresh()),
    verifications.onDidChange(() => sigProvider.refresh()),
    signings.onDidChange(() => sigProvider.refresh()),
    terraform.onDidChange(() => {
      hcProvider.redrawAll();
      akProvider.redrawAll();
    }),
  );
  const providers = { honeycomb: hcProvider, authentik: akProvider, signatures: sigProvider };
  const treeViews = { honeycomb: shells.honeycomb.view, authentik: shells.authentik.view, signatures: shells.signatures.view };
  const access = (name: ViewName): ViewAccess => ({
    refresh: (node) => providers[name].refresh(node),
    // A node that left the tree since (a refresh rebuilt it) cannot be revealed; that is no error.
    reveal: (node, options) => Promise.resolve(treeViews[name].reveal(node, options)).then(undefined, () => undefined),
    roots: () => providers[name].getChildren(),
    filter: providers[name].filter,
  });
  return { providers, treeViews, view: access };
}
