import * as path from 'node:path';
import * as vscode from 'vscode';
import { loadHclParser } from './hclParse';
import type { HclFile, HclParser } from './hclParse';
import { ManagedBlock, managedBlocksOf } from './managedBlocks';

/**
 * The workspace's Terraform, read on first need (a view or a `.tf` file opened, a save's plan) and
 * kept current by a file watcher: every `*.tf` file outside `.terraform/`, parsed once, again only
 * when it changes. An open document is read from its text, so unsaved edits count.
 */
export class WorkspaceTerraform implements vscode.Disposable {
  private parser?: Promise<HclParser>;
  private readonly files = new Map<string, ManagedBlock[]>();
  private scanned?: Promise<void>;
  private readonly watcher: vscode.FileSystemWatcher;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly distPath: string) {
    this.watcher = vscode.workspace.createFileSystemWatcher('**/*.tf');
    this.watcher.onDidCreate((uri) => void this.reread(uri));
    this.watcher.onDidChange((uri) => void this.reread(uri));
    this.watcher.onDidDelete((uri) => {
      this.files.delete(uri.toString());
      this.changed.fire();
    });
  }

  dispose(): void {
    this.watcher.dispose();
    this.changed.dispose();
  }

  private loadParser(): Promise<HclParser> {
    this.parser ??= loadHclParser({ runtime: path.join(this.distPath, 'tree-sitter.wasm'), grammar: path.join(this.distPath, 'tree-sitter-terraform.wasm') });
    return this.parser;
  }

  async parse(text: string): Promise<HclFile> {
    return (await this.loadParser()).parse(text);
  }

  /** The blocks of one text (an open document, or a file as read from disk). */
  async blocksOfText(file: string, text: string): Promise<ManagedBlock[]> {
    return managedBlocksOf(file, (await this.loadParser()).parse(text));
  }

  async blocksOf(document: vscode.TextDocument): Promise<ManagedBlock[]> {
    return this.blocksOfText(document.uri.toString(), document.getText());
  }

  /** Every block of our providers in the workspace's `.tf` files. */
  async allBlocks(): Promise<ManagedBlock[]> {
    this.scanned ??= this.scan();
    await this.scanned;
    const open = new Map(vscode.workspace.textDocuments.filter((d) => d.isDirty && this.files.has(d.uri.toString())).map((d) => [d.uri.toString(), d]));
    const out: ManagedBlock[] = [];
    for (const [file, blocks] of this.files) {
      const dirty = open.get(file);
      out.push(...(dirty ? await this.blocksOf(dirty) : blocks));
    }
    return out;
  }

  private async scan(): Promise<void> {
    const uris = await vscode.workspace.findFiles('**/*.tf', '**/.terraform/**');
    for (const uri of uris) await this.reread(uri, false);
    this.changed.fire();
  }

  private async reread(uri: vscode.Uri, notify = true): Promise<void> {
    if (uri.path.includes('/.terraform/')) return;
    try {
      const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
      this.files.set(uri.toString(), await this.blocksOfText(uri.toString(), text));
    } catch {
      // A file that went away between the event and the read, or one that cannot be read: it manages nothing.
      this.files.delete(uri.toString());
    }
    if (notify) this.changed.fire();
  }
}

/** `main.tf:12` relative to its workspace folder, for messages and plans. */
export function placeOfBlock(block: ManagedBlock): string {
  const uri = vscode.Uri.parse(block.file);
  return `${vscode.workspace.asRelativePath(uri, false)}:${block.block.range.start.line + 1}`;
}

export async function revealBlock(block: ManagedBlock): Promise<void> {
  const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(block.file));
  const start = new vscode.Position(block.block.range.start.line, block.block.range.start.column);
  await vscode.window.showTextDocument(document, { selection: new vscode.Range(start, start) });
}
