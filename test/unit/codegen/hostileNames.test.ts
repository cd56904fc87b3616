import * as assert from 'node:assert/strict';
import { GENERATORS, Generated } from './generators';
import { HOSTILE_NAMES } from './hostileNames';
import { TERRAFORM_NAME, blockNames, readHcl, typeScriptErrors, typeScriptStrings } from './parsedCode';

/**
 * Issue 28, "generated code must never run what a server said": every generator over every
 * hostile name, the Terraform read back by HashiCorp's parser and the TypeScript by the
 * compiler. A name must come back as exactly the string literal it was, nothing may be left
 * for Terraform to evaluate (`${…}`, `%{…}`) but the generator's own references, and every
 * block label, variable and constant must be a valid name of its language.
 */

/** Terraform's reserved variable names. */
const RESERVED_VARIABLES = ['source', 'version', 'providers', 'count', 'for_each', 'lifecycle', 'depends_on', 'locals'];

function everyOutput(): Array<Generated & { name: string }> {
  return HOSTILE_NAMES.flatMap((name) => GENERATORS.flatMap(([, generate]) => generate(name).map((g) => ({ ...g, name }))));
}

const show = (name: string) => JSON.stringify(name);

describe('generated code: hostile names against the real parsers', function () {
  this.timeout(120_000);
  const outputs = everyOutput();

  it('covers every generator, in both languages', () => {
    const generators = new Set(outputs.map((o) => o.generator));
    // 7 + 4 recipient Honeycomb snippets, 15 authentik snippets, the catalog's calls, 3 Honeycomb and 13 authentik resources.
    assert.ok(generators.size >= 11 + 15 + 20 + 3 + 13, `only ${generators.size} generators`);
    assert.ok(outputs.every((o) => o.terraform !== undefined && o.pulumi !== undefined));
  });

  it('Terraform: HashiCorp’s parser reads each name back as exactly its literal, with nothing to evaluate', async () => {
    const failures: string[] = [];
    for (const output of outputs) {
      const where = `${output.generator} × ${show(output.name)}`;
      let read;
      try {
        read = await readHcl(output.terraform!);
      } catch (error) {
        failures.push(`${where}: does not parse: ${String(error)}`);
        continue;
      }
      if (read.evaluated.length) failures.push(`${where}: Terraform would evaluate ${read.evaluated.map(show).join(', ')}`);
      const literal = output.literal === undefined ? output.name : output.literal;
      if (literal !== null && !read.literals.includes(literal)) failures.push(`${where}: no literal reads back as ${show(literal)}; literals ${read.literals.map(show).join(', ')}`);
      const names = blockNames(read.json);
      for (const label of names.labels.filter((l) => !TERRAFORM_NAME.test(l))) failures.push(`${where}: ${show(label)} is not a Terraform name`);
      for (const variable of names.variables.filter((v) => RESERVED_VARIABLES.includes(v))) failures.push(`${where}: variable ${show(variable)} is reserved`);
      for (const target of names.imports.filter((t) => !/^[a-z0-9_]+\.[A-Za-z_][A-Za-z0-9_-]*$/.test(t))) failures.push(`${where}: import target ${show(target)} is not <type>.<name>`);
      const allowed = new Set(['string', ...names.variables.map((v) => `var.${v}`), ...names.resources, ...names.imports]);
      for (const reference of read.references.filter((r) => !allowed.has(r))) failures.push(`${where}: refers to ${show(reference)}, which the snippet does not declare`);
    }
    assert.deepEqual(failures, []);
  });

  it('TypeScript: the compiler finds no error, and reads each name back as exactly its string literal', () => {
    const files = new Map(outputs.map((o, i) => [`generated${i}.ts`, o.pulumi!]));
    const errors = typeScriptErrors(files);
    const failures: string[] = [];
    outputs.forEach((output, i) => {
      const where = `${output.generator} × ${show(output.name)}`;
      for (const error of errors.get(`generated${i}.ts`)!) failures.push(`${where}: ${error}`);
      const strings = typeScriptStrings(output.pulumi!);
      if (strings.evaluated.length) failures.push(`${where}: template literals ${strings.evaluated.join(', ')}`);
      const literal = output.literal === undefined ? output.name : output.literal;
      if (literal !== null && !strings.literals.includes(output.name)) failures.push(`${where}: no literal reads back as the name`);
    });
    assert.deepEqual(failures, []);
  });
});
