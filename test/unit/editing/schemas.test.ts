import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { AUTHENTIK_KINDS_TABLE_PATH, kindsTableText } from '../../../scripts/authentikKindsTable';
import { AUTHENTIK_MODELS_PATH, KIND_SCHEMAS, generateAuthentikModels, generateHints, generateSchema, schemaPath, validationSchemaPath } from '../../../scripts/generate-schemas';

/**
 * The committed schemas are exactly what the generator makes from the vendored OpenAPI documents
 * and their overlay: a changed document, overlay or generator without `npm run generate-schemas`
 * fails here. The validation schemas are what the editor checks; the bound ones (package.json
 * `jsonValidation`) only feed completion and hover.
 */
describe('editing: generated JSON schemas', () => {
  for (const spec of KIND_SCHEMAS) {
    it(`schemas/validation/${spec.file}.schema.json and schemas/${spec.file}.schema.json match the generator`, () => {
      assert.equal(fs.readFileSync(validationSchemaPath(spec), 'utf8'), generateSchema(spec), `schemas/validation/${spec.file}.schema.json is stale: run npm run generate-schemas`);
      assert.equal(fs.readFileSync(schemaPath(spec), 'utf8'), generateHints(spec), `schemas/${spec.file}.schema.json is stale: run npm run generate-schemas`);
    });
  }

  it('schemas/authentik-models.json lists the models of the API description', () => {
    assert.equal(fs.readFileSync(AUTHENTIK_MODELS_PATH, 'utf8'), generateAuthentikModels(), 'schemas/authentik-models.json is stale: run npm run generate-schemas');
  });

  it('schemas/authentik-kinds.json is the table the API description makes, and stays small (it loads with the first authentik edit)', () => {
    const committed = fs.readFileSync(AUTHENTIK_KINDS_TABLE_PATH, 'utf8');
    assert.equal(committed, kindsTableText(), 'schemas/authentik-kinds.json is stale: run npm run generate-schemas');
    assert.ok(committed.length < 140_000, `the kinds table is ${committed.length} bytes`);
  });

  it('package.json binds every completion schema to its documents', () => {
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

  it('the validation schema finds a misspelled trigger field; the bound one finds nothing (it only completes)', async () => {
    const Ajv = (await import('ajv')).default;
    const spec = KIND_SCHEMAS.find((s) => s.file === 'honeycomb-trigger')!;
    const valid = { name: 'x', query: { calculations: [{ op: 'COUNT' }], time_range: 900 }, threshold: { op: '>', value: 1 }, frequency: 900 };
    const { frequency, ...rest } = valid;
    const misspelt = { ...rest, frequncy: frequency };
    const strict = new Ajv({ strict: false }).compile(JSON.parse(fs.readFileSync(validationSchemaPath(spec), 'utf8')));
    assert.equal(strict(valid), true, JSON.stringify(strict.errors));
    assert.equal(strict(misspelt), false);
    const hints = new Ajv({ strict: false }).compile(JSON.parse(fs.readFileSync(schemaPath(spec), 'utf8')));
    assert.equal(hints({ ...misspelt, threshold: { op: '=>', value: 'high' }, frequency: '15m' }), true, 'the completion schema must not report problems of its own');
  });

  it('the completion schema offers enum values and the trigger query fields', () => {
    const spec = KIND_SCHEMAS.find((s) => s.file === 'honeycomb-trigger')!;
    const hints = JSON.parse(fs.readFileSync(schemaPath(spec), 'utf8')) as { properties: Record<string, { properties?: Record<string, { examples?: unknown[] }>; examples?: unknown[] }> };
    assert.deepEqual(hints.properties.threshold.properties?.op.examples, ['>', '>=', '<', '<=']);
    assert.deepEqual(hints.properties.auto_investigate.examples, [true, false]);
    assert.ok(hints.properties.query.properties?.havings && hints.properties.query.properties.formulas, 'havings and formulas are offered in a trigger query');
    assert.equal(hints.properties.query.properties?.orders, undefined, 'orders are not offered: a trigger query cannot have them');
  });
});
