import * as vscode from 'vscode';
import type { TreeNode } from '../views/tree/node';
import type { RememberedView } from './rememberedTrees';
import { Slot } from './slot';

/**
 * Providers registered at start-up whose implementation comes with the features: each call
 * waits for the slot (loading the features on the first call) and then goes to the
 * implementation; its change events are forwarded from the moment it arrives. Nothing can
 * change before then: the documents these providers serve are only made by the features.
 */

/** Re-fires `source`'s events once the slot is filled. */
function forwarded<E, T>(slot: Slot<T>, source: (value: T) => vscode.Event<E> | undefined, subscriptions: vscode.Disposable[]): vscode.Event<E> {
  return forwarding(slot, source, subscriptions).event;
}

function forwarding<E, T>(slot: Slot<T>, source: (value: T) => vscode.Event<E> | undefined, subscriptions: vscode.Disposable[]): vscode.EventEmitter<E> {
  const emitter = new vscode.EventEmitter<E>();
  subscriptions.push(emitter);
  slot.whenFilled((value) => {
    const event = source(value);
    if (event) subscriptions.push(event((e) => emitter.fire(e)));
  });
  return emitter;
}

export function deferredFileSystem(slot: Slot<vscode.FileSystemProvider>, subscriptions: vscode.Disposable[]): vscode.FileSystemProvider {
  return {
    onDidChangeFile: forwarded(slot, (fs) => fs.onDidChangeFile, subscriptions),
    watch: (uri, options) => {
      const current = slot.current;
      if (current) return current.watch(uri, options);
      // The editor watches what it opens; the watch starts once the implementation is there.
      let disposed = false;
      let watching: vscode.Disposable | undefined;
      slot.get().then(
        (fs) => {
          if (!disposed) watching = fs.watch(uri, options);
        },
        () => undefined,
      );
      return new vscode.Disposable(() => {
        disposed = true;
        watching?.dispose();
      });
    },
    stat: async (uri) => (await slot.get()).stat(uri),
    readDirectory: async (uri) => (await slot.get()).readDirectory(uri),
    createDirectory: async (uri) => (await slot.get()).createDirectory(uri),
    readFile: async (uri) => (await slot.get()).readFile(uri),
    writeFile: async (uri, content, options) => (await slot.get()).writeFile(uri, content, options),
    delete: async (uri, options) => (await slot.get()).delete(uri, options),
    rename: async (from, to, options) => (await slot.get()).rename(from, to, options),
  };
}

export function deferredDocuments(slot: Slot<vscode.TextDocumentContentProvider>, subscriptions: vscode.Disposable[]): vscode.TextDocumentContentProvider {
  return {
    onDidChange: forwarded(slot, (provider) => provider.onDidChange, subscriptions),
    provideTextDocumentContent: async (uri, token) => (await slot.get()).provideTextDocumentContent(uri, token),
  };
}

export function deferredSerializer(slot: Slot<vscode.WebviewPanelSerializer>): vscode.WebviewPanelSerializer {
  return {
    deserializeWebviewPanel: async (panel, state: unknown) => (await slot.get()).deserializeWebviewPanel(panel, state),
  };
}

/**
 * A view's data provider until its real one loads: the editor asks for the roots when the view
 * is shown, which loads the features. A view that remembers its tree from last time
 * (rememberedTrees.ts) answers with those rows instead, marked as refreshing, and the features
 * load after that answer has left; once they are in, the live roots start and the editor is
 * told to ask again, so the live rows replace the remembered ones. Before the features load,
 * the only elements are remembered rows, which answer for themselves.
 */
export function deferredTree(slot: Slot<vscode.TreeDataProvider<TreeNode>>, subscriptions: vscode.Disposable[], remembered?: RememberedView): vscode.TreeDataProvider<TreeNode> {
  const changes = forwarding(slot, (provider) => provider.onDidChangeTreeData, subscriptions);
  slot.whenFilled((provider) => {
    if (!remembered?.served()) return;
    // Started before the editor asks, which saves the live answer a round trip to the window.
    void Promise.resolve(provider.getChildren(undefined)).catch(() => undefined);
    changes.fire(undefined);
  });
  return {
    onDidChangeTreeData: changes.event,
    getChildren: async (element) => {
      if (slot.current) return slot.current.getChildren(element);
      if (element) return element.getChildren?.() ?? [];
      const rows = await remembered?.roots();
      if (rows && !slot.current) return rows;
      return (await slot.get()).getChildren(element);
    },
    getTreeItem: (element) => (slot.current ? slot.current.getTreeItem(element) : element.getTreeItem()),
    getParent: (element) => (slot.current ? slot.current.getParent?.(element) : element.getParent()),
    // Always present: the editor asks a view for tooltips on hover only if its provider had this
    // method when the view was made, and the authentik rows fill theirs in here (refusal lines).
    resolveTreeItem: (item, element, token) => {
      const provider = slot.current;
      if (provider) return provider.resolveTreeItem ? provider.resolveTreeItem(item, element, token) : item;
      return element.resolveTreeItem ? element.resolveTreeItem(item) : item;
    },
  };
}
