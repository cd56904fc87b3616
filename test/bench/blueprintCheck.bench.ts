/**
 * Blueprint checks while typing: the time to check a 2,000-entry blueprint again after one
 * keystroke (goal ≤ 100 ms; the editor waits 250 ms after the last keystroke, then checks), and the
 * size of the generated schema that the blueprint features load when the first blueprint opens.
 *
 * Prints: the first check (every entry parsed), a keystroke in one entry's value (median and
 * slowest of the rounds), a keystroke that adds a line (every entry below moves down), and a check
 * that parses the whole document for comparison; then the schema's size as JSON, gzipped, and as
 * the webpack chunk when `dist/` holds a build. No pass or fail.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { BLUEPRINT_SCHEMA_PATH } from '../../scripts/blueprintSchema';
import { BlueprintChecker } from '../../src/views/authentik/blueprintLanguage/incremental';
import { readBlueprintSchema } from '../../src/views/authentik/blueprintLanguage/schemaModel';

const ENTRIES = 2_000;
const ROUNDS = 15;

/** Entries like authentik's flow blueprints: a stage, a prompt, a binding of the stage to a flow, in turn. */
function bigBlueprint(): string {
  const lines = [
    'version: 1',
    'metadata:',
    '  name: Bench - many entries',
    'entries:',
    '  - model: authentik_flows.flow',
    '    id: flow',
    '    identifiers:',
    '      slug: bench',
    '    attrs:',
    '      name: Bench',
    '      title: Bench',
    '      designation: authentication',
  ];
  for (let i = 1; i < ENTRIES; i++) {
    if (i % 3 === 1) {
      lines.push(
        '  - model: authentik_stages_prompt.prompt',
        `    id: prompt-${i}`,
        '    identifiers:',
        `      name: bench-prompt-${i}`,
        '    attrs:',
        `      field_key: field_${i}`,
        `      label: Field ${i}`,
        '      type: text',
        '      required: true',
        `      order: ${i}`,
      );
    } else if (i % 3 === 2) {
      lines.push(
        '  - model: authentik_stages_prompt.promptstage',
        `    id: stage-${i}`,
        '    identifiers:',
        `      name: bench-stage-${i}`,
        '    attrs:',
        '      fields:',
        `        - !KeyOf prompt-${i - 1}`,
      );
    } else {
      lines.push(
        '  - model: authentik_flows.flowstagebinding',
        '    identifiers:',
        '      target: !KeyOf flow',
        `      stage: !KeyOf stage-${i - 1}`,
        `      order: ${i}`,
        '    attrs:',
        '      re_evaluate_policies: true',
        '      policy_engine_mode: !If [!Context strict, all, any]',
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

function timed<T>(run: () => T): { ms: number; value: T } {
  const start = performance.now();
  const value = run();
  return { ms: performance.now() - start, value };
}

function summary(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  return `median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms, slowest ${sorted[sorted.length - 1].toFixed(1)} ms`;
}

const schema = readBlueprintSchema(JSON.parse(fs.readFileSync(BLUEPRINT_SCHEMA_PATH, 'utf8')) as Record<string, unknown>);
let text = bigBlueprint();
console.log(`blueprint: ${ENTRIES} entries, ${text.split('\n').length} lines, ${(text.length / 1024).toFixed(0)} KB`);

const checker = new BlueprintChecker(schema);
const first = timed(() => checker.check(text));
console.log(`first check: ${first.ms.toFixed(1)} ms (${first.value.length} problems)`);

const keystrokes: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  // Type one character into the label of a prompt somewhere in the list.
  const target = `label: Field ${1 + 3 * ((round * 97) % Math.floor(ENTRIES / 3))}\n`;
  text = text.replace(target, target.replace('\n', 'x\n'));
  keystrokes.push(timed(() => checker.check(text)).ms);
}
console.log(`one keystroke in an entry: ${summary(keystrokes)} (goal ≤ 100 ms)`);

const newLines: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const at = text.indexOf('      required: true\n', Math.floor((text.length * round) / ROUNDS));
  text = `${text.slice(0, at)}      placeholder: p\n${text.slice(at)}`;
  newLines.push(timed(() => checker.check(text)).ms);
}
console.log(`a keystroke that adds a line: ${summary(newLines)}`);

const whole = new BlueprintChecker(schema, false);
console.log(`the whole document parsed, for comparison: ${summary(Array.from({ length: 3 }, () => timed(() => whole.check(text)).ms))}`);

const json = fs.readFileSync(BLUEPRINT_SCHEMA_PATH);
console.log(`generated schema: ${(json.length / 1024).toFixed(1)} KB as JSON, ${(zlib.gzipSync(json, { level: 9 }).length / 1024).toFixed(1)} KB gzipped`);
const dist = path.resolve(__dirname, '..', '..', '..', 'dist');
for (const name of ['extension.authentik-blueprint-schema.js', 'extension.authentik-blueprint-language.js']) {
  const file = path.join(dist, name);
  if (!fs.existsSync(file)) {
    console.log(`${name}: not built (npm run build first)`);
    continue;
  }
  const chunk = fs.readFileSync(file);
  console.log(`${name}: ${(chunk.length / 1024).toFixed(1)} KB, ${(zlib.gzipSync(chunk, { level: 9 }).length / 1024).toFixed(1)} KB gzipped`);
}
