/**
 * The configuration objects of the Honeycomb stand-in, stored in the API's own (snake_case)
 * shapes and key order, so routes serve them with little more than a filter. Environment
 * content is per environment; recipients are team-wide, as in Honeycomb.
 */

export interface SeedDataset {
  name: string;
  description: string;
  slug: string;
  expand_json_depth: number;
  delete_protected: boolean;
  created_at: string;
  last_written_at: string | null;
}

export type SeedColumnType = 'string' | 'float' | 'integer' | 'boolean' | 'histogram';

export interface SeedColumn {
  id: string;
  key_name: string;
  hidden: boolean;
  description: string;
  type: SeedColumnType;
  last_written: string;
  created_at: string;
  updated_at: string;
}

export interface SeedDerivedColumn {
  id: string;
  alias: string;
  description: string;
  expression: string;
  created_at: string;
  updated_at: string;
}

export interface SeedSlo {
  id: string;
  name: string;
  description: string;
  sli: { alias: string };
  time_period_days: number;
  target_per_million: number;
  tags: Array<{ key: string; value: string }>;
  reset_at: string | null;
  created_at: string;
  updated_at: string;
  dataset_slugs: string[];
}

export interface SeedTriggerRecipient {
  id: string;
  type: string;
  target?: string;
  details?: { pagerduty_severity?: 'critical' | 'error' | 'warning' | 'info'; variables?: Array<{ name: string; value?: string }> };
}

export interface SeedTrigger {
  id: string;
  dataset_slug: string;
  name: string;
  description: string;
  tags: Array<{ key: string; value: string }>;
  threshold: { op: '>' | '>=' | '<' | '<='; value: number; exceeded_limit: number };
  frequency: number;
  alert_type: 'on_change' | 'on_true';
  disabled: boolean;
  triggered: boolean;
  recipients: SeedTriggerRecipient[];
  evaluation_schedule_type: 'frequency' | 'window';
  evaluation_schedule?: { window: { days_of_week: string[]; start_time: string; end_time: string } };
  baseline_details?: { offset_minutes: number; type: 'percentage' | 'value' };
  /** Newer than the vendored document (openapi/overlay.ts). */
  auto_investigate?: boolean;
  created_at: string;
  updated_at: string;
  /** The id of the trigger's stored query. */
  query_id: string;
  /** The query itself, as Honeycomb answers it inline (a query specification within the trigger limits). */
  query: Record<string, unknown>;
}

/** A burn alert of an SLO (`dataset` is where it is addressed, the SLO's: not in the API body). */
export interface SeedBurnAlert {
  id: string;
  dataset: string;
  alert_type: 'exhaustion_time' | 'budget_rate';
  description: string;
  exhaustion_minutes?: number;
  budget_rate_window_minutes?: number;
  budget_rate_decrease_threshold_per_million?: number;
  /** Newer than the vendored document (openapi/overlay.ts). */
  auto_investigate?: boolean;
  triggered: boolean;
  slo: { id: string };
  recipients: SeedTriggerRecipient[];
  created_at: string;
  updated_at: string;
}

/** A query annotation: the name and description of a saved query (`dataset` is where it lives; not in the API body). */
export interface SeedQueryAnnotation {
  id: string;
  dataset: string;
  name: string;
  description: string;
  query_id: string;
  created_at: string;
  updated_at: string;
}

export interface SeedRecipient {
  id: string;
  created_at: string;
  updated_at: string;
  type: 'email' | 'slack' | 'pagerduty' | 'webhook' | 'msteams' | 'msteams_workflow';
  details: Record<string, unknown>;
}

export interface EnvironmentContent {
  datasets: SeedDataset[];
  /** by dataset slug */
  columns: Record<string, SeedColumn[]>;
  /** by dataset slug; `__all__` holds the environment-wide derived columns */
  derivedColumns: Record<string, SeedDerivedColumn[]>;
  slos: SeedSlo[];
  /** dataset_slug `__all__` marks an environment-wide trigger */
  triggers: SeedTrigger[];
  /** Saved queries by name, per dataset (`__all__` for environment-wide ones). */
  queryAnnotations: SeedQueryAnnotation[];
  /** The burn alerts of the SLOs. */
  burnAlerts: SeedBurnAlert[];
}

