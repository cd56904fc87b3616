import * as assert from 'node:assert/strict';
import { hclString, hclValue, jsString, pulumiName, terraformName, tsValue } from '../../../src/core/codeText';
import { findOperation } from '../../../src/lookup/catalog';
import { terraformDataBlock } from '../../../src/lookup/codeSnippets';
import { ObjectRef } from '../../../src/views/authentik/objectRef';
import { pulumiSnippet, terraformSnippet } from '../../../src/views/authentik/snippets';
import { triggerPulumi, triggerTerraform } from '../../../src/views/honeycomb/kinds/triggerCode';

/** The names and literals core/codeText writes for every generator, on the inputs issue 28 names. */
describe('generated code: names and literals', () => {
  const group = (name: string): ObjectRef => ({ kind: 'group', lookup: name, id: name, name });

  it('an authentik lookup of a group named with a template writes it as a literal, not a template', () => {
    const name = 'team ${path.module}${timestamp()} %{ if true }yes%{ endif }';
    assert.equal(
      terraformSnippet(group(name)),
      'data "authentik_group" "team_path_module_timestamp_if_true_yes_endif" {\n  name          = "team $${path.module}$${timestamp()} %%{ if true }yes%%{ endif }"\n  include_users = false\n}\n',
    );
  });

  it('a name starting with a digit, a reserved word or the package’s own name gets a leading underscore', () => {
    assert.equal(pulumiSnippet(group('2024 Admins')), 'const _2024Admins = authentik.getGroupOutput({ name: "2024 Admins", includeUsers: false });\n');
    assert.equal(terraformName('2024 Admins', 'group'), '_2024_admins');
    for (const word of ['class', 'delete', 'new', 'let', 'await', 'yield', 'static', 'arguments']) assert.equal(pulumiName(word, 'group', { suffix: false }), `_${word}`);
    assert.equal(pulumiName('authentik', 'group', { suffix: false, taken: ['authentik'] }), '_authentik');
    assert.equal(pulumiName('class', 'Trigger'), 'classTrigger', 'with the kind after it, a reserved word is a plain word');
  });

  it('accents are dropped, other scripts and punctuation leave the kind, capitals become camelCase', () => {
    assert.equal(terraformName('Ünïcode Grüße Ærø', 'group'), 'unicode_grusse_aero');
    assert.equal(pulumiName('Ünïcode Grüße Ærø', 'Group'), 'unicodeGrusseAeroGroup');
    for (const name of ['', '   ', '---', '🚀🔥', '東京', '\u202E']) {
      assert.equal(terraformName(name, 'derived_column'), 'derived_column');
      assert.equal(pulumiName(name, 'DerivedColumn'), 'derivedColumn');
      assert.equal(pulumiName(name, 'group', { suffix: false }), 'group');
    }
    assert.equal(pulumiName('SAML signing 2025', 'x', { suffix: false }), 'samlSigning2025');
  });

  it('characters a reader cannot see are written as \\u escapes in both languages', () => {
    assert.equal(hclString('admin\u202Egnp.exe\u2028\u0000'), '"admin\\u202Egnp.exe\\u2028\\u0000"');
    assert.equal(jsString('admin\u202Egnp.exe\u2028\u0000'), '"admin\\u202Egnp.exe\\u2028\\u0000"');
  });

  it('object keys Terraform or JavaScript would read as something else are quoted or computed', () => {
    assert.equal(hclValue({ for: 1, null: 2, true: 3, team: 4, 'a b': 5 }), '{\n  "for" = 1\n  "null" = 2\n  "true" = 3\n  team = 4\n  "a b" = 5\n}');
    assert.equal(tsValue(Object.fromEntries([['__proto__', 'x']])), '{\n    ["__proto__"]: "x",\n}');
    const trigger = { name: 't', query_id: 'q', tags: [{ key: '__proto__', value: 'x' }] };
    assert.match(triggerTerraform(trigger, { dataset: 'd', id: 'i' }), /\n {4}__proto__ = "x"\n/, 'a tag named __proto__ stays a tag');
    assert.match(triggerPulumi(trigger, { dataset: 'd', id: 'i' }), /\n {8}\["__proto__"\]: "x",\n/);
  });

  it('a block argument Terraform cannot name is refused, naming it', () => {
    const spec = findOperation('honeycomb', 'getQuerySpecification')!;
    assert.throws(() => terraformDataBlock(spec, { calculations: [{ 'op x': 'COUNT' }] }), /A calculation block cannot have an argument named "op x": Terraform argument names are letters, digits/);
  });
});
