import * as vscode from 'vscode';
import { ENVIRONMENT_WIDE } from '../clients/honeycomb/paths';
import { badInput } from '../core/errors';
import { Logger } from '../core/logger';
import { CommandTarget, registerCommand, withCancellableProgress } from '../ui/commandRunner';
import { prompts } from '../ui/prompts';
import type { ExportContents } from '../terraform/export/exportFile';
import type { HoneycombExportKind, HoneycombExportScope } from '../terraform/export/honeycombEnvironment';
import type { HoneycombExplorer } from '../views/honeycomb/api';
import { SavedQueriesFolderNode } from '../views/honeycomb/annotationNodes';
import { BoardsFolderNode } from '../views/honeycomb/boardNodes';
import { ColumnsFolderNode } from '../views/honeycomb/columnNodes';
import { DatasetNode, DatasetsFolderNode } from '../views/honeycomb/datasetNodes';
import { DerivedColumnsFolderNode } from '../views/honeycomb/derivedColumnNodes';
import { EnvironmentNode } from '../views/honeycomb/environmentNode';
import { MarkerSettingsFolderNode } from '../views/honeycomb/markerNodes';
import { RecipientsFolderNode } from '../views/honeycomb/recipientNodes';
import { SlosFolderNode } from '../views/honeycomb/sloNodes';
import { TriggersFolderNode } from '../views/honeycomb/triggerNodes';
import { TreeNode } from '../views/tree/node';
import type { AuthentikKind } from '../clients/authentik/resources/kinds';
import type { DerivedFamily, DerivedListKind } from '../terraform/export/authentikInstance';
import { AuthentikConnectionNode } from '../views/authentik/connectionNode';
import { SearchableFolderNode } from '../views/authentik/folders';

/**
 * Export as Terraform… / Export as Pulumi… on a Honeycomb environment, a dataset or a folder, or
 * on an authentik connection or one of its folders: first where the file goes (Save As…, with
 * `<name>.tf` in the workspace folder offered, VS Code's dialog asking before it replaces a file;
 * or an untitled document, nothing written until the user saves it), then every object under the
 * node read (with progress and Cancel) and written as one file, opened in the editor.
 */
export function registerExportCommands(context: CommandTarget, logger: Logger, explorer: HoneycombExplorer): void {
  for (const language of ['terraform', 'pulumi'] as const) {
    const id = language === 'terraform' ? 'opsConfig.exportAsTerraform' : 'opsConfig.exportAsPulumi';
    registerCommand(context, logger, id, async (node?: unknown) => {
      const document = await exportNode(explorer, node, language);
      if (document) await vscode.window.showTextDocument(document, { preview: false });
    });
  }
}

/** The export of a tree node, saved where the user chose or untitled; undefined when cancelled. */
export async function exportNode(explorer: HoneycombExplorer, node: unknown, language: 'terraform' | 'pulumi'): Promise<vscode.TextDocument | undefined> {
  const read = await reader(explorer, node);
  const target = await chooseTarget(read.fileName, language);
  if (!target) return undefined;
  const contents = await withCancellableProgress(`Reading ${read.title}`, (signal, progress) =>
    read.run({ signal, onProgress: ({ done, total }) => progress.report({ message: `${done} of ${total} requests` }) }),
  );
  const { pulumiFile, terraformFile } = await import(/* webpackChunkName: "terraform-export" */ '../terraform/export/exportFile');
  const text = language === 'terraform' ? terraformFile(contents) : pulumiFile(contents);
  const summary = `Exported ${contents.resources.length} objects of ${read.title} in ${contents.requests} requests.`;
  if (target === 'untitled') {
    void prompts.info(`${summary} Save the document where it belongs.`);
    return untitledDocument(text, language);
  }
  await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(text));
  void prompts.info(`${summary} Saved as ${vscode.workspace.asRelativePath(target)}.`);
  return vscode.workspace.openTextDocument(target);
}

/**
 * Where the export goes: a file the Save dialog names, or an untitled document. Asked before
 * anything is read, so Cancel costs no requests; undefined when the user cancels either question.
 */
