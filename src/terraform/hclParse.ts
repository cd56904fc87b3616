import { readFile } from 'node:fs/promises';
import { Language, Parser } from 'web-tree-sitter';
import type { Node } from 'web-tree-sitter';

/**
 * Terraform files read with tree-sitter's HCL/Terraform grammar, which keeps every position:
 * links, diagnostics and rewrites need lines and columns, which HashiCorp's own parser (as
 * published on npm) does not give. This module is the only one that knows the syntax tree; the
 * rest of the extension sees blocks, attributes and values.
 *
 * Positions are zero-based lines and columns in UTF-16 code units, as the editor counts them.
 */

export interface HclPosition {
  line: number;
  column: number;
}

export interface HclRange {
  start: HclPosition;
  end: HclPosition;
}

/** A value the code writes down: strings, numbers, booleans, null, and lists and maps of them. */
export type HclLiteral = string | number | boolean | null | HclLiteral[] | { [key: string]: HclLiteral };

/**
 * An attribute's value: a literal, decoded as Terraform reads it, or anything Terraform would
 * evaluate (a variable, a reference, a function call, a template with interpolation).
 */
export type HclValue = { kind: 'literal'; value: HclLiteral; range: HclRange } | { kind: 'expression'; text: string; range: HclRange };

export interface HclAttribute {
  name: string;
  value: HclValue;
  /** The whole `name = value`. */
  range: HclRange;
}

export interface HclBlock {
  /** `resource`, `data`, `import`, or a nested block's name (`threshold`). */
  type: string;
  labels: string[];
  /** In the order written; a repeated name is kept twice (Terraform reports it, we do not hide it). */
  attributes: HclAttribute[];
  blocks: HclBlock[];
  /** From the type to the closing brace. */
  range: HclRange;
}

export interface HclFile {
  blocks: HclBlock[];
  /** Top-level attributes (a `.tfvars` file has only these). */
  attributes: HclAttribute[];
  /** Where the text is not valid HCL; what is around it is still read. */
  errors: { message: string; range: HclRange }[];
}

export interface HclParser {
  parse(text: string): HclFile;
}

/** Where the two WebAssembly files are: tree-sitter's runtime and the Terraform grammar. */
export interface HclWasmFiles {
  runtime: string;
  grammar: string;
}

let runtimeReady: Promise<void> | undefined;

/**
 * Loads the parser. The runtime is initialised once per process (tree-sitter keeps it in module
 * state); the bytes are read here and handed over, so no file is looked for beside a bundle.
 */
export async function loadHclParser(files: HclWasmFiles): Promise<HclParser> {
  runtimeReady ??= readFile(files.runtime).then((wasmBinary) => Parser.init({ wasmBinary }));
  try {
    await runtimeReady;
  } catch (error) {
    runtimeReady = undefined;
    throw new Error(`The Terraform parser could not start (${files.runtime}): ${error instanceof Error ? error.message : String(error)}`);
  }
  const language = await Language.load(await readFile(files.grammar));
  const parser = new Parser();
  parser.setLanguage(language);
  return {
    parse(text) {
      const tree = parser.parse(text);
      if (!tree) throw new Error('The Terraform parser returned no tree.');
      try {
        return readTree(tree.rootNode, text);
      } finally {
        tree.delete();
      }
    },
  };
}

function readTree(root: Node, text: string): HclFile {
  const file: HclFile = { blocks: [], attributes: [], errors: [] };
  const body = root.namedChildren.find((c) => c?.type === 'body');
  if (body) readBody(body, text, file);
  collectErrors(root, text, file.errors);
  return file;
}

function readBody(body: Node, text: string, into: { blocks: HclBlock[]; attributes: HclAttribute[] }): void {
  for (const child of body.namedChildren) {
    if (child?.type === 'attribute') {
      const attribute = readAttribute(child, text);
      if (attribute) into.attributes.push(attribute);
    } else if (child?.type === 'block') {
      const block = readBlock(child, text);
      if (block) into.blocks.push(block);
    }
  }
}