/** Honeycomb-looking 11-character IDs, stable for a given name. */
export function hcId(name: string): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < name.length; i++) {
    h1 = Math.imul(h1 ^ name.charCodeAt(i), 16777619) >>> 0;
    h2 = Math.imul(h2 + name.charCodeAt(i), 2246822519) >>> 0;
  }
  let out = '';
  for (let i = 0; i < 11; i++) {
    const source = i % 2 === 0 ? h1 : h2;
    out += alphabet[(source >>> ((i * 3) % 27)) % 62];
    h1 = Math.imul(h1 ^ (h1 >>> 13), 0x5bd1e995) >>> 0;
    h2 = Math.imul(h2 ^ (h2 >>> 15), 0x27d4eb2d) >>> 0;
  }
  return out;
}

/** RFC 3339 without milliseconds, as Honeycomb writes times. */
export function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Column definitions: [key_name, type, description?, hidden?]. */
type ColumnDef = [string, SeedColumnType, string?, boolean?];

const TRACE_COLUMNS: ColumnDef[] = [
  ['trace.trace_id', 'string', 'W3C trace ID'],
  ['trace.span_id', 'string'],
  ['trace.parent_id', 'string'],
  ['name', 'string', 'Span name'],
  ['service.name', 'string'],
  ['span.kind', 'string'],
  ['duration_ms', 'float', 'Span duration in milliseconds'],
  ['error', 'boolean'],
  ['meta.signal_type', 'string', '', true],
];

const HTTP_COLUMNS: ColumnDef[] = [
  ['http.request.method', 'string'],
  ['http.route', 'string', 'Route template, e.g. /v1/orders/{id}'],
  ['http.response.status_code', 'integer'],
  ['url.path', 'string'],
  ['client.address', 'string', 'Caller IP (hidden from queries by default)', true],
  ['user_agent.original', 'string'],
  ['http.response.body.size', 'integer'],
];

function columns(dataset: string, defs: ColumnDef[], now: number): SeedColumn[] {
  return defs.map(([key_name, type, description, hidden], i) => ({
    id: hcId(`${dataset}/column/${key_name}`),
    key_name,
    hidden: hidden === true,
    description: description ?? '',
    type,
    last_written: iso(now - (i % 7) * 13 * MINUTE - 2 * MINUTE),
    created_at: iso(now - 200 * DAY + i * MINUTE),
    updated_at: iso(now - 40 * DAY + i * MINUTE),
  }));
}

function derived(dataset: string, alias: string, expression: string, description: string, now: number): SeedDerivedColumn {
  return {
    id: hcId(`${dataset}/derived/${alias}`),
    alias,
    description,
    expression,
    created_at: iso(now - 150 * DAY),
    updated_at: iso(now - 12 * DAY),
  };
}

function dataset(slug: string, name: string, description: string, now: number, writtenMinutesAgo: number | null, extra: Partial<SeedDataset> = {}): SeedDataset {
  return {
    name,
    description,
    slug,
    expand_json_depth: 0,
    delete_protected: false,
    created_at: iso(now - 400 * DAY),
    last_written_at: writtenMinutesAgo === null ? null : iso(now - writtenMinutesAgo * MINUTE),
    ...extra,
  };
}

