/**
 * Sizes of what ships: the extension bundle (target ≤ 300 KB minified) and each webview app.
 * Run after `npm run build`.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as zlib from 'zlib';

const dist = path.resolve(__dirname, '../../../dist');

function size(file: string): string {
  const bytes = fs.readFileSync(file);
  return `${(bytes.length / 1024).toFixed(1)} KB (${(zlib.gzipSync(bytes).length / 1024).toFixed(1)} KB gzipped)`;
}

function main(): void {
  const extension = path.join(dist, 'extension.js');
  if (!fs.existsSync(extension)) {
    console.error('dist/extension.js is missing: run "npm run build" first');
    process.exit(1);
  }
  const kb = fs.statSync(extension).size / 1024;
  console.log(`extension bundle dist/extension.js: ${size(extension)} — target ≤ 300 KB: ${kb <= 300 ? 'met' : 'NOT met'}`);
  for (const file of fs.readdirSync(dist).filter((f) => f.endsWith('.js') && f !== 'extension.js')) {
    console.log(`lazy chunk dist/${file}: ${size(path.join(dist, file))}`);
  }
  const webviews = path.join(dist, 'webview');
  for (const file of fs.readdirSync(webviews).filter((f) => f.endsWith('.js'))) {
    console.log(`webview app dist/webview/${file}: ${size(path.join(webviews, file))}`);
  }
}

main();
