import * as vscode from 'vscode';
import { Logger } from '../../core/logger';
import { prompts } from '../../ui/prompts';
import { renderShell } from './html';
import { panelText } from './panelText';
import { HostMessage, PanelState, RecordLink, WebviewMessage, isWebviewMessage } from './protocol';

/**
 * One kind of webview panel (record, query result, verification report): a cache of open panels
 * keyed by what they show, the ready handshake, and a serializer so panels come back after a
 * window reload. A panel only holds a key; its model is (re)loaded by the kind.
 */
export interface PanelKind<M> {
  viewType: string;
  /** The app bundle under dist/webview. */
  script: string;
  load(key: string, signal: AbortSignal): Promise<M>;
  title(model: M): string;
  /** Value of a masked field, sent only when the user clicks Reveal. */
  revealSecret?(key: string, secretId: string): Promise<string | undefined>;
  onAction?(key: string, action: string, args: unknown, panel: PanelHandle<M>): Promise<void>;
}

export interface PanelHandle<M> {
  /** What the panel shows; it changes when the panel is given another result (`replace`). */
  readonly key: string;
  readonly panel: vscode.WebviewPanel;
  model?: M;
  /** Replace the model (e.g. after a re-run) and redraw. */
  show(model: M): void;
  post(message: HostMessage): void;
}

class OpenPanel<M> implements PanelHandle<M> {
  ready = false;
  model?: M;
  readonly sent: HostMessage[] = [];

  constructor(
    public key: string,
    readonly panel: vscode.WebviewPanel,
    private readonly titleOf: (model: M) => string,
  ) {}

  show(model: M): void {
    this.model = model;
    // The tab shows server text too: bidirectional controls made visible, as in the panel.
    this.panel.title = panelText(this.titleOf(model));
    if (this.ready) {
      this.post({ type: 'render', model });
    }
  }

  post(message: HostMessage): void {
    this.sent.push(message);
    if (this.sent.length > 20) {
      this.sent.shift();
    }
    void this.panel.webview.postMessage(message);
  }
}

