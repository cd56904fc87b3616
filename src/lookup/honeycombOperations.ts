import type { DetailFilter } from '../clients/honeycomb/detailFilter';
import type { QuerySpecification } from '../clients/honeycomb/querySpec';
import { InputSpec, LookupInput, LookupOperation, LookupRecord } from './operation';

/**
 * The observability seed's 16 read operations, each run through the client method the Honeycomb
 * tree uses, answering the seed's record. Input names, types and required marks are the seed's
 * (test/unit/lookup/catalog.test.ts holds them against the seed document).
 */
const RECIPIENT_TYPES = ['email', 'webhook', 'slack', 'pagerduty', 'msteams', 'msteams_workflow'] as const;

const dataset = (required: boolean, description = 'The dataset slug.'): InputSpec => ({ name: 'dataset', type: 'string', required, description, suggest: 'honeycomb.datasets' });
const computedId: InputSpec = { name: 'id', type: 'string', computed: true, description: 'Computed from the answer; a value given is only echoed.' };
const detailFilters: InputSpec = {
  name: 'detailFilters',
  type: 'detailFilters',
  description: 'Filters on the records’ fields: name, operator (default equals) and value or valueRegex. All must match.',
};
const startsWith = (what: string): InputSpec => ({ name: 'startsWith', type: 'string', description: `Only ${what} starting with this value.` });

/** The seed's secret recipient fields: a webhook's signing secret and a PagerDuty integration key. */
const RECIPIENT_SECRETS = ['secret', 'integrationKey'];

function honeycomb(name: string, purpose: string, inputs: InputSpec[], dataSource: string, run: LookupOperation['run'], deprecated?: string): LookupOperation {
  return {
    service: 'honeycomb',
    name,
    purpose,
    inputs,
    run,
    deprecated,
    ...(name === 'getRecipient' ? { secretOutputs: RECIPIENT_SECRETS } : {}),
    code: { terraform: `honeycombio_${dataSource}`, pulumi: `get${dataSource.replace(/(^|_)([a-z])/g, (_m, _s, c: string) => c.toUpperCase())}Output`, pulumiPackage: 'honeycombio' },
  };
}

const str = (input: LookupInput, key: string): string | undefined => (input[key] === undefined ? undefined : String(input[key]));
const filters = (input: LookupInput): DetailFilter[] | undefined => input.detailFilters as DetailFilter[] | undefined;
const asRecord = <T>(value: T): LookupRecord => value as unknown as LookupRecord;

