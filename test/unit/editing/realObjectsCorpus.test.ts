import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { AUTHENTIK_KIND_NAMES, AUTHENTIK_KINDS } from '../../../src/clients/authentik/resources/kinds';
import { loadYamlDocument } from '../../servers/openapi/loadDocument';
import { repoRoot } from '../../servers/openapi/locate';
import { pointerGet } from '../../servers/openapi/transform';
import { openApiValidator } from '../../servers/openapi/validator';

/**
 * Checks the corpus of real object shapes in test/fixtures/real-objects (see its README) before
 * other tests lean on it: every entry names where it comes from, every authentik object is what
 * 2026.8.3 answers (the vendored schema, closed, with every field of the response present), every
 * Honeycomb trigger has the fields and types the API answers and obeys the service's own limits,
 * and the verdict entries are usable as test cases (a verdict, a cited rule, an offending field
 * that exists). Honeycomb objects are checked against the vendored OpenAPI document only to make
 * sure that where they differ from it, the difference is one the README lists as newer than the
 * document — anything else is a mistake in the corpus.
 */

type Json = Record<string, unknown>;
interface Entry {
  source: string;
  dataset?: string;
  object: Json;
}
interface VerdictEntry {
  source: string;
  dataset?: string;
  verdict: string;
  rule: string;
  field?: string;
}

const CORPUS = path.join(repoRoot(), 'test', 'fixtures', 'real-objects');
const read = <T>(...parts: string[]): T => JSON.parse(fs.readFileSync(path.join(CORPUS, ...parts), 'utf8')) as T;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const kebab = (camel: string) => camel.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const ISO_DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/** `owner/repo/some/path@abc1234 — what it is` */
function assertSource(source: unknown, where: string): void {
  assert.equal(typeof source, 'string', `${where}: no source`);
  assert.match(source as string, /^[\w.-]+\/[\w.-]+\/\S+@[0-9a-f]{7,40} — \S/, `${where}: source must name repository/path@commit — what`);
}

/** The value at a dotted path with `[i]` indexes, e.g. `recipients[0].details.variables[1].name`. */
function valueAt(root: unknown, dotted: string): { found: boolean; parentFound: boolean } {
  const steps = dotted.split('.').flatMap((part) => part.split(/\[(\d+)\]/).filter((s) => s !== ''));
  let parent: unknown;
  let node: unknown = root;
  for (const step of steps) {
    parent = node;
    node = isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[step] : undefined;
  }
  return { found: node !== undefined, parentFound: isObject(parent) || Array.isArray(parent) };
}

