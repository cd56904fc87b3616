import * as assert from 'node:assert/strict';
import { ApiRecipient, toColumn, toDataset, toDerivedColumn, toRecipient, toSlo, toTrigger } from '../../../src/clients/honeycomb';
import { REDACTED } from '../../../src/core/redact';
import { uiOrigin, uiUrl } from '../../../src/views/honeycomb/links';
import { EnvContext, HoneycombObject, objectId, objectJson, objectSlug } from '../../../src/views/honeycomb/objects';
import { parseRecordKey, recordKeyOf, recordKeyOfObject } from '../../../src/views/honeycomb/recordKeys';
import { buildRecord } from '../../../src/views/honeycomb/recordModels';
import { hclString, terraformName } from '../../../src/core/codeText';
import { pulumiSnippet, terraformSnippet } from '../../../src/views/honeycomb/snippets';

const env: EnvContext = { apiUrl: 'https://api.honeycomb.io', teamSlug: 'acme', teamName: 'Acme Observability', envSlug: 'production', envName: 'Production', classic: false };

const dataset = toDataset({
  name: 'api-gateway',
  slug: 'api-gateway',
  description: 'Edge',
  expand_json_depth: 2,
  settings: { delete_protected: true },
  created_at: '2025-01-01T00:00:00Z',
  last_written_at: null,
  regular_columns_count: 18,
});
const column = toColumn('api-gateway', {
  id: 'col1',
  key_name: 'duration_ms',
  type: 'float',
  hidden: true,
  description: '',
  last_written: '2025-01-02T00:00:00Z',
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
});
const derived = toDerivedColumn('api-gateway', { id: 'dc1', alias: 'sli.availability', expression: 'LT($status, 500)', description: '' });
const slo = toSlo(undefined, {
  id: 'slo1',
  name: 'Gateway availability',
  sli: { alias: 'sli.availability' },
  time_period_days: 30,
  target_per_million: 999000,
  tags: [{ key: 'team', value: 'platform' }],
  dataset_slugs: ['api-gateway'],
});
const multiSlo = toSlo(undefined, {
  id: 'slo2',
  name: 'Checkout',
  sli: { alias: 'sli.checkout_ok' },
  time_period_days: 28,
  target_per_million: 995000,
  dataset_slugs: ['checkout-service', 'payments'],
});
const trigger = toTrigger('api-gateway', { id: 'tr1', name: 'High 5xx rate', threshold: { op: '>', value: 50 }, recipients: [{ id: 'r1', type: 'slack', target: '#alerts' }], frequency: 300 });
const webhookRaw: ApiRecipient = {
  id: 'wh1',
  type: 'webhook',
  details: {
    webhook_name: 'Incident bot',
    webhook_url: 'https://hooks.acme.example/x',
    webhook_secret: 'superSecretValue-123',
    webhook_headers: [{ header: 'Authorization', value: 'Bearer abcdef123456' }],
  },
};
const pdRaw: ApiRecipient = { id: 'pd1', type: 'pagerduty', details: { pagerduty_integration_name: 'Acme Production', pagerduty_integration_key: 'acmePdKeyProduction0000000000001' } };

const objects: Record<string, HoneycombObject> = {
  environment: { kind: 'environment', env, item: { slug: 'production', name: 'Production', id: 'hcxen_1' } },
  dataset: { kind: 'dataset', env, item: dataset },
  column: { kind: 'column', env, dataset: 'api-gateway', item: column },
  derivedColumn: { kind: 'derivedColumn', env, dataset: 'api-gateway', item: derived },
  slo: { kind: 'slo', env, item: slo },
  trigger: { kind: 'trigger', env, item: trigger },
  recipient: { kind: 'recipient', env, item: toRecipient(webhookRaw) },
};

