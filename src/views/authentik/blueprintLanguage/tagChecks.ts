import { isAlias, isMap, isScalar, isSeq } from 'yaml';
import type { Node } from 'yaml';
import { API_RELEASE, MODEL_NAME, findModel } from './modelNames';
import { BLUEPRINT_TAGS, CONDITION_MODES, ENUMERATE_OUTPUTS, STANDARD_TAG_PREFIX, isBlueprintTag, tagFormProblem } from './tags';
import type { Walk } from './walk';
import { shortTag } from './yamlNodes';

/**
 * The checks of authentik's tags, wherever a value may be: a tag it does not know or in a form its
 * constructor cannot read (tags.ts), and what each tag's own items must be (`!Find`'s model, the
 * mode of `!Condition`, the output of `!Enumerate`, the loop depth of `!Index`/`!Value`). `!KeyOf`
 * names are only noted here: whether an entry has that id is known once every part is checked.
 */

/** Every value under a node: its tags checked, `!KeyOf`s noted. `loops`: the `!Enumerate`s around it. */
export function checkValues(walk: Walk, node: Node | null | undefined, loops = 0): void {
  if (!node || isAlias(node)) return;
  if (node.tag) checkTag(walk, node, loops);
  const inner = node.tag === '!Enumerate' ? loops + 1 : loops;
  if (isMap(node)) {
    for (const pair of node.items) {
      checkValues(walk, pair.key as Node | null, inner);
      checkValues(walk, pair.value as Node | null, inner);
    }
  } else if (isSeq(node)) {
    for (const item of node.items) checkValues(walk, item as Node | null, inner);
  }
}

function checkTag(walk: Walk, node: Node, loops: number): void {
  const tag = node.tag ?? '';
  if (tag.startsWith(STANDARD_TAG_PREFIX)) return;
  const start = walk.tagStart(node);
  if (!isBlueprintTag(tag)) {
    walk.report('error', `authentik does not know the tag ${shortTag(tag)}: its tags are ${Object.keys(BLUEPRINT_TAGS).join(', ')}.`, node, start);
    return;
  }
  const items = isSeq(node) ? (node.items as (Node | null)[]) : [];
  const problem = tagFormProblem(tag, isSeq(node) ? 'seq' : isMap(node) ? 'map' : 'scalar', items.length);
  if (problem) {
    walk.report(problem.severity, problem.message, node, start);
    // A form the constructor cannot read has no items worth checking further.
    if (problem.severity === 'error') return;
  }
  const own = isScalar(node) && node.value !== null && String(node.value) !== '' ? String(node.value) : undefined;
  switch (tag) {
    case '!KeyOf': {
      const name = own;
      if (!name) return walk.report('error', '!KeyOf names the `id` of an entry: !KeyOf entry_id.', node, start);
      const range = node.range ?? [start, start + 1, start + 1];
      walk.facts.keyOfs.push({ name, entry: walk.entryIndex, conditional: walk.conditional, at: walk.span(range[0], range[1]) });
      return;
    }
    case '!Find':
    case '!FindObject':
      return checkFind(walk, tag, items);
    case '!Condition': {
      const mode = plainText(items[0]);
      if (mode === undefined || !CONDITION_MODES.includes(mode.toUpperCase())) walk.report('error', `!Condition starts with its mode: ${CONDITION_MODES.join(', ')}.`, items[0]);
      return;
    }
    case '!Enumerate': {
      const output = plainText(items[1]);
      if (output === undefined || !ENUMERATE_OUTPUTS.includes(output.toUpperCase()))
        walk.report('error', '!Enumerate makes SEQ (a list) or MAP (a mapping): !Enumerate [iterable, SEQ|MAP, body].', items[1]);
      return;
    }
    case '!Index':
    case '!Value': {
      const depth = own;
      if (depth === undefined || !/^\d+$/.test(depth.trim())) return walk.report('error', `${tag} takes a loop depth, a whole number (0 is the innermost !Enumerate).`, node, start);
      if (Number(depth) >= loops)
        walk.report(
          'error',
          loops === 0 ? `${tag} is only usable inside an !Enumerate.` : `${tag} ${depth} is deeper than the ${loops} !Enumerate loop${loops === 1 ? '' : 's'} around it.`,
          node,
          start,
        );
      return;
    }
  }
}

/** `!Find` / `!FindObject [model, [field, value], …]`: the model searched and the conditions' shape. */
function checkFind(walk: Walk, tag: string, items: (Node | null)[]): void {
  const model = plainText(items[0]);
  // Any Django model is searched (apps.get_model), also those no blueprint entry can make
  // (authentik_core.source, authentik_flows.stage…): only a name that cannot be one is certain to fail.
  if (model !== undefined && !findModel(walk.schema, model)) {
    if (!MODEL_NAME.test(model)) walk.report('error', `${tag} looks in \`${model}\`, which is not a model name: app_label.model_name.`, items[0]);
    else if (!knownApp(walk, model)) walk.report('warning', `${tag} looks in \`${model}\`: authentik ${API_RELEASE} has no app \`${model.split('.')[0]}\`.`, items[0]);
  }
  for (const condition of items.slice(1)) {
    // The constructor reads every item of a condition, the lookup only the first two.
    if (!isSeq(condition) || condition.tag || condition.items.length < 2) walk.report('error', `Each condition of ${tag} is a pair [field, value].`, condition, condition?.range?.[0]);
    else if (condition.items.length > 2) walk.report('warning', `authentik looks up the first two items of this condition of ${tag} and ignores the rest: [field, value].`, condition.items[2] as Node);
  }
}

/** An item's text when it is written as a plain value (no tag, not null); a tagged item is not known here. */
function plainText(item: Node | null | undefined): string | undefined {
  return isScalar(item) && !item.tag && item.value !== null ? String(item.value) : undefined;
}

/** Whether the schema has any model of this model name's app. */
function knownApp(walk: Walk, model: string): boolean {
  const app = `${model.split('.')[0]}.`;
  for (const name of walk.schema.models.keys()) if (name.startsWith(app)) return true;
  return false;
}
