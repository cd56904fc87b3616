import * as assert from 'node:assert/strict';
import { AuthentikClient } from '../../../src/clients/authentik';
import { HoneycombClient } from '../../../src/clients/honeycomb';
import { authentikApiBase } from '../../../src/core/config';
import { REDACTED } from '../../../src/core/redact';
import { findOperation } from '../../../src/lookup/catalog';
import { callText, pulumiCall, terraformDataBlock } from '../../../src/lookup/codeSnippets';
import { describeValue, parseInput } from '../../../src/lookup/inputValues';
import { lookupKey, lookupRecord, parseLookupKey } from '../../../src/lookup/lookupRecord';
import { InputSpec, LookupClients, LookupInput, LookupOperation } from '../../../src/lookup/operation';
import { suggestionItems } from '../../../src/lookup/suggestionItems';
import { groupSuggestions } from '../../../src/lookup/suggestions';
import { AUTHENTIK_TOKENS, AuthentikStandIn, startAuthentikStandIn } from '../../servers/authentik';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../../servers/honeycomb';

function op(service: string, name: string): LookupOperation {
  const found = findOperation(service, name);
  assert.ok(found, `${service} ${name} is in the catalog`);
  return found;
}

function spec(operation: LookupOperation, name: string): InputSpec {
  const found = operation.inputs.find((i) => i.name === name);
  assert.ok(found, `${operation.name} takes ${name}`);
  return found;
}

/** Parses typed text the way the input box does; fails the test on a refusal. */
function typed(operation: LookupOperation, entries: Record<string, string>): LookupInput {
  const input: LookupInput = {};
  for (const [name, text] of Object.entries(entries)) {
    const parsed = parseInput(spec(operation, name), text);
    assert.ok(!('problem' in parsed), `${name}: ${'problem' in parsed ? parsed.problem : ''}`);
    input[name] = parsed.value;
  }
  return input;
}

describe('Look Up: typed inputs', () => {
  const getRecipients = op('honeycomb', 'getRecipients');

  it('reads a detail filter written as words, with an operator or as a regular expression', () => {
    assert.deepEqual(parseInput(spec(getRecipients, 'detailFilter'), 'channel starts-with #alerts'), { value: { name: 'channel', operator: 'starts-with', value: '#alerts' } });
    assert.deepEqual(parseInput(spec(getRecipients, 'detailFilter'), 'channel =~ ^#(alerts|ops)'), { value: { name: 'channel', valueRegex: '^#(alerts|ops)' } });
    assert.deepEqual(parseInput(spec(getRecipients, 'detailFilter'), '{"name":"address","value":"oncall@acme.example"}'), { value: { name: 'address', value: 'oncall@acme.example' } });
  });

  it('says what is wrong with a filter while typing', () => {
    const filter = spec(getRecipients, 'detailFilter');
    assert.match((parseInput(filter, 'channel') as { problem: string }).problem, /give an operator and a value after "channel"/);
    assert.match((parseInput(filter, 'channel matches x') as { problem: string }).problem, /"matches" is not an operator; use one of .*starts-with/);
    assert.match((parseInput(filter, 'name =~ (') as { problem: string }).problem, /valueRegex is not a regular expression/);
    assert.match((parseInput(filter, '{"name":"x","value":"a","valueRegex":"b"}') as { problem: string }).problem, /value or valueRegex, not both/);
  });

  it('reads several filters, lists, numbers and booleans; refuses what is not one', () => {
    const getDatasets = op('honeycomb', 'getDatasets');
    assert.deepEqual(parseInput(spec(getDatasets, 'detailFilters'), 'name starts-with api; description contains gateway'), {
      value: [
        { name: 'name', operator: 'starts-with', value: 'api' },
        { name: 'description', operator: 'contains', value: 'gateway' },
      ],
    });
    const getGroups = op('authentik', 'getGroups');
    assert.deepEqual(parseInput(spec(getGroups, 'membersByPks'), '3, 7'), { value: [3, 7] });
    assert.match((parseInput(spec(getGroups, 'membersByPks'), '3, seven') as { problem: string }).problem, /"seven" is not a number/);
    assert.deepEqual(parseInput(spec(getGroups, 'includeUsers'), 'false'), { value: false });
    assert.match((parseInput(spec(op('honeycomb', 'getRecipient'), 'type'), 'sms') as { problem: string }).problem, /one of email, webhook, slack/);
    assert.match((parseInput(spec(op('honeycomb', 'getColumn'), 'dataset'), ' ') as { problem: string }).problem, /dataset is required/);
  });
});

