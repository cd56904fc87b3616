import { LineCounter, isAlias, isMap, isScalar, isSeq, parseDocument } from 'yaml';
import type { Document, Node, Pair, YAMLMap } from 'yaml';
import { API_RELEASE, MODEL_NAME, closeModel, findModel } from './modelNames';
import { describeType, type BlueprintSchema, type FieldInfo, type ModelInfo } from './schemaModel';
import { BLUEPRINT_TAGS, CONDITION_MODES, ENUMERATE_OUTPUTS, STANDARD_TAG_PREFIX, isBlueprintTag, tagFormProblem } from './tags';

/**
 * The checks of a blueprint's YAML, on the parsed nodes. What authentik certainly refuses when it
 * loads or imports the blueprint (authentik/blueprints/v1/common.py and importer.py; see
 * docs/seed-notes.md) is an error: YAML it cannot parse, a tag it does not know or in a form its
 * constructor cannot read, an entry without a model, a model name not written app_label.model, a
 * state it does not have, a part of the blueprint of the wrong kind. What another release of
 * authentik may accept, or what it silently ignores, is a warning: a model or field the 2026.8.3
 * API document does not have (blueprints outlive releases), a value of another type or outside a
 * field's choices. The server's dry run on save stays the final word.
 */

export interface Problem {
  message: string;
  severity: 'error' | 'warning';
  /** 0-based, in the text given to the check. */
  line: number;
  character: number;
  endLine: number;
  endCharacter: number;
}

/** An `!KeyOf` reference, resolved against every entry's `id` once all entries are known. */
export interface KeyOfUse {
  name: string;
  /** Index of the entry (within the checked part) using it. */
  entry: number;
  /** The using entry has conditions: authentik may skip it, so a missing id is not certain to fail. */
  conditional: boolean;
  at: Omit<Problem, 'message' | 'severity'>;
}

/** What one checked part of a blueprint (the whole, the part before the entries, or some entries) yields. */
export interface PartFacts {
  problems: Problem[];
  /** `id`s of the entries, in order (undefined: an entry without an id). */
  ids: (string | undefined)[];
  /** Some entry's id is made by a tag (or an entry by a loop): which ids exist is not known here. */
  someIdsUnknown: boolean;
  keyOfs: KeyOfUse[];
}

const ENTRY_KEYS = ['model', 'state', 'conditions', 'identifiers', 'attrs', 'permissions', 'id'];
const TOP_KEYS = ['version', 'entries', 'context', 'metadata'];
const TRUTHY = new Set(['true', 'false', 'yes', 'no', 'on', 'off', '1', '0', 't', 'f', 'y', 'n']);

class Walk {
  readonly facts: PartFacts = { problems: [], ids: [], someIdsUnknown: false, keyOfs: [] };
  private entryIndex = -1;
  private conditional = false;

  constructor(
    private readonly text: string,
    private readonly lines: LineCounter,
    private readonly schema: BlueprintSchema,
  ) {}

  report(severity: Problem['severity'], message: string, node: { range?: [number, number, number] | null } | null | undefined, start?: number): void {
    const range = node?.range ?? [0, 0, 0];
    this.facts.problems.push({ message, severity, ...this.span(start ?? range[0], Math.max(range[1], (start ?? range[0]) + 1)) });
  }

  private span(start: number, end: number): Omit<Problem, 'message' | 'severity'> {
    const a = this.lines.linePos(start);
    const b = this.lines.linePos(Math.min(end, this.text.length));
    return { line: a.line - 1, character: a.col - 1, endLine: b.line - 1, endCharacter: b.col - 1 };
  }

  /** Where a node's tag is written (the node's range starts after it). */
  private tagStart(node: Node): number {
    const at = this.text.lastIndexOf(shortTag(node.tag ?? ''), node.range?.[0] ?? 0);
    return at >= 0 ? at : (node.range?.[0] ?? 0);
  }

