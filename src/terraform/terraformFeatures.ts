import * as vscode from 'vscode';
import { RefusedError } from '../core/errors';
import type { EditableKinds, EditTarget } from '../editing/editableKinds';
import { DRIFT_SOURCE, terraformLensesChanged } from '../startup/terraformShells';
import type { RegistryClientOptions } from '../clients/registry/client';
import type { AttachmentQuery, AttachmentStatus } from '../clients/cosign/verify/attachments';
import { attachmentLensTitle, attachmentQueryOf } from './cosignSignBlock';
import type { Address, EditableKind, JsonObject } from '../editing/kind';
import { AttributeDrift, driftMessage, driftOf, isFixable, leftOutOf, replacementsFromLive } from './drift';
import type { HclBlock } from './hclParse';
import { CosignVerifyInputs, cosignVerifyInputs } from './cosignVerifyBlock';
import { ManagedBlock, findManaged, identityFromExport } from './managedBlocks';
import { DerivedLinks, LiveTarget, liveTargetOf, managedPlacesOf, needsDerivedLinks } from './liveTargets';
import { HoneycombLists, NaturalKeyLookup, resolvableByNaturalKey } from './naturalKeyLookup';
import type { ManagedPlace, ManagedTarget } from './managedIndex';
import { WorkspaceTerraform, placeOfBlock, revealBlock } from './workspaceTerraform';

/**
 * The Terraform features in the editor, loaded (with the parser) the first time a `.tf` file, a
 * save's plan or a Terraform command needs them: CodeLenses on resource blocks, drift as
 * diagnostics with their quick fixes, and who owns a live object.
 */
export interface TerraformDeps {
  kinds: EditableKinds;
  distPath: string;
  /** The environment of the Honeycomb API key (where the provider writes), when one is set. */
  honeycombEnv(): Promise<string | undefined>;
  /** How to reach registries (the saved logins, proxy, timeout), for the lenses of `cosign_sign` and `cosign_attest`. */
  registryOptions(): Promise<RegistryClientOptions>;
  /** The lists of an environment, to find a block with no import by its natural key. */
  honeycombLists(env: string): Promise<HoneycombLists>;
}

/** The lens of a `cosign_sign`/`cosign_attest` block: titled once the registry has answered (resolveCodeLens). */
class AttachmentLens extends vscode.CodeLens {
  constructor(
    range: vscode.Range,
    readonly query: AttachmentQuery,
  ) {
    super(range);
  }
}

interface DriftFix {
  uri: vscode.Uri;
  key: string;
  drifts: AttributeDrift[];
  target: LiveTarget;
}

export const keyOf = (block: ManagedBlock) => `${block.mode === 'data' ? 'data.' : ''}${block.type}.${block.name}`;

export class TerraformFeatures implements vscode.Disposable {
  readonly workspace: WorkspaceTerraform;
  readonly diagnostics = vscode.languages.createDiagnosticCollection('opsConfig.terraformDrift');
  private readonly fixes = new WeakMap<vscode.Diagnostic, DriftFix>();
  /** What the registry said per image (and predicate types), until the user asks again by clicking the lens. */
  private readonly attachments = new Map<string, Promise<AttachmentStatus>>();
  private derivedLinks?: Promise<DerivedLinks>;

  constructor(private readonly deps: TerraformDeps) {
    this.workspace = new WorkspaceTerraform(deps.distPath);
  }

  dispose(): void {
    this.workspace.dispose();
    this.diagnostics.dispose();
  }

  async provideCodeLenses(document: vscode.TextDocument): Promise<vscode.CodeLens[]> {
    const lenses: vscode.CodeLens[] = [];
    for (const block of await this.workspace.blocksOf(document)) {
      const range = new vscode.Range(block.block.range.start.line, 0, block.block.range.start.line, 0);
      const args = [document.uri.toString(), keyOf(block)];
      if (block.mode === 'resource' && (block.type === 'cosign_sign' || block.type === 'cosign_attest')) {
        const query = attachmentQueryOf(block.type, block.block);
        lenses.push('notChecked' in query ? new vscode.CodeLens(range, { title: query.notChecked, command: '' }) : new AttachmentLens(range, query));
      } else if (block.mode === 'resource') {
        lenses.push(new vscode.CodeLens(range, { title: 'Open Live Object', command: 'opsConfig.terraform.openLiveObject', arguments: args }));
        lenses.push(new vscode.CodeLens(range, { title: 'Compare with Live', command: 'opsConfig.terraform.compareWithLive', arguments: args }));
      } else if (block.type === 'cosign_verify') {
        lenses.push(new vscode.CodeLens(range, { title: 'Verify Now', command: 'opsConfig.terraform.verifyNow', arguments: args }));
      }
    }
    return lenses;
  }

