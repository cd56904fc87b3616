import * as vscode from 'vscode';
import type { activateFeatures } from './features';
import { SecretKeys } from './core/secretKeys';
import { EarlySecrets } from './startup/earlySecrets';
import { RememberedTrees } from './startup/rememberedTrees';
import { createShells } from './startup/shells';
import type { ViewName } from './views/viewIds';

type Features = ReturnType<typeof activateFeatures>;

/**
 * The start-up chunk: registers what the editor needs up front as thin stand-ins
 * (src/startup/shells.ts) and nothing else. The features — services, views, panels, commands,
 * with every client and the query language — load with `import()` the first time a view is
 * shown or asks for its items, a command runs, or a document or panel of the extension is
 * restored; they compile then, not while the editor starts. This chunk itself is activated once
 * the window has started (`onStartupFinished`), so that a click on a view finds it ready
 * (docs/decisions/0002-start-up-and-first-items.md).
 */
export function activate(context: vscode.ExtensionContext) {
  const started = performance.now();
  let secrets: EarlySecrets | undefined;
  /** The views' first secret reads, started at the first need: a remembered tree to check, or the features loading. */
  const earlySecrets = (): EarlySecrets => {
    if (!secrets) {
      secrets = new EarlySecrets(context.secrets);
      context.subscriptions.push(secrets);
      secrets.readAhead(FIRST_READS);
    }
    return secrets;
  };
  // Nothing is read here unless a view remembers a tree (see prepare below).
  const remembered = new RememberedTrees(
    context.globalState,
    REMEMBERING_VIEWS,
    () => earlySecrets().peek(),
    () => import(/* webpackChunkName: "remembered" */ './startup/rememberedCheck').then((m) => m.checkRememberedTrees),
  );
  let loading: Promise<Features> | undefined;
  const loadFeatures = (): Promise<Features> => {
    if (!loading) {
      // The views' first reads go out now, and the features compile while the window answers;
      // one turn of the event loop lets the requests leave before the compiling starts, and a
      // shown view that remembers its tree draws it first (RememberedTrees.quiet).
      const reads = earlySecrets();
      loading = remembered
        .quiet()
        .then(() => import(/* webpackChunkName: "features" */ './features'))
        .then((m) => m.activateFeatures(context, shells, reads, activationMs));
      void loading.then(() => remembered.wentLive(), reportLoadFailure);
    }
    return loading;
  };
  const shells = createShells(context, loadFeatures, remembered);
  // Activated when the window has started (package.json), well before most clicks on a view: a
  // remembered tree is compared now.
  context.subscriptions.push(remembered.prepare({ secrets: context.secrets.onDidChange, settings: vscode.workspace.onDidChangeConfiguration }));
  const activationMs = performance.now() - started;

  // The internals go to the test host only (integration tests, in-editor benchmarks), and only
  // on request, so the test host starts like any other: another extension calling activate()
  // gets nothing it could reach secrets or services through.
  if (context.extensionMode !== vscode.ExtensionMode.Test) return undefined;
  return { activationMs, features: loadFeatures };
}

/** The views that remember their tree for the next window (src/views/tree/treeMemory.ts). */
const REMEMBERING_VIEWS: ViewName[] = ['honeycomb'];

/** The secrets the views read before their first request: the default connections' credentials, and the key of the remembered trees' fingerprints. */
const FIRST_READS = [SecretKeys.honeycombApiKey, SecretKeys.honeycombApiKeyId, SecretKeys.honeycombApiKeySecret, SecretKeys.authentikToken, SecretKeys.authentikHeaders, SecretKeys.rememberedTreeKey];

let reported = false;

/** A features chunk that cannot load (a broken install) is said once, not per command. */
function reportLoadFailure(error: unknown): void {
  if (reported) return;
  reported = true;
  void vscode.window.showErrorMessage(`Ops Config Explorer could not load its features: ${error instanceof Error ? error.message : String(error)}`);
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