/** The team's recipients, one or more of every type. Keys and secrets are fake. */
export function acmeRecipients(now: number): SeedRecipient[] {
  const r = (name: string, type: SeedRecipient['type'], details: Record<string, unknown>): SeedRecipient => ({
    id: hcId(`recipient/${name}`),
    created_at: iso(now - 300 * DAY),
    updated_at: iso(now - 30 * DAY),
    type,
    details,
  });
  return [
    r('oncall-email', 'email', { email_address: 'oncall@acme.example' }),
    r('sre-leads-email', 'email', { email_address: 'sre-leads@acme.example' }),
    r('alerts-prod', 'slack', { slack_channel: '#alerts-prod' }),
    r('payments-oncall', 'slack', { slack_channel: '#payments-oncall' }),
    r('pagerduty-prod', 'pagerduty', { pagerduty_integration_name: 'Acme Production', pagerduty_integration_key: 'acmePdKeyProduction0000000000001' }),
    r('pagerduty-payments', 'pagerduty', { pagerduty_integration_name: 'Payments Escalation', pagerduty_integration_key: 'acmePdKeyPayments000000000000002' }),
    r('incident-bot', 'webhook', {
      webhook_name: 'Incident bot',
      webhook_url: 'https://hooks.acme.example/honeycomb/incidents',
      webhook_secret: 'acmeWebhookSigningSecret-0001',
      webhook_headers: [{ header: 'X-Team', value: 'platform' }],
      // A custom payload, as the provider's custom_webhook.tf example makes one.
      webhook_payloads: {
        payload_templates: { trigger: { body: '{"name": {{ .Name | quote }}, "severity": {{ .Vars.severity | quote }}, "url": {{ .Result.URL | quote }}}' } },
        template_variables: [{ name: 'severity', default_value: 'warning' }],
      },
    }),
    r('ops-teams', 'msteams', { webhook_name: 'Ops channel (legacy)', webhook_url: 'https://acme.webhook.office.example/webhookb2/ops' }),
    r('platform-workflow', 'msteams_workflow', { webhook_name: 'Platform workflow', webhook_url: 'https://prod-12.westeurope.logic.example/workflows/platform' }),
  ];
}

/** The recipients by a short name, for wiring triggers. */
function recipientId(name: string): string {
  return hcId(`recipient/${name}`);
}

function trigger(datasetSlug: string, name: string, now: number, fields: Pick<SeedTrigger, 'description' | 'threshold' | 'recipients'> & Partial<SeedTrigger>): SeedTrigger {
  return {
    id: hcId(`${datasetSlug}/trigger/${name}`),
    query_id: hcId(`${datasetSlug}/trigger-query/${name}`),
    query: { calculations: [{ op: 'COUNT' }], time_range: 900 },
    dataset_slug: datasetSlug,
    name,
    tags: [],
    frequency: 300,
    alert_type: 'on_change',
    disabled: false,
    triggered: false,
    evaluation_schedule_type: 'frequency',
    created_at: iso(now - 90 * DAY),
    updated_at: iso(now - 5 * DAY),
    ...fields,
  };
}

function slo(name: string, datasets: string[], sli: string, targetPerMillion: number, days: number, tags: Array<[string, string]>, description: string, now: number): SeedSlo {
  return {
    id: hcId(`slo/${datasets.join(',')}/${name}`),
    name,
    description,
    sli: { alias: sli },
    time_period_days: days,
    target_per_million: targetPerMillion,
    tags: tags.map(([key, value]) => ({ key, value })),
    reset_at: null,
    created_at: iso(now - 120 * DAY),
    updated_at: iso(now - 8 * DAY),
    dataset_slugs: datasets,
  };
}

