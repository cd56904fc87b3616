import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BLUEPRINT_SCHEMA_PATH, ENTRY_STATES, generateBlueprintSchema } from '../../../../scripts/blueprintSchema';
import { blueprintSchema } from './helpers';

/**
 * The generated blueprint schema (from the 2026.8.3 API document) against the schema authentik
 * published for an older release (a copy of the reference's schema.published.json in test/fixtures/authentik-blueprints/):
 * the same structure, field for field where a model is in both; which models differ is printed.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const PUBLISHED = path.resolve(__dirname, '..', '..', '..', '..', '..', 'test', 'fixtures', 'authentik-blueprints', 'schema.published.json');

function branches(schema: Json): Map<string, Json> {
  return new Map((schema.properties.entries.items.oneOf as Json[]).map((branch) => [branch.properties.model.const as string, branch]));
}

function defOf(schema: Json, ref: string): Json {
  return schema.$defs[ref.replace('#/$defs/', '')] as Json;
}

describe('authentik blueprints: the generated schema', () => {
  const ours = JSON.parse(fs.readFileSync(BLUEPRINT_SCHEMA_PATH, 'utf8')) as Json;
  const published = JSON.parse(fs.readFileSync(PUBLISHED, 'utf8')) as Json;

  it('is what scripts/blueprintSchema.ts makes of the API document (npm run generate-schemas)', () => {
    assert.equal(fs.readFileSync(BLUEPRINT_SCHEMA_PATH, 'utf8'), generateBlueprintSchema(), 'schemas/blueprint/authentik-blueprint.schema.json is stale: run npm run generate-schemas');
  });

  it('has the top level of the published schema: draft-07, version and entries required, metadata with a name, context', () => {
    for (const schema of [published, ours]) {
      assert.match(schema.$schema, /draft-07/);
      assert.equal(schema.type, 'object');
      assert.deepEqual(schema.required, ['version', 'entries']);
      assert.equal(schema.properties.version.type, 'integer');
      assert.deepEqual(schema.properties.metadata.required, ['name']);
      assert.deepEqual(Object.keys(schema.properties.metadata.properties).sort(), ['labels', 'name']);
      assert.equal(schema.properties.context.type, 'object');
      assert.equal(schema.properties.entries.type, 'array');
      assert.ok(Array.isArray(schema.properties.entries.items.oneOf));
    }
  });

  it('has one entry branch per model, each with model, id, state, conditions, attrs and identifiers as published (and permissions, newer)', () => {
    const publishedStates = published.properties.entries.items.oneOf[0].properties.state.enum as string[];
    for (const [model, branch] of branches(ours)) {
      const properties = branch.properties as Json;
      assert.deepEqual(properties.model, { const: model });
      assert.equal(properties.id.type, 'string');
      assert.equal(properties.conditions.type, 'array');
      const state = defOf(ours, properties.state.$ref);
      assert.deepEqual(state.enum, ENTRY_STATES);
      for (const s of publishedStates) assert.ok(state.enum.includes(s), `state ${s}`);
      assert.equal(state.default, 'present');
      assert.equal(properties.attrs.$ref, properties.identifiers.$ref, `${model}: attrs and identifiers are the same fields`);
      assert.equal(properties.attrs.$ref, `#/$defs/model_${model}`);
      assert.equal(defOf(ours, properties.attrs.$ref).type, 'object');
      assert.deepEqual(defOf(ours, properties.permissions.$ref).items.required, ['permission']);
      assert.ok(branch.required.includes('model'));
    }
  });

  it('agrees with the published schema on the models both have: their fields and field types', () => {
    const ourBranches = branches(ours);
    const publishedBranches = branches(published);
    const shared = [...publishedBranches.keys()].filter((model) => ourBranches.has(model));
    const onlyPublished = [...publishedBranches.keys()].filter((model) => !ourBranches.has(model));
    const onlyOurs = [...ourBranches.keys()].filter((model) => !publishedBranches.has(model));
    let fields = 0;
    let found = 0;
    let sameType = 0;
    const missing: string[] = [];
    for (const model of shared) {
      const theirs = defOf(published, publishedBranches.get(model)!.properties.attrs.$ref).properties as Json;
      const mine = defOf(ours, ourBranches.get(model)!.properties.attrs.$ref).properties as Json;
      for (const [field, spec] of Object.entries(theirs)) {
        fields++;
        if (!mine[field]) {
          missing.push(`${model}.${field}`);
          continue;
        }
        found++;
        const types = (t: unknown) => [t ?? []].flat().filter((x) => x !== 'null');
        if (JSON.stringify(types((spec as Json).type)) === JSON.stringify(types(mine[field].type))) sameType++;
      }
    }
    console.log(
      `      published ${publishedBranches.size} models, generated ${ourBranches.size}; ${shared.length} in both.\n` +
        `      only in the published (older) schema: ${onlyPublished.join(', ')}\n` +
        `      only in the generated one: ${onlyOurs.length} models (${onlyOurs.slice(0, 8).join(', ')}, …)\n` +
        `      fields of the shared models: ${found} of ${fields} published fields generated, ${sameType} with the same type; missing: ${missing.join(', ')}`,
    );
    assert.ok(shared.length >= 60, `${shared.length} models in both`);
    assert.ok(found / fields >= 0.9, `${found} of ${fields} published fields`);
    // Related objects are integers in the older schema where the API document says uuid strings.
    assert.ok(sameType / found >= 0.85, `${sameType} of ${found} fields with the same type`);
  });

  it('lists every model of the API document and the meta models, as the language features read them', () => {
    const models = JSON.parse(fs.readFileSync(path.resolve(path.dirname(BLUEPRINT_SCHEMA_PATH), '..', 'authentik-models.json'), 'utf8')).models as string[];
    for (const model of models) assert.ok(blueprintSchema().models.has(model), model);
    assert.ok(blueprintSchema().models.has('authentik_blueprints.metaapplyblueprint'));
    assert.equal(blueprintSchema().models.get('authentik_flows.flow')?.fields?.get('designation')?.enum?.includes('authentication'), true);
  });
});
