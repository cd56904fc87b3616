import { LineCounter, isMap, isScalar, parseDocument } from 'yaml';
import type { Document, Node } from 'yaml';
import { checkEntryList } from './entryChecks';
import type { BlueprintSchema } from './schemaModel';
import { checkValues } from './tagChecks';
import { Walk, type PartFacts } from './walk';
import { MERGE, keyOf } from './yamlNodes';

export type { KeyOfUse, PartFacts, Problem } from './walk';

/**
 * The checks of a blueprint's YAML, on the parsed nodes. What authentik certainly refuses when it
 * loads or imports the blueprint (authentik/blueprints/v1/common.py and importer.py; see
 * docs/seed-notes.md) is an error: YAML it cannot parse, a tag it does not know or in a form its
 * constructor cannot read, an entry without a model, a model name not written app_label.model, a
 * state it does not have, a part of the blueprint of the wrong kind. What another release of
 * authentik may accept, or what it silently ignores, is a warning: a model or field the 2026.8.3
 * API document does not have (blueprints outlive releases), a value of another type or outside a
 * field's choices. The server's dry run on save stays the final word.
 *
 * This file parses a part and checks the blueprint's own keys; the sections below them have files
 * of their own: the entries (entryChecks.ts), their fields against the schema (fieldChecks.ts),
 * and the tags anywhere (tagChecks.ts). All report through one walk (walk.ts).
 */

const TOP_KEYS = ['version', 'entries', 'context', 'metadata'];

/** `version`, `metadata`, `context` and `entries`; `entriesElsewhere`: the entries were cut out to be checked as parts of their own. */
function checkTopLevel(walk: Walk, document: Document, entriesElsewhere: boolean): void {
  const root = document.contents;
  if (!isMap(root)) {
    walk.report('error', 'A blueprint is a mapping with `version`, `entries` and optionally `metadata` and `context`.', root);
    return;
  }
  for (const pair of root.items) {
    const key = keyOf(pair);
    const value = pair.value as Node | null;
    if (key === 'version') {
      if (!isScalar(value) || Number(value.value) !== 1 || value.tag) walk.report('error', 'authentik reads blueprints of `version: 1` only.', value ?? (pair.key as Node));
    } else if (key === 'metadata') {
      if (!isMap(value)) walk.report('error', '`metadata` is a mapping with a `name` and optionally `labels`.', value ?? (pair.key as Node));
      else if (!value.items.some((p) => keyOf(p) === 'name' || keyOf(p) === MERGE)) walk.report('error', '`metadata` needs a `name`.', pair.key as Node);
      else checkValues(walk, value);
    } else if (key === 'context') {
      if (value !== null && !isMap(value)) walk.report('error', '`context` is a mapping of keys to values.', value);
      else if (value) checkValues(walk, value);
    } else if (key === 'entries') {
      if (!entriesElsewhere) checkEntryList(walk, value, pair.key as Node);
    } else if (key === MERGE || value?.anchor) {
      // A key that only holds an anchor for later aliases is how YAML shares parts; authentik skips it.
      checkValues(walk, value);
    } else {
      walk.report('warning', `authentik ignores \`${key}\` here: a blueprint has ${TOP_KEYS.map((k) => `\`${k}\``).join(', ')}.`, pair.key as Node);
    }
  }
}

/**
 * Parses a part and starts its walk with the YAML parser's own complaints; `checkParsed` runs only
 * when the parser found no error (the nodes of a broken document are not what was meant).
 */
function checkPart(text: string, schema: BlueprintSchema, checkParsed: (walk: Walk, document: Document) => void): PartFacts {
  const lines = new LineCounter();
  // authentik reads YAML 1.1 (PyYAML): `yes`/`no`/`on`/`off` are booleans there.
  const document = parseDocument(text, { lineCounter: lines, version: '1.1', uniqueKeys: false, prettyErrors: false });
  const walk = new Walk(text, lines, schema);
  for (const error of document.errors) walk.report('error', error.message.split('\n')[0], { range: [error.pos[0], error.pos[1], error.pos[1]] });
  for (const warning of document.warnings) {
    // An unresolved tag is ours to judge (tagChecks.ts), with authentik's tags in mind.
    if (warning.code !== 'TAG_RESOLVE_FAILED') walk.report('warning', warning.message.split('\n')[0], { range: [warning.pos[0], warning.pos[1], warning.pos[1]] });
  }
  if (document.errors.length === 0) checkParsed(walk, document);
  return walk.facts;
}

/** A whole blueprint. */
export function checkWhole(text: string, schema: BlueprintSchema): PartFacts {
  return checkPart(text, schema, (walk, document) => checkTopLevel(walk, document, false));
}

/** The blueprint without its entries (cut out: they are checked as parts of their own). */
export function checkHeader(text: string, schema: BlueprintSchema): PartFacts {
  return checkPart(text, schema, (walk, document) => checkTopLevel(walk, document, true));
}

/** Some entries of the list, as written there (`  - model: …`): a YAML list of its own. */
export function checkEntries(text: string, schema: BlueprintSchema): PartFacts {
  return checkPart(text, schema, (walk, document) => checkEntryList(walk, document.contents, document.contents as Node));
}
