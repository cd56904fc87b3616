'use strict';
/**
 * The measuring side of the start-up benchmark (test/bench/startupAndFirstItems.ts). Once the
 * host has started and settled, it activates the extensions the control file names
 * ($OPS_BENCH_CONTROL), one after the other in the order given, and appends to $OPS_BENCH_OUTPUT
 * how long each activation took as the host sees it (loading the extension's code, then its
 * activate()). It also writes which of the `watch` extensions were active before it began, so
 * the runner can tell when something else woke one of them. Without those variables it does
 * nothing. Plain JavaScript so it needs no build.
 */
const fs = require('fs');
const { performance } = require('perf_hooks');
const vscode = require('vscode');

function activate() {
  const controlFile = process.env.OPS_BENCH_CONTROL;
  const outputFile = process.env.OPS_BENCH_OUTPUT;
  if (!controlFile || !outputFile) return;
  const control = JSON.parse(fs.readFileSync(controlFile, 'utf8'));
  // Measured once start-up work has died down, as a user opening the view later would see it.
  setTimeout(() => {
    measure(control).then(
      (line) => fs.appendFileSync(outputFile, JSON.stringify(line) + '\n'),
      (error) => fs.appendFileSync(outputFile, JSON.stringify({ round: control.round, error: String(error) }) + '\n'),
    );
  }, control.settleMs || 0);
}

async function measure(control) {
  const activeBefore = {};
  for (const id of control.watch || []) {
    const extension = vscode.extensions.getExtension(id);
    activeBefore[id] = Boolean(extension && extension.isActive);
  }
  const results = [];
  for (const id of control.activate || []) {
    const extension = vscode.extensions.getExtension(id);
    if (!extension) {
      results.push({ id, error: 'not installed in this host' });
      continue;
    }
    const wasActive = extension.isActive;
    const started = performance.now();
    await extension.activate();
    results.push({ id, ms: performance.now() - started, wasActive });
  }
  return { round: control.round, activeBefore, results };
}

function deactivate() {}

module.exports = { activate, deactivate };
