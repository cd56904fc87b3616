// Two bundles: the extension (Node, `vscode` provided by the editor) and the webview apps
// (browser). Tests are compiled separately with tsc.
const fs = require('node:fs');
const path = require('node:path');

const dist = path.resolve(__dirname, 'dist');

/** Copies static webview assets next to the bundles (a stylesheet; no loader needed for that). */
class CopyAssets {
  constructor(files) {
    this.files = files;
  }
  apply(compiler) {
    compiler.hooks.afterEmit.tap('CopyAssets', () => {
      for (const [from, to] of this.files) {
        fs.mkdirSync(path.dirname(to), { recursive: true });
        fs.copyFileSync(from, to);
      }
    });
  }
}

/**
 * The validation schemas (schemas/validation/) are bundled for ajv, which reads no annotation: their
 * descriptions, titles and comments (hover reads schemas/*.schema.json, shipped beside) are left
 * out of the bundle. Keys under `properties` are field names and stay, whatever they are called.
 */
const ANNOTATIONS = new Set(['description', 'title', '$comment', 'examples']);
function withoutAnnotations(value, inProperties = false) {
  if (Array.isArray(value)) return value.map((v) => withoutAnnotations(v));
  if (!value || typeof value !== 'object') return value;
  const out = {};
  for (const [key, inner] of Object.entries(value)) {
    if (!inProperties && ANNOTATIONS.has(key)) continue;
    out[key] = inProperties ? withoutAnnotations(inner) : withoutAnnotations(inner, key === 'properties' || key === 'patternProperties' || key === 'definitions');
  }
  return out;
}
const validationSchemaRule = {
  test: /[\\/]schemas[\\/]validation[\\/][^\\/]+\.json$/,
  type: 'json',
  parser: { parse: (text) => withoutAnnotations(JSON.parse(text)) },
};

const tsRule = (configFile, compilerOptions) => ({
  test: /\.ts$/,
  exclude: /node_modules/,
  use: [{ loader: 'ts-loader', options: { configFile, transpileOnly: true, compilerOptions } }],
});

/** @type {(env: unknown, argv: { mode?: string }) => import('webpack').Configuration[]} */
module.exports = (_env, argv) => {
  const mode = argv.mode === 'development' ? 'development' : 'production';
  const extension = {
    name: 'extension',
    target: 'node',
    mode,
    entry: './src/extension.ts',
    output: {
      path: dist,
      filename: 'extension.js',
      chunkFilename: 'extension.[name].js',
      libraryTarget: 'commonjs2',
      devtoolModuleFilenameTemplate: '../[resource-path]',
      clean: { keep: /^webview[\\/]/ },
    },
    externals: { vscode: 'commonjs vscode' },
    resolve: {
      extensions: ['.ts', '.js'],
      mainFields: ['main', 'module'],
      // axios's Node build imports form-data for multipart bodies, which the extension never
      // sends; form-data drags in the whole mime database. Leaving it out keeps the bundle small.
      alias: {
        'form-data': path.resolve(__dirname, 'src/core/noFormData.js'),
        // Its browser adapters are never chosen in Node (axios picks http there), and the fetch
        // adapter builds test requests with the runtime's fetch classes as its module loads.
        [path.resolve(__dirname, 'node_modules/axios/lib/adapters/xhr.js')]: path.resolve(__dirname, 'src/core/noBrowserAdapter.js'),
        [path.resolve(__dirname, 'node_modules/axios/lib/adapters/fetch.js')]: path.resolve(__dirname, 'src/core/noBrowserAdapter.js'),
        // jsonc-parser's "main" is a UMD build whose inner require() webpack cannot follow
        // ("Cannot find module './impl/format'" at run time); its ES module build bundles cleanly.
        'jsonc-parser$': path.resolve(__dirname, 'node_modules/jsonc-parser/lib/esm/main.js'),
        // tree-sitter's ES module build finds its WebAssembly with `new URL(…, import.meta.url)`,
        // which webpack would turn into an asset of its own; the CommonJS build is handed the bytes
        // (src/terraform/hclParse.ts reads them from dist/, where the plugin below copies them).
        'web-tree-sitter$': path.resolve(__dirname, 'node_modules/web-tree-sitter/tree-sitter.cjs'),
      },
    },
    plugins: [
      new CopyAssets([
        [path.resolve(__dirname, 'node_modules/web-tree-sitter/tree-sitter.wasm'), path.join(dist, 'tree-sitter.wasm')],
        [path.resolve(__dirname, 'node_modules/@tree-sitter-grammars/tree-sitter-hcl/tree-sitter-terraform.wasm'), path.join(dist, 'tree-sitter-terraform.wasm')],
      ]),
    ],
    // ES module output lets webpack see `import()`: the verification engine and the Sigstore
    // libraries become a chunk of their own, loaded on first use (activation stays small).
    module: { rules: [tsRule(path.resolve(__dirname, 'tsconfig.json'), { module: 'es2020', moduleResolution: 'node10' }), validationSchemaRule] },
    // tree-sitter's runtime goes with the Terraform chunk only, under a name the package budget knows.
    optimization: { splitChunks: { cacheGroups: { terraformParser: { test: /[\\/]node_modules[\\/]web-tree-sitter[\\/]/, name: 'terraform-parser', chunks: 'async', enforce: true } } } },
    devtool: 'source-map',
    performance: { hints: false },
    infrastructureLogging: { level: 'warn' },
  };
  const webviews = {
    name: 'webviews',
    target: 'web',
    mode,
    entry: { record: './media/record/main.ts', report: './media/report/main.ts', queryResult: './media/queryResult/main.ts' },
    output: { path: path.join(dist, 'webview'), filename: '[name].js' },
    resolve: { extensions: ['.ts', '.js'] },
    module: { rules: [tsRule(path.resolve(__dirname, 'media/tsconfig.json'))] },
    devtool: 'source-map',
    performance: { hints: false },
    plugins: [
      new CopyAssets([
        [path.resolve(__dirname, 'media/webview.css'), path.join(dist, 'webview', 'webview.css')],
        // The query results app links these two itself (the shell links webview.css only).
        [path.resolve(__dirname, 'node_modules/uplot/dist/uPlot.min.css'), path.join(dist, 'webview', 'uPlot.min.css')],
        [path.resolve(__dirname, 'media/queryResult/queryResult.css'), path.join(dist, 'webview', 'queryResult.css')],
      ]),
    ],
  };
  return [extension, webviews];
};