async function chooseTarget(fileName: string, language: 'terraform' | 'pulumi'): Promise<vscode.Uri | 'untitled' | undefined> {
  const file = `${fileName}${language === 'terraform' ? '.tf' : '.ts'}`;
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const save = { label: `$(save) Save as ${file}…`, description: folder ? `in ${vscode.workspace.asRelativePath(folder)}` : undefined };
  const untitled = { label: '$(new-file) Open as Untitled', description: 'save it yourself later' };
  const choice = await prompts.quickPick([save, untitled], { placeHolder: `Where should the ${language === 'terraform' ? 'Terraform' : 'Pulumi'} export go?` });
  if (!choice) return undefined;
  if (choice === untitled) return 'untitled';
  return prompts.saveDialog({
    defaultUri: folder ? vscode.Uri.joinPath(folder, file) : undefined,
    filters: language === 'terraform' ? { Terraform: ['tf'] } : { TypeScript: ['ts'] },
    saveLabel: 'Export',
  });
}

type ReadOptions = { signal: AbortSignal; onProgress: (progress: { done: number; total: number }) => void };

/** What a node exports, and the read that gets it. */
async function reader(explorer: HoneycombExplorer, node: unknown): Promise<{ title: string; fileName: string; run: (options: ReadOptions) => Promise<ExportContents & { requests: number }> }> {
  const honeycomb = honeycombScope(node);
  if (honeycomb) {
    const { readHoneycombEnvironment } = await import(/* webpackChunkName: "terraform-export" */ '../terraform/export/honeycombEnvironment');
    const client = await explorer.requireClient(honeycomb.env);
    return { title: honeycomb.title, fileName: honeycomb.fileName, run: (options) => readHoneycombEnvironment(client.api, honeycomb, options) };
  }
  const authentik = authentikScope(node);
  if (authentik) {
    const { readAuthentikInstance } = await import(/* webpackChunkName: "terraform-export" */ '../terraform/export/authentikInstance');
    return { title: authentik.title, fileName: authentik.fileName, run: (options) => readAuthentikInstance(authentik.connection.client, authentik, options) };
  }
  throw badInput(
    'Ops Config',
    'export',
    'Export works on a Honeycomb environment, a dataset or one of their folders, and on an authentik connection or a folder of its objects',
    'Right-click one in the Honeycomb or authentik view.',
  );
}

/** The authentik folders the export works on, and the kinds and polymorphic lists each holds. */
const AUTHENTIK_FOLDERS: Record<string, { kinds: readonly AuthentikKind[]; families?: readonly DerivedFamily[]; lists?: readonly DerivedListKind[] }> = {
  brands: { kinds: ['brand'] },
  // A flow's bindings name their stages, an application its provider: written alongside, as references.
  flows: { kinds: ['flow', 'flowStageBinding'], families: ['stage'] },
  applications: { kinds: ['application', 'applicationEntitlement'], families: ['provider'] },
  providers: { kinds: [], families: ['provider'] },
  stages: { kinds: [], families: ['stage'] },
  propertyMappings: { kinds: [], families: ['propertyMapping'] },
  // A user's groups and roles, a group's parents and roles: written alongside, as references.
  groups: { kinds: [], lists: ['Role', 'Group'] },
  users: { kinds: [], lists: ['Role', 'Group', 'User'] },
  sources: { kinds: [], families: ['source'] },
  certificates: { kinds: ['certificateKeyPair'] },
  blueprints: { kinds: ['blueprint'] },
  eventRules: { kinds: ['eventRule'] },
  eventTransports: { kinds: ['eventTransport'] },
  agentConnectors: { kinds: ['connectorAgent', 'enrollmentToken'] },
  browserConnectors: { kinds: ['browserConnector'] },
  licenses: { kinds: ['license'] },
};

function authentikScope(
  node: unknown,
): { connection: AuthentikConnectionNode; title: string; fileName: string; kinds?: readonly AuthentikKind[]; families?: readonly DerivedFamily[]; lists?: readonly DerivedListKind[] } | undefined {
  let connection: TreeNode | undefined = node as TreeNode | undefined;
  while (connection && !(connection instanceof AuthentikConnectionNode)) connection = connection.getParent();
  if (!(connection instanceof AuthentikConnectionNode)) return undefined;
  const host = connection.config.url ? new URL(connection.config.url).host : connection.connectionId;
  const named = `authentik “${host}”`;
  const fileName = fileNameOf(`authentik ${host}`);
  if (node === connection) return { connection, title: named, fileName };
  if (!(node instanceof SearchableFolderNode)) return undefined;
  const folder = AUTHENTIK_FOLDERS[node.spec.key];
  return (
    folder && {
      connection,
      title: `${node.spec.label} of ${named}`,
      fileName: fileNameOf(`authentik ${host} ${node.spec.key}`),
      kinds: folder.kinds,
      families: folder.families ?? [],
      lists: folder.lists ?? [],
    }
  );
}

