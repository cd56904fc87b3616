import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { HclBlock, HclValue } from '../../../src/terraform/hclParse';
import { testHclParser } from './hclWasm';

const fixture = (name: string) => readFileSync(path.join(__dirname, '../../../../test/fixtures/terraform', name), 'utf8');
const attr = (block: HclBlock, name: string): HclValue | undefined => block.attributes.find((a) => a.name === name)?.value;
const literal = (block: HclBlock, name: string) => {
  const value = attr(block, name);
  return value?.kind === 'literal' ? value.value : value;
};

describe('Terraform parser (tree-sitter HCL)', () => {
  it('reads a Honeycomb configuration: blocks, labels, literal values decoded, expressions kept as written', async () => {
    const file = (await testHclParser()).parse(fixture('honeycomb.tf'));
    assert.deepEqual(file.errors, []);
    assert.deepEqual(
      file.blocks.map((b) => [b.type, ...b.labels]),
      [
        ['terraform'],
        ['variable', 'dataset'],
        ['resource', 'honeycombio_email_recipient', 'oncall'],
        ['data', 'honeycombio_query_specification', 'slow'],
        ['resource', 'honeycombio_trigger', 'slow_checkout'],
        ['resource', 'honeycombio_column', 'duration'],
        ['import'],
      ],
    );
    const trigger = file.blocks[4];
    assert.equal(literal(trigger, 'name'), 'Checkout is slow');
    assert.equal(literal(trigger, 'description'), 'P99 over "two" seconds\nfor half an hour');
    assert.deepEqual(attr(trigger, 'dataset'), { kind: 'expression', text: 'var.dataset', range: { start: { line: 36, column: 16 }, end: { line: 36, column: 27 } } });
    assert.equal(literal(trigger, 'frequency'), 900);
    assert.equal(literal(trigger, 'disabled'), false);
    assert.deepEqual(literal(trigger, 'tags'), { team: 'payments', tier: 'gold' });
    assert.deepEqual(
      trigger.blocks.map((b) => b.type),
      ['threshold', 'recipient'],
    );
    assert.equal(literal(trigger.blocks[0], 'value'), -2000.5);
    assert.deepEqual(attr(trigger.blocks[1], 'id'), { kind: 'expression', text: 'honeycombio_email_recipient.oncall.id', range: { start: { line: 48, column: 9 }, end: { line: 48, column: 46 } } });
    assert.deepEqual(trigger.range, { start: { line: 33, column: 0 }, end: { line: 50, column: 1 } });
    const column = file.blocks[5];
    assert.equal(literal(column, 'description'), 'How long the request took,\n  in milliseconds.\n');
    const imported = file.blocks[6];
    assert.equal(attr(imported, 'to')?.kind, 'expression');
    assert.equal(literal(imported, 'id'), 'checkout/5Tj8mFh2zQa');
  });

  it('decodes escapes and keeps templates with interpolation as expressions', async () => {
    const file = (await testHclParser()).parse(
      [
        'a = "é\\u00e9 $${x} %%{y} \\\\"',
        'b = "hello ${var.x}"',
        'c = ""',
        'd = [1, "two", true, null]',
        'e = [1, var.x]',
        'f = upper("x")',
        'g = <<EOT',
        'line one',
        '  two',
        'EOT',
        'h = <<EOT',
        'hi ${var.x}',
        'EOT',
        '',
      ].join('\n'),
    );
    const values = Object.fromEntries(file.attributes.map((a) => [a.name, a.value.kind === 'literal' ? a.value.value : `expr:${a.value.text}`]));
    assert.equal(values.a, 'éé ${x} %{y} \\');
    assert.equal(values.b, 'expr:"hello ${var.x}"');
    assert.equal(values.c, '');
    assert.deepEqual(values.d, [1, 'two', true, null]);
    assert.equal(values.e, 'expr:[1, var.x]');
    assert.equal(values.f, 'expr:upper("x")');
    assert.equal(values.g, 'line one\n  two\n');
    assert.equal(values.h, 'expr:<<EOT\nhi ${var.x}\nEOT');
    assert.deepEqual(file.errors, []);
  });

  it('counts columns as the editor does (UTF-16), past non-ASCII text', async () => {
    const file = (await testHclParser()).parse('name = "Café ☕" # ok\nx = 1\n');
    assert.deepEqual(file.attributes[0].value.range, { start: { line: 0, column: 7 }, end: { line: 0, column: 15 } });
  });

  it('reports broken text with its place and still reads the blocks around it', async () => {
    const file = (await testHclParser()).parse('resource "authentik_flow" "a" {\n  slug = "x"\n  name = = "y"\n}\nresource "authentik_group" "g" {\n  name = "admins"\n}\n');
    assert.ok(file.errors.length >= 1, 'an error is reported');
    assert.equal(file.errors[0].range.start.line, 2);
    assert.ok(file.blocks.some((b) => b.labels[0] === 'authentik_group' && literal(b, 'name') === 'admins'));
  });

  it('reads values past non-ASCII text and heredocs from their own lines (source sliced by the string’s indices)', async () => {
    const file = (await testHclParser()).parse('a = "Café ☕ 🚀"\nb = "ünï"\nc = <<-EOT\n    👍 one\n      two\n  EOT\nd = 5\n');
    assert.deepEqual(
      file.attributes.map((x) => (x.value.kind === 'literal' ? x.value.value : x.value.text)),
      ['Café ☕ 🚀', 'ünï', '👍 one\n  two\n', 5],
    );
  });

  it('reads every heredoc of a file of 2,000 (each sliced from its own span; the time is printed by the Terraform bench)', async () => {
    const parser = await testHclParser();
    const text = Array.from(
      { length: 2000 },
      (_, i) => `data "cosign_verify" "v${i}" {\n  image  = "ghcr.io/acme/app:${i}"\n  policy = <<-EOT\n    kind: ClusterImagePolicy\n    n: ${i}\n  EOT\n}\n`,
    ).join('');
    const file = parser.parse(text);
    assert.equal(file.blocks.length, 2000);
    const last = file.blocks[1999].attributes[1].value;
    assert.deepEqual(last.kind === 'literal' && last.value, 'kind: ClusterImagePolicy\nn: 1999\n');
  });
});