describe('Look Up: inputs shown as the user typed them', () => {
  const getRecipients = op('honeycomb', 'getRecipients');
  const getDatasets = op('honeycomb', 'getDatasets');
  const getGroups = op('authentik', 'getGroups');

  /** The shown text reads back as the same value: what is shown can be typed again. */
  function shownAs(operation: LookupOperation, name: string, text: string): string {
    const input = typed(operation, { [name]: text });
    const shown = describeValue(spec(operation, name), input[name]);
    assert.deepEqual(parseInput(spec(operation, name), shown), { value: input[name] }, `"${shown}" reads back as what "${text}" gave`);
    return shown;
  }

  it('a detail filter in words, its regular expression not escaped again', () => {
    assert.equal(shownAs(getRecipients, 'detailFilter', 'channel =~ ^#(alerts|payments)\\.v1$'), 'channel =~ ^#(alerts|payments)\\.v1$');
    assert.equal(shownAs(getRecipients, 'detailFilter', '{"name":"channel","operator":"starts-with","value":"#ops"}'), 'channel starts-with #ops');
    assert.equal(shownAs(getDatasets, 'detailFilters', 'name starts-with api; description contains "gateway"'), 'name starts-with api; description contains "gateway"');
  });

  it('lists as comma-separated values, numbers and booleans as typed, JSON as JSON', () => {
    assert.equal(shownAs(getGroups, 'membersByUsernames', 'alice, bob'), 'alice, bob');
    assert.equal(shownAs(getGroups, 'membersByPks', '[3, 7]'), '3, 7');
    assert.equal(shownAs(getGroups, 'includeUsers', 'no'), 'false');
    assert.equal(shownAs(getGroups, 'attributes', '{"team__icontains": "ops"}'), '{"team__icontains":"ops"}');
  });

  it('falls back to JSON where words would not read back the same (a list item with a comma)', () => {
    assert.equal(shownAs(getGroups, 'membersByUsernames', '["a,b", "c"]'), '["a,b","c"]');
  });

  it('the call in messages and recent inputs quotes strings and shows other values as typed', () => {
    const input = typed(getRecipients, { type: 'slack', detailFilter: 'channel =~ ^#alerts\\.v1' });
    assert.equal(callText(getRecipients, input), 'getRecipients(type: "slack", detailFilter: channel =~ ^#alerts\\.v1)');
    assert.equal(callText(getGroups, typed(getGroups, { attributes: '{"team": "ops"}', membersByPks: '3, 7' })), 'getGroups(attributes: {"team":"ops"}, membersByPks: [3, 7])');
  });

  it('never shows a secret', () => {
    const getCert = op('authentik', 'getCertificateKeyPair');
    assert.equal(describeValue(spec(getCert, 'keyData'), 'PRIVATE'), '••••••••');
  });
});

describe('Look Up: suggestions that share a value', () => {
  const groups = [
    { pk: 'e1', name: 'Engineering', parents: [] },
    { pk: 'p1', name: 'Platform', parents: ['e1'] },
    { pk: 'b1', name: 'Backend', parents: ['e1'] },
    { pk: 's1', name: 'Support', parents: [] },
    { pk: 'o1', name: 'On-call', parents: ['p1', 'b1'] },
    { pk: 'o2', name: 'On-call', parents: ['s1'] },
  ];

  it('says where each group sits', () => {
    const described = groupSuggestions(groups).map((s) => [s.value, s.description]);
    assert.deepEqual(described, [
      ['Engineering', 'top-level group'],
      ['Platform', 'under Engineering'],
      ['Backend', 'under Engineering'],
      ['Support', 'top-level group'],
      ['On-call', 'under Engineering › Platform and Engineering › Backend'],
      ['On-call', 'under Support'],
    ]);
  });

  it('getGroup lists both groups named "On-call", told apart, each picked by its pk', () => {
    const items = suggestionItems(op('authentik', 'getGroup'), groupSuggestions(groups)).filter((i) => i.label === 'On-call');
    assert.deepEqual(
      items.map((i) => [i.description, i.exactly]),
      [
        ['under Engineering › Platform and Engineering › Backend', { pk: 'o1' }],
        ['under Support', { pk: 'o2' }],
      ],
    );
    assert.match(items[0].detail ?? '', /^pk o1 — 2 share this name; this one is looked up by pk$/);
    const platform = suggestionItems(op('authentik', 'getGroup'), groupSuggestions(groups)).find((i) => i.label === 'Platform');
    assert.equal(platform?.exactly, undefined, 'a name no other group has is set as the name');
  });

  it('getGroups, which filters by name and gets them all, lists the shared name once and says so', () => {
    const items = suggestionItems(op('authentik', 'getGroups'), groupSuggestions(groups)).filter((i) => i.label === 'On-call');
    assert.deepEqual(items, [{ label: 'On-call', description: '2 share this name', value: 'On-call' }]);
  });
});