export class PanelHost<M> implements vscode.Disposable {
  private readonly panels = new Map<string, OpenPanel<M>>();
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly kind: PanelKind<M>,
    private readonly logger: Logger,
  ) {}

  /** Shows the panel for a key: reveals it when open, else creates it. A given model skips loading. */
  open(key: string, model?: M, column: vscode.ViewColumn = vscode.ViewColumn.Active): PanelHandle<M> {
    const existing = this.panels.get(key);
    if (existing) {
      existing.panel.reveal(column);
      if (model !== undefined) {
        existing.show(model);
      }
      return existing;
    }
    const panel = vscode.window.createWebviewPanel(this.kind.viewType, 'Loading…', column, this.webviewOptions());
    return this.adopt(panel, key, model);
  }

  /**
   * Shows a new result in the tab of the one it follows (Verify Again, Look Up Again): the panel
   * that showed `fromKey` takes the new key and model, so no second tab opens beside it. When
   * that panel is gone, or the new key already has a panel of its own, this is `open`.
   */
  replace(fromKey: string, key: string, model: M): PanelHandle<M> {
    const from = this.panels.get(fromKey);
    if (!from || fromKey === key || this.panels.has(key)) {
      return this.open(key, model, from?.panel.viewColumn ?? vscode.ViewColumn.Active);
    }
    this.panels.delete(fromKey);
    from.key = key;
    this.panels.set(key, from);
    from.panel.reveal(from.panel.viewColumn);
    from.show(model);
    return from;
  }

  /**
   * The serializer that restores this kind's panels after a reload. The start-up registers one
   * per view type (src/startup/shells.ts) and hands restored panels to this one.
   */
  serializer(): vscode.WebviewPanelSerializer {
    return {
      deserializeWebviewPanel: async (panel, state: unknown) => {
        const key = (state as PanelState | undefined)?.key;
        if (typeof key !== 'string') {
          panel.dispose();
          return;
        }
        panel.webview.options = { enableScripts: true, localResourceRoots: this.webviewOptions().localResourceRoots };
        this.adopt(panel, key);
      },
    };
  }

  get(key: string): PanelHandle<M> | undefined {
    return this.panels.get(key);
  }

  /** Messages sent to a panel most recently (integration tests read what a panel was given). */
  sentTo(key: string): readonly HostMessage[] {
    return this.panels.get(key)?.sent ?? [];
  }

  keys(): string[] {
    return [...this.panels.keys()];
  }

  dispose(): void {
    for (const open of this.panels.values()) {
      open.panel.dispose();
    }
    this.disposables.forEach((d) => {
      d.dispose();
    });
  }

  private webviewOptions(): vscode.WebviewPanelOptions & vscode.WebviewOptions {
    return {
      enableScripts: true,
      enableFindWidget: true,
      // Panels keep no hidden DOM; they redraw from the model when shown again.
      retainContextWhenHidden: false,
      localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview')],
    };
  }

  private adopt(panel: vscode.WebviewPanel, key: string, model?: M): OpenPanel<M> {
    const open = new OpenPanel<M>(key, panel, (m) => this.kind.title(m));
    this.panels.set(key, open);
    const abort = new AbortController();
    if (model !== undefined) {
      open.show(model);
    }
    panel.webview.html = renderShell(panel.webview, this.extensionUri, this.kind.script);
    const subscriptions = [
      panel.webview.onDidReceiveMessage((message: unknown) => {
        if (!isWebviewMessage(message)) {
          this.logger.warn(`Ignored an unexpected message from the ${this.kind.viewType} webview.`);
          return;
        }
        void this.handle(open, message, abort.signal).catch((error: unknown) => {
          this.logger.error(`${this.kind.viewType}: ${(error as Error).message}`);
          open.post({ type: 'error', message: (error as Error).message });
        });
      }),
      panel.onDidDispose(() => {
        abort.abort();
        this.panels.delete(open.key);
        subscriptions.forEach((s) => {
          s.dispose();
        });
      }),
    ];
    return open;
  }

  private async handle(open: OpenPanel<M>, message: WebviewMessage, signal: AbortSignal): Promise<void> {
    switch (message.type) {
      case 'ready':
        open.ready = true;
        if (open.model !== undefined) {
          open.post({ type: 'render', model: open.model });
        } else {
          await this.load(open, signal);
        }
        return;
      case 'reveal': {
        const value = await this.kind.revealSecret?.(open.key, message.secretId);
        if (value !== undefined) {
          open.post({ type: 'secret', secretId: message.secretId, value });
        }
        return;
      }
      case 'copy':
        await vscode.env.clipboard.writeText(message.text);
        // As the Copy commands do: the status bar says what was copied.
        prompts.status(message.what ? `Copied ${message.what}` : 'Copied to the clipboard', 3000);
        return;
      case 'open':
        await openLink(message.link);
        return;
      case 'action':
        await this.kind.onAction?.(open.key, message.id, message.args, open);
        return;
    }
  }

  private async load(open: OpenPanel<M>, signal: AbortSignal): Promise<void> {
    const key = open.key;
    open.post({ type: 'loading' });
    try {
      const model = await this.kind.load(key, signal);
      // The panel may have been given another result meanwhile (`replace`): that one stays.
      if (open.key === key) open.show(model);
    } catch (error) {
      if (open.key !== key) return;
      this.logger.warn(`Could not load ${open.key}: ${(error as Error).message}`);
      open.panel.title = 'Could not load';
      open.post({ type: 'error', message: (error as Error).message });
    }
  }
}

/** Links from a webview: only our own commands, http(s) URLs and records are followed. */
async function openLink(link: RecordLink): Promise<void> {
  if (link.kind === 'url') {
    const uri = vscode.Uri.parse(link.url);
    if (uri.scheme === 'https' || uri.scheme === 'http') {
      await vscode.env.openExternal(uri);
    }
  } else if (link.kind === 'command') {
    if (link.command.startsWith('opsConfig.')) {
      await vscode.commands.executeCommand(link.command, ...(link.args ?? []));
    }
  } else if (link.kind === 'record') {
    await vscode.commands.executeCommand('opsConfig.openRecord', link.key);
  }
}
