import * as vscode from 'vscode';
import { Slot } from './slot';

/**
 * Providers registered at start-up whose implementation comes with the features: each call
 * waits for the slot (loading the features on the first call) and then goes to the
 * implementation; its change events are forwarded from the moment it arrives. Nothing can
 * change before then: the documents these providers serve are only made by the features.
 */

/** Re-fires `source`'s events once the slot is filled. */
function forwarded<E, T>(slot: Slot<T>, source: (value: T) => vscode.Event<E> | undefined, subscriptions: vscode.Disposable[]): vscode.Event<E> {
  const emitter = new vscode.EventEmitter<E>();
  subscriptions.push(emitter);
  slot.whenFilled((value) => {
    const event = source(value);
    if (event) subscriptions.push(event((e) => emitter.fire(e)));
  });
  return emitter.event;
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
 * is shown, which loads the features. Elements only exist after that, so every other call goes
 * straight to the real provider.
 */
export function deferredTree<T>(slot: Slot<vscode.TreeDataProvider<T>>, subscriptions: vscode.Disposable[]): vscode.TreeDataProvider<T> {
  const loaded = (): vscode.TreeDataProvider<T> => {
    const provider = slot.current;
    if (!provider) throw new Error(`The ${slot.what} has not loaded yet.`);
    return provider;
  };
  return {
    onDidChangeTreeData: forwarded(slot, (provider) => provider.onDidChangeTreeData, subscriptions),
    getChildren: async (element) => (await slot.get()).getChildren(element),
    getTreeItem: (element) => loaded().getTreeItem(element),
    getParent: (element) => loaded().getParent?.(element),
  };
}
