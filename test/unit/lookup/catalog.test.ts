import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LOOKUP_OPERATIONS } from '../../../src/lookup/catalog';

/**
 * The "Look Up…" catalog against the three seed documents (kept in test/fixtures/seeds): every
 * read operation they list is in the catalog under its seed name, with exactly the seed's input
 * names. The tables are read from the documents themselves, so a seed that grows an operation or
 * renames an input fails here until the catalog follows.
 */
const SEEDS = path.resolve(__dirname, '../../../../test/fixtures/seeds');

function seedText(prefix: string): string {
  const file = fs.readdirSync(SEEDS).find((f) => f.startsWith(prefix));
  assert.ok(file, `seed ${prefix}* is in test/fixtures/seeds`);
  return fs.readFileSync(path.join(SEEDS, file), 'utf8');
}

/** The rows of the first table under `## Endpoints`: [operation cell, inputs cell]. */
function endpointRows(text: string): Array<[string, string]> {
  const section = text.split('\n## Endpoints\n')[1].split('\n## ')[0];
  return section
    .split('\n')
    .filter((line) => line.startsWith('| get'))
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .map((cells) => [cells[1], cells[2]]);
}

/** Top-level comma-separated items (commas inside parentheses do not split). */
function items(cell: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of cell) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if ((ch === ',' || ch === ';') && depth === 0) {
      out.push(current);
      current = '';
    } else current += ch;
  }
  out.push(current);
  return out.map((s) => s.trim()).filter(Boolean);
}

/** The input names of an inputs cell: the first word of each item, with the seed's phrasings unwrapped. */
function inputNames(cell: string, previous: string[], querySpecFields: string[]): string[] {
  if (/^all Query specification fields/.test(cell)) return querySpecFields;
  const names: string[] = [];
  for (const raw of items(cell.replace(/\((all optional)\)$/, ''))) {
    let item = raw.replace(/^optional\s+/, '');
    if (/^same plus /.test(item)) {
      names.push(...previous);
      item = item.replace(/^same plus /, '');
    }
    if (/other inputs: not shown/.test(item)) continue;
    for (const word of item.split(/\s+and\s+/)) {
      const name = word.match(/^[a-z][A-Za-z0-9]*/)?.[0];
      if (name) names.push(name);
    }
  }
  return names;
}

function operationName(cell: string): string {
  return cell.replace(/\s*\(.*\)$/, '').replace('<Orchestrator>', 'Kubernetes');
}

function seedOperations(prefix: string, querySpecFields: string[] = []): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let previous: string[] = [];
  for (const [op, inputs] of endpointRows(seedText(prefix))) {
    const names = inputNames(inputs, previous, querySpecFields).map((n) => (n === 'username' ? 'username' : n));
    // "username and pk-style lookup": the pk-style input is `pk`.
    if (/pk-style lookup/.test(inputs)) names.push('pk');
    out.set(operationName(op), [...new Set(names.filter((n) => n !== 'lookup'))]);
    previous = out.get(operationName(op)) ?? [];
  }
  return out;
}

function querySpecificationInputs(): string[] {
  const text = seedText('000_');
  const table = text.split('### Query specification')[1].split('\n### ')[0];
  return table
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| Field') && !line.startsWith('|---'))
    .filter((line) => !/output only/.test(line))
    .map((line) => line.split('|')[1].trim());
}

function catalogInputs(service: string, name: string): string[] | undefined {
  return LOOKUP_OPERATIONS.find((op) => op.service === service && op.name === name)?.inputs.map((i) => i.name);
}

describe('Look Up catalog against the seed documents', () => {
  const cases: Array<[string, Map<string, string[]>]> = [
    ['honeycomb', seedOperations('000_', querySpecificationInputs())],
    ['authentik', seedOperations('001_')],
  ];

  for (const [service, operations] of cases) {
    it(`has every ${service} read operation of the seed, with the seed's input names`, () => {
      assert.ok(operations.size >= 16, `read ${operations.size} ${service} operations from the seed`);
      for (const [name, inputs] of operations) {
        const mine = catalogInputs(service, name);
        assert.ok(mine, `${service} ${name} is in the catalog`);
        assert.deepEqual([...mine].sort(), [...inputs].sort(), `${service} ${name} takes the seed's inputs`);
      }
      const extra = LOOKUP_OPERATIONS.filter((op) => op.service === service && !operations.has(op.name) && !op.beyondSeed).map((op) => op.name);
      assert.deepEqual(extra, [], `${service} has no operation the seed does not list, except those marked as reaching kinds beyond it`);
      for (const op of LOOKUP_OPERATIONS.filter((o) => o.service === service && o.beyondSeed)) {
        assert.equal(operations.has(op.name), false, `${op.name} is not a seed operation in disguise`);
        assert.ok('none' in op.code, `${op.name} says why there is no data source`);
      }
    });
  }

  it('has the image-signing seed’s getVerify with its inputs image and policy', () => {
    const text = seedText('002_');
    const match = text.match(/Operation `(get\w+)`: inputs (\w+) \([^)]*\) and (\w+) \(/);
    assert.ok(match, 'the seed names its operation and inputs');
    assert.deepEqual(catalogInputs('cosign', match[1]), [match[2], match[3]]);
  });

  it('marks the seed’s deprecated operation and inputs as deprecated, with advice', () => {
    const triggerRecipient = LOOKUP_OPERATIONS.find((op) => op.name === 'getTriggerRecipient');
    assert.equal(triggerRecipient?.deprecated, 'use getRecipient');
    const deprecatedInputs = LOOKUP_OPERATIONS.flatMap((op) => op.inputs.filter((i) => i.deprecated).map((i) => `${op.name}.${i.name}`)).sort();
    assert.deepEqual(deprecatedInputs, ['getDatasets.startsWith', 'getRecipient.dataset', 'getRecipient.target', 'getSlo.dataset']);
  });
});
