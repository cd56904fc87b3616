import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { AUTHENTIK_KIND_NAMES, AuthentikKind } from '../../../src/clients/authentik/resources/kinds';
import { burnAlertProblems } from '../../../src/clients/honeycomb/burnAlertRules';
import { sloProblems } from '../../../src/clients/honeycomb/sloRules';
import { triggerProblems } from '../../../src/clients/honeycomb/triggerRules';
import { documentOf, formatDocument, jsonEqual } from '../../../src/editing/document';
import { guardedSave } from '../../../src/editing/guardedSave';
import { EditableKind, JsonObject } from '../../../src/editing/kind';
import { requestBody } from '../../../src/editing/requestBody';
import { validateDocument } from '../../../src/editing/validate';
import { schemaFileOf } from '../../../src/views/authentik/kinds/ids';
import { authentikEditableKind } from '../../../src/views/authentik/kinds/kind';
import { BURN_ALERT_READ_ONLY_FIELDS, burnAlertKind } from '../../../src/views/honeycomb/kinds/burnAlert';
import { BOARD_READ_ONLY_FIELDS, BOARD_VIEW_READ_ONLY_FIELDS, boardKind, boardViewKind } from '../../../src/views/honeycomb/kinds/board';
import { boardProblems, boardViewProblems } from '../../../src/clients/honeycomb/boardRules';
import { queryAnnotationKind } from '../../../src/views/honeycomb/kinds/queryAnnotation';
import { SLO_READ_ONLY_FIELDS, sloKind } from '../../../src/views/honeycomb/kinds/slo';
import { RECIPIENT_READ_ONLY_FIELDS, recipientKind } from '../../../src/views/honeycomb/kinds/recipient';
import { TRIGGER_READ_ONLY_FIELDS, triggerKind } from '../../../src/views/honeycomb/kinds/trigger';
import { recipientProblems } from '../../../src/clients/honeycomb/recipientRules';
import { markerProblems, markerSettingProblems } from '../../../src/clients/honeycomb/markerRules';
import { environmentProblems } from '../../../src/clients/honeycomb/environmentRules';
import { environmentKind } from '../../../src/views/honeycomb/kinds/environmentKind';
import { apiKeyProblems } from '../../../src/clients/honeycomb/apiKeyRules';
import { apiKeyKind } from '../../../src/views/honeycomb/kinds/apiKey';
import { MARKER_READ_ONLY_FIELDS, MARKER_SETTING_READ_ONLY_FIELDS, markerKind, markerSettingKind } from '../../../src/views/honeycomb/kinds/marker';
import { columnProblems, datasetDefinitionProblems, datasetProblems } from '../../../src/clients/honeycomb/datasetRules';
import { derivedColumnProblems } from '../../../src/clients/honeycomb/derivedColumnRules';
import { COLUMN_READ_ONLY_FIELDS, columnKind } from '../../../src/views/honeycomb/kinds/column';
import { DATASET_READ_ONLY_FIELDS, datasetKind } from '../../../src/views/honeycomb/kinds/dataset';
import { datasetDefinitionsKind } from '../../../src/views/honeycomb/kinds/datasetDefinitions';
import { DERIVED_COLUMN_READ_ONLY_FIELDS, derivedColumnKind } from '../../../src/views/honeycomb/kinds/derivedColumn';
import { scriptedUi } from './fakeKind';
import { DerivedKind, derivedKind } from '../../../src/clients/authentik/resources/derivedKinds';
import { KINDS_TABLE } from '../../../src/clients/authentik/resources/kindsTable';
import { derivedEditableKind } from '../../../src/views/authentik/kinds/derivedKind';
import { sampleObject } from './schemaSamples';
import { validationSchema } from './kindSchemas';
import { ReplayRules, ReplayServer, triggerQueryStorage } from './replayServer';

/**
 * Round trips over real objects (test/fixtures/real-objects/: shapes the services answer, taken
 * from their own sources, not from our templates), for every editable kind:
 * - opened and saved unchanged, nothing is sent — not even a read;
 * - with one top-level field changed, the body differs from what an unchanged save would send in
 *   exactly that field (a PUT sends the server's whole object less its read-only fields; a PATCH
 *   sends that field alone);
 * - after the save every field of the original is still on the server, including one the editor
 *   has never heard of.
 */
const CORPUS = path.resolve(__dirname, '..', '..', '..', '..', 'test', 'fixtures', 'real-objects');
const corpus = (file: string) => (JSON.parse(fs.readFileSync(path.join(CORPUS, file), 'utf8')) as Array<{ source: string; object: JsonObject }>).map((e) => e);

