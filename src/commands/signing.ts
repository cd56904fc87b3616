import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AttestInput, OperationResult, SigningCredentials, SigningOptions } from '../clients/cosign/sign/types';
import type { TrustRoot } from '../clients/cosign/trust/trustRoot';
import type { VerifyReport } from '../clients/cosign/verify/result';
import { firstCredentials } from '../clients/registry/credentials';
import { RegistryCredentialStore } from '../connections/registryCredentials';
import { CoreServices } from '../connections/services';
import { resolveSigningConfig } from '../core/config';
import { badInput } from '../core/errors';
import { readProxy, readRequestTimeoutMs, readSigningSettings, readUrlSetting } from '../core/settings';
import { registerCommand, withCancellableProgress } from '../ui/commandRunner';
import { readTrustFile } from './trustFiles';
import { prompts } from '../ui/prompts';
import { referenceAt } from '../views/signatures/imageRefs';
import { choosePolicy } from '../views/signatures/policyPicker';
import { SigningEntry, SigningHistory } from '../views/signatures/signingHistory';
import { createSigningReportPanels, toSigningReportModel } from '../views/signatures/signingReport';
import { chooseCredentials, clearSigningKey, setSigningKey, signingDialogs } from './signingCredentials';

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
  const reports = createSigningReportPanels(context.extensionUri, history, logger.child('signing-report'));
  context.subscriptions.push(reports);

  const registryOptions = async () => {
    const { dockerConfigCredentials } = await import('../clients/registry/dockerConfig');
    return {
      credentials: firstCredentials((host) => store.get(host), dockerConfigCredentials()),
      logger: logger.child('registry'),
      secrets: services.registry,
      userAgent: services.userAgent,
      timeoutMs: readRequestTimeoutMs(),
      ...readProxy(),
    };
  };

  /** Tag → digest (asked to confirm), digest as is. */
  const digestOf = async (image: string, title: string): Promise<string | undefined> => {
    const { parseReference, repositoryName } = await import('../clients/registry/reference');
    const ref = parseReference(image);
    if (ref.digest) return `${repositoryName(ref)}@${ref.digest}`;
    const { RegistryClient } = await import('../clients/registry/client');
    const client = new RegistryClient(ref.registry, await registryOptions());
    const fetched = await withCancellableProgress(`Resolving ${image}…`, (signal) => client.getManifest(ref.repository, ref.tag ?? 'latest', { signal }));
    const pinned = `${repositoryName(ref)}@${fetched.digest}`;
    const go = await prompts.warn(`${image} is a tag. ${title} works on digests: use ${pinned}, what the tag points at now?`, { modal: true }, 'Use This Digest');
    return go === 'Use This Digest' ? pinned : undefined;
  };

  const options = async (credentials: SigningCredentials, signal: AbortSignal, progress: vscode.Progress<{ message?: string }>): Promise<SigningOptions> => {
    const defaults = resolveSigningConfig(readSigningSettings());
    const { parseSigningConfig } = await import('../clients/cosign/sign/index');
    const configFile = await readTrustFile('signing.signingConfigFile', 'Image signing');
    return {
      credentials,
      defaults,
      bundleServices: configFile ? parseSigningConfig(configFile.text, configFile.file) : undefined,
      registries: await registryOptions(),
      sigstore: { logger: logger.child('sigstore'), secrets: services.registry, userAgent: services.userAgent, timeoutMs: readRequestTimeoutMs(), ...readProxy() },
      signal,
      readFile: async (file) => Buffer.from(await vscode.workspace.fs.readFile(workspaceUri(file))),
      progress: (message) => progress.report({ message }),
    };
  };

  /** Verifies what was just written, records it, opens its report. */
  const record = async (result: OperationResult, ref: string, policy: { text: string; source: string } | undefined): Promise<SigningEntry> => {
    let verification: VerifyReport | undefined;
    if (policy && result.written.length > 0) {
      const engine = await import('../clients/cosign/index');
      const trustRoot = await trustRootSetting(engine.parseTrustRootText);
      verification = await withCancellableProgress(`Verifying ${ref}…`, async (signal) => engine.getVerify({ image: ref, policy: policy.text }, { trustRoot, policySource: policy.source, signal, registries: await registryOptions() }));
    }
    const entry = await history.add(result, ref, verification, policy?.source ?? 'no policy');
    reports.open(entry.key, toSigningReportModel(entry));
    const what = result.written.length === 0 ? `Nothing written for ${ref}: ${result.skipped}` : `${VERB[result.operation]}ed ${ref.replace(/(@sha256:[0-9a-f]{12})[0-9a-f]+/, '$1…')}${verification ? `; ${verification.verdict} against ${policy?.source}` : ''}.`;
    void (verification && verification.verdict !== 'verified' ? prompts.warn(what, {}) : prompts.info(what));
    return entry;
  };

  const signOrAttest = async (operation: 'sign' | 'attest', args: unknown[]): Promise<SigningEntry | undefined> => {
    const title = `${VERB[operation]} Image`;
    const image = await targetImage(args, title);
    if (!image) return undefined;
    const ref = await digestOf(image, title);
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
    ].filter(Boolean).join('\n');
    const go = await prompts.warn(`${VERB[operation]} ${ref}?`, { modal: true, detail }, VERB[operation]);
    if (go !== VERB[operation]) return undefined;
    const result = await withCancellableProgress(`${operation === 'sign' ? 'Signing' : 'Attesting'} ${ref}…`, async (signal, progress) => {
      const engine = await import('../clients/cosign/sign/index');
      const input = { image: ref, conflict, signatureFormat: format, certificateAuthorityUrl: ca, transparencyLogUrl: tlog };
      const opts = await options(chosen.credentials, signal, progress);
      return operation === 'sign' ? engine.sign(input, opts) : engine.attest({ ...input, ...attestInput }, opts);
    });
    return record(result, ref, signerPolicy(result, ref, format, operation === 'attest' ? (result as { predicateTypes?: string[] }).predicateTypes ?? [] : [], tlog));
  };

  registerCommand(context, logger, 'opsConfig.signing.signImage', (...args: unknown[]) => signOrAttest('sign', args));
  registerCommand(context, logger, 'opsConfig.signing.attestImage', (...args: unknown[]) => signOrAttest('attest', args));

  registerCommand(context, logger, 'opsConfig.signing.copyImage', async (...args: unknown[]) => {
    const title = 'Copy Image with Signatures';
    const image = await targetImage(args, title);
    if (!image) return undefined;
    const source = await digestOf(image, title);
    if (!source) return undefined;
    const destination = await prompts.inputBox({
      title,
      prompt: `Repository to copy ${source} to, with its signatures and attestations (the digest stays the same)`,
      placeHolder: 'registry.example.com/team/app',
      ignoreFocusOut: true,
      validateInput: (value) => (/^[^\s@]+\/[^\s@]+$/.test(value.trim()) && !/:[\w][\w.-]*$/.test(value.trim().split('/').pop() ?? '') ? undefined : 'A repository such as registry.example.com/team/app, without a tag or digest.'),
    });
    if (!destination) return undefined;
    const go = await prompts.warn(`Copy ${source} to ${destination.trim()}?`, { modal: true, detail: 'Copies the image (every platform image of an index), its .sig, .att and .sbom attachments and its Sigstore bundles. Signatures already at the destination are kept.' }, 'Copy');
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

const FORMAT_HELP = { legacy: 'cosign\u2019s .sig/.att tags', bundle: 'Sigstore bundles as OCI referrers', both: 'both formats' } as const;

async function pickOne<T extends string>(title: string, placeHolder: string, items: Array<{ id: T; label: string; description: string }>): Promise<T | undefined> {
  return (await prompts.quickPick(items, { title, placeHolder }))?.id;
}

/** The image from the command's arguments (a view node, a reference), the editor, or asked for. */
async function targetImage(args: unknown[], title: string): Promise<string | undefined> {
  const [first, second] = args;
  if (typeof second === 'string' && second.trim()) return second.trim();
  if (typeof first === 'string' && first.trim()) return first.trim();
  const node = first as { entry?: { checkedRef?: string; verifiedRef?: string; ref?: string } } | undefined;
  const fromHistory = node?.entry?.checkedRef || node?.entry?.verifiedRef;
  if (fromHistory) return fromHistory;
  if (node?.entry?.ref) return node.entry.ref;
  const editor = vscode.window.activeTextEditor;
  if (editor && (first === undefined || first instanceof vscode.Uri)) {
    const selection = editor.selection;
    const fromEditor = selection.isEmpty
      ? referenceAt(editor.document.lineAt(selection.active.line).text, selection.active.character, editor.document.fileName)
      : editor.document.getText(selection).trim().replace(/^image:\s*/, '').replace(/^["']|["']$/g, '');
    if (fromEditor) return fromEditor;
  }
  const typed = await prompts.inputBox({ title, prompt: 'Image (a digest reference, or a tag to resolve):', placeHolder: 'registry.example.com/team/app@sha256:…', ignoreFocusOut: true, validateInput: (v) => (v.trim() ? undefined : 'Enter an image reference.') });
  return typed?.trim() || undefined;
}

/**
 * Predicates for Attest: a type and its body each — a JSON file (its SHA-256 is taken now and
 * re-checked before signing), or inline JSON (the seed's `json` form) typed or taken from the
 * active editor.
 */
async function askPredicates(title: string): Promise<AttestInput['predicates'] | undefined> {
  const { createHash } = await import('node:crypto');
  const predicates: NonNullable<AttestInput['predicates']> = [];
  for (;;) {
    const type = await prompts.quickPick(
      [...PREDICATE_TYPES.map((t) => ({ label: t.uri, description: t.name })), { label: '$(edit) Another predicate type…', description: '' }],
      { title, placeHolder: predicates.length ? 'Another predicate? (Escape when done)' : 'Predicate type' },
    );
    if (!type) break;
    let uri = type.label;
    if (uri.startsWith('$(edit)')) {
      const typed = await prompts.inputBox({ title, prompt: 'Predicate type URI', ignoreFocusOut: true, validateInput: (v) => (/^[a-z][a-z0-9+.-]*:\S+$/i.test(v.trim()) ? undefined : 'A URI such as https://example.com/predicate/v1') });
      if (!typed) break;
      uri = typed.trim();
    }
    const active = vscode.window.activeTextEditor?.document;
    const source = await prompts.quickPick(
      [
        { label: '$(file) A JSON file…', id: 'file' },
        { label: '$(json) Inline JSON…', description: 'type or paste the predicate body', id: 'json' },
        ...(active && active.languageId === 'json' ? [{ label: '$(go-to-file) The JSON in the active editor', description: vscode.workspace.asRelativePath(active.uri), id: 'editor' }] : []),
      ],
      { title, placeHolder: `The body of the ${uri} predicate` },
    );
    if (!source) break;
    if (source.id === 'file') {
      const files = await signingDialogs.openFiles({ title: `${title}: the ${uri} predicate (JSON)`, canSelectMany: false, filters: { JSON: ['json'] }, openLabel: 'Use This Predicate' });
      if (!files?.[0]) break;
      const bytes = await vscode.workspace.fs.readFile(files[0]);
      predicates.push({ type: uri, files: [{ path: files[0].fsPath, sha256: createHash('sha256').update(bytes).digest('hex') }] });
      continue;
    }
    const json =
      source.id === 'editor' && active
        ? active.getText()
        : await prompts.inputBox({ title, prompt: `The ${uri} predicate as JSON (an object)`, ignoreFocusOut: true, validateInput: jsonObjectProblem });
    if (json === undefined) break;
    const problem = jsonObjectProblem(json);
    if (problem) throw badInput('Image signing', 'attest', `the predicate ${problem}`);
    predicates.push({ type: uri, json });
  }
  return predicates.length ? predicates : undefined;
}

/** Why text is not a JSON object (the shape an in-toto predicate must have), or undefined. */
function jsonObjectProblem(text: string): string | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? undefined : 'must be a JSON object { … }';
  } catch (error) {
    return `is not JSON (${(error as Error).message})`;
  }
}

const PREDICATE_TYPES = [
  { uri: 'https://slsa.dev/provenance/v1', name: 'SLSA provenance v1' },
  { uri: 'https://spdx.dev/Document', name: 'SPDX SBOM' },
  { uri: 'https://cyclonedx.org/bom', name: 'CycloneDX SBOM' },
  { uri: 'https://cosign.sigstore.dev/attestation/vuln/v1', name: 'vulnerability scan' },
  { uri: 'https://openvex.dev/ns', name: 'OpenVEX' },
  { uri: 'https://cosign.sigstore.dev/attestation/v1', name: 'custom' },
];

/** A policy that accepts exactly what was just signed: the signer's identity or key, and the predicates. */
function signerPolicy(result: OperationResult, ref: string, format: string, predicateTypes: string[], tlogUrl: string | undefined): { text: string; source: string } | undefined {
  const signer = result.signer;
  if (!signer) return undefined;
  const authority: Record<string, unknown> = { name: 'signer' };
  if (format !== 'both') authority.signatureFormat = format;
  if (signer.keyFingerprint) {
    // The policy controller reads bundles for keyless authorities only: no key policy can accept a bundle alone.
    if (!signer.publicKeyPem || format === 'bundle') return undefined;
    authority.key = { data: signer.publicKeyPem };
    if (result.tlog.length > 0) authority.ctlog = { url: tlogUrl ?? 'https://rekor.sigstore.dev' };
  } else {
    authority.keyless = { url: 'https://fulcio.sigstore.dev', identities: [{ issuer: signer.issuer, subject: signer.subjects[0] }] };
  }
  if (predicateTypes.length) authority.attestations = predicateTypes.map((t, i) => ({ name: `predicate-${i + 1}`, predicateType: t }));
  const policy = { apiVersion: 'policy.sigstore.dev/v1beta1', kind: 'ClusterImagePolicy', metadata: { name: 'just-signed' }, spec: { images: [{ glob: ref }], authorities: [authority] } };
  return { text: JSON.stringify(policy, null, 2), source: `a policy naming the signer (${signer.description})` };
}

function workspaceUri(file: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  return path.isAbsolute(file) || !folder ? vscode.Uri.file(file) : vscode.Uri.joinPath(folder, file);
}

async function trustRootSetting(parse: (text: string, source: string) => TrustRoot): Promise<TrustRoot | undefined> {
  const read = await readTrustFile('signing.trustedRootFile', 'Image signing');
  return read ? parse(read.text, read.file) : undefined;
}
