import * as vscode from 'vscode';
import { WriteGate } from '../editing/writeGate';
import type { QueryFeatures } from '../queries/features';
import { CODE_LENS_SELECTOR, IMAGE_LENS_COMMANDS, ImageCodeLensProvider } from '../views/signatures/codeLens';
import type { TreeNode } from '../views/tree/node';
import { ViewFilter } from '../views/tree/viewFilter';
import { VIEW_IDS, ViewName } from '../views/viewIds';
import { registerCommandShells } from './commandShells';
import type { CommandTable } from './commandTable';
import { deferredDocuments, deferredFileSystem, deferredSerializer, deferredTree } from './deferredProviders';
import { registerQueryFileShells } from './queryFileShells';
import { registerBlueprintShells } from './blueprintShells';
import { registerTerraformShells } from './terraformShells';
import type { TerraformFeatures } from '../terraform/terraformFeatures';
import type { RememberedTrees } from './rememberedTrees';
import { Slot } from './slot';

/**
 * What the editor needs from the extension the moment it starts, registered without loading
 * the features: every command a user can run before they load, the three views, the file
 * systems and read-only documents of its own schemes (an editor restored after a reload asks for
 * them), the panel serializers (a panel restored after a reload), the CodeLens of image
 * references and query files, and the context keys the start-up state decides (view filters,
 * writes allowed). Each is a thin stand-in that loads the features on first use; `provide` gives
 * them their implementations.
 *
 * The schemes and view types are named here, as literals, so that their modules stay out of the
 * start-up chunk; `provide` refuses a set of implementations that does not match them exactly.
 */
const FILE_SYSTEMS = {
  'opsconfig-edit': { isCaseSensitive: true },
  'opsconfig-authentik-saml': { isReadonly: true, isCaseSensitive: true },
  'opsconfig-blueprint': { isCaseSensitive: true },
} satisfies Record<string, { isCaseSensitive?: boolean; isReadonly?: boolean }>;
const DOCUMENT_SCHEMES = ['opsconfig-json', 'opsconfig-plan'] as const;
const PANEL_VIEW_TYPES = ['opsConfig.record', 'opsConfig.verificationReport', 'opsConfig.signingReport', 'opsConfig.queryResult', 'opsConfig.honeycombBoard'] as const;

export interface TreeShell {
  view: vscode.TreeView<TreeNode>;
  filter: ViewFilter;
}

/** The implementations the features hand to the start-up registrations. */
export interface FeatureImplementations {
  fileSystems: Record<string, vscode.FileSystemProvider>;
  documents: Record<string, vscode.TextDocumentContentProvider>;
  panels: Record<string, vscode.WebviewPanelSerializer>;
  trees: Record<ViewName, vscode.TreeDataProvider<TreeNode>>;
  queryFeatures: () => Promise<QueryFeatures>;
  terraformFeatures: () => Promise<TerraformFeatures>;
}

export interface Shells {
  trees: Record<ViewName, TreeShell>;
  /** Publishes `opsConfig.writesEnabled` from the start; the editing features use it. */
  gate: WriteGate;
  /** The handlers behind the command stand-ins: the features register their commands here. */
  commands: CommandTable;
  provide(implementations: FeatureImplementations): void;
}