function readBlock(node: Node, text: string): HclBlock | undefined {
  const [typeNode, ...rest] = node.namedChildren;
  if (typeNode?.type !== 'identifier') return undefined;
  const block: HclBlock = { type: sourceOf(typeNode, text), labels: [], attributes: [], blocks: [], range: rangeOf(node) };
  for (const child of rest) {
    if (child?.type === 'identifier') block.labels.push(sourceOf(child, text));
    else if (child?.type === 'string_lit') block.labels.push(decodeQuoted(child, text));
    else if (child?.type === 'body') readBody(child, text, block);
  }
  return block;
}

function readAttribute(node: Node, text: string): HclAttribute | undefined {
  const name = node.namedChildren.find((c) => c?.type === 'identifier');
  const expression = node.namedChildren.find((c) => c?.type === 'expression');
  if (!name || !expression) return undefined;
  return { name: sourceOf(name, text), value: readValue(expression, text), range: rangeOf(node) };
}

/** Why a value is not a literal: thrown inside the walk, caught once at the top. */
class NotLiteral extends Error {}

function readValue(expression: Node, text: string): HclValue {
  try {
    return { kind: 'literal', value: literalOf(expression, text), range: rangeOf(expression) };
  } catch (error) {
    if (!(error instanceof NotLiteral)) throw error;
    return { kind: 'expression', text: sourceOf(expression, text), range: rangeOf(expression) };
  }
}

function literalOf(node: Node, text: string): HclLiteral {
  switch (node.type) {
    case 'expression':
    case 'literal_value':
    case 'collection_value':
    case 'template_expr':
      return literalOf(onlyChild(node), text);
    case 'string_lit':
      return decodeQuoted(node, text);
    case 'quoted_template':
      return decodeQuoted(node, text);
    case 'heredoc_template':
      return heredocText(node, text);
    case 'numeric_lit':
      return numberOf(sourceOf(node, text));
    case 'bool_lit':
      return sourceOf(node, text) === 'true';
    case 'null_lit':
      return null;
    case 'operation':
      return literalOf(onlyChild(node), text);
    case 'unary_operation':
      return negated(node, text);
    case 'tuple':
      return node.namedChildren.filter((c): c is Node => c?.type === 'expression').map((c) => literalOf(c, text));
    case 'object':
      return objectOf(node, text);
    default:
      throw new NotLiteral(node.type);
  }
}

function onlyChild(node: Node): Node {
  const children = node.namedChildren.filter((c): c is Node => !!c && c.type !== 'comment');
  if (children.length !== 1) throw new NotLiteral(node.type);
  return children[0];
}

function numberOf(source: string): number {
  const value = Number(source);
  if (!Number.isFinite(value)) throw new NotLiteral(source);
  return value;
}

/** `-5` is an operation in the grammar; for a reader it is a number like any other. */
function negated(node: Node, text: string): number {
  const operand = node.namedChildren.find((c) => !!c);
  if (sourceOf(node, text).trimStart()[0] !== '-' || !operand) throw new NotLiteral(node.type);
  const value = literalOf(operand, text);
  if (typeof value !== 'number') throw new NotLiteral(node.type);
  return -value;
}

function objectOf(node: Node, text: string): { [key: string]: HclLiteral } {
  const out: { [key: string]: HclLiteral } = {};
  for (const element of node.namedChildren) {
    if (element?.type !== 'object_elem') continue;
    const key = element.childForFieldName('key');
    const value = element.childForFieldName('val');
    if (!key || !value) throw new NotLiteral('object_elem');
    out[objectKey(key, text)] = literalOf(value, text);
  }
  return out;
}