  /** A `cosign_sign`/`cosign_attest` lens titled with what the registry holds; clicking it asks again. */
  async resolveCodeLens(lens: vscode.CodeLens): Promise<vscode.CodeLens> {
    if (!(lens instanceof AttachmentLens)) return lens;
    const key = JSON.stringify(lens.query);
    const status = await this.attachmentStatus(lens.query);
    lens.command = { title: attachmentLensTitle(lens.query, status), command: 'opsConfig.terraform.checkAttachmentsAgain', arguments: [key] };
    return lens;
  }

  private attachmentStatus(query: AttachmentQuery): Promise<AttachmentStatus> {
    const key = JSON.stringify(query);
    let pending = this.attachments.get(key);
    if (!pending) {
      pending = Promise.all([import('../clients/cosign/verify/attachments'), import('../clients/registry/client'), this.deps.registryOptions()]).then(([m, r, options]) =>
        m.attachmentStatus(query, new r.Registries(options)),
      );
      this.attachments.set(key, pending);
    }
    return pending;
  }

  /** The lens clicked: the registry is asked again for that image. */
  checkAttachmentsAgain(key: string): void {
    this.attachments.delete(key);
    terraformLensesChanged.fire();
  }

  /** The block `key` of the document at `uri`, read from its current text. */
  async blockAt(uri: string, key: string): Promise<{ document: vscode.TextDocument; block: ManagedBlock }> {
    const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(uri));
    const block = (await this.workspace.blocksOf(document)).find((b) => keyOf(b) === key);
    if (!block) throw new RefusedError(`${key} is no longer in ${vscode.workspace.asRelativePath(document.uri)}.`);
    return { document, block };
  }

  /** What Verify Now checks for a `data "cosign_verify"` block: its image and policy, or why they cannot be read. */
  async verifyInputs(uri: string, key: string): Promise<CosignVerifyInputs> {
    const { document, block } = await this.blockAt(uri, key);
    const folder = vscode.Uri.joinPath(document.uri, '..');
    const inputs = await cosignVerifyInputs(block.block, block.name, async (relative) => {
      const file = vscode.Uri.joinPath(folder, relative);
      return { text: new TextDecoder().decode(await vscode.workspace.fs.readFile(file)), source: vscode.workspace.asRelativePath(file, false) };
    });
    if ('refusal' in inputs) throw new RefusedError(inputs.refusal);
    return inputs;
  }

  /**
   * The live object of a block. One with no import is looked up by its natural key, in `lookup`
   * when the caller has one for its run (Check Drift), else in its own (one list request).
   */
  async targetOf(block: ManagedBlock, lookup?: (env: string) => Promise<NaturalKeyLookup>): Promise<LiveTarget> {
    const env = block.type.startsWith('honeycombio_') ? await this.deps.honeycombEnv() : undefined;
    let resolved = block;
    if (env && resolvableByNaturalKey(block)) {
      const found = await (await (lookup ?? this.naturalKeys())(env)).resolve(block);
      if ('none' in found) throw new RefusedError(found.none);
      resolved = found;
    }
    const target = liveTargetOf(resolved, env, await this.derivedLinksFor([resolved]));
    if ('none' in target) throw new RefusedError(target.none);
    return target;
  }

  /** The links of authentik's derived kinds, loaded (with their tables) only when a block needs them. */
  private async derivedLinksFor(blocks: readonly ManagedBlock[]): Promise<DerivedLinks | undefined> {
    if (!blocks.some(needsDerivedLinks)) return undefined;
    return (this.derivedLinks ??= import(/* webpackChunkName: "authentik-kinds" */ './derivedLinks').then((m) => (type: string) => m.derivedLinkOf(type)));
  }

  /** A lookup for one run: its lists are read once, when a block first needs them. */
  private naturalKeys(signal?: AbortSignal): (env: string) => Promise<NaturalKeyLookup> {
    let lookup: Promise<NaturalKeyLookup> | undefined;
    return (env) => (lookup ??= this.deps.honeycombLists(env).then((lists) => new NaturalKeyLookup(lists, env, signal)));
  }

  async openLive(uri: string, key: string): Promise<void> {
    const { block } = await this.blockAt(uri, key);
    const target = await this.targetOf(block);
    const edit: EditTarget = { kindId: target.kindId, address: target.address, name: block.name };
    await vscode.commands.executeCommand('opsConfig.edit', edit);
  }

  private async kind(kindId: string): Promise<EditableKind> {
    const kind = await this.deps.kinds.ensure(kindId);
    if (!kind?.code) throw new Error(`${kindId} has no Terraform export to compare with.`);
    return kind;
  }

  /** The live object as the provider's attributes: its Copy as Terraform text, parsed. */
  async liveBlock(target: LiveTarget, signal?: AbortSignal): Promise<HclBlock> {
    const kind = await this.kind(target.kindId);
    const object = await kind.backend.read(target.address, signal);
    const text = await kind.code!.terraform(object, target.address);
    const live = (await this.workspace.blocksOfText('', text)).find((b) => b.mode === 'resource');
    if (!live) throw new Error(`Copy as Terraform wrote no resource for this ${kind.noun}.`);
    return live.block;
  }

  /** Compare with Live: the block's drift as diagnostics on its lines (replacing the block's earlier ones). */
  async compare(uri: string, key: string, signal?: AbortSignal): Promise<AttributeDrift[]> {
    const { document, block } = await this.blockAt(uri, key);
    const target = await this.targetOf(block);
    const drifts = this.driftsOf(block, await this.liveBlock(target, signal));
    this.show(document.uri, block, drifts, target);
    return drifts;
  }

  /** What differs, then what is set live and left out of the code. */
  private driftsOf(block: ManagedBlock, live: HclBlock): AttributeDrift[] {
    return [...driftOf(block.block, live), ...leftOutOf(block.type, block.block, live)];
  }

  private show(uri: vscode.Uri, block: ManagedBlock, drifts: AttributeDrift[], target: LiveTarget): void {
    const key = keyOf(block);
    const others = (this.diagnostics.get(uri) ?? []).filter((d) => this.fixes.get(d)?.key !== key);
    const fix: DriftFix = { uri, key, drifts, target };
    const mine = drifts.map((drift) => {
      const range = new vscode.Range(drift.range.start.line, drift.range.start.column, drift.range.end.line, drift.range.end.column);
      const diagnostic = new vscode.Diagnostic(range, driftMessage(drift), vscode.DiagnosticSeverity.Information);
      diagnostic.source = DRIFT_SOURCE;
      diagnostic.code = isFixable(drift) ? 'drift' : 'not-compared';
      this.fixes.set(diagnostic, fix);
      return diagnostic;
    });
    this.diagnostics.set(uri, [...others, ...mine]);
  }

  /** A changed `.tf` text: its drift diagnostics no longer sit on the right places. */
  forget(uri: vscode.Uri): void {
    this.diagnostics.delete(uri);
  }

  provideCodeActions(document: vscode.TextDocument, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const actions: vscode.CodeAction[] = [];
    const seen = new Set<string>();
    for (const diagnostic of context.diagnostics) {
      const fix = this.fixes.get(diagnostic);
      if (!fix || seen.has(fix.key)) continue;
      seen.add(fix.key);
      if (fix.drifts.some(isFixable)) {
        const update = new vscode.CodeAction('Update the Code from Live', vscode.CodeActionKind.QuickFix);
        update.edit = new vscode.WorkspaceEdit();
        for (const r of replacementsFromLive(fix.drifts, (line) => /^\s*/.exec(document.lineAt(line).text)?.[0] ?? '')) {
          update.edit.replace(document.uri, new vscode.Range(r.range.start.line, r.range.start.column, r.range.end.line, r.range.end.column), r.newText);
        }
        update.diagnostics = (this.diagnostics.get(document.uri) ?? []).filter((d) => this.fixes.get(d)?.key === fix.key && d.code === 'drift');
        update.isPreferred = true;
        actions.push(update);
      }
      const open = new vscode.CodeAction('Open Live Object', vscode.CodeActionKind.QuickFix);
      open.command = { title: 'Open Live Object', command: 'opsConfig.terraform.openLiveObject', arguments: [document.uri.toString(), fix.key] };
      actions.push(open);
    }
    return actions;
  }

  /** The resource block of the workspace that manages a live object, if one does. */
  async ownerOf(kind: EditableKind, address: Address, object: JsonObject): Promise<ManagedBlock | undefined> {
    if (!kind.code || !vscode.workspace.workspaceFolders?.length) return undefined;
    const blocks = await this.workspace.allBlocks();
    if (blocks.length === 0) return undefined;
    const text = await kind.code.terraform(object, address);
    const identity = identityFromExport(await this.workspace.parse(text));
    return identity ? findManaged(blocks, identity) : undefined;
  }

  /** Every managed object of the workspace compared with its live object; the drifted ones are answered. */
  async checkAll(
    progress: vscode.Progress<{ message?: string; increment?: number }>,
    token: vscode.CancellationToken,
  ): Promise<{ checked: number; drifted: Array<{ block: ManagedBlock; drifts: AttributeDrift[] }>; failed: Array<{ block: ManagedBlock; reason: string }> }> {
    const blocks = (await this.workspace.allBlocks()).filter((b) => b.mode === 'resource');
    const abort = new AbortController();
    const cancel = token.onCancellationRequested(() => abort.abort());
    const drifted: Array<{ block: ManagedBlock; drifts: AttributeDrift[] }> = [];
    const failed: Array<{ block: ManagedBlock; reason: string }> = [];
    let checked = 0;
    const lookup = this.naturalKeys(abort.signal);
    try {
      for (const block of blocks) {
        if (token.isCancellationRequested) break;
        progress.report({ message: `${keyOf(block)} (${checked + 1} of ${blocks.length})`, increment: 100 / blocks.length });
        try {
          const target = await this.targetOf(block, lookup);
          const drifts = this.driftsOf(block, await this.liveBlock(target, abort.signal));
          checked++;
          this.show(vscode.Uri.parse(block.file), block, drifts, target);
          if (drifts.some(isFixable)) drifted.push({ block, drifts });
        } catch (error) {
          if (token.isCancellationRequested) break;
          failed.push({ block, reason: error instanceof Error ? error.message : String(error) });
        }
      }
    } finally {
      cancel.dispose();
    }
    return { checked, drifted, failed };
  }

  /** Every live object the workspace's blocks manage, with where its block is (for the views' index). */
  async managedPlaces(): Promise<Array<[ManagedTarget, ManagedPlace]>> {
    const blocks = await this.workspace.allBlocks();
    const env = blocks.some((b) => b.type.startsWith('honeycombio_')) ? await this.deps.honeycombEnv() : undefined;
    const links = await this.derivedLinksFor(blocks);
    if (!env || !blocks.some(resolvableByNaturalKey)) return managedPlacesOf(blocks, env, placeOfBlock, links);
    // Blocks with no import are found by their natural key, with one list per kind and dataset; one not found is not marked.
    const lookup = new NaturalKeyLookup(await this.deps.honeycombLists(env), env);
    const resolved: ManagedBlock[] = [];
    for (const block of blocks) {
      const found = await lookup.resolve(block).catch((error: unknown) => ({ none: String(error) }));
      if (!('none' in found)) resolved.push(found);
    }
    return managedPlacesOf(resolved, env, placeOfBlock, links);
  }

  place(block: ManagedBlock): string {
    return placeOfBlock(block);
  }

  reveal(block: ManagedBlock): Promise<void> {
    return revealBlock(block);
  }
}
