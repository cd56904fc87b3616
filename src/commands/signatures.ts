import * as vscode from 'vscode';
import type { VerifyReport } from '../clients/cosign/verify/result';
import { RegistryCredentialStore } from '../connections/registryCredentials';
import { CoreServices } from '../connections/services';
import { mapBounded } from '../core/boundedMap';
import { badInput } from '../core/errors';
import { registerCommand, withCancellableProgress } from '../ui/commandRunner';
import { registryOptions } from './registryAccess';
import { readTrustRoot } from './trustFiles';
import { prompts } from '../ui/prompts';
import { ChosenPolicy, VerificationEntry, VerificationHistory, choosePolicy, createReportPanels, findImageReferences, referenceAt, toReportModel } from '../views/signatures/api';

/**
 * Verifying images from the editor: the context-menu command on an image reference, the
 * CodeLens actions, "Verify images against this policy…" on a policy file, and the report
 * panel and history they feed. The engine (and the Sigstore libraries) load on first use.
 */
export interface SignatureCommands {
  history: VerificationHistory;
  reports: ReturnType<typeof createReportPanels>;
  /** Verifies one image against a chosen policy and opens its report (used by tests too). */
  verify(image: string, policy: ChosenPolicy): Promise<VerificationEntry>;
  /** getVerify as the seed defines it (for Look Up): the record only, no report panel. */
  getVerify(input: { image: string; policy: string }, signal?: AbortSignal): Promise<{ image: string; policy: string; id: string; verifiedRef: string }>;
}

/** How many images "Verify all" checks at once. */
const VERIFY_CONCURRENCY = 4;

export function registerSignatureCommands(services: CoreServices, store: RegistryCredentialStore, history: VerificationHistory): SignatureCommands {
  const { context, logger } = services;
  // Verify Again: the same image against the policy chosen now (its file may have changed), in the same tab.
  const reports = createReportPanels(context.extensionUri, history, logger.child('report'), async (entry, panel) => {
    const policy = await choosePolicy();
    if (policy) await verify(entry.image, policy, panel.key);
  });
  // The report serializer and the images' CodeLens are registered at start-up (src/startup/shells.ts).
  context.subscriptions.push(reports);

  /**
   * What every verification of one command shares: the engine, the trust root read once, the
   * logins, and (in a batch) the parsed policy and each registry's connection and tokens.
   */
  const prepareVerification = async (policy: ChosenPolicy, signal: AbortSignal) => {
    // A dynamic import: webpack puts the engine and the Sigstore libraries in their own chunk.
    const [engine, registries] = await Promise.all([import('../clients/cosign/index'), registryOptions(services, store)]);
    const trustRoot = await readTrustRoot('Image Signatures', engine.parseTrustRootText);
    return new engine.VerificationBatch(policy.text, { trustRoot, policySource: policy.source, signal, registries });
  };
  const runVerification = async (image: string, policy: ChosenPolicy, signal: AbortSignal): Promise<VerifyReport> => (await prepareVerification(policy, signal)).verify(image);

  /** Verifies and shows the report: in a new tab, or in the tab of the report it verifies again. */
  const verify = async (image: string, policy: ChosenPolicy, again?: string): Promise<VerificationEntry> => {
    const report = await withCancellableProgress(`Verifying ${image}…`, (signal) => runVerification(image, policy, signal));
    const entry = await history.add(report, policy.source);
    const model = toReportModel(entry.key, entry.report, entry.policySource);
    if (again) reports.replace(again, entry.key, model);
    else reports.open(entry.key, model);
    return entry;
  };

  registerCommand(context, logger, 'opsConfig.signatures.verifyImage', async (uri?: vscode.Uri, reference?: string) => {
    const editor = vscode.window.activeTextEditor;
    const document = uri ? await vscode.workspace.openTextDocument(uri) : editor?.document;
    const image = reference ?? imageFromEditor(editor) ?? (await askForImage());
    if (!image) return undefined;
    const policy = await choosePolicy({ document: document && !reference && isPolicyOnly(document) ? document : undefined });
    if (!policy) return undefined;
    return verify(image.trim(), policy);
  });

  registerCommand(context, logger, 'opsConfig.signatures.verifyAllInFile', async (uri?: vscode.Uri) => {
    const document = uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
    if (!document) throw badInput('Image Signatures', 'verify all images', 'no file is open');
    const images = [...new Set(findImageReferences(document.getText(), document.fileName).map((r) => r.reference))];
    if (images.length === 0) throw badInput('Image Signatures', 'verify all images', `${vscode.workspace.asRelativePath(document.uri)} has no image references (image: keys or FROM lines)`);
    const policy = await choosePolicy();
    if (!policy) return undefined;
    return verifyMany(images, policy);
  });

  registerCommand(context, logger, 'opsConfig.signatures.verifyWithPolicy', async (policyUri?: vscode.Uri) => {
    const policy = await choosePolicy({ policyUri: policyUri ?? vscode.window.activeTextEditor?.document.uri });
    if (!policy) return undefined;
    const images = await pickWorkspaceImages();
    if (!images || images.length === 0) return undefined;
    return verifyMany(images, policy);
  });

  registerCommand(context, logger, 'opsConfig.signatures.openReport', (key?: string) => {
    if (!key) return undefined;
    const entry = history.get(key);
    if (!entry) throw badInput('Image Signatures', 'open report', 'this verification is no longer in the history');
    return reports.open(key, toReportModel(entry.key, entry.report, entry.policySource));
  });

  registerCommand(context, logger, 'opsConfig.signatures.clearHistory', () => history.clear());

  /**
   * Several images, a few at a time (each waits mostly on its registry); the history and the
   * summary keep the file's order. One summary, and the first failed report opened.
   */
  async function verifyMany(images: string[], policy: ChosenPolicy): Promise<VerificationEntry[]> {
    const entries: VerificationEntry[] = [];
    const failures: string[] = [];
    await withCancellableProgress(`Verifying ${images.length} image${images.length === 1 ? '' : 's'} against ${policy.source}…`, async (signal, progress) => {
      const batch = await prepareVerification(policy, signal);
      let checked = 0;
      const outcomes = await mapBounded(images, VERIFY_CONCURRENCY, async (image): Promise<{ report: VerifyReport } | { failure: string }> => {
        try {
          return { report: await batch.verify(image) };
        } catch (error) {
          if (signal.aborted) throw error;
          return { failure: `${image}: ${(error as Error).message}` };
        } finally {
          progress.report({ message: `${++checked}/${images.length} checked` });
        }
      });
      for (const outcome of outcomes) {
        if ('report' in outcome) entries.push(await history.add(outcome.report, policy.source));
        else failures.push(outcome.failure);
      }
    });
    const notVerified = entries.filter((e) => e.verdict !== 'verified');
    const first = notVerified[0] ?? entries[0];
    if (first) reports.open(first.key, toReportModel(first.key, first.report, first.policySource));
    const summary =
      `${entries.length - notVerified.length} of ${images.length} verified against ${policy.source}` +
      `${notVerified.length ? `; not verified: ${notVerified.map((e) => e.image).join(', ')}` : ''}` +
      `${failures.length ? `; could not check: ${failures.join('; ')}` : ''}.`;
    void (notVerified.length || failures.length ? prompts.warn(summary, {}) : prompts.info(summary));
    return entries;
  }

  const getVerify = async (input: { image: string; policy: string }, signal?: AbortSignal) => {
    const report = await runVerification(input.image, { text: input.policy, source: 'the policy given to getVerify' }, signal ?? new AbortController().signal);
    return { image: report.image, policy: report.policy, id: report.id, verifiedRef: report.verifiedRef };
  };
  return { history, reports, verify, getVerify };
}

