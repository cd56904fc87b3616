import * as vscode from 'vscode';
import { DEFAULT_CONNECTION_ID } from '../../connections/authentikConnectionList';
import { AuthentikConnections } from '../../connections/authentikConnections';

/**
 * A SAML provider's metadata as a read-only XML document. A read-only file system (rather than
 * a content provider) makes the editor itself read-only: it shows the lock and refuses to save.
 * URIs carry the provider's ID (`opsconfig-authentik-saml:/4/Expense_Portal-metadata.xml`), so the
 * document can be read again after a reload; an added connection's documents name it as the
 * authority (`opsconfig-authentik-saml://staging/4/…`).
 */
export const SAML_SCHEME = 'opsconfig-authentik-saml';

export class SamlMetadataDocuments implements vscode.FileSystemProvider {
  private readonly emitter = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.emitter.event;
  /** Content fetched for stat(), reused by the readFile() that follows it. */
  private readonly recent = new Map<string, { at: number; bytes: Uint8Array }>();

  constructor(private readonly connections: AuthentikConnections) {}

  static uriFor(providerId: number, name: string, connection?: string): vscode.Uri {
    const safe = name.replace(/[^\w.@-]+/g, '_').slice(0, 80) || 'provider';
    const authority = connection && connection !== DEFAULT_CONNECTION_ID ? connection : '';
    return vscode.Uri.from({ scheme: SAML_SCHEME, authority, path: `/${providerId}/${safe}-metadata.xml` });
  }

  async open(providerId: number, name: string, connection?: string): Promise<vscode.TextEditor> {
    const uri = SamlMetadataDocuments.uriFor(providerId, name, connection);
    this.recent.delete(uri.toString());
    const document = await vscode.workspace.openTextDocument(uri);
    const xml = document.languageId === 'xml' ? document : await vscode.languages.setTextDocumentLanguage(document, 'xml');
    return vscode.window.showTextDocument(xml, { preview: true });
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const bytes = await this.content(uri);
    return { type: vscode.FileType.File, ctime: 0, mtime: Date.now(), size: bytes.byteLength, permissions: vscode.FilePermission.Readonly };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    return this.content(uri);
  }

  private async content(uri: vscode.Uri): Promise<Uint8Array> {
    const cached = this.recent.get(uri.toString());
    if (cached && Date.now() - cached.at < 5000) return cached.bytes;
    const id = Number(uri.path.split('/')[1]);
    if (!Number.isInteger(id)) throw vscode.FileSystemError.FileNotFound(uri);
    const connection = this.connections.get(uri.authority || undefined);
    if (!connection) throw vscode.FileSystemError.Unavailable(`The authentik connection "${uri.authority}" was removed.`);
    const client = await connection.client();
    if (!client) throw vscode.FileSystemError.Unavailable('Not connected to authentik: run "authentik: Connect…".');
    const { metadata } = await client.samlMetadata(id);
    const bytes = new TextEncoder().encode(metadata.endsWith('\n') ? metadata : `${metadata}\n`);
    this.recent.set(uri.toString(), { at: Date.now(), bytes });
    return bytes;
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  readDirectory(): never {
    throw vscode.FileSystemError.NoPermissions('SAML metadata documents are read-only.');
  }

  createDirectory(): never {
    throw vscode.FileSystemError.NoPermissions('SAML metadata documents are read-only.');
  }

  writeFile(): never {
    throw vscode.FileSystemError.NoPermissions('SAML metadata documents are read-only.');
  }

  delete(): never {
    throw vscode.FileSystemError.NoPermissions('SAML metadata documents are read-only.');
  }

  rename(): never {
    throw vscode.FileSystemError.NoPermissions('SAML metadata documents are read-only.');
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