export const HONEYCOMB_OPERATIONS: LookupOperation[] = [
  honeycomb(
    'getAuthMetadata',
    'The team, environment and permissions of the configured API key.',
    [
      { name: 'apiKeyAccess', type: 'json', computed: true, description: 'Filled from the key: what it may do (e.g. slos).' },
      { name: 'environment', type: 'json', computed: true, description: 'Filled from the key: the environment it belongs to.' },
      { name: 'team', type: 'json', computed: true, description: 'Filled from the key: the team it belongs to.' },
    ],
    'auth_metadata',
    async (c, _input, signal) => asRecord(await (await c.honeycomb()).getAuthMetadata(signal)),
  ),
  honeycomb(
    'getColumn',
    'One column of a dataset, by name.',
    [
      dataset(true),
      { name: 'name', type: 'string', required: true, description: 'The column’s name.' },
      { name: 'id', type: 'string', description: 'The column’s ID (fetched by ID; must carry the name).' },
    ],
    'column',
    async (c, i, signal) => asRecord(await (await c.honeycomb()).getColumn({ dataset: String(i.dataset), name: String(i.name), id: str(i, 'id') }, signal)),
  ),
  honeycomb('getColumns', 'The names of a dataset’s columns.', [dataset(true), computedId, startsWith('column names')], 'columns', async (c, i, signal) =>
    asRecord(await (await c.honeycomb()).getColumns({ dataset: String(i.dataset), id: str(i, 'id'), startsWith: str(i, 'startsWith') }, signal)),
  ),
  honeycomb(
    'getDataset',
    'One dataset, by slug.',
    [{ name: 'slug', type: 'string', required: true, description: 'The dataset slug.', suggest: 'honeycomb.datasets' }],
    'dataset',
    async (c, i, signal) => asRecord(await (await c.honeycomb()).getDataset({ slug: String(i.slug) }, signal)),
  ),
  honeycomb(
    'getDatasets',
    'The names and slugs of the datasets that match the filters.',
    [detailFilters, { ...startsWith('dataset names'), deprecated: 'use a detail filter on name with the starts-with operator' }],
    'datasets',
    async (c, i, signal) => asRecord(await (await c.honeycomb()).getDatasets({ detailFilters: filters(i), startsWith: str(i, 'startsWith') }, signal)),
  ),
  honeycomb(
    'getDerivedColumn',
    'One derived column, by alias (environment-wide without a dataset).',
    [
      { name: 'alias', type: 'string', required: true, description: 'The derived column’s alias.', suggest: 'honeycomb.derivedColumns' },
      dataset(false, 'The dataset slug; omitted: the environment-wide derived columns.'),
    ],
    'derived_column',
    async (c, i, signal) => asRecord(await (await c.honeycomb()).getDerivedColumn({ alias: String(i.alias), dataset: str(i, 'dataset') }, signal)),
  ),
  honeycomb(
    'getDerivedColumns',
    'The aliases of a dataset’s (or the environment’s) derived columns.',
    [dataset(false, 'The dataset slug; omitted: the environment-wide derived columns.'), startsWith('aliases')],
    'derived_columns',
    async (c, i, signal) => asRecord(await (await c.honeycomb()).getDerivedColumns({ dataset: str(i, 'dataset'), startsWith: str(i, 'startsWith') }, signal)),
  ),
  honeycomb(
    'getEnvironment',
    'One environment, by ID or by filters (needs a management key).',
    [detailFilters, { name: 'id', type: 'string', description: 'The environment’s ID; cannot be combined with detailFilters.', suggest: 'honeycomb.environments' }],
    'environment',
    async (c, i, signal) => asRecord(await (await c.honeycomb()).getEnvironment({ detailFilters: filters(i), id: str(i, 'id') }, signal)),
  ),
  honeycomb('getEnvironments', 'The IDs of the environments that match the filters (needs a management key with environments:read).', [detailFilters], 'environments', async (c, i, signal) =>
    asRecord(await (await c.honeycomb()).getEnvironments({ detailFilters: filters(i) }, signal)),
  ),
  honeycomb(
    'getQueryResult',
    'Runs a query and answers its results.',
    [
      { name: 'queryJson', type: 'json', required: true, description: 'The query specification as JSON (the json of getQuerySpecification).' },
      dataset(false, 'The dataset slug; omitted: an environment-wide query.'),
      { name: 'id', type: 'string', description: 'A result created earlier (results are kept a day): read again instead of running anew.' },
    ],
    'query_result',
    async (c, i, signal) =>
      asRecord(
        await (await c.honeycomb()).getQueryResult({ queryJson: typeof i.queryJson === 'string' ? i.queryJson : JSON.stringify(i.queryJson), dataset: str(i, 'dataset'), id: str(i, 'id') }, signal),
      ),
  ),
  honeycomb(
    'getQuerySpecification',
    'Checks a query specification against Honeycomb’s rules and answers its JSON.',
    [
      { name: 'breakdowns', type: 'strings', description: 'Columns to group results by.' },
      { name: 'calculatedFields', type: 'json', description: 'Calculated fields usable in the query: [{ "name", "expression" }].' },
      { name: 'calculations', type: 'json', description: 'Calculations: [{ "op", "column" }]. Without any, COUNT is assumed for event datasets.' },
      { name: 'compareTimeOffset', type: 'number', description: 'Seconds: compare with an earlier period.' },
      { name: 'endTime', type: 'number', description: 'Absolute end, seconds since the Unix epoch.' },
      { name: 'filterCombination', type: 'string', choices: ['AND', 'OR'], description: 'How filters combine (default AND).' },
      { name: 'filters', type: 'json', description: 'Filters: [{ "column", "op", "value" }].' },
      { name: 'formulas', type: 'json', description: 'Formulas over calculations: [{ "name", "expression" }].' },
      { name: 'granularity', type: 'number', description: 'Seconds; between timeRange / 1000 and timeRange.' },
      { name: 'havings', type: 'json', description: 'Restrict the returned groups: [{ "calculate_op", "column", "op", "value" }].' },
      { name: 'limit', type: 'number', description: 'Default 1000.' },
      { name: 'orders', type: 'json', description: 'Orderings: [{ "op", "column", "order" }]; each must be a calculation or a breakdown.' },
      { name: 'startTime', type: 'number', description: 'Absolute start, seconds since the Unix epoch.' },
      { name: 'timeRange', type: 'number', description: 'Seconds; default 7200.' },
    ],
    'query_specification',
    async (c, i) => asRecord((await c.honeycomb()).getQuerySpecification(i as QuerySpecification)),
  ),
  honeycomb(
    'getRecipient',
    'One recipient of a type, picked by a detail filter.',
    [
      { name: 'type', type: 'string', required: true, choices: RECIPIENT_TYPES, description: 'The recipient type.', suggest: 'honeycomb.recipientTypes' },
      { name: 'detailFilter', type: 'detailFilter', description: 'A filter on the type’s fields: address, channel, integration_name or name.' },
      { name: 'id', type: 'string', description: 'Fetch by ID (must be of the type).' },
      { name: 'dataset', type: 'string', deprecated: 'ignored: recipients are team-wide', description: 'Ignored.' },
      { name: 'target', type: 'string', deprecated: 'use detailFilter', description: 'The type’s main field (address, channel, webhook name) must equal it.' },
    ],
    'recipient',
    async (c, i, signal) =>
      asRecord(
        await (
          await c.honeycomb()
        ).getRecipient({ type: String(i.type), detailFilter: i.detailFilter as DetailFilter | undefined, id: str(i, 'id'), dataset: str(i, 'dataset'), target: str(i, 'target') }, signal),
      ),
  ),
  honeycomb(
    'getRecipients',
    'The IDs of the recipients that match a type and a detail filter.',
    [
      { name: 'type', type: 'string', choices: RECIPIENT_TYPES, description: 'Only recipients of this type.', suggest: 'honeycomb.recipientTypes' },
      { name: 'detailFilter', type: 'detailFilter', description: 'A filter on the recipients’ fields; its name must be set.' },
      computedId,
    ],
    'recipients',
    async (c, i, signal) => asRecord(await (await c.honeycomb()).getRecipients({ type: str(i, 'type'), detailFilter: i.detailFilter as DetailFilter | undefined, id: str(i, 'id') }, signal)),
  ),
  honeycomb(
    'getSlo',
    'One SLO, by ID.',
    [
      { name: 'id', type: 'string', required: true, description: 'The SLO’s ID.', suggest: 'honeycomb.slos' },
      { name: 'dataset', type: 'string', deprecated: 'the ID alone finds the SLO', description: 'Ignored for the lookup.' },
    ],
    'slo',
    async (c, i, signal) => asRecord(await (await c.honeycomb()).getSlo({ id: String(i.id), dataset: str(i, 'dataset') }, signal)),
  ),
  honeycomb(
    'getSlos',
    'The IDs of the single-dataset SLOs that match the filters.',
    [dataset(false, 'The dataset slug; omitted: every dataset of the environment.'), detailFilters],
    'slos',
    async (c, i, signal) => asRecord(await (await c.honeycomb()).getSlos({ dataset: str(i, 'dataset'), detailFilters: filters(i) }, signal)),
  ),
  honeycomb(
    'getTriggerRecipient',
    'The ID of a recipient used by a trigger of a dataset, by type and target.',
    [
      dataset(true),
      { name: 'type', type: 'string', required: true, choices: RECIPIENT_TYPES, description: 'The recipient type.' },
      { name: 'target', type: 'string', description: 'The recipient’s target (address, channel…); default empty.' },
      computedId,
    ],
    'trigger_recipient',
    async (c, i, signal) => asRecord(await (await c.honeycomb()).getTriggerRecipient({ dataset: String(i.dataset), type: String(i.type), target: str(i, 'target'), id: str(i, 'id') }, signal)),
    'use getRecipient',
  ),
];
