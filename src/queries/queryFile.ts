import { Node as JsonNode, ParseError, findNodeAtLocation, getNodeValue, parseTree, printParseErrorCode } from 'jsonc-parser';
import { ApiQuerySpec, QueryProblem } from '../clients/honeycomb';
import { validateApiQuery } from '../clients/honeycomb/queries';
import { querySent } from '../clients/honeycomb/queryJson';

/**
 * A Honeycomb query file (`*.honeycomb-query.json`): where to run and what, with the query in
 * exactly the JSON the API takes (so it can be pasted into Terraform's `query_json`):
 *
 *   { "environment": "production", "dataset": "api-gateway", "query": { "calculations": [...] } }
 *
 * `environment` defaults to the environment of the configured API key, `dataset` to the whole
 * environment. Parsing keeps offsets, so each problem of the shared validator lands on the value
 * it is about. No `vscode` here: offsets in, offsets out.
 */

export { QUERY_FILE_SUFFIX } from './constants';

export interface FileProblem {
  message: string;
  severity: 'error' | 'warning';
  /** Character offsets in the file. */
  start: number;
  end: number;
}

export interface QueryDraft {
  /** Environment slug; undefined = the configured API key's environment. */
  environment?: string;
  /** Dataset slug; undefined = environment-wide. */
  dataset?: string;
  query: ApiQuerySpec;
}

export interface ParsedQueryFile {
  draft?: QueryDraft;
  problems: FileProblem[];
  root?: JsonNode;
}

const FILE_KEYS = ['$schema', 'environment', 'dataset', 'query'];

function rangeOf(node: JsonNode | undefined, fallback: { start: number; end: number }): { start: number; end: number } {
  if (!node) return fallback;
  return { start: node.offset, end: node.offset + node.length };
}

/** The node a problem is about: the deepest existing node on its path (the key for an unknown field). */
function nodeFor(queryNode: JsonNode, p: QueryProblem): JsonNode | undefined {
  for (let depth = p.path.length; depth >= 0; depth--) {
    const found = findNodeAtLocation(queryNode, p.path.slice(0, depth));
    if (!found) continue;
    const key = found.parent?.type === 'property' ? found.parent.children?.[0] : undefined;
    return p.onKey && depth === p.path.length && key ? key : found;
  }
  return undefined;
}

export function parseQueryFile(text: string): ParsedQueryFile {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  const problems: FileProblem[] = errors.map((e) => ({
    message: `JSON: ${describeParseError(printParseErrorCode(e.error))}`,
    severity: 'error',
    start: e.offset,
    end: e.offset + Math.max(1, e.length),
  }));
  const whole = { start: 0, end: Math.min(text.length, 1) };
  if (!root || errors.length > 0) return { problems, root };
  if (root.type !== 'object') {
    return { problems: [{ message: 'A query file is a JSON object: { "dataset": "…", "query": { … } }', severity: 'error', ...rangeOf(root, whole) }], root };
  }
  for (const property of root.children ?? []) {
    const key = property.children?.[0];
    if (key && !FILE_KEYS.includes(String(key.value))) {
      problems.push({ message: `unknown field "${key.value}"; a query file has environment, dataset and query`, severity: 'error', ...rangeOf(key, whole) });
    }
  }
  const text_ = (name: 'environment' | 'dataset'): string | undefined => {
    const node = findNodeAtLocation(root, [name]);
    if (!node) return undefined;
    if (node.type !== 'string' || String(node.value).trim() === '') {
      problems.push({
        message: `${name} must be a ${name === 'dataset' ? 'dataset slug' : 'environment slug'} (leave it out for ${name === 'dataset' ? 'all datasets' : 'the API key’s environment'})`,
        severity: 'error',
        ...rangeOf(node, whole),
      });
      return undefined;
    }
    return String(node.value);
  };
  const environment = text_('environment');
  const dataset = text_('dataset');
  const queryNode = findNodeAtLocation(root, ['query']);
  if (!queryNode) {
    problems.push({ message: 'the file has no "query": add "query": { "calculations": [{ "op": "COUNT" }] }', severity: 'error', ...rangeOf(root, whole) });
    return { problems, root };
  }
  const { query, problems: found } = validateApiQuery(getNodeValue(queryNode));
  for (const p of found) problems.push(placed(p, queryNode));
  // In reading order, as the Problems panel lists them.
  problems.sort((a, b) => a.start - b.start);
  return { draft: { environment, dataset, query }, problems, root };
}

function placed(p: QueryProblem, queryNode: JsonNode): FileProblem {
  const node = nodeFor(queryNode, p) ?? queryNode;
  return { message: p.message, severity: p.severity, start: node.offset, end: node.offset + node.length };
}

function describeParseError(code: string): string {
  const words = code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The text of a query file for a draft: the query in the provider's key order with its defaults
 * written out (but no COUNT assumed, see querySent), indented. Plain JSON escaping: the file is for reading (`>=` stays `>=`); it
 * parses to the same query as the escaped `json` output.
 */
export function queryFileText(draft: QueryDraft): string {
  const file: Record<string, unknown> = {};
  if (draft.environment) file.environment = draft.environment;
  if (draft.dataset) file.dataset = draft.dataset;
  file.query = querySent(draft.query);
  return `${JSON.stringify(file, null, 2)}\n`;
}
