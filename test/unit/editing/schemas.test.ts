import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { KIND_SCHEMAS, generateSchema, schemaPath } from '../../../scripts/generate-schemas';

/**
 * The committed schemas (bound to edit documents by package.json `jsonValidation`) are exactly
 * what the generator makes from the vendored OpenAPI documents: a changed document or generator
 * without `npm run generate-schemas` fails here.
 */
describe('editing: generated JSON schemas', () => {
  for (const spec of KIND_SCHEMAS) {
    it(`schemas/${spec.file}.schema.json matches the generator`, () => {
      const committed = fs.readFileSync(schemaPath(spec), 'utf8');
      assert.equal(committed, generateSchema(spec), `schemas/${spec.file}.schema.json is stale: run npm run generate-schemas`);
    });
  }

  it('package.json binds every generated schema to its documents', () => {
    const manifest = JSON.parse(fs.readFileSync(schemaPath(KIND_SCHEMAS[0]).replace(/schemas[\\/][^\\/]+$/, 'package.json'), 'utf8')) as {
      contributes: { jsonValidation: Array<{ fileMatch: string; url: string }> };
    };
    for (const spec of KIND_SCHEMAS) {
      assert.ok(
        manifest.contributes.jsonValidation.some((v) => v.fileMatch === `*.${spec.file}.json` && v.url === `./schemas/${spec.file}.schema.json`),
        `no jsonValidation for *.${spec.file}.json`,
      );
    }
  });

  it('a trigger document with a misspelled field is refused by the schema', async () => {
    const Ajv = (await import('ajv')).default;
    const schema = JSON.parse(fs.readFileSync(schemaPath(KIND_SCHEMAS.find((s) => s.file === 'honeycomb-trigger')!), 'utf8'));
    const validate = new Ajv({ strict: false }).compile(schema);
    assert.equal(validate({ name: 'x', query: { calculations: [{ op: 'COUNT' }], time_range: 900 }, threshold: { op: '>', value: 1 }, frequency: 900 }), true, JSON.stringify(validate.errors));
    assert.equal(validate({ name: 'x', query: { calculations: [{ op: 'COUNT' }], time_range: 900 }, threshold: { op: '>', value: 1 }, frequncy: 900 }), false);
  });
});