/** An object key written bare (`a = 1`) is the name itself, not a variable; a quoted key is a string. */
function objectKey(key: Node, text: string): string {
  const inner = key.type === 'expression' ? onlyChild(key) : key;
  if (inner.type === 'variable_expr' && inner.namedChildren.length === 1) return sourceOf(inner, text);
  const value = literalOf(inner, text);
  if (typeof value !== 'string') throw new NotLiteral('object key');
  return value;
}

/** A quoted string without interpolation, its escapes decoded as Terraform decodes them. */
function decodeQuoted(node: Node, text: string): string {
  let out = '';
  for (const part of node.namedChildren) {
    if (!part || part.type === 'quoted_template_start' || part.type === 'quoted_template_end') continue;
    if (part.type !== 'template_literal') throw new NotLiteral(part.type);
    out += unescapeTemplate(sourceOf(part, text));
  }
  return out;
}

const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\' };

export function unescapeTemplate(raw: string): string {
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c === '\\') {
      const next = raw[i + 1];
      if (next in SIMPLE_ESCAPES) {
        out += SIMPLE_ESCAPES[next];
        i++;
      } else if (next === 'u' || next === 'U') {
        const width = next === 'u' ? 4 : 8;
        const hex = raw.slice(i + 2, i + 2 + width);
        if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== width) throw new NotLiteral('escape');
        out += String.fromCodePoint(parseInt(hex, 16));
        i += 1 + width;
      } else {
        throw new NotLiteral('escape');
      }
    } else if ((c === '$' || c === '%') && raw[i + 1] === c && raw[i + 2] === '{') {
      out += `${c}{`;
      i += 2;
    } else {
      out += c;
    }
  }
  return out;
}

/**
 * A heredoc without interpolation. The grammar drops the first line's indentation and the last
 * newline, so the value is read from the source lines between the markers; `<<-` removes the
 * indentation the lines share, as Terraform does. Escapes are not decoded in a heredoc.
 */
function heredocText(node: Node, text: string): string {
  const parts = node.namedChildren.filter((c): c is Node => !!c);
  if (parts.some((p) => p.type !== 'heredoc_start' && p.type !== 'heredoc_identifier' && p.type !== 'template_literal')) throw new NotLiteral('heredoc');
  // The lines after the opening line, up to the closing marker's line: sliced from the text, not split from all of it.
  const first = text.indexOf('\n', node.startIndex) + 1;
  const last = text.lastIndexOf('\n', node.endIndex - 1) + 1;
  const lines = first > 0 && last > first ? text.slice(first, last).split(/\r?\n/).slice(0, -1) : [];
  const indented = parts.some((p) => p.type === 'heredoc_start' && sourceOf(p, text).startsWith('<<-'));
  const cut = indented ? Math.min(...lines.filter((l) => l.trim() !== '').map((l) => /^[ \t]*/.exec(l)?.[0].length ?? 0)) : 0;
  const body = lines.map((l) => l.slice(Number.isFinite(cut) ? cut : 0));
  return body.length
    ? `${body
        .join('\n')
        .replace(/\$\$\{/g, '${')
        .replace(/%%\{/g, '%{')}\n`
    : '';
}

/**
 * A node's source text, sliced from the text we parsed (web-tree-sitter's indices are the
 * string's UTF-16 indices) rather than read back through tree-sitter's input callback.
 */
function sourceOf(node: Node, text: string): string {
  return text.slice(node.startIndex, node.endIndex);
}

function rangeOf(node: Node): HclRange {
  return {
    start: { line: node.startPosition.row, column: node.startPosition.column },
    end: { line: node.endPosition.row, column: node.endPosition.column },
  };
}

function collectErrors(node: Node, text: string, errors: HclFile['errors']): void {
  if (!node.hasError && !node.isMissing) return;
  if (node.isError || node.isMissing) {
    errors.push({ message: node.isMissing ? `Missing ${node.type}.` : `Not valid HCL: ${JSON.stringify(sourceOf(node, text).slice(0, 40))}.`, range: rangeOf(node) });
    return;
  }
  for (const child of node.children) if (child) collectErrors(child, text, errors);
}