/** The derived kinds a document can edit (read and PATCH). */
const DERIVED_EDITABLE = Object.keys(KINDS_TABLE.kinds)
  .map((name) => derivedKind(name))
  .filter((d): d is DerivedKind => d !== undefined && d.row.ops.includes('u') && d.row.fields !== undefined && d.row.ops.includes('r'));

interface Case {
  name: string;
  objects: Array<{ source: string; object: JsonObject }>;
  kind(server: ReplayServer): EditableKind;
  rules: ReplayRules;
}

const CASES: Case[] = [
  {
    name: 'Honeycomb trigger',
    objects: corpus('honeycomb/triggers.json'),
    kind: (server) => triggerKind({ backend: server, schema: validationSchema('honeycomb-trigger'), rules: (d) => triggerProblems(d) }),
    rules: { style: 'replace', readOnly: TRIGGER_READ_ONLY_FIELDS, keptWhenLeftOut: ['disabled'], afterReplace: triggerQueryStorage },
  },
  {
    name: 'Honeycomb query annotation',
    objects: corpus('honeycomb/query-annotations.json'),
    kind: (server) => queryAnnotationKind({ backend: server, schema: validationSchema('honeycomb-query-annotation'), rules: () => [] }),
    rules: { style: 'replace', readOnly: ['id', 'created_at', 'updated_at'] },
  },
  {
    name: 'Honeycomb SLO',
    objects: corpus('honeycomb/slos.json'),
    kind: (server) => sloKind({ backend: server, schema: validationSchema('honeycomb-slo'), rules: (d, b) => sloProblems(d, b) }),
    rules: { style: 'replace', readOnly: SLO_READ_ONLY_FIELDS },
  },
  {
    name: 'Honeycomb burn alert',
    objects: corpus('honeycomb/burn-alerts.json'),
    kind: (server) => burnAlertKind({ backend: server, schema: validationSchema('honeycomb-burn-alert'), rules: (d, b) => burnAlertProblems(d, b) }),
    rules: { style: 'replace', readOnly: BURN_ALERT_READ_ONLY_FIELDS },
  },
  {
    name: 'Honeycomb recipient',
    // The legacy Teams type is read-only (its document opens with the reason as an error).
    objects: corpus('honeycomb/recipients.json').filter((e) => e.object.type !== 'msteams'),
    kind: (server) => recipientKind({ backend: server, schema: validationSchema('honeycomb-recipient'), rules: (d, b) => recipientProblems(d, b) }),
    rules: { style: 'replace', readOnly: RECIPIENT_READ_ONLY_FIELDS },
  },
  {
    name: 'Honeycomb marker',
    objects: corpus('honeycomb/markers.json'),
    kind: (server) => markerKind({ backend: server, schema: validationSchema('honeycomb-marker'), rules: (d) => markerProblems(d) }),
    rules: { style: 'replace', readOnly: MARKER_READ_ONLY_FIELDS },
  },
  {
    name: 'Honeycomb marker setting',
    objects: corpus('honeycomb/marker-settings.json'),
    kind: (server) => markerSettingKind({ backend: server, schema: validationSchema('honeycomb-marker-setting'), rules: (d, b) => markerSettingProblems(d, b) }),
    rules: { style: 'replace', readOnly: MARKER_SETTING_READ_ONLY_FIELDS },
  },
  {
    // The v2 resource flattened (id and attributes), as the kind reads it; a save PATCHes what changed.
    name: 'Honeycomb environment',
    objects: corpus('honeycomb/environments.json'),
    kind: (server) => ({
      ...environmentKind({ api: async () => assert.fail('no request'), schema: validationSchema('honeycomb-environment'), rules: (d, b) => environmentProblems(d, b) }),
      backend: server,
    }),
    rules: { style: 'patch', readOnly: ['id', 'slug'] },
  },
  {
    // The v2 resource flattened, as the kind reads it; a save PATCHes what changed, never a secret.
    name: 'Honeycomb API key',
    objects: corpus('honeycomb/api-keys.json'),
    kind: (server) => ({
      ...apiKeyKind({ api: async () => assert.fail('no request'), schema: validationSchema('honeycomb-api-key'), rules: (d, b) => apiKeyProblems(d, b), keyCreated: () => assert.fail('no create') }),
      backend: server,
    }),
    rules: { style: 'patch', readOnly: ['id', 'timestamps'] },
  },
  {
    name: 'Honeycomb derived column',
    objects: corpus('honeycomb/derived-columns.json'),
    kind: (server) => derivedColumnKind({ backend: server, schema: validationSchema('honeycomb-derived-column'), rules: (d, b) => derivedColumnProblems(d, b) }),
    rules: { style: 'replace', readOnly: DERIVED_COLUMN_READ_ONLY_FIELDS },
  },
  {
    name: 'Honeycomb column',
    objects: corpus('honeycomb/columns.json'),
    kind: (server) => columnKind({ backend: server, schema: validationSchema('honeycomb-column'), rules: (d, b) => columnProblems(d, b) }),
    rules: { style: 'replace', readOnly: COLUMN_READ_ONLY_FIELDS },
  },
  {
    name: 'Honeycomb dataset',
    objects: corpus('honeycomb/datasets.json'),
    kind: (server) => datasetKind({ backend: server, schema: validationSchema('honeycomb-dataset'), rules: (d, b) => datasetProblems(d, b) }),
    rules: { style: 'replace', readOnly: DATASET_READ_ONLY_FIELDS },
  },
  {
    name: 'Honeycomb dataset definitions',
    objects: corpus('honeycomb/dataset-definitions.json'),
    kind: (server) => datasetDefinitionsKind({ backend: server, schema: validationSchema('honeycomb-dataset-definitions'), rules: (d) => datasetDefinitionProblems(d) }),
    rules: { style: 'patch', readOnly: [] },
  },
  {
    name: 'Honeycomb board',
    objects: corpus('honeycomb/boards.json'),
    kind: (server) => boardKind({ backend: server, schema: validationSchema('honeycomb-board'), rules: (d) => boardProblems(d) }),
    rules: { style: 'replace', readOnly: BOARD_READ_ONLY_FIELDS, keptWhenLeftOut: ['preset_filters'] },
  },
  {
    name: 'Honeycomb board view',
    objects: corpus('honeycomb/board-views.json'),
    kind: (server) => boardViewKind({ backend: server, schema: validationSchema('honeycomb-board-view'), rules: (d) => boardViewProblems(d) }),
    rules: { style: 'replace', readOnly: BOARD_VIEW_READ_ONLY_FIELDS },
  },
  ...AUTHENTIK_KIND_NAMES.map((k: AuthentikKind): Case => ({
    name: `authentik ${k}`,
    objects: corpus(`authentik/${schemaFileOf(k).replace(/^authentik-/, '')}.json`),
    kind: (server) => authentikEditableKind(k, { backend: server, schema: validationSchema(schemaFileOf(k)), location: () => 'authentik at id.example.com' }),
    rules: { style: 'patch', readOnly: [] },
  })),
  // Every other kind the tree can edit, derived from the API description, over objects in the
  // shapes that description gives (the corpus holds real objects of the 13 managed kinds only).
  ...DERIVED_EDITABLE.map((d): Case => ({
    name: `authentik ${d.name} (derived)`,
    objects: [0, 1].map((v) => ({ source: `authentik.schema.yml ${d.row.item}, shape ${v}`, object: sampleObject(d.row.item, v as 0 | 1) })),
    kind: (server) => derivedEditableKind(d, { backend: server, location: () => 'authentik at id.example.com' }),
    rules: { style: 'patch', readOnly: [] },
  })),
];

