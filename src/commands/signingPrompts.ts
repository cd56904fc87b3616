import * as vscode from 'vscode';
import type { AttestInput } from '../clients/cosign/sign/types';
import { badInput } from '../core/errors';
import { prompts } from '../ui/prompts';
import { referenceAt } from '../views/signatures/api';
import { signingDialogs } from './signingCredentials';

/**
 * What Sign, Attest and Copy ask: the image (from the command's arguments, the editor, or typed),
 * the signature format and conflict mode, and Attest's predicates.
 */

export const FORMAT_HELP = { legacy: 'cosign\u2019s .sig/.att tags', bundle: 'Sigstore bundles as OCI referrers', both: 'both formats' } as const;

export async function pickOne<T extends string>(title: string, placeHolder: string, items: Array<{ id: T; label: string; description: string }>): Promise<T | undefined> {
  return (await prompts.quickPick(items, { title, placeHolder }))?.id;
}

/** The image from the command's arguments (a view node, a reference), the editor, or asked for. */
export async function targetImage(args: unknown[], title: string): Promise<string | undefined> {
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
      : editor.document
          .getText(selection)
          .trim()
          .replace(/^image:\s*/, '')
          .replace(/^["']|["']$/g, '');
    if (fromEditor) return fromEditor;
  }
  const typed = await prompts.inputBox({
    title,
    prompt: 'Image (a digest reference, or a tag to resolve):',
    placeHolder: 'registry.example.com/team/app@sha256:…',
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() ? undefined : 'Enter an image reference.'),
  });
  return typed?.trim() || undefined;
}

/**
 * Predicates for Attest: a type and its body each — a JSON file (its SHA-256 is taken now and
 * re-checked before signing), or inline JSON (the seed's `json` form) typed or taken from the
 * active editor.
 */
export async function askPredicates(title: string): Promise<AttestInput['predicates'] | undefined> {
  const { createHash } = await import('node:crypto');
  const predicates: NonNullable<AttestInput['predicates']> = [];
  for (;;) {
    const type = await prompts.quickPick([...PREDICATE_TYPES.map((t) => ({ label: t.uri, description: t.name })), { label: '$(edit) Another predicate type…', description: '' }], {
      title,
      placeHolder: predicates.length ? 'Another predicate? (Escape when done)' : 'Predicate type',
    });
    if (!type) break;
    let uri = type.label;
    if (uri.startsWith('$(edit)')) {
      const typed = await prompts.inputBox({
        title,
        prompt: 'Predicate type URI',
        ignoreFocusOut: true,
        validateInput: (v) => (/^[a-z][a-z0-9+.-]*:\S+$/i.test(v.trim()) ? undefined : 'A URI such as https://example.com/predicate/v1'),
      });
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