/** Production: the services of Acme's shop, with SLIs, SLOs and triggers wired to recipients. */
export function acmeProduction(now: number): EnvironmentContent {
  const ds = [
    dataset('api-gateway', 'api-gateway', 'Edge gateway: every public HTTP request', now, 1, { expand_json_depth: 2, delete_protected: true }),
    dataset('checkout-service', 'checkout-service', 'Cart, checkout and order placement', now, 3, { delete_protected: true }),
    dataset('payments', 'payments', 'Card authorisation and capture', now, 2, { delete_protected: true }),
    dataset('frontend-web', 'frontend-web', 'Browser RUM and web vitals', now, 6),
    dataset('k8s-events', 'k8s-events', 'Kubernetes cluster events (prod-eu-1)', now, 11, { expand_json_depth: 5 }),
    dataset('load-test-2024', 'load-test-2024', 'One-off load test, kept for comparison', now, null),
  ];
  const cols: Record<string, SeedColumn[]> = {
    'api-gateway': columns('api-gateway', [...TRACE_COLUMNS, ...HTTP_COLUMNS, ['ratelimit.remaining', 'integer'], ['upstream.service', 'string']], now),
    'checkout-service': columns(
      'checkout-service',
      [...TRACE_COLUMNS, ['cart.items', 'integer'], ['cart.value_usd', 'float'], ['order.id', 'string'], ['customer.tier', 'string'], ['feature_flag.new_checkout', 'boolean']],
      now,
    ),
    payments: columns(
      'payments',
      [
        ...TRACE_COLUMNS,
        ['payment.provider', 'string'],
        ['payment.amount', 'float'],
        ['payment.currency', 'string'],
        ['payment.declined', 'boolean'],
        ['card.last4', 'string', 'Last four digits only', true],
      ],
      now,
    ),
    'frontend-web': columns(
      'frontend-web',
      [
        ['page.route', 'string'],
        ['web_vitals.lcp_ms', 'float'],
        ['web_vitals.cls', 'float'],
        ['web_vitals.inp_ms', 'float'],
        ['browser.name', 'string'],
        ['session.id', 'string'],
        ['error', 'boolean'],
      ],
      now,
    ),
    'k8s-events': columns(
      'k8s-events',
      [
        ['k8s.namespace.name', 'string'],
        ['k8s.pod.name', 'string'],
        ['k8s.node.name', 'string'],
        ['event.reason', 'string'],
        ['event.type', 'string'],
        ['event.count', 'integer'],
        ['body', 'string'],
      ],
      now,
    ),
    'load-test-2024': [],
  };
  const derivedColumns: Record<string, SeedDerivedColumn[]> = {
    'api-gateway': [
      derived('api-gateway', 'sli.availability', 'IF(EXISTS($http.response.status_code), LT($http.response.status_code, 500))', 'True when the gateway did not answer 5xx', now),
      derived('api-gateway', 'sli.latency_300ms', 'IF(EQUALS($span.kind, "server"), LT($duration_ms, 300))', 'Server spans faster than 300 ms', now),
      derived('api-gateway', 'route_family', 'REG_VALUE($http.route, `^/v1/([a-z]+)`)', 'First path segment of the route', now),
    ],
    'checkout-service': [derived('checkout-service', 'is_big_cart', 'GTE($cart.items, 20)', 'Carts of twenty items or more', now)],
    payments: [
      derived('payments', 'sli.auth_latency', 'IF(EQUALS($name, "Authorize"), LT($duration_ms, 800))', 'Card authorisation under 800 ms', now),
      derived('payments', 'is_decline', 'AND($payment.declined, NOT($error))', '', now),
    ],
    'frontend-web': [derived('frontend-web', 'sli.good_lcp', 'IF(EXISTS($web_vitals.lcp_ms), LTE($web_vitals.lcp_ms, 2500))', 'Largest contentful paint within 2.5 s', now)],
    'k8s-events': [],
    'load-test-2024': [],
    // Multi-dataset SLOs use environment-wide derived columns as their SLI.
    __all__: [
      derived('__all__', 'is_slow', 'GT($duration_ms, 1000)', 'Environment-wide: any span slower than a second', now),
      derived('__all__', 'sli.checkout_ok', 'IF(EQUALS($name, "PlaceOrder"), NOT($error))', 'Order placement succeeded, in checkout and payments', now),
    ],
  };
  const slos = [
    slo(
      'Gateway availability',
      ['api-gateway'],
      'sli.availability',
      999000,
      30,
      [
        ['team', 'platform'],
        ['tier', 'one'],
      ],
      'Public API answers without server errors',
      now,
    ),
    slo('Gateway latency', ['api-gateway'], 'sli.latency_300ms', 990000, 7, [['team', 'platform']], 'Server spans under 300 ms', now),
    slo(
      'Checkout success',
      ['checkout-service', 'payments'],
      'sli.checkout_ok',
      995000,
      28,
      [
        ['team', 'checkout'],
        ['journey', 'purchase'],
      ],
      'Orders are placed successfully (checkout and payments)',
      now,
    ),
    slo('Card authorisation latency', ['payments'], 'sli.auth_latency', 989900, 30, [['team', 'payments']], '', now),
    slo('Good LCP', ['frontend-web'], 'sli.good_lcp', 900000, 14, [['team', 'web']], 'Pages render their main content quickly', now),
  ];
  const triggers = [
    trigger('api-gateway', 'High 5xx rate', now, {
      description: 'More than 50 server errors in 15 minutes',
      query: { calculations: [{ op: 'COUNT' }], filters: [{ column: 'http.response.status_code', op: '>=', value: 500 }], time_range: 900 },
      threshold: { op: '>', value: 50, exceeded_limit: 1 },
      recipients: [
        { id: recipientId('pagerduty-prod'), type: 'pagerduty', details: { pagerduty_severity: 'critical' } },
        { id: recipientId('alerts-prod'), type: 'slack', target: '#alerts-prod' },
      ],
      tags: [{ key: 'team', value: 'platform' }],
      triggered: true,
    }),
    trigger('api-gateway', 'Rate limit exhaustion', now, {
      description: 'Clients hitting the gateway rate limit',
      query: { calculations: [{ op: 'COUNT' }], filters: [{ column: 'http.response.status_code', op: '=', value: 429 }], breakdowns: ['http.route'], time_range: 900 },
      threshold: { op: '>=', value: 100, exceeded_limit: 2 },
      recipients: [{ id: recipientId('incident-bot'), type: 'webhook', target: 'Incident bot' }],
    }),
    trigger('checkout-service', 'Checkout failures', now, {
      description: 'Failed order placements',
      query: {
        calculations: [{ op: 'COUNT' }],
        filters: [
          { column: 'error', op: '=', value: true },
          { column: 'name', op: '=', value: 'place_order' },
        ],
        time_range: 900,
      },
      threshold: { op: '>', value: 10, exceeded_limit: 1 },
      recipients: [
        { id: recipientId('oncall-email'), type: 'email', target: 'oncall@acme.example' },
        { id: recipientId('payments-oncall'), type: 'slack', target: '#payments-oncall' },
      ],
    }),
    trigger('payments', 'Decline spike', now, {
      description: 'Card declines above normal',
      query: { calculations: [{ op: 'COUNT' }], filters: [{ column: 'payment.declined', op: '=', value: true }], breakdowns: ['payment.provider'], time_range: 1200 },
      threshold: { op: '>', value: 200, exceeded_limit: 3 },
      recipients: [
        { id: recipientId('pagerduty-payments'), type: 'pagerduty', details: { pagerduty_severity: 'warning' } },
        { id: recipientId('payments-oncall'), type: 'slack', target: '#payments-oncall' },
      ],
    }),
    trigger('k8s-events', 'CrashLoopBackOff', now, {
      description: 'Pods restarting in a loop',
      query: { calculations: [{ op: 'SUM', column: 'event.count' }], filters: [{ column: 'event.reason', op: '=', value: 'BackOff' }], breakdowns: ['k8s.namespace.name'], time_range: 1800 },
      threshold: { op: '>', value: 0, exceeded_limit: 1 },
      recipients: [{ id: recipientId('platform-workflow'), type: 'msteams_workflow' }],
      alert_type: 'on_true',
      frequency: 600,
    }),
    trigger('__all__', 'Any service slow', now, {
      description: 'Environment-wide: spans over a second',
      query: { calculations: [{ op: 'COUNT' }], filters: [{ column: 'duration_ms', op: '>', value: 1000 }], time_range: 1200 },
      threshold: { op: '>', value: 500, exceeded_limit: 1 },
      recipients: [
        { id: recipientId('sre-leads-email'), type: 'email', target: 'sre-leads@acme.example' },
        { id: recipientId('ops-teams'), type: 'msteams' },
      ],
      disabled: true,
    }),
  ];
  // Two saved queries: the queries behind two triggers, named so people find them again.
  const queryAnnotations = [annotation(triggers[0], 'Gateway 5xx', 'Server errors at the edge, the query behind "High 5xx rate"', now), annotation(triggers[3], 'Card declines by provider', '', now)];
  // Burn alerts of both types, one on a multi-dataset SLO (addressed `__all__`).
  const burnAlerts: SeedBurnAlert[] = [
    burnAlert(
      slos[0],
      'exhaustion_time',
      { exhaustion_minutes: 240 },
      'Budget gone within 4 hours: page the platform on-call',
      [{ id: recipientId('pagerduty-prod'), type: 'pagerduty', details: { pagerduty_severity: 'critical' } }],
      now,
    ),
    burnAlert(
      slos[0],
      'budget_rate',
      { budget_rate_window_minutes: 60, budget_rate_decrease_threshold_per_million: 10000 },
      '1% of the budget gone in an hour',
      [{ id: recipientId('alerts-prod'), type: 'slack', target: '#alerts-prod' }],
      now,
    ),
    burnAlert(slos[2], 'exhaustion_time', { exhaustion_minutes: 1440 }, '', [{ id: recipientId('oncall-email'), type: 'email', target: 'oncall@acme.example' }], now),
  ];
  return { datasets: ds, columns: cols, derivedColumns, slos, triggers, queryAnnotations, burnAlerts };
}

