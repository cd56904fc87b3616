import * as assert from 'node:assert/strict';
import { recipientProblems } from '../../../src/clients/honeycomb/recipientRules';

/**
 * The recipient rules in both directions, with the verdicts of Honeycomb's own sources
 * (honeycombio/terraform-provider-honeycombio@bde0d12): what its live client tests and the
 * provider's acceptance tests create (valid), and what they expect to fail (invalid). Errors are
 * only for what Honeycomb certainly refuses; the provider's own validators give warnings.
 */
type Json = Record<string, unknown>;
const webhook = (details: Json): Json => ({ type: 'webhook', details: { webhook_name: 'test.abcdefghij', webhook_url: 'https://abcdefghij.example.com/klmnopqrst', ...details } });
const errors = (document: Json, baseline?: Json) => recipientProblems(document, baseline).filter((p) => p.severity === 'error');
const warnings = (document: Json) => recipientProblems(document).filter((p) => p.severity === 'warning');
const paths = (problems: Array<{ path: Array<string | number> }>) => problems.map((p) => p.path.join('.'));

describe('honeycomb: recipient rules', () => {
  describe('what the sources create passes without a word', () => {
    const valid: Array<[string, Json]> = [
      ['client/recipient_test.go TestRecipientsEmail', { type: 'email', details: { email_address: 'test.abcdefghij@example.com' } }],
      ['data_source_recipient_test.go: a Slack channel', { type: 'slack', details: { slack_channel: '#test.abcdefghijkl' } }],
      ['resource_slack_recipient.go: a channel id', { type: 'slack', details: { slack_channel: 'CABC123DEF' } }],
      ['examples pagerduty_recipient/resource.tf (the key is not in a document)', { type: 'pagerduty', details: { pagerduty_integration_name: 'Production on-call notifications' } }],
      [
        'client/recipient_test.go TestRecipientsWebhooksandMSTeams: msteams_workflow',
        { type: 'msteams_workflow', details: { webhook_name: 'test.abcdefghij', webhook_url: 'https://abcdefghij.example.com/x' } },
      ],
      [
        'client/recipient_test.go TestRecipientsCustomWebhook: header, template, variable',
        webhook({
          webhook_headers: [{ header: 'Authorization' }],
          webhook_payloads: { payload_templates: { trigger: { body: '{"hello": "world"}' } }, template_variables: [{ name: 'severity', default_value: 'warning' }] },
        }),
      ],
      ['webhook_recipient_resource_test.go: a header with no value', webhook({ webhook_headers: [{ header: 'Authorization' }], webhook_payloads: { payload_templates: { trigger: { body: '{}' } } } })],
      [
        'webhook_recipient_resource_test.go: a variable with no default value',
        webhook({ webhook_payloads: { payload_templates: { trigger: { body: '{}' } }, template_variables: [{ name: 'severity' }] } }),
      ],
    ];
    for (const [source, document] of valid) it(source, () => assert.deepEqual(recipientProblems(document), []));
  });

  describe('what Honeycomb refuses is an error', () => {
    it('a new msteams recipient (client test expects an error; recipients_test.go "Creating new MSTeams recipients is no longer possible")', () => {
      const problems = errors({ type: 'msteams', details: { webhook_name: 'test', webhook_url: 'https://nope.example.com' } });
      assert.deepEqual(paths(problems), ['type']);
      assert.match(problems[0].message, /read-only here.*msteams_workflow/s);
    });
    it('an existing msteams recipient too: the document says why, and the save is refused', () => {
      const legacy = { type: 'msteams', details: { webhook_name: 'Production Alerts', webhook_url: 'https://mycorp.webhook.office.com/webhookb2/abcd12345' } };
      assert.deepEqual(paths(errors(legacy, legacy)), ['type']);
    });
    it('a changed type (API: "Updates to the Recipient Type is not supported")', () => {
      const problems = errors({ type: 'slack', details: { slack_channel: '#a' } }, { type: 'email', details: { email_address: 'a@example.com' } });
      assert.deepEqual(paths(problems), ['type']);
      assert.match(problems[0].message, /cannot change.*"email"/);
    });
    it('a missing required detail (API required: webhook_name, webhook_url)', () => {
      assert.deepEqual(paths(errors({ type: 'webhook', details: { webhook_name: 'x' } })), ['details.webhook_url']);
      assert.deepEqual(paths(errors({ type: 'pagerduty', details: {} })), ['details.pagerduty_integration_name']);
    });
    it('a variable name against the API pattern ^[a-z](?:[a-zA-Z0-9]+$)?$', () => {
      const bad = webhook({ webhook_payloads: { payload_templates: { trigger: { body: '{}' } }, template_variables: [{ name: 'Severity' }, { name: 'sev-1' }, { name: 'ok9' }] } });
      assert.deepEqual(paths(errors(bad)), ['details.webhook_payloads.template_variables.0.name', 'details.webhook_payloads.template_variables.1.name']);
    });
    it('more than 5 headers or 10 variables (API limits; provider SizeAtMost)', () => {
      const six = webhook({ webhook_headers: ['A', 'B', 'C', 'D', 'E', 'F'].map((h) => ({ header: `X-${h}` })) });
      assert.deepEqual(paths(errors(six)), ['details.webhook_headers']);
      assert.deepEqual(errors(webhook({ webhook_headers: ['A', 'B', 'C', 'D', 'E'].map((h) => ({ header: `X-${h}` })) })), []);
      const eleven = webhook({ webhook_payloads: { payload_templates: { trigger: { body: '{}' } }, template_variables: Array.from({ length: 11 }, (_, i) => ({ name: `v${i}` })) } });
      assert.deepEqual(paths(errors(eleven)), ['details.webhook_payloads.template_variables']);
    });
    it('a secret typed into the document (it would show in the plan): each names its command', () => {
      const typed = webhook({ webhook_secret: 'so-secret', webhook_headers: [{ header: 'Authorization', value: 'Bearer abc123' }] });
      const problems = errors(typed);
      assert.deepEqual(paths(problems), ['details.webhook_secret', 'details.webhook_headers.0.value']);
      assert.match(problems[0].message, /Set Webhook Secret…/);
      assert.match(problems[1].message, /Set Header Value…/);
      assert.match(errors({ type: 'pagerduty', details: { pagerduty_integration_name: 'x', pagerduty_integration_key: 'k'.repeat(32) } })[0].message, /Set Integration Key…/);
    });
  });

  describe('what only the provider refuses is a warning', () => {
    it('an invalid header name (validateInvalidWebhookHeader: "é")', () => {
      const document = webhook({ webhook_headers: [{ header: 'é' }], webhook_payloads: { payload_templates: { trigger: { body: 'body' } } } });
      assert.deepEqual(errors(document), []);
      assert.deepEqual(paths(warnings(document)), ['details.webhook_headers.0.header']);
    });
    it('a duplicate variable name (validateDuplicateVariableName)', () => {
      const document = webhook({
        webhook_payloads: {
          payload_templates: { trigger: { body: 'body' } },
          template_variables: [
            { name: 'severity', default_value: 'critical' },
            { name: 'severity', default_value: 'warning' },
          ],
        },
      });
      assert.deepEqual(paths(warnings(document)), ['details.webhook_payloads.template_variables.1.name']);
      assert.deepEqual(errors(document), []);
    });
    it('variables without a template (validateVariableMustHaveTemplate)', () => {
      assert.deepEqual(paths(warnings(webhook({ webhook_payloads: { template_variables: [{ name: 'severity', default_value: 'critical' }] } }))), ['details.webhook_payloads.template_variables']);
    });
    it('a header Honeycomb sets itself (webhookHeaderDefaults, any case)', () => {
      assert.deepEqual(paths(warnings(webhook({ webhook_headers: [{ header: 'content-type' }, { header: 'X-Honeycomb-Webhook-Token' }] }))), [
        'details.webhook_headers.0.header',
        'details.webhook_headers.1.header',
      ]);
    });
    it('a URL that is not http(s), an unparsable email address, a Slack channel without # or @', () => {
      assert.deepEqual(paths(warnings({ type: 'msteams_workflow', details: { webhook_name: 'x', webhook_url: 'ftp://files.example.com' } })), ['details.webhook_url']);
      assert.deepEqual(paths(warnings({ type: 'email', details: { email_address: 'not an address' } })), ['details.email_address']);
      assert.deepEqual(warnings({ type: 'email', details: { email_address: 'On call <oncall@example.com>' } }), []);
      assert.deepEqual(paths(warnings({ type: 'slack', details: { slack_channel: 'alerts' } })), ['details.slack_channel']);
    });
  });
});