  topLevel(document: Document, entriesElsewhere: boolean): void {
    const root = document.contents;
    if (!isMap(root)) {
      this.report('error', 'A blueprint is a mapping with `version`, `entries` and optionally `metadata` and `context`.', root);
      return;
    }
    for (const pair of root.items) {
      const key = keyOf(pair);
      const value = pair.value as Node | null;
      if (key === 'version') {
        if (!isScalar(value) || Number(value.value) !== 1 || value.tag) this.report('error', 'authentik reads blueprints of `version: 1` only.', value ?? (pair.key as Node));
      } else if (key === 'metadata') {
        if (!isMap(value)) this.report('error', '`metadata` is a mapping with a `name` and optionally `labels`.', value ?? (pair.key as Node));
        else if (!value.items.some((p) => keyOf(p) === 'name' || keyOf(p) === MERGE)) this.report('error', '`metadata` needs a `name`.', pair.key as Node);
        else this.values(value);
      } else if (key === 'context') {
        if (value !== null && !isMap(value)) this.report('error', '`context` is a mapping of keys to values.', value);
        else if (value) this.values(value);
      } else if (key === 'entries') {
        if (!entriesElsewhere) this.entries(value, pair.key as Node);
      } else if (key === MERGE || value?.anchor) {
        // A key that only holds an anchor for later aliases is how YAML shares parts; authentik skips it.
        this.values(value);
      } else {
        this.report('warning', `authentik ignores \`${key}\` here: a blueprint has ${TOP_KEYS.map((k) => `\`${k}\``).join(', ')}.`, pair.key as Node);
      }
    }
  }

  /** `entries`: a list of entries, or a mapping of sections to lists of entries. */
  entries(value: Node | null, key: Node): void {
    if (value === null || (isScalar(value) && value.value === null)) return;
    // A tag (e.g. !Enumerate) may make the entries, or a section of them, when authentik loads it.
    if (value.tag) return this.madeEntries(value);
    if (isSeq(value)) {
      for (const item of value.items) this.entry(item as Node | null);
    } else if (isMap(value)) {
      for (const section of value.items) {
        const list = section.value as Node | null;
        if (list?.tag) this.madeEntries(list);
        else if (isSeq(list)) for (const item of list.items) this.entry(item as Node | null);
        else this.report('error', 'Each section of `entries` is a list of entries.', list ?? (section.key as Node));
      }
    } else {
      this.report('error', '`entries` is a list of entries (or a mapping of sections to lists).', value ?? key);
    }
  }

  /** Entries a tag makes: only the tags can be checked; the ids the entries get are not known. */
  private madeEntries(node: Node): void {
    this.entryIndex++;
    this.facts.ids[this.entryIndex] = undefined;
    this.facts.someIdsUnknown = true;
    this.values(node);
  }

  entry(node: Node | null): void {
    if (node?.tag) return this.madeEntries(node);
    this.entryIndex++;
    this.facts.ids[this.entryIndex] = undefined;
    if (!isMap(node)) {
      this.report('error', 'An entry is a mapping with `model`, `identifiers` and `attrs`.', node);
      return;
    }
    const byKey = new Map<string, Pair>();
    for (const pair of node.items) byKey.set(keyOf(pair) ?? '', pair);
    this.conditional = byKey.has('conditions');
    // An entry to delete needs no valid serializer (the importer deletes what its identifiers find).
    const state = byKey.get('state')?.value;
    const deleting = isScalar(state) && !state.tag && state.value === 'absent';
    const modelPair = byKey.get('model');
    // `<<: *anchor` may bring any key of the entry: what is missing is not known to be missing.
    const merged = byKey.has(MERGE);
    let model: ModelInfo | undefined;
    if (!modelPair) {
      if (!merged) this.report('error', 'This entry has no `model`.', node, node.range?.[0]);
    } else model = this.model(modelPair.value as Node | null, modelPair.key as Node);
    if (model?.needsIdentifiers && !byKey.has('identifiers') && !deleting && !merged) {
      // Without identifiers the importer cannot look the object up and refuses the entry, unless a condition skips it.
      this.report(this.conditional ? 'warning' : 'error', `An entry of ${model.name} needs \`identifiers\`: the fields authentik finds the object by.`, modelPair?.key as Node);
    }
    for (const pair of node.items) {
      const key = keyOf(pair) ?? '';
      const value = pair.value as Node | null;
      switch (key) {
        case 'model':
          break;
        case MERGE:
          this.values(value);
          break;
        case 'state':
          if (isScalar(value) && !value.tag && !this.schema.states.includes(String(value.value)))
            this.report('error', `\`${String(value.value)}\` is not an entry state: ${this.schema.states.join(', ')}.`, value);
          else this.values(value);
          break;
        case 'id':
          if (isScalar(value) && !value.tag && value.value !== null) this.facts.ids[this.entryIndex] = String(value.value);
          else if (value?.tag) {
            this.facts.someIdsUnknown = true;
            this.values(value);
          }
          break;
        case 'conditions':
          if (!isSeq(value)) this.report('error', '`conditions` is a list of values that must all be true.', value ?? (pair.key as Node));
          else this.values(value);
          break;
        case 'identifiers':
        case 'attrs':
          if (key === 'attrs' && (value === null || (isScalar(value) && value.value === null && !value.tag))) break;
          if (!isMap(value) || value.tag) this.report('error', `\`${key}\` is a mapping of the model's fields to values.`, value ?? (pair.key as Node));
          else this.fields(value, deleting ? undefined : model, key);
          break;
        case 'permissions':
          this.permissions(value, pair.key as Node);
          break;
        default:
          this.report('warning', `authentik ignores \`${key}\` in an entry: an entry has ${ENTRY_KEYS.map((k) => `\`${k}\``).join(', ')}.`, pair.key as Node);
      }
    }
  }

  private model(value: Node | null, key: Node): ModelInfo | undefined {
    // A tag (e.g. !Format) makes the model's name when authentik loads the entry.
    if (value?.tag) return this.values(value);
    if (!isScalar(value) || value.value === null || value.value === '') {
      this.report('error', "The entry's `model` is its app_label.model_name, e.g. authentik_flows.flow.", value ?? key);
      return undefined;
    }
    const name = String(value.value);
    const model = findModel(this.schema, name);
    if (model) return model;
    if (!MODEL_NAME.test(name)) this.report('error', `\`${name}\` is not a model name: a model is written app_label.model_name, e.g. authentik_flows.flow.`, value);
    // Releases add and remove models (authentik_crypto_secrets.secret is newer than 2026.8.3): only the server knows.
    else this.report('warning', `authentik ${API_RELEASE} has no model \`${name}\`${closeModel(this.schema, name)}; another release may have it (the server's dry run decides).`, value);
    return undefined;
  }

  private fields(map: YAMLMap, model: ModelInfo | undefined, where: 'attrs' | 'identifiers'): void {
    for (const pair of map.items) {
      const name = keyOf(pair);
      const value = pair.value as Node | null;
      if (name === MERGE) {
        // The merged mapping is checked where its anchor is written.
        this.values(value);
        continue;
      }
      const field = name === undefined ? undefined : model?.fields?.get(name);
      // Identifiers are looked up as the model's database fields (and Django lookups), which the
      // API document does not list in full: only attrs are held against the serializer's fields.
      if (where === 'attrs' && name !== undefined && model?.fields && !field) {
        this.report('warning', `\`${name}\` is not a field of ${model.name} in authentik ${API_RELEASE}: that release ignores it (another may read it).`, pair.key as Node);
      }
      if (field) this.value(value, field, name ?? '');
      else this.values(value);
    }
  }

  /** A field's value against the field: only what is plainly of another kind, as a warning. */
  private value(node: Node | null, field: FieldInfo, name: string): void {
    this.values(node);
    this.shape(node, field, name);
  }

  private shape(node: Node | null, field: FieldInfo, name: string): void {
    if (!node || node.tag || isAlias(node)) return;
    const types = Array.isArray(field.type) ? field.type : field.type ? [field.type] : [];
    if (types.length === 0 || types.includes('object')) return;
    const expected = `\`${name}\` expects ${describeType(field)}`;
    if (isMap(node)) return this.report('warning', `${expected}, not a mapping.`, node);
    if (isSeq(node)) {
      if (!types.includes('array')) this.report('warning', `${expected}, not a list.`, node);
      else if (field.items) for (const item of node.items) this.shape(item as Node | null, field.items, `${name} item`);
      return;
    }
    if (!isScalar(node)) return;
    const value = node.value;
    if (value === null) {
      if (!types.includes('null')) this.report('warning', `${expected}, not null.`, node);
      return;
    }
    if (types.includes('array')) return this.report('warning', `${expected}, not a single value.`, node);
    if (Array.isArray(field.enum) && field.enum.length > 0 && !field.enum.includes(value)) {
      return this.report('warning', `\`${String(value)}\` is not a choice of \`${name}\` in authentik ${API_RELEASE}: ${field.enum.join(', ')}.`, node);
    }
    const accepted =
      (types.includes('string') && typeof value !== 'boolean') ||
      (types.includes('boolean') && (typeof value === 'boolean' || TRUTHY.has(String(value).toLowerCase()))) ||
      ((types.includes('integer') || types.includes('number')) && (typeof value === 'number' || /^\s*-?\d+(\.\d+)?\s*$/.test(String(value))));
    if (!accepted) this.report('warning', `${expected}, not ${JSON.stringify(value)}.`, node);
  }

  private permissions(value: Node | null, key: Node): void {
    if (!isSeq(value)) return this.report('error', '`permissions` is a list of { permission, user or role }.', value ?? key);
    for (const item of value.items as (Node | null)[]) {
      if (!isMap(item)) {
        this.report('error', 'A permission is a mapping with `permission` and `user` or `role`.', item);
        continue;
      }
      if (!item.items.some((p) => keyOf(p) === 'permission' || keyOf(p) === MERGE)) this.report('error', 'This permission has no `permission`.', item, item.range?.[0]);
      for (const pair of item.items) {
        if (!['permission', 'user', 'role', MERGE].includes(keyOf(pair) ?? '')) this.report('warning', `authentik ignores \`${keyOf(pair)}\` in a permission.`, pair.key as Node);
      }
      this.values(item);
    }
  }

  /** Every value under a node: its tags checked, `!KeyOf`s noted. Returns undefined (a tagged model is not known). */
  values(node: Node | null | undefined, loops = 0): undefined {
    if (!node || isAlias(node)) return undefined;
    if (node.tag) this.tag(node, loops);
    const inner = node.tag === '!Enumerate' ? loops + 1 : loops;
    if (isMap(node)) {
      for (const pair of node.items) {
        this.values(pair.key as Node | null, inner);
        this.values(pair.value as Node | null, inner);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) this.values(item as Node | null, inner);
    }
    return undefined;
  }

  private tag(node: Node, loops: number): void {
    const tag = node.tag ?? '';
    if (tag.startsWith(STANDARD_TAG_PREFIX)) return;
    const start = this.tagStart(node);
    if (!isBlueprintTag(tag)) {
      this.report('error', `authentik does not know the tag ${shortTag(tag)}: its tags are ${Object.keys(BLUEPRINT_TAGS).join(', ')}.`, node, start);
      return;
    }
    const items = isSeq(node) ? (node.items as (Node | null)[]) : [];
    const problem = tagFormProblem(tag, isSeq(node) ? 'seq' : isMap(node) ? 'map' : 'scalar', items.length);
    if (problem) {
      this.report(problem.severity, problem.message, node, start);
      if (problem.severity === 'error') return;
    }
    const plain = (item: Node | null | undefined): string | undefined => (isScalar(item) && !item.tag && item.value !== null ? String(item.value) : undefined);
    const own = isScalar(node) && node.value !== null && String(node.value) !== '' ? String(node.value) : undefined;
    switch (tag) {
      case '!KeyOf': {
        const name = own;
        if (!name) return this.report('error', '!KeyOf names the `id` of an entry: !KeyOf entry_id.', node, start);
        const range = node.range ?? [start, start + 1, start + 1];
        this.facts.keyOfs.push({ name, entry: this.entryIndex, conditional: this.conditional, at: this.span(range[0], range[1]) });
        return;
      }
      case '!Find':
      case '!FindObject': {
        const model = plain(items[0]);
        // Any Django model is searched (apps.get_model), also those no blueprint entry can make
        // (authentik_core.source, authentik_flows.stage…): only a name that cannot be one is certain to fail.
        if (model !== undefined && !findModel(this.schema, model)) {
          if (!MODEL_NAME.test(model)) this.report('error', `${tag} looks in \`${model}\`, which is not a model name: app_label.model_name.`, items[0]);
          else if (!this.knownApp(model)) this.report('warning', `${tag} looks in \`${model}\`: authentik ${API_RELEASE} has no app \`${model.split('.')[0]}\`.`, items[0]);
        }
        for (const condition of items.slice(1)) {
          // The constructor reads every item of a condition, the lookup only the first two.
          if (!isSeq(condition) || condition.tag || condition.items.length < 2) this.report('error', `Each condition of ${tag} is a pair [field, value].`, condition, condition?.range?.[0]);
          else if (condition.items.length > 2)
            this.report('warning', `authentik looks up the first two items of this condition of ${tag} and ignores the rest: [field, value].`, condition.items[2] as Node);
        }
        return;
      }
      case '!Condition': {
        const mode = plain(items[0]);
        if (mode === undefined || !CONDITION_MODES.includes(mode.toUpperCase())) this.report('error', `!Condition starts with its mode: ${CONDITION_MODES.join(', ')}.`, items[0]);
        return;
      }
      case '!Enumerate': {
        const output = plain(items[1]);
        if (output === undefined || !ENUMERATE_OUTPUTS.includes(output.toUpperCase()))
          this.report('error', '!Enumerate makes SEQ (a list) or MAP (a mapping): !Enumerate [iterable, SEQ|MAP, body].', items[1]);
        return;
      }
      case '!Index':
      case '!Value': {
        const depth = own;
        if (depth === undefined || !/^\d+$/.test(depth.trim())) return this.report('error', `${tag} takes a loop depth, a whole number (0 is the innermost !Enumerate).`, node, start);
        if (Number(depth) >= loops)
          this.report(
            'error',
            loops === 0 ? `${tag} is only usable inside an !Enumerate.` : `${tag} ${depth} is deeper than the ${loops} !Enumerate loop${loops === 1 ? '' : 's'} around it.`,
            node,
            start,
          );
        return;
      }
    }
  }

  private knownApp(model: string): boolean {
    const app = `${model.split('.')[0]}.`;
    for (const name of this.schema.models.keys()) if (name.startsWith(app)) return true;
    return false;
  }
}

