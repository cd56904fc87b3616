import * as vscode from 'vscode';
import type { Logger } from '../core/logger';
import type { Editing } from '../editing/register';
import { isEditable } from '../editing/editableKinds';
import type { EditTarget } from '../editing/editableKinds';
import { registerCommand } from '../ui/commandRunner';
import { prompts } from '../ui/prompts';
import type { TerraformFeatures } from './terraformFeatures';
import type { RegistryClientOptions } from '../clients/registry/client';
import type { HoneycombLists } from './naturalKeyLookup';
import type { ManagedIndex } from './managedIndex';

/**
 * The workspace's Terraform, wired in without reading it: a `.tf` file's lenses and quick fixes
 * (registered at start-up, src/startup/terraformShells.ts), a save's plan and the Terraform
 * commands load the parser and the features (a chunk of their own) the first time they are
 * needed. Nothing here reads a file or loads WebAssembly.
 */
export function registerTerraform(
  context: vscode.ExtensionContext,
  logger: Logger,
  editing: Editing,
  index: ManagedIndex,
  honeycombEnv: () => Promise<string | undefined>,
  /** Our verifier with its report (src/commands/signatures.ts), for Verify Now on a `data "cosign_verify"` block. */
  verifyImage: (image: string, policy: { text: string; source: string }) => Promise<unknown>,
  /** How to reach registries, for the lenses saying whether a `cosign_sign`/`cosign_attest` image is already signed. */
  registryOptions: () => Promise<RegistryClientOptions>,
  /** An environment's lists, to find a Honeycomb block with no import by its natural key. */
  honeycombLists: (env: string) => Promise<HoneycombLists>,
): () => Promise<TerraformFeatures> {
  let features: Promise<TerraformFeatures> | undefined;
  const load = (): Promise<TerraformFeatures> => {
    features ??= import(/* webpackChunkName: "terraform" */ './terraformFeatures').then((m) => {
      const loaded = new m.TerraformFeatures({ kinds: editing.kinds, distPath: vscode.Uri.joinPath(context.extensionUri, 'dist').fsPath, honeycombEnv, registryOptions, honeycombLists });
      context.subscriptions.push(loaded);
      // Once the Terraform is being read anyway, the views learn which rows it manages (and again when a `.tf` file changes).
      const reindex = (): void => {
        loaded.managedPlaces().then(
          (places) => index.update(places),
          (error: unknown) => logger.warn(`The workspace's Terraform could not be indexed: ${error instanceof Error ? error.message : String(error)}`),
        );
      };
      context.subscriptions.push(loaded.workspace.onDidChange(reindex));
      reindex();
      return loaded;
    });
    return features;
  };
  // Before the Terraform is read, Go to Terraform Definition is offered on every editable row (it reads it); after, on managed rows only.
  context.subscriptions.push(index.onDidChange(() => void vscode.commands.executeCommand('setContext', 'opsConfig.terraformRead', index.known)));
  context.subscriptions.push(
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (features && e.document.uri.path.endsWith('.tf') && e.contentChanges.length > 0) void features.then((f) => f.forget(e.document.uri));
    }),
  );

  // A save's plan says when Terraform manages the object; a workspace without `.tf` files loads nothing.
  editing.files.ownerOf = async (kind, address, object) => {
    if (!features && (await vscode.workspace.findFiles('**/*.tf', '**/.terraform/**', 1)).length === 0) return undefined;
    const f = await load();
    const block = await f.ownerOf(kind, address, object);
    return block ? { place: f.place(block), reveal: () => f.reveal(block) } : undefined;
  };

  registerCommand(context, logger, 'opsConfig.terraform.openLiveObject', async (uri: string, key: string) => (await load()).openLive(uri, key));
  registerCommand(context, logger, 'opsConfig.terraform.compareWithLive', async (uri: string, key: string) => {
    const drifts = await (await load()).compare(uri, key);
    // What Update the Code from Live fixes: a differing value, or one set live and left out of the code.
    const differing = drifts.filter((d) => d.status !== 'expression').length;
    const skipped = drifts.length - differing;
    const outcome = differing === 0 ? 'the live object matches the code' : `${differing} attribute${differing === 1 ? ' differs' : 's differ'} from the live object (see Problems)`;
    void prompts.info(`${key}: ${outcome}${skipped ? `; ${skipped} not compared (expressions)` : ''}.`);
    return drifts;
  });
  registerCommand(context, logger, 'opsConfig.terraform.verifyNow', async (uri: string, key: string) => {
    const inputs = await (await load()).verifyInputs(uri, key);
    return verifyImage(inputs.image, inputs.policy);
  });
  registerCommand(context, logger, 'opsConfig.terraform.checkAttachmentsAgain', async (key: string) => (await load()).checkAttachmentsAgain(key));
  registerCommand(context, logger, 'opsConfig.terraform.checkDrift', async () => {
    const f = await load();
    const result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'Comparing the workspace’s Terraform with the live objects', cancellable: true },
      (progress, token) => f.checkAll(progress, token),
    );
    const failures = result.failed.length ? ` ${result.failed.length} could not be compared (${result.failed[0].reason}${result.failed.length > 1 ? ' …' : ''}).` : '';
    if (result.drifted.length === 0) {
      void prompts.info(`No drift: ${result.checked} managed object${result.checked === 1 ? '' : 's'} match${result.checked === 1 ? 'es' : ''} the code.${failures}`);
      return result;
    }
    const picked = await vscode.window.showQuickPick(
      result.drifted.map((d) => ({
        label: `${d.block.type}.${d.block.name}`,
        description: f.place(d.block),
        detail: d.drifts
          .filter((x) => x.status !== 'expression')
          .map((x) => x.path)
          .join(', '),
        drifted: d,
      })),
      { title: `${result.drifted.length} of ${result.checked} managed objects differ from the code.${failures}`, placeHolder: 'Pick one to open its block' },
    );
    if (picked) await f.reveal(picked.drifted.block);
    return result;
  });
  // From a tree row (its node) or a record (its edit target): the index knows the place once read; else the object is matched now.
  registerCommand(context, logger, 'opsConfig.terraform.goToDefinition', async (picked: unknown) => {
    const target = isEditable(picked) ? picked.editTarget() : isEditTarget(picked) ? picked : undefined;
    if (!target) throw new Error('Pick an object in an Ops Config view first.');
    const known = index.placeOf(target);
    if (known) {
      const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(known.uri));
      const start = new vscode.Position(known.line, known.column);
      await vscode.window.showTextDocument(document, { selection: new vscode.Range(start, start) });
      return;
    }
    const kind = await editing.kinds.ensure(target.kindId);
    if (!kind) throw new Error(`No editable kind ${target.kindId}.`);
    const f = await load();
    const block = await f.ownerOf(kind, target.address, await kind.backend.read(target.address));
    if (!block) throw new Error(`No Terraform in this workspace manages ${kind.noun} “${target.name}”.`);
    await f.reveal(block);
  });
  return load;
}

function isEditTarget(value: unknown): value is EditTarget {
  const v = value as { kindId?: unknown; address?: unknown; name?: unknown } | undefined;
  return typeof v?.kindId === 'string' && typeof v.name === 'string' && !!v.address && typeof v.address === 'object';
}
