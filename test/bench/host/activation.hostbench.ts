/**
 * How long the extension takes to start in the real editor: loading the bundle plus
 * activate(), and activate() alone as the extension measures it.
 */
import * as vscode from 'vscode';
import type { Report } from './index';

export async function run(report: Report): Promise<void> {
  const extension = vscode.extensions.getExtension<{ activationMs: number } | undefined>('ops-config.ops-config-explorer');
  if (!extension) throw new Error('the extension is not installed in this host');
  if (extension.isActive) {
    report('  the extension was already active; load time not measured');
  }
  const started = performance.now();
  const api = await extension.activate();
  const total = performance.now() - started;
  if (!api) throw new Error('activate() gave no internals: is this the test host?');
  report(`  activate() body: ${api.activationMs.toFixed(1)} ms (target ≤ 50 ms)`);
  report(`  bundle load + activate(), as seen by the host: ${total.toFixed(1)} ms`);
  const events = (extension.packageJSON as { activationEvents?: string[] }).activationEvents ?? [];
  const eager = events.filter((e) => e === '*' || e === 'onStartupFinished');
  report(`  activation events: ${events.join(', ') || '(implicit: views, commands)'}; eager events: ${eager.length === 0 ? 'none' : eager.join(', ')}`);
}