describe('editing: the corpus of real objects', function () {
  this.timeout(30000);

  describe('authentik', () => {
    const doc = () => loadYamlDocument('authentik.schema.yml').data;

    it('has a file for every managed kind, and only those', () => {
      const files = fs.readdirSync(path.join(CORPUS, 'authentik')).filter((f) => f.endsWith('.json'));
      assert.deepEqual(files.sort(), AUTHENTIK_KIND_NAMES.map((k) => `${kebab(k)}.json`).sort());
    });

    for (const kind of AUTHENTIK_KIND_NAMES) {
      const file = `${kebab(kind)}.json`;
      const schemaName = AUTHENTIK_KINDS[kind].schemas.item;

      it(`${file}: 2-4 objects, each with its source, answering the ${schemaName} schema with every field`, () => {
        const entries = read<Entry[]>('authentik', file);
        assert.ok(entries.length >= 2 && entries.length <= 4, `${file} has ${entries.length} objects`);
        const pointer = `/components/schemas/${schemaName}`;
        const declared = Object.keys(pointerGet(doc(), `${pointer}/properties`) ?? {});
        assert.ok(declared.length > 0, `no properties for ${schemaName}`);
        entries.forEach((e, i) => {
          const where = `${file}[${i}]`;
          assertSource(e.source, where);
          assert.deepEqual(openApiValidator('authentik').validateAt(pointer, e.object), [], `${where} does not match ${schemaName}`);
          const missing = declared.filter((f) => !(f in e.object));
          assert.deepEqual(missing, [], `${where} lacks fields of ${schemaName}`);
        });
      });
    }

    it('keeps secrets obviously fake', () => {
      const transports = read<Entry[]>('authentik', 'event-transport.json');
      for (const t of transports) {
        const url = String(t.object.webhook_url);
        assert.ok(url === '' || !/hooks\.slack\.com|discord\.com\/api\/webhooks/.test(url), `a real chat webhook URL: ${url}`);
      }
      for (const c of read<Entry[]>('authentik', 'browser-connector.json')) {
        const key = (c.object.credentials as Json).private_key;
        assert.ok(key === undefined || /FAKE/.test(String(key)), 'a service account key that does not say it is fake');
      }
      for (const l of read<Entry[]>('authentik', 'license.json')) {
        const signature = String(l.object.key).split('.')[2];
        assert.equal(Buffer.from(signature, 'base64url').toString(), 'fake-signature-not-a-license');
      }
    });
  });

  describe('Honeycomb triggers (GET answers)', () => {
    const triggers = read<Entry[]>('honeycomb', 'triggers.json');
    /** Every field a trigger answer may hold; anything else is a typo in the corpus. */
    const FIELDS = new Set([
      'id',
      'dataset_slug',
      'name',
      'description',
      'threshold',
      'frequency',
      'alert_type',
      'disabled',
      'triggered',
      'recipients',
      'evaluation_schedule_type',
      'evaluation_schedule',
      'created_at',
      'updated_at',
      'query',
      'query_id',
      'baseline_details',
      'tags',
      'auto_investigate',
    ]);

    it('has 25-40 triggers, each with its source and dataset', () => {
      assert.ok(triggers.length >= 25 && triggers.length <= 40, `${triggers.length} triggers`);
      triggers.forEach((e, i) => {
        assertSource(e.source, `triggers[${i}]`);
        assert.equal(e.object.dataset_slug, e.dataset, `triggers[${i}]: dataset_slug is not the entry's dataset`);
      });
    });

    it('every trigger has the fields the API answers, with their types', () => {
      triggers.forEach(({ object: t }, i) => {
        const where = `triggers[${i}] (${String(t.name)})`;
        for (const key of Object.keys(t)) assert.ok(FIELDS.has(key), `${where}: unexpected field ${key}`);
        for (const key of ['id', 'query_id', 'name', 'description']) assert.equal(typeof t[key], 'string', `${where}.${key}`);
        for (const key of ['disabled', 'triggered']) assert.equal(typeof t[key], 'boolean', `${where}.${key}`);
        for (const key of ['created_at', 'updated_at']) assert.match(String(t[key]), ISO_DATE_TIME, `${where}.${key}`);
        assert.ok(t.updated_at! >= t.created_at!, `${where}: updated before created`);
        assert.ok(['on_change', 'on_true'].includes(t.alert_type as string), `${where}.alert_type`);

        const threshold = t.threshold as Json;
        assert.ok(['>', '>=', '<', '<='].includes(threshold.op as string), `${where}.threshold.op`);
        assert.equal(typeof threshold.value, 'number', `${where}.threshold.value`);
        assert.ok(Number.isInteger(threshold.exceeded_limit) && (threshold.exceeded_limit as number) >= 1 && (threshold.exceeded_limit as number) <= 5, `${where}.threshold.exceeded_limit`);

        assert.ok(Array.isArray(t.recipients), `${where}.recipients`);
        for (const r of t.recipients as Json[]) {
          assert.equal(typeof r.id, 'string', `${where}: recipient without id`);
          assert.equal(typeof r.type, 'string', `${where}: recipient without type`);
          if ('target' in r) assert.equal(typeof r.target, 'string', `${where}: recipient target`);
          if ('details' in r) assert.ok(isObject(r.details), `${where}: recipient details`);
        }

        const windowed = t.evaluation_schedule_type === 'window';
        assert.ok(windowed || t.evaluation_schedule_type === 'frequency', `${where}.evaluation_schedule_type`);
        assert.equal('evaluation_schedule' in t, windowed, `${where}: evaluation_schedule goes with type window`);

        const query = t.query as Json;
        assert.ok(isObject(query) && Array.isArray(query.calculations) && (query.calculations as unknown[]).length > 0, `${where}.query.calculations`);
        assert.notEqual(query.filter_combination, 'AND', `${where}: the API never answers filter_combination AND`);
        assert.ok(Number.isInteger(query.time_range), `${where}: the API answers time_range`);

        if ('baseline_details' in t) {
          const b = t.baseline_details as Json;
          assert.ok(['value', 'percentage'].includes(b.type as string) && [60, 1440, 10080, 40320].includes(b.offset_minutes as number), `${where}.baseline_details`);
        }
        if ('tags' in t)
          assert.ok(
            (t.tags as Json[]).every((tag) => typeof tag.key === 'string' && typeof tag.value === 'string'),
            `${where}.tags`,
          );
        if ('auto_investigate' in t) assert.equal(typeof t.auto_investigate, 'boolean', `${where}.auto_investigate`);
      });
    });

    it('every trigger obeys the limits the service holds it to', () => {
      triggers.forEach(({ object: t }, i) => {
        const where = `triggers[${i}] (${String(t.name)})`;
        const frequency = t.frequency as number;
        const timeRange = (t.query as Json).time_range as number;
        assert.ok(Number.isInteger(frequency) && frequency % 60 === 0 && frequency >= 60 && frequency <= 86400, `${where}.frequency ${frequency}`);
        assert.ok(timeRange >= frequency && timeRange <= 4 * frequency, `${where}: time_range ${timeRange} outside [frequency, 4 x frequency]`);
        if ('baseline_details' in t) {
          const { op, value } = t.threshold as { op: string; value: number };
          assert.ok((op === '>=' && value >= 0) || (op === '<=' && value <= 0), `${where}: baseline threshold ${op} ${value}`);
        }
      });
    });

    it('covers the variety the sources show', () => {
      const has = (what: string, test: (t: Json, q: Json) => boolean) =>
        assert.ok(
          triggers.some((e) => test(e.object, e.object.query as Json)),
          `no trigger with ${what}`,
        );
      const calcs = (q: Json) => q.calculations as Json[];
      const recipients = (t: Json) => t.recipients as Json[];
      has('a marker recipient', (t) => recipients(t).some((r) => r.type === 'marker'));
      has('webhook variables', (t) => recipients(t).some((r) => r.type === 'webhook' && Array.isArray((r.details as Json)?.variables)));
      has('a PagerDuty severity', (t) => recipients(t).some((r) => r.type === 'pagerduty' && typeof (r.details as Json)?.pagerduty_severity === 'string'));
      has('a having', (_t, q) => Array.isArray(q.havings));
      has('a formula over named, filtered calculations', (_t, q) => Array.isArray(q.formulas) && calcs(q).some((c) => typeof c.name === 'string' && Array.isArray(c.filters)));
      has('calculated fields', (_t, q) => Array.isArray(q.calculated_fields));
      has('a granularity', (_t, q) => Number.isInteger(q.granularity));
      has('COUNT_DATAPOINTS', (_t, q) => calcs(q).some((c) => c.op === 'COUNT_DATAPOINTS'));
      has('HISTOGRAM_COUNT', (_t, q) => calcs(q).some((c) => c.op === 'HISTOGRAM_COUNT'));
      has('a baseline', (t) => isObject(t.baseline_details));
      has('an evaluation window', (t) => t.evaluation_schedule_type === 'window');
      has('auto_investigate true', (t) => t.auto_investigate === true);
      has('no auto_investigate', (t) => !('auto_investigate' in t));
      has('the environment-wide dataset', (t) => t.dataset_slug === '__all__');
      has('tags', (t) => Array.isArray(t.tags) && (t.tags as unknown[]).length > 0);
    });

    it('differs from the vendored OpenAPI document only where the README says the service is newer', () => {
      const hc = openApiValidator('honeycomb');
      triggers.forEach(({ object: t }, i) => {
        const { query, query_id: _queryId, ...rest } = t;
        const unexplained = [
          ...hc.validateAt('/components/schemas/BaseTrigger', rest).filter((e) => !explainedTriggerGap(e, t)),
          ...hc.validateAt('/components/schemas/Query', query).filter((e) => !explainedQueryGap(e, query as Json)),
        ];
        assert.deepEqual(unexplained, [], `triggers[${i}] (${String(t.name)})`);
      });
    });
  });

  describe('Honeycomb trigger verdicts', () => {
    const verdicts = read<Array<VerdictEntry & { trigger: Json }>>('honeycomb', 'trigger-verdicts.json');

    it('has at least 40 verdicts, about half of each kind', () => {
      const valid = verdicts.filter((v) => v.verdict === 'valid').length;
      const invalid = verdicts.filter((v) => v.verdict === 'invalid').length;
      assert.equal(valid + invalid, verdicts.length, 'a verdict other than valid or invalid');
      assert.ok(verdicts.length >= 40, `${verdicts.length} verdicts`);
      assert.ok(Math.min(valid, invalid) >= verdicts.length / 3, `${valid} valid, ${invalid} invalid`);
    });

    it('every verdict cites its source and the rule that decides, with file and line', () => {
      verdicts.forEach((v, i) => {
        assertSource(v.source, `verdicts[${i}]`);
        assert.match(v.rule, /[\w/]+\.go:\d+/, `verdicts[${i}]: the rule cites no file:line`);
      });
    });

    it('every trigger is a request body, and an invalid one names a field that is there (or whose parent is)', () => {
      verdicts.forEach((v, i) => {
        const where = `verdicts[${i}] (${v.verdict}: ${v.source.split(' — ')[1]})`;
        assert.ok(isObject(v.trigger) && typeof v.trigger.name === 'string' && isObject(v.trigger.threshold), where);
        assert.ok(isObject(v.trigger.query) || typeof v.trigger.query_id === 'string', `${where}: neither query nor query_id`);
        for (const readOnly of ['id', 'dataset_slug', 'triggered', 'created_at', 'updated_at']) assert.ok(!(readOnly in v.trigger), `${where}: sends read-only ${readOnly}`);
        if (v.verdict === 'valid') {
          assert.equal(v.field, undefined, `${where}: a valid trigger names an offending field`);
          return;
        }
        assert.equal(typeof v.field, 'string', `${where}: no offending field`);
        const at = valueAt(v.trigger, v.field!);
        assert.ok(at.found || at.parentFound, `${where}: ${v.field} is not in the trigger`);
      });
    });
  });

  describe('Honeycomb SLOs and burn alerts (GET answers)', () => {
    // The validator reads the document with its overlay, which adds a burn alert's `auto_investigate`.
    const hc = () => openApiValidator('honeycomb');

    it('has 3-6 SLOs answering the SLO schema, one over several datasets addressed __all__', () => {
      const slos = read<Entry[]>('honeycomb', 'slos.json');
      assert.ok(slos.length >= 3 && slos.length <= 6, `${slos.length} SLOs`);
      slos.forEach((e, i) => {
        assertSource(e.source, `slos[${i}]`);
        assert.deepEqual(hc().validateAt('/components/schemas/SLO', e.object), [], `slos[${i}]`);
        const datasets = e.object.dataset_slugs as string[];
        assert.equal(e.dataset, datasets.length === 1 ? datasets[0] : '__all__', `slos[${i}]: addressed by its dataset, or __all__ for several`);
        for (const key of ['created_at', 'updated_at']) assert.match(String(e.object[key]), ISO_DATE_TIME, `slos[${i}].${key}`);
      });
      assert.ok(
        slos.some((e) => e.dataset === '__all__'),
        'no multi-dataset SLO',
      );
    });

    it('has 4-8 burn alerts of both types answering BurnAlertDetailResponse, each on an SLO of the corpus', () => {
      const alerts = read<Entry[]>('honeycomb', 'burn-alerts.json');
      const sloIds = read<Entry[]>('honeycomb', 'slos.json').map((e) => e.object.id);
      assert.ok(alerts.length >= 4 && alerts.length <= 8, `${alerts.length} burn alerts`);
      alerts.forEach((e, i) => {
        assertSource(e.source, `burn-alerts[${i}]`);
        assert.deepEqual(hc().validateAt('/components/schemas/BurnAlertDetailResponse', e.object), [], `burn-alerts[${i}]`);
        assert.ok(sloIds.includes((e.object.slo as Json).id), `burn-alerts[${i}]: its SLO is not in slos.json`);
      });
      for (const type of ['exhaustion_time', 'budget_rate'])
        assert.ok(
          alerts.some((e) => e.object.alert_type === type),
          `no ${type} burn alert`,
        );
    });

    it('has boards answering the Board schema and views answering BoardViewResponse, each with its source', () => {
      for (const [file, schema] of [
        ['boards.json', 'Board'],
        ['board-views.json', 'BoardViewResponse'],
      ]) {
        const entries = read<Entry[]>('honeycomb', file);
        assert.ok(entries.length >= 3, `${entries.length} in ${file}`);
        entries.forEach((e, i) => {
          assertSource(e.source, `${file}[${i}]`);
          assert.deepEqual(hc().validateAt(`/components/schemas/${schema}`, e.object), [], `${file}[${i}]`);
        });
      }
    });

    for (const file of ['slo-verdicts.json', 'burn-alert-verdicts.json', 'board-verdicts.json', 'board-view-verdicts.json']) {
      it(`${file}: every verdict cites its source and rule (file:line), both verdicts present, an invalid one names its field`, () => {
        const verdicts = read<Array<VerdictEntry & { body: Json }>>('honeycomb', file);
        for (const verdict of ['valid', 'invalid']) assert.ok(verdicts.filter((v) => v.verdict === verdict).length >= 5, `fewer than 5 ${verdict} verdicts`);
        verdicts.forEach((v, i) => {
          const where = `${file}[${i}]`;
          assertSource(v.source, where);
          assert.match(v.rule, /[\w/]+\.go:\d+/, `${where}: the rule cites no file:line`);
          if (v.verdict === 'valid') return assert.equal(v.field, undefined, `${where}: a valid body names an offending field`);
          assert.equal(typeof v.field, 'string', `${where}: no offending field`);
          const at = valueAt(v.body, v.field!);
          assert.ok(v.field === '' || at.found || at.parentFound, `${where}: ${v.field} is not in the body`);
        });
      });
    }
  });

  describe('Honeycomb markers and marker settings (list answers)', () => {
    const hc = () => openApiValidator('honeycomb');
    for (const [file, schema] of [
      ['markers.json', 'Marker'],
      ['marker-settings.json', 'MarkerSetting'],
    ] as const) {
      it(`${file}: 3-6 objects answering ${schema} (with the overlay's colour pattern), each with its source and dataset`, () => {
        const entries = read<Entry[]>('honeycomb', file);
        assert.ok(entries.length >= 3 && entries.length <= 6, `${entries.length} in ${file}`);
        entries.forEach((e, i) => {
          assertSource(e.source, `${file}[${i}]`);
          assert.ok(typeof e.dataset === 'string' && e.dataset !== '', `${file}[${i}]: no dataset`);
          assert.deepEqual(hc().validateAt(`/components/schemas/${schema}`, e.object), [], `${file}[${i}]`);
          for (const key of ['created_at', 'updated_at']) assert.match(String(e.object[key]), ISO_DATE_TIME, `${file}[${i}].${key}`);
        });
      });
    }

    it('markers have hexadecimal ids and times in Unix seconds; one is environment-wide', () => {
      const markers = read<Entry[]>('honeycomb', 'markers.json');
      markers.forEach(({ object: m }, i) => {
        assert.match(String(m.id), /^[0-9a-f]{6,8}$/, `markers[${i}].id`);
        assert.ok(Number.isInteger(m.start_time) && (m.start_time as number) < 1e11, `markers[${i}].start_time`);
        if ('end_time' in m) assert.ok((m.end_time as number) >= (m.start_time as number), `markers[${i}]: ends before it starts`);
      });
      assert.ok(
        markers.some((e) => e.dataset === '__all__'),
        'no environment-wide marker',
      );
    });
  });

  describe('Honeycomb recipients (GET answers)', () => {
    const recipients = read<Entry[]>('honeycomb', 'recipients.json');
    const SCHEMA_OF: Record<string, string> = {
      email: 'EmailRecipient',
      slack: 'SlackRecipient',
      pagerduty: 'PagerDutyRecipient',
      webhook: 'WebhookRecipient',
      msteams: 'MSTeamsRecipient',
      msteams_workflow: 'MSTeamsWorkflowRecipient',
    };

    it('has a recipient of every type, each with its source, answering the document’s schema of its type', () => {
      assert.deepEqual([...new Set(recipients.map((e) => e.object.type))].sort(), Object.keys(SCHEMA_OF).sort());
      recipients.forEach((e, i) => {
        const where = `recipients[${i}]`;
        assertSource(e.source, where);
        assert.deepEqual(Object.keys(e.object).sort(), ['created_at', 'details', 'id', 'type', 'updated_at'], `${where}: the fields a recipient answers`);
        for (const key of ['created_at', 'updated_at']) assert.match(String(e.object[key]), ISO_DATE_TIME, `${where}.${key}`);
        assert.deepEqual(openApiValidator('honeycomb').validateAt(`/components/schemas/${SCHEMA_OF[e.object.type as string]}`, e.object), [], where);
      });
    });

    it('covers secrets of every kind, templates, variables and headers; every secret is fake', () => {
      const details = recipients.map((e) => e.object.details as Json);
      assert.ok(
        details.some((d) => typeof d.webhook_secret === 'string'),
        'a webhook secret',
      );
      assert.ok(
        details.some((d) => typeof d.pagerduty_integration_key === 'string'),
        'a PagerDuty key',
      );
      assert.ok(
        details.some((d) => Array.isArray(d.webhook_headers) && (d.webhook_headers as Json[]).some((h) => typeof h.value === 'string')),
        'a header value',
      );
      assert.ok(
        details.some((d) => isObject(d.webhook_payloads)),
        'a custom payload',
      );
      assert.ok(
        details.some((d) => d.webhook_name !== undefined && d.webhook_secret === undefined),
        'a webhook without a secret',
      );
      for (const d of details) if (typeof d.pagerduty_integration_key === 'string') assert.match(d.pagerduty_integration_key, /^FAKE/);
    });
  });

  describe('Honeycomb query annotations', () => {
    it('has ~5 annotations matching the published QueryAnnotation schema', () => {
      const annotations = read<Entry[]>('honeycomb', 'query-annotations.json');
      assert.ok(annotations.length >= 4 && annotations.length <= 8, `${annotations.length} annotations`);
      annotations.forEach((e, i) => {
        assertSource(e.source, `query-annotations[${i}]`);
        assert.deepEqual(openApiValidator('honeycomb').validateAt('/components/schemas/QueryAnnotation', e.object), [], `query-annotations[${i}]`);
        for (const key of ['id', 'name', 'description', 'query_id', 'source', 'created_at', 'updated_at']) assert.ok(key in e.object, `query-annotations[${i}] lacks ${key}`);
      });
    });
  });
  describe('Honeycomb derived columns, columns, datasets and definitions (GET answers)', () => {
    const hc = () => openApiValidator('honeycomb');
    const files: Array<[string, string, (e: Entry) => void]> = [
      ['derived-columns.json', '/components/schemas/CalculatedField', () => undefined],
      ['columns.json', '/components/schemas/Column', () => undefined],
      // A dataset is addressed by its slug.
      ['datasets.json', '/components/schemas/Dataset', (e) => assert.equal(e.dataset, e.object.slug)],
      ['dataset-definitions.json', '/components/schemas/DatasetDefinitions', () => undefined],
    ];
    for (const [file, pointer, more] of files) {
      it(`${file}: 2-4 objects, each with its source and dataset, answering ${pointer.split('/').pop()}`, () => {
        const entries = read<Entry[]>('honeycomb', file);
        assert.ok(entries.length >= 2 && entries.length <= 4, `${entries.length} objects`);
        entries.forEach((e, i) => {
          assertSource(e.source, `${file}[${i}]`);
          assert.equal(typeof e.dataset, 'string', `${file}[${i}]: no dataset`);
          assert.deepEqual(hc().validateAt(pointer, e.object), [], `${file}[${i}]`);
          more(e);
        });
      });
    }

    it('derived columns include an environment-wide one (__all__)', () => {
      assert.ok(read<Entry[]>('honeycomb', 'derived-columns.json').some((e) => e.dataset === '__all__'));
    });
  });
});

/** A validation error of a trigger (less its query) the README lists as newer than the document. */
function explainedTriggerGap(error: string, trigger: Json): boolean {
  if (error === "(root) must NOT have unevaluated properties: 'auto_investigate'") return true;
  const recipient = /^\/recipients\/(\d+)\/type must be equal to one of the allowed values/.exec(error);
  return !!recipient && (trigger.recipients as Json[])[Number(recipient[1])].type === 'marker';
}

/** A validation error of a trigger's query the README lists as newer than the document. */
function explainedQueryGap(error: string, query: Json): boolean {
  if (error === "(root) must NOT have unevaluated properties: 'formulas'") return true;
  if (/^\/calculations\/\d+ must NOT have unevaluated properties: '(name|filters|filter_combination)'$/.test(error)) return true;
  const op = /^\/calculations\/(\d+)\/op must be equal to one of the allowed values/.exec(error);
  return !!op && ['COUNT_DATAPOINTS', 'HISTOGRAM_COUNT'].includes((query.calculations as Json[])[Number(op[1])].op as string);
}
