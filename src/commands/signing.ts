import * as vscode from 'vscode';
import type { AttestInput, OperationResult, SigningCredentials } from '../clients/cosign/sign/types';
import type { VerifyReport } from '../clients/cosign/verify/result';
import { RegistryCredentialStore } from '../connections/registryCredentials';
import { CoreServices } from '../connections/services';
import { resolveSigningConfig } from '../core/config';
import { badInput } from '../core/errors';
import { readSigningSettings, readUrlSetting } from '../core/settings';
import { registerCommand, withCancellableProgress } from '../ui/commandRunner';
import { prompts } from '../ui/prompts';
import { SigningEntry, SigningHistory, choosePolicy, createSigningReportPanels, toSigningReportModel } from '../views/signatures/api';
import { registryOptions } from './registryAccess';
import { signerPolicy } from './signerPolicy';
import { chooseCredentials, clearSigningKey, setSigningKey, signingDialogs } from './signingCredentials';
import { digestOf, signingOptions } from './signingOptions';
import { FORMAT_HELP, askPredicates, pickOne, targetImage } from './signingPrompts';
import { readTrustRoot } from './trustFiles';

/**
 * Sign, Attest and Copy from the editor: from the Image Signatures view, from the context menu
 * of an image reference, or the command palette. Each asks what it needs, shows what it will
 * write and where, and writes nothing until the user confirms. The result is verified right
 * away, kept in "Recent signing", and shown in the report panel. The signing engine and the
 * Sigstore libraries load on first use.
 */
export interface SigningCommands {
  history: SigningHistory;
  reports: ReturnType<typeof createSigningReportPanels>;
  dialogs: typeof signingDialogs;
}

type Operation = 'sign' | 'attest' | 'copy';
const VERB: Record<Operation, string> = { sign: 'Sign', attest: 'Attest', copy: 'Copy' };