const ADDRESS = { env: 'production', dataset: 'api', parent: 'p', id: 'x' };

describe('editing: round trips over real objects', () => {
  for (const c of CASES) {
    describe(c.name, () => {
      it('has real objects to try', () => assert.ok(c.objects.length >= 2, `the corpus has ${c.objects.length} ${c.name} objects`));

      for (const { source, object } of c.objects) {
        const title = source.replace(/^.*?@[0-9a-f]+ — /, '').slice(0, 90);

        it(`opens with no error, and saving it unchanged sends nothing: ${title}`, async () => {
          const server = new ReplayServer(object, c.rules);
          const kind = c.kind(server);
          const baseline = documentOf(kind, await server.read());
          const problems = await validateDocument(kind, baseline, baseline);
          assert.deepEqual(problems, [], 'a real object as the server answers it is valid as it is');
          server.reads = 0;
          const outcome = await guardedSave({ kind, target: { mode: 'update', address: ADDRESS, baseline }, text: formatDocument(baseline), ui: scriptedUi().ui });
          assert.equal(outcome.status, 'unchanged');
          assert.deepEqual([server.reads, server.writes.length], [0, 0], 'no request at all');
        });

        if (c.rules.style === 'replace')
          it(`a PUT sends the server's object less read-only fields; nothing is left out: ${title}`, async () => {
            const server = new ReplayServer(object, c.rules);
            const kind = c.kind(server);
            const baseline = documentOf(kind, object);
            const unchanged = requestBody(kind, object, baseline, baseline);
            for (const [field, value] of Object.entries(object)) {
              if (c.rules.readOnly.includes(field)) {
                assert.equal(field in unchanged, false, `${field} is read-only and never sent`);
              } else if (field === 'query' && typeof object.query_id === 'string') {
                // Honeycomb takes query or query_id: an unchanged query goes as its id (as its Go client sends it).
                assert.equal(unchanged.query_id, object.query_id);
              } else {
                assert.ok(jsonEqual(unchanged[field], value), `${field} goes back as it came`);
              }
            }
          });

        it(`each field changed alone is the only difference in what is sent, and every field survives: ${title}`, async () => {
          const original = { ...object, x_newer_field: { added: 'by a newer API', list: [1, 2] } };
          const probe = new ReplayServer(original, c.rules);
          const probeKind = c.kind(probe);
          const baseline = documentOf(probeKind, original);
          assert.deepEqual(baseline.x_newer_field, original.x_newer_field, 'a field the editor does not know stays in the document');
          const unchangedBody = requestBody(probeKind, original, baseline, baseline);
          let tried = 0;
          for (const field of Object.keys(baseline)) {
            const changed = await validChange(probeKind, baseline, field);
            if (!changed) continue;
            tried++;
            const server = new ReplayServer(original, c.rules);
            const kind = c.kind(server);
            const outcome = await guardedSave({ kind, target: { mode: 'update', address: ADDRESS, baseline }, text: formatDocument(changed), ui: scriptedUi().ui });
            assert.equal(outcome.status, 'saved', `${field}: ${JSON.stringify(outcome)}`);
            const body = server.writes[0];
            if (c.rules.style === 'patch') {
              assert.deepEqual(body, { [field]: changed[field] }, `a PATCH of ${field} sends that field alone`);
            } else {
              const differing = differingKeys(body, unchangedBody);
              const expected = field === 'query' && c.name === 'Honeycomb trigger' ? ['query', 'query_id'] : [field];
              assert.deepEqual(differing.sort(), expected.sort(), `changing ${field} changes only ${expected.join(' and ')} in the body`);
            }
            for (const key of Object.keys(original)) {
              assert.ok(Object.prototype.hasOwnProperty.call(server.stored, key), `${key} is still on the server after ${field} changed`);
            }
            const expectedUnknown = field === 'x_newer_field' ? changed.x_newer_field : original.x_newer_field;
            assert.deepEqual(server.stored.x_newer_field, expectedUnknown, 'the unknown field is on the server as it was, or as the user changed it');
          }
          const fields = Object.keys(baseline).length;
          assert.ok(tried >= Math.min(2, fields), `at least two fields could be changed (${tried} of ${fields})`);
        });
      }
    });
  }
});

