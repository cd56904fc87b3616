import * as path from 'node:path';
import * as vscode from 'vscode';
import { badInput } from '../../core/errors';
import { readSetting } from '../../core/settings';
import { prompts } from '../../ui/prompts';
import { looksLikePolicy } from './imageRefs';

/**
 * Which admission policy a verification uses, in this order: a policy file the user right-clicked,
 * the open document when it is itself a policy, the `opsConfig.signing.policyFile` setting, else
 * the workspace's ClusterImagePolicy files (asked which one when there are several).
 */
export interface ChosenPolicy {
  text: string;
  /** How the report names it: a workspace-relative path. */
  source: string;
  uri?: vscode.Uri;
}

export async function choosePolicy(options: { policyUri?: vscode.Uri; document?: vscode.TextDocument } = {}): Promise<ChosenPolicy | undefined> {
  if (options.policyUri) return readPolicy(options.policyUri);
  if (options.document && looksLikePolicy(options.document.getText())) {
    return { text: options.document.getText(), source: vscode.workspace.asRelativePath(options.document.uri), uri: options.document.uri };
  }
  const configured = readSetting<string>('signing.policyFile')?.trim();
  if (configured) {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const uri = path.isAbsolute(configured) || !folder ? vscode.Uri.file(configured) : vscode.Uri.joinPath(folder, configured);
    return readPolicy(uri, 'the opsConfig.signing.policyFile setting');
  }
  const found = await workspacePolicies();
  if (found.length === 0) {
    throw badInput(
      'Image Signatures',
      'choose policy',
      'no admission policy was found: the workspace has no ClusterImagePolicy file and opsConfig.signing.policyFile is not set',
      'Add a policy file (kind: ClusterImagePolicy) to the workspace, or set opsConfig.signing.policyFile.',
    );
  }
  if (found.length === 1) return found[0];
  const pick = await prompts.quickPick(
    found.map((p) => ({ label: p.source, policy: p })),
    { title: 'Verify Image Signature', placeHolder: 'Which admission policy should the image be verified against?' },
  );
  return pick?.policy;
}

async function readPolicy(uri: vscode.Uri, from?: string): Promise<ChosenPolicy> {
  try {
    const bytes = await vscode.workspace.fs.readFile(uri);
    return { text: Buffer.from(bytes).toString('utf8'), source: vscode.workspace.asRelativePath(uri), uri };
  } catch (error) {
    throw badInput('Image Signatures', 'read policy', `cannot read the policy file ${uri.fsPath}${from ? ` named by ${from}` : ''} (${(error as Error).message})`);
  }
}

/** YAML and JSON files of the workspace that hold a ClusterImagePolicy (first 500 files looked at). */
export async function workspacePolicies(): Promise<ChosenPolicy[]> {
  const files = await vscode.workspace.findFiles('**/*.{yaml,yml,json}', '**/{node_modules,.git,dist,out}/**', 500);
  const out: ChosenPolicy[] = [];
  for (const uri of files) {
    try {
      const bytes = await vscode.workspace.fs.readFile(uri);
      if (bytes.byteLength > 1024 * 1024) continue;
      const text = Buffer.from(bytes).toString('utf8');
      if (looksLikePolicy(text)) out.push({ text, source: vscode.workspace.asRelativePath(uri), uri });
    } catch {
      // Unreadable files are simply not candidates.
    }
  }
  return out.sort((a, b) => a.source.localeCompare(b.source));
}