export function createShells(context: vscode.ExtensionContext, loadFeatures: () => Promise<unknown>, remembered: RememberedTrees): Shells {
  const subscriptions = context.subscriptions;
  const slot = <T>(what: string) => new Slot<T>(what, loadFeatures);

  const commands = registerCommandShells(context, loadFeatures, Object.values(IMAGE_LENS_COMMANDS));

  const fileSystems = new Map<string, Slot<vscode.FileSystemProvider>>();
  for (const [scheme, options] of Object.entries(FILE_SYSTEMS)) {
    const fs = slot<vscode.FileSystemProvider>(`file system provider for ${scheme}:`);
    fileSystems.set(scheme, fs);
    subscriptions.push(vscode.workspace.registerFileSystemProvider(scheme, deferredFileSystem(fs, subscriptions), options));
  }
  const documents = new Map<string, Slot<vscode.TextDocumentContentProvider>>();
  for (const scheme of DOCUMENT_SCHEMES) {
    const provider = slot<vscode.TextDocumentContentProvider>(`document provider for ${scheme}:`);
    documents.set(scheme, provider);
    subscriptions.push(vscode.workspace.registerTextDocumentContentProvider(scheme, deferredDocuments(provider, subscriptions)));
  }
  const panels = new Map<string, Slot<vscode.WebviewPanelSerializer>>();
  for (const viewType of PANEL_VIEW_TYPES) {
    const serializer = slot<vscode.WebviewPanelSerializer>(`panel serializer for ${viewType}`);
    panels.set(viewType, serializer);
    subscriptions.push(vscode.window.registerWebviewPanelSerializer(viewType, deferredSerializer(serializer)));
  }

  const treeSlots = {} as Record<ViewName, Slot<vscode.TreeDataProvider<TreeNode>>>;
  const trees = {} as Record<ViewName, TreeShell>;
  for (const name of Object.keys(VIEW_IDS) as ViewName[]) {
    treeSlots[name] = slot(`tree of the ${name} view`);
    const filter = new ViewFilter(context.workspaceState, VIEW_IDS[name]);
    const provider = deferredTree(
      treeSlots[name],
      subscriptions,
      remembered.view(name, () => view.visible),
    );
    const view: vscode.TreeView<TreeNode> = vscode.window.createTreeView(VIEW_IDS[name], { treeDataProvider: provider, showCollapseAll: true });
    subscriptions.push(view, filter);
    trees[name] = { view, filter };
  }
  // The window says a view is shown a little before it asks for the view's items: the features
  // start loading then, while the extension host would otherwise wait (after the views that
  // remember their tree have drawn it: loadFeatures waits for that).
  const shown = vscode.Disposable.from(
    ...Object.values(trees).map(({ view }) =>
      view.onDidChangeVisibility((event) => {
        if (!event.visible) return;
        shown.dispose();
        void loadFeatures().catch(() => undefined);
      }),
    ),
  );
  subscriptions.push(shown);

  const queryFeatures = slot<() => Promise<QueryFeatures>>('loader of the query features');
  registerQueryFileShells(queryFeatures, subscriptions);
  registerBlueprintShells(subscriptions);
  const terraformFeatures = slot<() => Promise<TerraformFeatures>>('loader of the Terraform features');
  registerTerraformShells(terraformFeatures, subscriptions);
  // Found in the text alone, so it needs no features: "Verify" above image references.
  subscriptions.push(vscode.languages.registerCodeLensProvider(CODE_LENS_SELECTOR, new ImageCodeLensProvider()));

  const gate = new WriteGate();
  subscriptions.push(gate);

  return {
    trees,
    gate,
    commands,
    provide(implementations) {
      fillAll(fileSystems, implementations.fileSystems, 'file systems');
      fillAll(documents, implementations.documents, 'document providers');
      fillAll(panels, implementations.panels, 'panel serializers');
      for (const name of Object.keys(trees) as ViewName[]) treeSlots[name].fill(implementations.trees[name]);
      queryFeatures.fill(implementations.queryFeatures);
      terraformFeatures.fill(implementations.terraformFeatures);
      const unfilled = commands.unfilled();
      if (unfilled.length > 0) throw new Error(`The features registered no command for the stand-ins ${unfilled.join(', ')}.`);
    },
  };
}

function fillAll<T>(slots: Map<string, Slot<T>>, given: Record<string, T>, what: string): void {
  const expected = [...slots.keys()].sort().join(', ');
  const actual = Object.keys(given).sort().join(', ');
  if (expected !== actual) throw new Error(`The features gave ${what} for ${actual}; start-up registered ${expected}.`);
  for (const [key, slot] of slots) slot.fill(given[key]);
}
