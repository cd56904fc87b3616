import { Alias, Lexer, LineCounter, Node, Scalar, YAMLMap, isAlias, isMap, isScalar, isSeq, parseAllDocuments } from 'yaml';
import { POLICY_FILE_LIMITS } from './limits';
import { yamlScalar } from './yamlScalars';

/**
 * Reads the YAML documents of a policy file into plain values the way kubectl reads them before
 * the cluster sees them: sigs.k8s.io/yaml over go-yaml v2. That reader is YAML 1.1 (`yes` and `on`
 * are true, `0777` is octal), applies `<<` merge keys in document order (a key written before a
 * merge is overwritten by it, one written after wins), and refuses a document whose aliases
 * expand out of proportion ("document contains excessive aliasing"), whatever the alias count.
 *
 * The text is untrusted, so the work is bounded before the YAML library sees it: its size, its
 * number of YAML tokens (what parsing costs) and of documents, and then the values produced with
 * aliases expanded and how deeply they nest (POLICY_FILE_LIMITS).
 */
export type YamlDocument = { index: number; value: unknown } | { index: number; problem: string };

/** The documents of `text`, or what makes the whole file too large to read. */
export function readYamlDocuments(text: string): { documents: YamlDocument[] } | { tooLarge: string } {
  const tooLarge = sizeProblem(text);
  if (tooLarge) return { tooLarge };
  const lines = new LineCounter();
  const parsed = parseAllDocuments(text, { schema: 'failsafe', merge: false, uniqueKeys: false, prettyErrors: true, lineCounter: lines });
  const list = Array.isArray(parsed) ? parsed : [parsed];
  const budget = { values: POLICY_FILE_LIMITS.values };
  return {
    documents: list.map((doc, i) => {
      const index = i + 1;
      if (doc.errors.length > 0) {
        const error = doc.errors[0];
        const line = error.linePos?.[0]?.line;
        return { index, problem: `is not valid YAML${line ? ` (line ${line})` : ''}: ${error.message.split('\n')[0]}` };
      }
      try {
        return { index, value: new Decoder(budget).value(doc.contents, 0) };
      } catch (error) {
        if (!(error instanceof DecodeProblem)) throw error;
        const line = error.offset === undefined ? undefined : lines.linePos(error.offset).line;
        return { index, problem: error.describe(line) };
      }
    }),
  };
}

