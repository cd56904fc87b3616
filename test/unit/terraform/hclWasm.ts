import { loadHclParser } from '../../../src/terraform/hclParse';
import type { HclParser } from '../../../src/terraform/hclParse';

/** The parser as plain Node loads it: the two WebAssembly files straight from node_modules. */
export const nodeWasmFiles = {
  runtime: require.resolve('web-tree-sitter/tree-sitter.wasm'),
  grammar: require.resolve('@tree-sitter-grammars/tree-sitter-hcl/tree-sitter-terraform.wasm'),
};

let parser: Promise<HclParser> | undefined;
export const testHclParser = (): Promise<HclParser> => (parser ??= loadHclParser(nodeWasmFiles));
