import * as vscode from 'vscode';

/**
 * The per-view filter, kept in workspace state so it survives a reload. A context key lists the
 * filtered views, so each view's title bar swaps its Filter button for Clear Filter.
 */
const CONTEXT_KEY = 'opsConfig.filteredViews';
const filtered = new Set<string>();

export class ViewFilter {
  private readonly emitter = new vscode.EventEmitter<string>();
  readonly onDidChange = this.emitter.event;

  constructor(
    private readonly state: vscode.Memento,
    readonly viewId: string,
  ) {
    if (this.text) {
      filtered.add(viewId);
      void publish();
    }
  }

  get text(): string {
    return this.state.get<string>(this.key, '');
  }

  async set(text: string): Promise<void> {
    const value = text.trim();
    await this.state.update(this.key, value || undefined);
    if (value) {
      filtered.add(this.viewId);
    } else {
      filtered.delete(this.viewId);
    }
    await publish();
    this.emitter.fire(value);
  }

  dispose(): void {
    this.emitter.dispose();
  }

  private get key(): string {
    return `opsConfig.filter.${this.viewId}`;
  }
}

function publish(): Thenable<unknown> {
  return vscode.commands.executeCommand('setContext', CONTEXT_KEY, [...filtered]);
}