/** The reference under the cursor or in the selection. */
function imageFromEditor(editor: vscode.TextEditor | undefined): string | undefined {
  if (!editor) return undefined;
  const selection = editor.selection;
  if (!selection.isEmpty) {
    const text = editor.document.getText(selection).trim();
    return text.replace(/^image:\s*/, '').replace(/^["']|["']$/g, '') || undefined;
  }
  const line = editor.document.lineAt(selection.active.line).text;
  return referenceAt(line, selection.active.character, editor.document.fileName);
}

function isPolicyOnly(document: vscode.TextDocument): boolean {
  return findImageReferences(document.getText(), document.fileName).length === 0;
}

async function askForImage(): Promise<string | undefined> {
  return prompts.inputBox({
    title: 'Verify Image Signature',
    prompt: 'No image reference under the cursor. Image to verify (tag or digest):',
    placeHolder: 'ghcr.io/org/app@sha256:…',
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() ? undefined : 'Enter an image reference.'),
  });
}

/** Image references in the workspace's manifests, compose files and Dockerfiles, to pick from. */
async function pickWorkspaceImages(): Promise<string[] | undefined> {
  const files = await vscode.workspace.findFiles('**/{*.yaml,*.yml,Dockerfile,Dockerfile.*,*.dockerfile,Containerfile}', '**/{node_modules,.git,dist,out}/**', 500);
  const found = new Map<string, string>();
  for (const uri of files) {
    try {
      const text = Buffer.from(await vscode.workspace.fs.readFile(uri)).toString('utf8');
      for (const ref of findImageReferences(text, uri.fsPath)) if (!found.has(ref.reference)) found.set(ref.reference, vscode.workspace.asRelativePath(uri));
    } catch {
      // skip unreadable files
    }
  }
  const typed = '$(edit) Enter an image reference…';
  const items = [...found.entries()].map(([reference, file]) => ({ label: reference, description: file, picked: true }));
  const picked = items.length
    ? await prompts.quickPickMany([{ label: typed, description: '', picked: false }, ...items], { title: 'Verify images against this policy', placeHolder: 'Images to verify' })
    : undefined;
  if (items.length && picked === undefined) return undefined;
  const images = (picked ?? []).filter((p) => p.label !== typed).map((p) => p.label);
  if (!items.length || (picked ?? []).some((p) => p.label === typed)) {
    const typedImage = await askForImage();
    if (typedImage) images.push(typedImage.trim());
  }
  return images;
}