function burnAlert(
  slo: SeedSlo,
  type: SeedBurnAlert['alert_type'],
  fields: Pick<SeedBurnAlert, 'exhaustion_minutes' | 'budget_rate_window_minutes' | 'budget_rate_decrease_threshold_per_million'>,
  description: string,
  recipients: SeedTriggerRecipient[],
  now: number,
): SeedBurnAlert {
  return {
    id: hcId(`burnAlert/${slo.id}/${type}`),
    dataset: slo.dataset_slugs.length === 1 ? slo.dataset_slugs[0] : '__all__',
    alert_type: type,
    description,
    ...fields,
    triggered: false,
    slo: { id: slo.id },
    recipients,
    created_at: iso(now - 60 * DAY),
    updated_at: iso(now - 2 * DAY),
  };
}

function annotation(trigger: SeedTrigger, name: string, description: string, now: number): SeedQueryAnnotation {
  return {
    id: hcId(`annotation/${trigger.dataset_slug}/${name}`),
    dataset: trigger.dataset_slug,
    name,
    description,
    query_id: trigger.query_id,
    created_at: iso(now - 30 * DAY),
    updated_at: iso(now - 3 * DAY),
  };
}

/** Staging: fewer services, one SLO, one trigger. */
export function acmeStaging(now: number): EnvironmentContent {
  const ds = [dataset('api-gateway', 'api-gateway', 'Edge gateway (staging)', now, 25), dataset('checkout-service', 'checkout-service', 'Cart and checkout (staging)', now, 40)];
  return {
    datasets: ds,
    columns: {
      'api-gateway': columns('staging/api-gateway', [...TRACE_COLUMNS, ...HTTP_COLUMNS], now),
      'checkout-service': columns('staging/checkout-service', [...TRACE_COLUMNS, ['cart.items', 'integer']], now),
    },
    derivedColumns: {
      'api-gateway': [
        derived('staging/api-gateway', 'sli.availability', 'IF(EXISTS($http.response.status_code), LT($http.response.status_code, 500))', 'True when the gateway did not answer 5xx', now),
      ],
      'checkout-service': [],
      __all__: [],
    },
    slos: [slo('Gateway availability (staging)', ['api-gateway'], 'sli.availability', 990000, 7, [['team', 'platform']], '', now)],
    queryAnnotations: [],
    burnAlerts: [],
    triggers: [
      trigger('api-gateway', 'Staging smoke errors', now, {
        description: 'Errors during post-deploy smoke tests',
        query: { calculations: [{ op: 'COUNT' }], filters: [{ column: 'error', op: '=', value: true }], time_range: 600 },
        threshold: { op: '>', value: 5, exceeded_limit: 1 },
        recipients: [{ id: recipientId('alerts-prod'), type: 'slack', target: '#alerts-prod' }],
      }),
    ],
  };
}

/** Dev: a sandbox dataset and nothing else. */
export function acmeDev(now: number): EnvironmentContent {
  return {
    datasets: [dataset('sandbox', 'sandbox', 'Developer experiments', now, 600)],
    columns: {
      sandbox: columns(
        'dev/sandbox',
        [
          ['name', 'string'],
          ['duration_ms', 'float'],
          ['user.email', 'string'],
        ],
        now,
      ),
    },
    derivedColumns: { sandbox: [], __all__: [] },
    slos: [],
    triggers: [],
    queryAnnotations: [],
    burnAlerts: [],
  };
}