export function registerSigningCommands(services: CoreServices, store: RegistryCredentialStore, history: SigningHistory): SigningCommands {
  const { context, logger } = services;
  /**
   * Verify Again on a result: what was written, against the policy its verification used (the
   * one naming the signer), or the policy chosen now when it had none; shown in the same tab.
   */
  const reports = createSigningReportPanels(context.extensionUri, history, logger.child('signing-report'), async (entry, panel) => {
    const policy = entry.verification ? { text: entry.verification.policy, source: entry.policySource } : await choosePolicy();
    if (!policy) return;
    const verification = await verifyWritten(entry.ref, policy);
    const changed = await history.verifiedAgain(entry.key, verification, policy.source);
    if (changed) panel.show(toSigningReportModel(changed));
  });
  context.subscriptions.push(reports);

  const options = (credentials: SigningCredentials, signal: AbortSignal, progress: vscode.Progress<{ message?: string }>) => signingOptions(services, store, credentials, signal, progress);

  const verifyWritten = async (ref: string, policy: { text: string; source: string }): Promise<VerifyReport> => {
    const engine = await import('../clients/cosign/index');
    const trustRoot = await readTrustRoot('Image signing', engine.parseTrustRootText);
    return withCancellableProgress(`Verifying ${ref}…`, async (signal) =>
      engine.getVerify({ image: ref, policy: policy.text }, { trustRoot, policySource: policy.source, signal, registries: await registryOptions(services, store) }),
    );
  };

  /** Verifies what was just written, records it, opens its report. */
  const record = async (result: OperationResult, ref: string, policy: { text: string; source: string } | undefined): Promise<SigningEntry> => {
    const verification = policy && result.written.length > 0 ? await verifyWritten(ref, policy) : undefined;
    const entry = await history.add(result, ref, verification, policy?.source ?? 'no policy');
    reports.open(entry.key, toSigningReportModel(entry));
    const what =
      result.written.length === 0
        ? `Nothing written for ${ref}: ${result.skipped}`
        : `${VERB[result.operation]}ed ${ref.replace(/(@sha256:[0-9a-f]{12})[0-9a-f]+/, '$1…')}${verification ? `; ${verification.verdict} against ${policy?.source}` : ''}.`;
    void (verification && verification.verdict !== 'verified' ? prompts.warn(what, {}) : prompts.info(what));
    return entry;
  };

  const signOrAttest = async (operation: 'sign' | 'attest', args: unknown[]): Promise<SigningEntry | undefined> => {
    const title = `${VERB[operation]} Image`;
    const image = await targetImage(args, title);
    if (!image) return undefined;
    const ref = await digestOf(services, store, image, title);
    if (!ref) return undefined;
    const defaults = resolveSigningConfig(readSigningSettings());
    let attestInput: Pick<AttestInput, 'predicates'> = {};
    if (operation === 'attest') {
      const predicates = await askPredicates(title);
      if (!predicates) return undefined;
      attestInput = { predicates };
    }
    const format = await pickOne(title, 'Signature format', [
      { id: defaults.defaultSignatureFormat, label: defaults.defaultSignatureFormat, description: 'default (opsConfig.signing.defaultSignatureFormat)' },
      ...(['legacy', 'bundle', 'both'] as const).filter((f) => f !== defaults.defaultSignatureFormat).map((f) => ({ id: f, label: f, description: FORMAT_HELP[f] })),
    ]);
    if (!format) return undefined;
    const conflict = await pickOne(title, 'If the image already has signatures', [
      { id: 'APPEND', label: 'APPEND', description: 'keep them and add this one (default)' },
      { id: 'REPLACE', label: 'REPLACE', description: operation === 'sign' ? 'this signature replaces them' : 'replace attestations of the same predicate type' },
      { id: 'SKIPSAME', label: 'SKIPSAME', description: 'write nothing if the same signer already signed the same content' },
    ]);
    if (!conflict) return undefined;
    const chosen = await chooseCredentials(services, title);
    if (!chosen) return undefined;
    const ca = readUrlSetting('signing.certificateAuthorityUrl');
    const tlog = readUrlSetting('signing.transparencyLogUrl');
    const logged = chosen.credentials.kind === 'keyless' || chosen.credentials.transparencyLog !== false;
    const where = format === 'bundle' ? 'the bundle format\u2019s services' : `${tlog ?? 'https://rekor.sigstore.dev'}`;
    const detail = [
      `Format: ${format}; conflict: ${conflict}.`,
      `Signer: ${chosen.label}.`,
      operation === 'attest' ? `Predicates: ${(attestInput.predicates ?? []).map((p) => `${p.type} (${p.files?.[0]?.path ?? 'inline JSON'})`).join(', ')}.` : '',
      `Writes to ${ref.split('@')[0]}${format !== 'bundle' ? ` (tag sha256-….${operation === 'sign' ? 'sig' : 'att'})` : ''}${format !== 'legacy' ? ' (a Sigstore bundle referrer)' : ''}.`,
      logged ? `The signature is recorded in the public transparency log (${where}); log entries cannot be removed.` : 'The signature is not recorded in a transparency log.',
    ]
      .filter(Boolean)
      .join('\n');
    const go = await prompts.warn(`${VERB[operation]} ${ref}?`, { modal: true, detail }, VERB[operation]);
    if (go !== VERB[operation]) return undefined;
    const result = await withCancellableProgress(`${operation === 'sign' ? 'Signing' : 'Attesting'} ${ref}…`, async (signal, progress) => {
      const engine = await import('../clients/cosign/sign/index');
      const input = { image: ref, conflict, signatureFormat: format, certificateAuthorityUrl: ca, transparencyLogUrl: tlog };
      const opts = await options(chosen.credentials, signal, progress);
      return operation === 'sign' ? engine.sign(input, opts) : engine.attest({ ...input, ...attestInput }, opts);
    });
    return record(result, ref, signerPolicy(result, format, operation === 'attest' ? ((result as { predicateTypes?: string[] }).predicateTypes ?? []) : [], tlog));
  };

  registerCommand(context, logger, 'opsConfig.signing.signImage', (...args: unknown[]) => signOrAttest('sign', args));
  registerCommand(context, logger, 'opsConfig.signing.attestImage', (...args: unknown[]) => signOrAttest('attest', args));

  registerCommand(context, logger, 'opsConfig.signing.copyImage', async (...args: unknown[]) => {
    const title = 'Copy Image with Signatures';
    const image = await targetImage(args, title);
    if (!image) return undefined;
    const source = await digestOf(services, store, image, title);
    if (!source) return undefined;
    const destination = await prompts.inputBox({
      title,
      prompt: `Repository to copy ${source} to, with its signatures and attestations (the digest stays the same)`,
      placeHolder: 'registry.example.com/team/app',
      ignoreFocusOut: true,
      validateInput: (value) =>
        /^[^\s@]+\/[^\s@]+$/.test(value.trim()) && !/:[\w][\w.-]*$/.test(value.trim().split('/').pop() ?? '')
          ? undefined
          : 'A repository such as registry.example.com/team/app, without a tag or digest.',
    });
    if (!destination) return undefined;
    const go = await prompts.warn(
      `Copy ${source} to ${destination.trim()}?`,
      { modal: true, detail: 'Copies the image (every platform image of an index), its .sig, .att and .sbom attachments and its Sigstore bundles. Signatures already at the destination are kept.' },
      'Copy',
    );
    if (go !== 'Copy') return undefined;
    const result = await withCancellableProgress(`Copying ${source}…`, async (signal, progress) => {
      const engine = await import('../clients/cosign/sign/index');
      return engine.copy({ source, destination: destination.trim() }, await options({ kind: 'keyless', identityToken: '' }, signal, progress));
    });
    const destinationRef = (result as { destinationRef: string }).destinationRef;
    const policy = await choosePolicy().catch(() => undefined);
    return record(result, destinationRef, policy ? { text: policy.text, source: policy.source } : undefined);
  });

  registerCommand(context, logger, 'opsConfig.signing.openResult', (key?: string) => {
    const entry = key ? history.get(key) : undefined;
    if (!entry) throw badInput('Image Signatures', 'open result', 'this result is no longer in the history');
    return reports.open(entry.key, toSigningReportModel(entry));
  });
  registerCommand(context, logger, 'opsConfig.signing.clearHistory', () => history.clear());
  registerCommand(context, logger, 'opsConfig.signing.setSigningKey', () => setSigningKey(services));
  registerCommand(context, logger, 'opsConfig.signing.clearSigningKey', () => clearSigningKey(services));

  return { history, reports, dialogs: signingDialogs };
}
