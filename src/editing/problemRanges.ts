import { Node, findNodeAtLocation, parseTree } from 'jsonc-parser';
import { JsonPath, Problem } from './kind';

/**
 * Where a problem sits in the text: the value of the field it names (`frequency` → the `90`
 * after it), the nearest field that exists when the named one does not (a server error about
 * `threshold.value` when only `threshold` is there), or the opening brace for the whole
 * document. Pure: offsets in, offsets out, so it is tested without an editor.
 */
export interface TextSpan {
  offset: number;
  length: number;
}

export function spanOf(text: string, problem: Problem): TextSpan {
  if (problem.offset !== undefined) return { offset: problem.offset, length: problem.length ?? 1 };
  const root = parseTree(text);
  if (!root) return { offset: 0, length: Math.min(1, text.length) };
  const node = nearestNode(root, problem.path);
  return (problem.within && spanWithin(text, node, problem.within)) || spanOfNode(node, root);
}

/** A part of a string value; only when the value has no escapes, so offsets in it are offsets in the text. */
function spanWithin(text: string, node: Node, within: { start: number; end: number }): TextSpan | undefined {
  if (node.type !== 'string' || typeof node.value !== 'string') return undefined;
  const raw = text.slice(node.offset + 1, node.offset + node.length - 1);
  if (raw !== node.value || within.start < 0 || within.end > raw.length || within.end <= within.start) return undefined;
  return { offset: node.offset + 1 + within.start, length: within.end - within.start };
}

function nearestNode(root: Node, path: JsonPath): Node {
  for (let depth = path.length; depth > 0; depth--) {
    const node = findNodeAtLocation(root, path.slice(0, depth));
    if (node) return node;
  }
  return root;
}

function spanOfNode(node: Node, root: Node): TextSpan {
  // The whole document: the opening brace only, not every line.
  if (node === root) return { offset: node.offset, length: 1 };
  // Objects and arrays span many lines; underline the field's key instead.
  if ((node.type === 'object' || node.type === 'array') && node.parent?.type === 'property') {
    const key = node.parent.children?.[0];
    if (key) return { offset: key.offset, length: key.length };
  }
  return { offset: node.offset, length: node.length };
}
