import * as vscode from 'vscode';

/**
 * A file system provider registered at activation whose implementation loads on first use, so
 * its code (and what it imports) stays out of `dist/extension.js`. The implementation must not
 * fire change events: the proxy has none to forward before it is loaded.
 */
export function lazyFileSystem(load: () => Promise<vscode.FileSystemProvider>): vscode.FileSystemProvider {
  const never = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  return {
    onDidChangeFile: never.event,
    watch: () => new vscode.Disposable(() => undefined),
    stat: async (uri) => (await load()).stat(uri),
    readFile: async (uri) => (await load()).readFile(uri),
    writeFile: async (uri, content, options) => (await load()).writeFile(uri, content, options),
    readDirectory: async (uri) => (await load()).readDirectory(uri),
    createDirectory: async (uri) => (await load()).createDirectory(uri),
    delete: async (uri, options) => (await load()).delete(uri, options),
    rename: async (from, to, options) => (await load()).rename(from, to, options),
  };
}