async function untitledDocument(text: string, language: 'terraform' | 'pulumi'): Promise<vscode.TextDocument> {
  // The Terraform language comes with a Terraform extension; without one the file is plain text until saved as .tf.
  const languages = await vscode.languages.getLanguages();
  const languageId = language === 'pulumi' ? 'typescript' : languages.includes('terraform') ? 'terraform' : 'plaintext';
  return vscode.workspace.openTextDocument({ language: languageId, content: text });
}

/** A file name from words: `honeycomb production api` → `honeycomb-production-api`. */
function fileNameOf(words: string): string {
  return (
    words
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'export'
  );
}

/** What a Honeycomb node exports: its environment, and the kinds and dataset the node shows. */
function honeycombScope(node: unknown): (HoneycombExportScope & { fileName: string }) | undefined {
  let environment: TreeNode | undefined = node as TreeNode | undefined;
  while (environment && !(environment instanceof EnvironmentNode)) environment = environment.getParent();
  if (!(environment instanceof EnvironmentNode)) return undefined;
  const env = environment.info.slug;
  const named = `Honeycomb environment “${environment.info.name || env}” (${env})`;
  if (node === environment) return { title: named, env, fileName: fileNameOf(`honeycomb ${env}`) };
  const folder = FOLDERS.find(([type]) => node instanceof type);
  if (!folder) return undefined;
  const [, kinds, what] = folder;
  const dataset = datasetOf(node as TreeNode);
  return { title: `${what(dataset)} of ${named}`, env, kinds, dataset, fileName: fileNameOf(`honeycomb ${env} ${what(dataset)}`) };
}

/** The dataset a node shows or lies under (`__all__` for the environment-wide folders). */
function datasetOf(node: TreeNode): string | undefined {
  if (node instanceof DatasetNode) return node.item.slug;
  const own = (node as { dataset?: string }).dataset;
  if (own && own !== ENVIRONMENT_WIDE) return own;
  for (let n = node.getParent(); n; n = n.getParent()) if (n instanceof DatasetNode) return n.item.slug;
  // The environment's folders list every dataset's objects, except derived columns: only the environment-wide ones.
  return node instanceof DerivedColumnsFolderNode ? ENVIRONMENT_WIDE : undefined;
}

type NodeClass = abstract new (...args: never[]) => unknown;
const inDataset = (what: string) => (dataset?: string) => (dataset && dataset !== ENVIRONMENT_WIDE ? `${what} of dataset “${dataset}”` : what);

/** Each folder (and a dataset) with the kinds it holds, and how the file's header names it. */
const FOLDERS: ReadonlyArray<[NodeClass, readonly HoneycombExportKind[], (dataset?: string) => string]> = [
  [DatasetNode, ['dataset', 'column', 'derivedColumn', 'slo', 'burnAlert', 'trigger', 'queryAnnotation', 'markerSetting', 'datasetDefinition'], (d) => `dataset “${d}”`],
  [DatasetsFolderNode, ['dataset', 'column', 'derivedColumn', 'datasetDefinition'], () => 'Datasets'],
  [ColumnsFolderNode, ['column'], inDataset('Columns')],
  [DerivedColumnsFolderNode, ['derivedColumn'], (d) => (d === ENVIRONMENT_WIDE ? 'Environment-wide derived columns' : inDataset('Derived columns')(d))],
  [SlosFolderNode, ['slo', 'burnAlert'], inDataset('SLOs and burn alerts')],
  [TriggersFolderNode, ['trigger'], inDataset('Triggers')],
  [SavedQueriesFolderNode, ['queryAnnotation'], inDataset('Saved queries')],
  [MarkerSettingsFolderNode, ['markerSetting'], inDataset('Marker settings')],
  [RecipientsFolderNode, ['recipient'], () => 'Recipients'],
  [BoardsFolderNode, ['board', 'boardView'], () => 'Boards'],
];
