/**
 * authentik's custom YAML tags of blueprints (its `BlueprintLoader`), with the forms its
 * constructors read (authentik/blueprints/v1/common.py; the table in docs/seed-notes.md). A tag in
 * one of its forms is valid wherever a value may be; its value cannot be known here, so the checks
 * take it as "anything of the right kind". A tag in another form, or with too few items, fails
 * when authentik loads the blueprint, so that is an error; items past those a constructor reads
 * are ignored by it, so they are a warning.
 */

export type TagForm = 'scalar' | 'seq';

export interface TagSpec {
  /** What the tag gives, for hover and completion. */
  summary: string;
  /** How it is written. */
  usage: string;
  /** The node kinds the constructor reads. */
  forms: readonly TagForm[];
  /** For the sequence form: how many items it must have, and how many its constructor reads (undefined: all). */
  min?: number;
  max?: number;
  /** Item counts between min and max that still fail (e.g. `!If` with two). */
  refused?: readonly number[];
}

export const BLUEPRINT_TAGS: Readonly<Record<string, TagSpec>> = {
  '!KeyOf': { summary: 'The primary key of the object made by the entry with this `id` (an earlier entry of the same blueprint).', usage: '!KeyOf entry_id', forms: ['scalar'] },
  '!Find': {
    summary: 'The primary key of the first object of the model matching every [field, value] pair, or null.',
    usage: '!Find [app_label.model, [field, value], …]',
    forms: ['seq'],
    min: 1,
  },
  '!FindObject': { summary: 'Like !Find, but the matching object’s serialized data.', usage: '!FindObject [app_label.model, [field, value], …]', forms: ['seq'], min: 1 },
  '!Context': { summary: "A value of the blueprint's or the instance's context, or the default.", usage: '!Context key or !Context [key, default]', forms: ['scalar', 'seq'], min: 2, max: 2 },
  '!Env': { summary: 'An environment variable of the authentik server, or the default.', usage: '!Env NAME or !Env [NAME, default]', forms: ['scalar', 'seq'], min: 2, max: 2 },
  '!File': { summary: "A file's contents on the authentik server (stripped), or the default.", usage: '!File path or !File [path, default]', forms: ['scalar', 'seq'], min: 2, max: 2 },
  '!Format': { summary: 'A string made with Python % formatting from the arguments.', usage: '!Format [format, arg, …]', forms: ['seq'], min: 1 },
  '!Condition': { summary: 'A boolean combining the values with a mode.', usage: '!Condition [AND|NAND|OR|NOR|XOR|XNOR, value, …]', forms: ['seq'], min: 2 },
  '!If': {
    summary: 'The second value when the condition holds, else the third (true/false when only the condition is given).',
    usage: '!If [condition] or !If [condition, when_true, when_false]',
    forms: ['seq'],
    min: 1,
    max: 3,
    refused: [2],
  },
  '!Enumerate': {
    summary: 'A loop over a sequence or mapping that makes a list (SEQ) or a mapping (MAP) from the body.',
    usage: '!Enumerate [iterable, SEQ|MAP, body]',
    forms: ['seq'],
    min: 3,
    max: 3,
  },
  '!Index': { summary: 'The current key or index inside !Enumerate (depth 0 is the innermost loop).', usage: '!Index depth', forms: ['scalar'] },
  '!Value': { summary: 'The current value inside !Enumerate (depth 0 is the innermost loop).', usage: '!Value depth', forms: ['scalar'] },
  '!AtIndex': { summary: 'One element of a list or mapping, or the default.', usage: '!AtIndex [object, key_or_index] or !AtIndex [object, key_or_index, default]', forms: ['seq'], min: 2, max: 3 },
  '!ParseJSON': { summary: 'The value of a JSON text.', usage: '!ParseJSON text', forms: ['scalar'] },
};

export const CONDITION_MODES = ['AND', 'NAND', 'OR', 'NOR', 'XOR', 'XNOR'];
export const ENUMERATE_OUTPUTS = ['SEQ', 'MAP'];

/** The standard tags of YAML's core schema, which authentik's loader (PyYAML's SafeLoader) also reads. */
export const STANDARD_TAG_PREFIX = 'tag:yaml.org,2002:';

export function isBlueprintTag(tag: string): boolean {
  return Object.prototype.hasOwnProperty.call(BLUEPRINT_TAGS, tag);
}

export interface TagFormProblem {
  message: string;
  /** error: the constructor fails on it; warning: it reads the tag but ignores some of it. */
  severity: 'error' | 'warning';
}

/** What is wrong with a tag in this form with this many items, or undefined when it is read whole. */
export function tagFormProblem(tag: string, form: TagForm | 'map', items: number): TagFormProblem | undefined {
  const spec = BLUEPRINT_TAGS[tag];
  if (!spec) return undefined;
  const written = `written ${spec.usage}`;
  if (!(spec.forms as readonly string[]).includes(form)) {
    const takes = spec.forms.map((f) => (f === 'scalar' ? 'a single value' : 'a list [ … ]')).join(' or ');
    const given = form === 'map' ? 'a mapping' : form === 'seq' ? 'a list' : 'a single value';
    return { severity: 'error', message: `${tag} takes ${takes}, not ${given}: ${written}.` };
  }
  if (form !== 'seq') return undefined;
  if ((spec.min !== undefined && items < spec.min) || spec.refused?.includes(items)) {
    return { severity: 'error', message: `${tag} does not take ${items} item${items === 1 ? '' : 's'}: ${written}.` };
  }
  // The constructors index the items they need and never look at the rest.
  if (spec.max !== undefined && items > spec.max) {
    return { severity: 'warning', message: `authentik reads the first ${spec.max} items of ${tag} and ignores the other ${items - spec.max}: ${written}.` };
  }
  return undefined;
}