/** The document with `field` given another value the checks accept, or undefined when none is found. */
async function validChange(kind: EditableKind, baseline: JsonObject, field: string): Promise<JsonObject | undefined> {
  for (const value of variants(baseline[field])) {
    const changed = { ...baseline, [field]: value };
    if (jsonEqual(changed, baseline)) continue;
    const problems = await validateDocument(kind, changed, baseline);
    if (!problems.some((p) => p.severity === 'error')) return changed;
  }
  return undefined;
}

/** Other values of the same shape: a scalar nudged, a list with one item less or one more, an object with one leaf changed. */
function variants(value: unknown): unknown[] {
  if (typeof value === 'boolean') return [!value];
  if (typeof value === 'number') return [value + 60, value * 2, value + 1, value - 1, 0, 1];
  if (typeof value === 'string') {
    const bumped = value.replace(/\d+/, (d) => String(Number(d) + 1));
    // Last, the same length with its last character changed (a colour "#000000" → "#000001").
    return [...(bumped !== value ? [bumped] : []), `${value}x`, value.slice(0, -1), 'edited', `${value.slice(0, -1)}${value.endsWith('1') ? '2' : '1'}`];
  }
  if (Array.isArray(value)) {
    const inside = value.length > 0 ? variants(value[0]).map((v) => [v, ...value.slice(1)]) : [];
    return [value.slice(1), ...(value.length > 0 ? [[...value, value[0]]] : []), ...inside];
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => variants(inner).map((v) => ({ ...value, [key]: v })));
  }
  return ['edited'];
}

function differingKeys(a: JsonObject, b: JsonObject): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((k) => !jsonEqual(a[k], b[k]));
}