/** A pair's key as text; YAML 1.1's merge key (`<<: *anchor`, which PyYAML reads too) as `<<`. */
function keyOf(pair: Pair): string | undefined {
  if (!isScalar(pair.key) || pair.key.value === null) return undefined;
  return typeof pair.key.value === 'symbol' ? MERGE : String(pair.key.value);
}

const MERGE = '<<';

/** `!KeyOf` as written (the parser keeps local tags as written). */
function shortTag(tag: string): string {
  return tag.startsWith(STANDARD_TAG_PREFIX) ? `!!${tag.slice(STANDARD_TAG_PREFIX.length)}` : tag;
}

/** The YAML parser's own complaints (unresolved tags are ours to judge). */
function parseProblems(document: Document, walk: Walk): void {
  for (const error of document.errors) walk.report('error', error.message.split('\n')[0], { range: [error.pos[0], error.pos[1], error.pos[1]] });
  for (const warning of document.warnings) {
    if (warning.code !== 'TAG_RESOLVE_FAILED') walk.report('warning', warning.message.split('\n')[0], { range: [warning.pos[0], warning.pos[1], warning.pos[1]] });
  }
}

function parse(text: string): { document: Document; lines: LineCounter } {
  const lines = new LineCounter();
  // authentik reads YAML 1.1 (PyYAML): `yes`/`no`/`on`/`off` are booleans there.
  const document = parseDocument(text, { lineCounter: lines, version: '1.1', uniqueKeys: false, prettyErrors: false });
  return { document, lines };
}

/** A whole blueprint. */
export function checkWhole(text: string, schema: BlueprintSchema): PartFacts {
  const { document, lines } = parse(text);
  const walk = new Walk(text, lines, schema);
  parseProblems(document, walk);
  if (document.errors.length === 0) walk.topLevel(document, false);
  return walk.facts;
}

/** The blueprint without its entries (cut out: they are checked as parts of their own). */
export function checkHeader(text: string, schema: BlueprintSchema): PartFacts {
  const { document, lines } = parse(text);
  const walk = new Walk(text, lines, schema);
  parseProblems(document, walk);
  if (document.errors.length === 0) walk.topLevel(document, true);
  return walk.facts;
}

/** Some entries of the list, as written there (`  - model: …`): a YAML list of its own. */
export function checkEntries(text: string, schema: BlueprintSchema): PartFacts {
  const { document, lines } = parse(text);
  const walk = new Walk(text, lines, schema);
  parseProblems(document, walk);
  if (document.errors.length === 0) walk.entries(document.contents, document.contents as Node);
  return walk.facts;
}