describe('Look Up: the data source call as code', () => {
  it('writes the Terraform data block of a call, with detail filters as blocks', () => {
    const getRecipients = op('honeycomb', 'getRecipients');
    const input = typed(getRecipients, { type: 'slack', detailFilter: 'channel =~ ^#alerts' });
    assert.equal(
      terraformDataBlock(getRecipients, input),
      ['data "honeycombio_recipients" "slack" {', '  type = "slack"', '  detail_filter {', '    name        = "channel"', '    value_regex = "^#alerts"', '  }', '}', ''].join('\n'),
    );
    assert.equal(
      pulumiCall(getRecipients, input),
      [
        'import * as honeycombio from "@pulumi/honeycombio";',
        '',
        'const slackRecipients = honeycombio.getRecipientsOutput({',
        '    type: "slack",',
        '    detailFilter: {',
        '        name: "channel",',
        '        valueRegex: "^#alerts",',
        '    },',
        '});',
        '',
      ].join('\n'),
    );
  });

  it('writes a query specification’s calculations and filters as repeated blocks', () => {
    const spec = op('honeycomb', 'getQuerySpecification');
    const input = typed(spec, { calculations: '[{"op":"P99","column":"duration_ms"}]', breakdowns: 'service.name', timeRange: '3600' });
    assert.equal(
      terraformDataBlock(spec, input),
      [
        'data "honeycombio_query_specification" "queryspecification" {',
        '  breakdowns = ["service.name"]',
        '  time_range = 3600',
        '  calculation {',
        '    op     = "P99"',
        '    column = "duration_ms"',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('never writes a secret input out', () => {
    const getCert = op('authentik', 'getCertificateKeyPair');
    const text = terraformDataBlock(getCert, { name: 'web', keyData: 'PRIVATE-KEY-MARKER' }) + pulumiCall(getCert, { name: 'web', keyData: 'PRIVATE-KEY-MARKER' });
    assert.doesNotMatch(text, /PRIVATE-KEY-MARKER/);
  });
});

describe('Look Up: running seed operations against the stand-ins', function () {
  this.timeout(20_000);
  let honeycomb: HoneycombStandIn;
  let authentik: AuthentikStandIn;
  let clients: LookupClients;

  before(async () => {
    [honeycomb, authentik] = await Promise.all([startHoneycombStandIn(), startAuthentikStandIn()]);
    const hc = new HoneycombClient({ apiUrl: honeycomb.url, apiKey: HONEYCOMB_KEYS.production, managementKey: HONEYCOMB_KEYS.management, sleep: async () => undefined });
    const ak = new AuthentikClient({ apiBase: authentikApiBase(authentik.url), token: AUTHENTIK_TOKENS.admin, sleep: async () => undefined });
    clients = { honeycomb: async () => hc, authentik: async () => ak, verify: async () => assert.fail('not used here') };
  });
  after(() => Promise.all([honeycomb.stop(), authentik.stop()]));
  afterEach(() => {
    assert.deepEqual(honeycomb.violations, []);
    assert.deepEqual(authentik.violations, []);
  });

  it('getRecipients with a valueRegex detail filter answers the seed’s record with its inputs echoed', async () => {
    const getRecipients = op('honeycomb', 'getRecipients');
    const input = typed(getRecipients, { type: 'slack', detailFilter: 'channel =~ ^#payments' });
    const record = await getRecipients.run(clients, input);
    assert.deepEqual(Object.keys(record).sort(), ['detailFilter', 'id', 'ids', 'type']);
    assert.deepEqual(record.detailFilter, { name: 'channel', valueRegex: '^#payments' });
    assert.equal((record.ids as string[]).length, 1);
  });

  it('reaches the Honeycomb kinds the seed has no read operation for: triggers, burn alerts, boards, markers, marker settings, saved queries, API keys', async () => {
    const run = async (name: string, values: Record<string, string> = {}) => {
      const operation = op('honeycomb', name);
      return operation.run(clients, typed(operation, values));
    };
    const names = (list: unknown) => (list as Array<{ name?: string; message?: string; type?: string }>).map((o) => o.name ?? o.message ?? o.type);
    const triggers = await run('listTriggers');
    assert.equal(triggers.dataset, '__all__');
    assert.ok((triggers.triggers as unknown[]).length > 0, 'the environment’s triggers');
    const gateway = await run('listTriggers', { dataset: 'api-gateway' });
    assert.ok((gateway.triggers as Array<{ dataset: string }>).every((t) => t.dataset === 'api-gateway'));
    const boards = await run('listBoards');
    assert.ok(names(boards.boards).includes('Gateway overview'), 'the seeded board');
    const keys = await run('listApiKeys');
    assert.ok((keys.apiKeys as unknown[]).length > 0);
    assert.equal(JSON.stringify(keys).includes('secret'), false, 'no key secret in the record');
    for (const name of ['listMarkers', 'listMarkerSettings']) assert.ok(Array.isArray(Object.values(await run(name, { dataset: 'api-gateway' })).find(Array.isArray)), name);
    assert.ok(Array.isArray((await run('listSavedQueries', { dataset: 'api-gateway' })).savedQueries));
    const slo = (await run('getSlos', { dataset: 'api-gateway' })).ids as string[];
    const alerts = await run('listBurnAlerts', { dataset: 'api-gateway', sloId: slo[0] });
    assert.ok(Array.isArray(alerts.burnAlerts));
  });

  it('the deprecated startsWith of getDatasets still works and is echoed', async () => {
    const getDatasets = op('honeycomb', 'getDatasets');
    const record = await getDatasets.run(clients, typed(getDatasets, { startsWith: 'pay' }));
    assert.deepEqual(record.slugs, ['payments']);
    assert.equal(record.startsWith, 'pay');
  });

  it('getQuerySpecification without limit or time range carries the seed’s defaults in json', async () => {
    const spec = op('honeycomb', 'getQuerySpecification');
    const record = await spec.run(clients, typed(spec, { calculations: '[{"op":"COUNT"}]' }));
    const json = JSON.parse(String(record.json)) as Record<string, unknown>;
    assert.equal(json.limit, 1000);
    assert.equal(json.time_range, 7200);
  });

  it('getCertificateKeyPair fetches the key by default (the seed’s default) and the record masks it', async () => {
    const getCert = op('authentik', 'getCertificateKeyPair');
    const name = authentik.seed.directory.certificates[0].name;
    const input = typed(getCert, { name });
    const output = await getCert.run(clients, input);
    assert.match(String(output.keyData), /PRIVATE KEY/);
    const key = lookupKey(getCert, input);
    const loaded = lookupRecord(key, getCert, input, output);
    const rendered = JSON.stringify(loaded.model) + JSON.stringify(loaded.json);
    assert.doesNotMatch(rendered, /PRIVATE KEY/);
    assert.equal((loaded.json as Record<string, unknown>).keyData, REDACTED);
    assert.match(String(loaded.secrets?.keyData), /PRIVATE KEY/);
  });

  it('the record shows the output under "Output", lists of objects as fields of their own (no JSON text), keys as the data source names them', async () => {
    const getGroups = op('authentik', 'getGroups');
    const input = typed(getGroups, { name: 'On-call' });
    const loaded = lookupRecord(lookupKey(getGroups, input), getGroups, input, await getGroups.run(clients, input));
    assert.deepEqual(
      loaded.model.sections.map((s) => s.title),
      ['Inputs', 'Output'],
    );
    const groups = loaded.model.sections[1].fields.find((f) => f.label === 'groups');
    assert.equal(groups?.format, 'fields', 'the groups are fields, not a JSON string');
    assert.ok((groups?.fields?.length ?? 0) >= 2, 'both groups named On-call');
    const first = groups?.fields?.[0];
    assert.equal(first?.format, 'fields');
    assert.ok(
      first?.fields?.some((f) => f.label === 'parentName'),
      `the group's own keys as they are named: ${first?.fields?.map((f) => f.label).join(', ')}`,
    );
    assert.doesNotMatch(JSON.stringify(loaded.model), /seed|"format":"json"/);
  });

  it('a record key brings back the same call after a reload, without secret inputs', () => {
    const getCert = op('authentik', 'getCertificateKeyPair');
    const key = lookupKey(getCert, { name: 'web', fetchKey: false, keyData: 'PRIVATE-KEY-MARKER' });
    assert.doesNotMatch(Buffer.from(key.split('?')[1], 'base64url').toString('utf8'), /MARKER/);
    assert.deepEqual(parseLookupKey(key)?.input, { name: 'web', fetchKey: false });
  });
});
