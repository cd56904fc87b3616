import * as vscode from 'vscode';

/**
 * The per-view filter, kept in workspace state so it survives a reload. A context key per view
 * (`<viewId>.filtered`) lets the view's title bar swap its Filter button for Clear Filter.
 */

export class ViewFilter {
  private readonly emitter = new vscode.EventEmitter<string>();
  readonly onDidChange = this.emitter.event;

  constructor(
    private readonly state: vscode.Memento,
    readonly viewId: string,
  ) {
    if (this.text) {
      void this.publish(true);
    }
  }

  get text(): string {
    return this.state.get<string>(this.key, '');
  }

  async set(text: string): Promise<void> {
    const value = text.trim();
    await this.state.update(this.key, value || undefined);
    await this.publish(Boolean(value));
    this.emitter.fire(value);
  }

  dispose(): void {
    this.emitter.dispose();
  }

  private get key(): string {
    return `opsConfig.filter.${this.viewId}`;
  }

  private publish(on: boolean): Thenable<unknown> {
    return vscode.commands.executeCommand('setContext', `${this.viewId}.filtered`, on);
  }
}
