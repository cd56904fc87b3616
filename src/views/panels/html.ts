import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';

/**
 * The static HTML shell of every webview: a strict CSP with a fresh nonce, the extension's own
 * script and stylesheet, a title naming the kind of panel (the app adds the record's name), an
 * empty root, and one small status element through which the app announces what changed ("12
 * groups loaded"). The root itself is not a live region: a screen reader would read every
 * redraw. No data is ever interpolated here; it arrives by postMessage after the app says it is
 * ready.
 */
const DOCUMENT_TITLES: Readonly<Record<string, string>> = {
  'record.js': 'Record',
  'report.js': 'Image signature report',
  'queryResult.js': 'Honeycomb query result',
};

export function renderShell(webview: vscode.Webview, extensionUri: vscode.Uri, script: string): string {
  const nonce = randomBytes(16).toString('base64');
  const asset = (name: string): vscode.Uri => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview', name));
  const csp = ["default-src 'none'", `img-src ${webview.cspSource} data:`, `style-src ${webview.cspSource}`, `font-src ${webview.cspSource}`, `script-src 'nonce-${nonce}'`, "connect-src 'none'"].join(
    '; ',
  );
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${DOCUMENT_TITLES[script] ?? 'Ops Config'}</title>
<link rel="stylesheet" href="${asset('webview.css').toString()}">
</head>
<body>
<main>
<div id="app"><p class="muted">Loading…</p></div>
<div id="announcer" class="visually-hidden" role="status"></div>
</main>
<script nonce="${nonce}" src="${asset(script).toString()}"></script>
</body>
</html>`;
}