function sizeProblem(text: string): string | undefined {
  const limits = POLICY_FILE_LIMITS;
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > limits.bytes) return `is ${Math.ceil(bytes / 1024)} KiB; a policy file may hold at most ${limits.bytes / 1024} KiB`;
  let tokens = 0;
  let documents = 0;
  // The lexer marks where a document may begin; one begins at a `---` or at content after the mark.
  let mayBegin = false;
  // The lexer stops being asked as soon as a limit is passed, so this costs at most the limit.
  for (const token of new Lexer().lex(text)) {
    if (++tokens > limits.tokens) return `holds more than ${limits.tokens.toLocaleString('en-US')} YAML tokens, more than a policy file needs`;
    if (token === DOCUMENT_MAY_BEGIN) {
      mayBegin = true;
    } else if (token === '---' || (mayBegin && !/^(?:\s*|#.*|%.*)$/.test(token))) {
      mayBegin = false;
      if (++documents > limits.documents) return `holds more than ${limits.documents} YAML documents`;
    }
  }
  return undefined;
}

/** The lexer's token for a place where a document may begin: the stream's start, and after `...`. */
const DOCUMENT_MAY_BEGIN = '\x02';

/** A document kubectl would refuse, or one too costly to read; `offset` places it in the text. */
class DecodeProblem extends Error {
  constructor(
    message: string,
    readonly offset: number | undefined,
    readonly kind: 'yaml' | 'refused',
  ) {
    super(message);
  }

  describe(line: number | undefined): string {
    const where = line ? ` (line ${line})` : '';
    return this.kind === 'yaml' ? `is not valid YAML${where}: ${this.message}` : `is refused${where}: ${this.message}`;
  }
}

/** go-yaml v2 lets a document of up to 400,000 values come 99% from aliases, and less as it grows. */
function allowedAliasRatio(decoded: number): number {
  if (decoded <= 400_000) return 0.99;
  if (decoded >= 4_000_000) return 0.1;
  return 0.99 - (0.89 * (decoded - 400_000)) / 3_600_000;
}

/** One document's decoding, with go-yaml v2's counters; anchors are the document's own. */
class Decoder {
  private decoded = 0;
  private aliased = 0;
  private aliasDepth = 0;
  private readonly anchors = new Map<string, Node>();
  private readonly expanding = new Set<Alias>();
  /** The alias written in the document whose expansion is under way: where a refusal points. */
  private outermostAlias: Alias | undefined;

  constructor(private readonly budget: { values: number }) {}

  value(node: Node | null, depth: number): unknown {
    this.count(node, depth);
    if (!node) return null;
    this.remember(node);
    if (isAlias(node)) return this.expand(node, (target) => this.value(target, depth + 1));
    if (isScalar(node)) return this.scalar(node);
    if (isMap(node)) {
      // No prototype: a key such as __proto__ is a field like any other.
      const out = Object.create(null) as Record<string, unknown>;
      this.mapping(node, out, depth);
      return out;
    }
    if (isSeq(node)) return node.items.map((item) => this.value(item as Node | null, depth + 1));
    throw new DecodeProblem('holds a node this reader does not know', offsetOf(node), 'yaml');
  }

  private count(node: Node | null, depth: number): void {
    this.decoded++;
    if (this.aliasDepth > 0) this.aliased++;
    const written = this.outermostAlias ?? node;
    const at = written ? offsetOf(written) : undefined;
    if (this.aliased > 100 && this.decoded > 1000 && this.aliased / this.decoded > allowedAliasRatio(this.decoded)) {
      throw new DecodeProblem('its aliases (*name) expand it out of all proportion to what is written; kubectl refuses it too ("document contains excessive aliasing")', at, 'refused');
    }
    if (--this.budget.values < 0) {
      throw new DecodeProblem(`the file holds more than ${POLICY_FILE_LIMITS.values.toLocaleString('en-US')} values once its aliases (*name) are expanded`, at, 'refused');
    }
    if (depth > POLICY_FILE_LIMITS.depth) throw new DecodeProblem(`values are nested more than ${POLICY_FILE_LIMITS.depth} levels deep`, at, 'refused');
  }

  /** Anchors are defined in document order; an expansion only repeats nodes already seen. */
  private remember(node: Node): void {
    const anchor = (node as { anchor?: string }).anchor;
    if (anchor && this.aliasDepth === 0) this.anchors.set(anchor, node);
  }

  private expand<T>(alias: Alias, use: (target: Node) => T): T {
    const target = this.anchors.get(alias.source);
    if (!target) throw new DecodeProblem(`unknown anchor '${alias.source}' referenced`, offsetOf(alias), 'yaml');
    if (this.expanding.has(alias)) throw new DecodeProblem(`anchor '${alias.source}' value contains itself`, offsetOf(alias), 'yaml');
    this.expanding.add(alias);
    if (this.aliasDepth++ === 0) this.outermostAlias = alias;
    try {
      return use(target);
    } finally {
      if (--this.aliasDepth === 0) this.outermostAlias = undefined;
      this.expanding.delete(alias);
    }
  }

  private scalar(node: Scalar): unknown {
    const decoded = yamlScalar(String(node.source ?? ''), node.type === 'PLAIN', node.tag);
    if (typeof decoded === 'object' && decoded !== null) throw new DecodeProblem(decoded.problem, offsetOf(node), 'yaml');
    return decoded;
  }

  /**
   * The pairs in document order. A merge key copies the merged mappings' fields in place, over
   * what is already set; a key written twice is refused (a field given two values is a mistake).
   */
  private mapping(node: YAMLMap, out: Record<string, unknown>, depth: number): void {
    const written = new Set<string>();
    for (const pair of node.items) {
      const keyNode = pair.key as Node | null;
      if (isMergeKey(keyNode)) {
        this.merge(pair.value as Node | null, out, depth + 1);
        continue;
      }
      const key = this.key(keyNode, depth + 1);
      if (written.has(key)) throw new DecodeProblem(`map keys must be unique: "${key}" is written twice`, keyNode ? offsetOf(keyNode) : offsetOf(node), 'yaml');
      written.add(key);
      out[key] = this.value(pair.value as Node | null, depth + 1);
    }
  }

  /** `<<: *a`, `<<: {…}` or `<<: [*a, *b]`, where the earlier of a list wins. */
  private merge(node: Node | null, out: Record<string, unknown>, depth: number): void {
    if (isSeq(node)) {
      const items = node.items as Array<Node | null>;
      for (const item of items) if (!isMergeable(item, this.anchors)) throw wantMap(item ?? node);
      for (let i = items.length - 1; i >= 0; i--) this.mergeOne(items[i] as Node, out, depth + 1);
      return;
    }
    if (!node || !isMergeable(node, this.anchors)) throw wantMap(node);
    this.mergeOne(node, out, depth);
  }

  private mergeOne(node: Node, out: Record<string, unknown>, depth: number): void {
    this.count(node, depth);
    this.remember(node);
    if (isAlias(node)) {
      this.expand(node, (target) => this.mergeOne(target, out, depth + 1));
      return;
    }
    this.mapping(node as YAMLMap, out, depth);
  }

  /** Keys become strings as sigs.k8s.io/yaml writes them into JSON: `true`, `1`. */
  private key(node: Node | null, depth: number): string {
    const key = this.value(node, depth);
    if (typeof key === 'string') return key;
    if (typeof key === 'number' || typeof key === 'boolean') return String(key);
    throw new DecodeProblem(`a mapping key must be a string, not ${key === null ? 'null' : Array.isArray(key) ? 'a list' : 'a mapping'}`, node ? offsetOf(node) : undefined, 'yaml');
  }
}

/** A plain `<<` (or one tagged !!merge) is a merge key; a quoted one is an ordinary key. */
function isMergeKey(node: Node | null): boolean {
  if (!isScalar(node) || node.source !== '<<') return false;
  return node.tag === 'tag:yaml.org,2002:merge' || (node.tag === undefined && node.type === 'PLAIN');
}

function isMergeable(node: Node | null, anchors: Map<string, Node>): boolean {
  if (isMap(node)) return true;
  // An alias to an anchor not (yet) defined is reported as unknown when it is expanded.
  return isAlias(node) && (!anchors.has(node.source) || isMap(anchors.get(node.source)));
}

function wantMap(node: Node | null): DecodeProblem {
  return new DecodeProblem('map merge requires map or sequence of maps as the value', node ? offsetOf(node) : undefined, 'yaml');
}

function offsetOf(node: Node): number | undefined {
  return node.range?.[0];
}