describe('Honeycomb explorer: links, snippets, record keys and records', () => {
  describe('Open in Honeycomb', () => {
    it('derives the UI host from the API host, US and EU', () => {
      assert.equal(uiOrigin('https://api.honeycomb.io'), 'https://ui.honeycomb.io');
      assert.equal(uiOrigin('https://api.eu1.honeycomb.io/'), 'https://ui.eu1.honeycomb.io');
      assert.equal(uiOrigin('http://127.0.0.1:4567'), undefined, 'a stand-in has no UI');
    });

    it('builds the UI path of each kind', () => {
      assert.equal(uiUrl(objects.environment), 'https://ui.honeycomb.io/acme/environments/production');
      assert.equal(uiUrl(objects.dataset), 'https://ui.honeycomb.io/acme/environments/production/datasets/api-gateway/home');
      assert.equal(uiUrl(objects.column), 'https://ui.honeycomb.io/acme/environments/production/datasets/api-gateway/settings');
      assert.equal(uiUrl(objects.slo), 'https://ui.honeycomb.io/acme/environments/production/datasets/api-gateway/slos/slo1');
      assert.equal(uiUrl(objects.trigger), 'https://ui.honeycomb.io/acme/environments/production/datasets/api-gateway/triggers/tr1');
      assert.equal(uiUrl(objects.recipient), 'https://ui.honeycomb.io/teams/acme/integrations');
      assert.equal(uiUrl({ ...objects.dataset, env: { ...env, apiUrl: 'https://api.eu1.honeycomb.io' } }), 'https://ui.eu1.honeycomb.io/acme/environments/production/datasets/api-gateway/home');
    });

    it('uses team-level paths for Classic and escapes every segment', () => {
      const classic = { ...objects.dataset, env: { ...env, classic: true } } as HoneycombObject;
      assert.equal(uiUrl(classic), 'https://ui.honeycomb.io/acme/datasets/api-gateway/home');
      const odd = { kind: 'dataset', env, item: { ...dataset, slug: 'a b/../c' } } as HoneycombObject;
      assert.equal(uiUrl(odd), 'https://ui.honeycomb.io/acme/environments/production/datasets/a%20b%2F..%2Fc/home');
    });
  });

  describe('Copy as Terraform / Pulumi', () => {
    it('gives the data source lookup of each kind', () => {
      assert.equal(terraformSnippet(objects.dataset), 'data "honeycombio_dataset" "api_gateway" {\n  slug = "api-gateway"\n}\n');
      assert.equal(pulumiSnippet(objects.dataset), 'const apiGatewayDataset = honeycombio.getDatasetOutput({ slug: "api-gateway" });\n');
      assert.equal(terraformSnippet(objects.column), 'data "honeycombio_column" "duration_ms" {\n  dataset = "api-gateway"\n  name    = "duration_ms"\n}\n');
      assert.equal(pulumiSnippet(objects.column), 'const durationMsColumn = honeycombio.getColumnOutput({ dataset: "api-gateway", name: "duration_ms" });\n');
      assert.match(terraformSnippet(objects.derivedColumn), /data "honeycombio_derived_column" "sli_availability" \{\n {2}dataset = "api-gateway"\n {2}alias {3}= "sli.availability"\n\}/);
      assert.equal(terraformSnippet(objects.slo), 'data "honeycombio_slo" "gateway_availability" {\n  id = "slo1"\n}\n');
      assert.equal(pulumiSnippet(objects.slo), 'const gatewayAvailabilitySlo = honeycombio.getSloOutput({ id: "slo1" });\n');
      assert.equal(terraformSnippet(objects.environment), 'data "honeycombio_environment" "production" {\n  id = "hcxen_1"\n}\n');
    });

    it('looks recipients up by their type’s field', () => {
      assert.equal(
        terraformSnippet(objects.recipient),
        'data "honeycombio_recipient" "incident_bot" {\n  type = "webhook"\n\n  detail_filter {\n    name  = "name"\n    value = "Incident bot"\n  }\n}\n',
      );
      const pd: HoneycombObject = { kind: 'recipient', env, item: toRecipient(pdRaw) };
      assert.equal(pulumiSnippet(pd), 'const acmeProductionRecipient = honeycombio.getRecipientOutput({ type: "pagerduty", detailFilter: { name: "integration_name", value: "Acme Production" } });\n');
    });

    it('adopts a trigger (no data source exists) with the provider’s <dataset>/<id> import ID', () => {
      assert.equal(terraformSnippet(objects.trigger), 'import {\n  to = honeycombio_trigger.high_5xx_rate\n  id = "api-gateway/tr1"\n}\n');
      assert.equal(pulumiSnippet(objects.trigger), 'const high5xxRateTrigger = honeycombio.Trigger.get("High 5xx rate", "tr1", { dataset: "api-gateway" });\n');
    });

    it('escapes names so they cannot break out of the string or interpolate', () => {
      assert.equal(hclString('a"b\\c ${var.x} %{if}'), '"a\\"b\\\\c $${var.x} %%{if}"');
      const hostile = { kind: 'dataset', env, item: { ...dataset, name: '<img src=x onerror=alert(1)>', slug: 'x"; rm -rf /' } } as HoneycombObject;
      assert.equal(terraformSnippet(hostile), 'data "honeycombio_dataset" "img_src_x_onerror_alert_1" {\n  slug = "x\\"; rm -rf /"\n}\n');
      assert.equal(pulumiSnippet(hostile), 'const imgSrcXOnerrorAlert1Dataset = honeycombio.getDatasetOutput({ slug: "x\\"; rm -rf /" });\n');
      assert.equal(terraformName('123 go', 'x'), '_123_go');
      assert.equal(terraformName('***', 'dataset'), 'dataset');
    });
  });

  describe('record keys', () => {
    it('round-trip every kind, with parts that contain colons or slashes', () => {
      for (const o of Object.values(objects)) {
        const key = recordKeyOfObject(o);
        assert.ok(key.startsWith(`honeycomb:${o.kind}:production`), key);
        const ref = parseRecordKey(key);
        assert.equal(ref?.kind, o.kind);
        assert.equal(recordKeyOf(ref), key);
      }
      const odd = recordKeyOf({ kind: 'sli', env: 'prod:eu', dataset: 'a/b', alias: 'x:y' });
      assert.deepEqual(parseRecordKey(odd), { kind: 'sli', env: 'prod:eu', dataset: 'a/b', alias: 'x:y' });
    });

    it('refuses keys that are not Honeycomb record keys', () => {
      assert.equal(parseRecordKey('authentik:flow:x'), undefined);
      assert.equal(parseRecordKey('honeycomb:spaceship:x'), undefined);
      assert.equal(parseRecordKey('honeycomb:column:production:api-gateway'), undefined, 'a column needs its ID');
      assert.deepEqual(parseRecordKey('honeycomb:environment:dev'), { kind: 'environment', env: 'dev' }, 'an environment ID is optional');
    });

    it('an SLO of several datasets is keyed environment-wide', () => {
      assert.equal(recordKeyOfObject({ kind: 'slo', env, item: multiSlo }), 'honeycomb:slo:production:__all__:slo2');
    });
  });

  describe('copy ID / slug / JSON', () => {
    it('IDs and slugs by kind', () => {
      assert.equal(objectId(objects.dataset), 'api-gateway');
      assert.equal(objectSlug(objects.dataset), 'api-gateway');
      assert.equal(objectId(objects.column), 'col1');
      assert.equal(objectSlug(objects.column), undefined);
      assert.equal(objectId({ kind: 'environment', env, item: { slug: 'dev', name: 'Dev' } }), undefined, 'no ID without a management key');
    });

    it('JSON is the API object, with webhook secret, header values and PagerDuty key masked', () => {
      const json = JSON.stringify(objectJson(objects.recipient));
      assert.doesNotMatch(json, /superSecretValue|abcdef123456/);
      assert.match(json, /"webhook_secret":"‹redacted›"/);
      assert.match(json, /"header":"Authorization","value":"‹redacted›"/);
      assert.match(json, /"webhook_url":"https:\/\/hooks\.acme\.example\/x"/);
      const pd = JSON.stringify(objectJson({ kind: 'recipient', env, item: toRecipient(pdRaw) }));
      assert.doesNotMatch(pd, /acmePdKeyProduction/);
      assert.ok(pd.includes(REDACTED));
      assert.deepEqual(objectJson(objects.column), column.raw);
    });
  });

  describe('record panels', () => {
    it('a recipient’s secrets never enter the model; they wait in `secrets` for Reveal', () => {
      const loaded = buildRecord(objects.recipient, { recipientTriggers: [trigger] });
      const modelText = JSON.stringify(loaded.model);
      assert.doesNotMatch(modelText, /superSecretValue|abcdef123456/);
      const secretFields = loaded.model.sections.flatMap((s) => s.fields).filter((f) => f.format === 'secret');
      assert.deepEqual(
        secretFields.map((f) => f.label),
        ['Secret', 'Header Authorization'],
      );
      assert.deepEqual(loaded.secrets, { secret: 'superSecretValue-123', 'header-0': 'Bearer abcdef123456' });
      const pd = buildRecord({ kind: 'recipient', env, item: toRecipient(pdRaw) });
      assert.deepEqual(Object.values(pd.secrets ?? {}), ['acmePdKeyProduction0000000000001']);
      assert.doesNotMatch(JSON.stringify(pd.model) + JSON.stringify(pd.json), /acmePdKeyProduction/);
    });

    it('a recipient lists the triggers that use it, as links to their records', () => {
      const loaded = buildRecord(objects.recipient, { recipientTriggers: [trigger] });
      const used = loaded.model.sections.find((s) => s.title.startsWith('Used by triggers'));
      assert.equal(used?.title, 'Used by triggers (1)');
      assert.deepEqual(used?.fields[0].link, { kind: 'record', key: 'honeycomb:trigger:production:api-gateway:tr1' });
    });

    it('an SLO shows target, period, tags, datasets and its SLI as a link to the derived column', () => {
      const { model } = buildRecord(objects.slo);
      const fields = model.sections.flatMap((s) => s.fields);
      const field = (label: string) => fields.find((f) => f.label === label);
      assert.equal(field('Target')?.value, '99.9 %');
      assert.equal(field('Time period')?.value, '30 days');
      assert.deepEqual(field('Tags')?.list, ['team: platform']);
      assert.deepEqual(field('SLI')?.link, { kind: 'record', key: 'honeycomb:sli:production:api-gateway:sli.availability' });
      assert.deepEqual(field('Dataset')?.link, { kind: 'record', key: 'honeycomb:dataset:production:api-gateway' });
      assert.ok(model.actions?.some((a) => a.id === 'openInBrowser' && a.label === 'Open in Honeycomb' && a.link?.kind === 'url'));
      const multi = buildRecord({ kind: 'slo', env, item: multiSlo }).model;
      assert.equal(multi.sections[1].title, 'Datasets (2)');
      assert.equal(multi.sections[0].fields.find((f) => f.label === 'SLI')?.link?.kind, 'record');
    });

    it('a derived column’s expression is drawn as an expression', () => {
      const { model } = buildRecord(objects.derivedColumn);
      assert.equal(model.sections[0].fields.find((f) => f.label === 'Expression')?.format, 'expression');
    });

    it('server text is only ever a field value, never in the structure', () => {
      const hostile = { kind: 'dataset', env, item: { ...dataset, name: '<img src=x onerror=alert(1)>' } } as HoneycombObject;
      const { model } = buildRecord(hostile);
      assert.equal(model.title, '<img src=x onerror=alert(1)>', 'kept as text; the panel sets it with textContent');
      assert.equal(model.sections[0].fields[0].value, '<img src=x onerror=alert(1)>');
    });

    it('a dataset that never received data says so', () => {
      const { model } = buildRecord(objects.dataset);
      assert.ok(model.badges?.some((b) => b.text === 'Never written'));
      assert.equal(model.sections[0].fields.find((f) => f.label === 'Last written')?.value, 'never');
    });
  });
});
