import * as assert from 'node:assert/strict';
import { ApiRecipient, matchesRecipient, recipientFields, toRecipient } from '../../../src/clients/honeycomb';

/**
 * Recipient lookups do what the data source documents where the Terraform provider's code does
 * not: the requested type is really compared, and a filter compares the field it names.
 */
const recipients: ApiRecipient[] = [
  { id: 'e1', type: 'email', details: { email_address: 'oncall@acme.example' } },
  { id: 's1', type: 'slack', details: { slack_channel: '#alerts' } },
  { id: 'p1', type: 'pagerduty', details: { pagerduty_integration_name: 'Prod', pagerduty_integration_key: 'k'.repeat(32) } },
  { id: 'w1', type: 'webhook', details: { webhook_name: 'oncall@acme.example', webhook_url: 'https://hooks.example/a', webhook_secret: 's' } },
  { id: 't1', type: 'msteams_workflow', details: { webhook_name: 'Ops', webhook_url: 'https://logic.example/b' } },
];
const items = recipients.map(toRecipient);
const ids = (type: string | undefined, filter?: Parameters<typeof matchesRecipient>[2]): string[] => items.filter((r) => matchesRecipient(r, type, filter)).map((r) => r.id);

describe('Honeycomb recipient matching', () => {
  it('CHOICE type: a type-only lookup finds only that type (the provider matched every recipient)', () => {
    assert.deepEqual(ids('email'), ['e1']);
    assert.deepEqual(ids('pagerduty'), ['p1']);
    assert.deepEqual(ids(undefined), ['e1', 's1', 'p1', 'w1', 't1'], 'no type: all of them');
  });

  it('CHOICE type: a value that another type also has does not leak across types', () => {
    // The webhook is *named* like the email address; an email lookup must not find it.
    assert.deepEqual(ids('email', { name: 'address', value: 'oncall@acme.example' }), ['e1']);
    assert.deepEqual(ids('webhook', { name: 'name', value: 'oncall@acme.example' }), ['w1']);
  });

  it('CHOICE field: the filter compares the field it names, not one chosen by the recipient’s type', () => {
    // The provider compared webhook_name OR webhook_url for webhooks whatever the filter named.
    assert.deepEqual(ids('webhook', { name: 'url', value: 'oncall@acme.example' }), []);
    assert.deepEqual(ids('webhook', { name: 'url', value: 'https://hooks.example/a' }), ['w1']);
    assert.deepEqual(ids(undefined, { name: 'address', value: 'oncall@acme.example' }), ['e1'], 'a webhook has no address');
    assert.deepEqual(ids('pagerduty', { name: 'integration_name', value: 'Prod' }), ['p1']);
    assert.deepEqual(ids('pagerduty', { name: 'integrationName', value: 'Prod' }), ['p1'], 'any spelling of the field name');
  });

  it('value is exact, valueRegex unanchored, and operators work as for other filters', () => {
    assert.deepEqual(ids('slack', { name: 'channel', value: 'alerts' }), []);
    assert.deepEqual(ids('slack', { name: 'channel', valueRegex: 'alerts' }), ['s1']);
    assert.deepEqual(ids(undefined, { name: 'url', operator: 'contains', value: 'logic' }), ['t1']);
  });

  it('maps every type’s details to the provider’s field names, required ones always present', () => {
    assert.deepEqual(recipientFields({ type: 'webhook' }), ['name', 'url', 'secret']);
    const bare = toRecipient({ id: 'w2', type: 'webhook', details: { webhook_name: 'n', webhook_url: 'u' } });
    assert.equal(bare.secret, '', 'a webhook without a secret still has the (required) field');
    const pd = items.find((r) => r.id === 'p1');
    assert.equal(pd?.integrationKey, 'k'.repeat(32));
    assert.equal(pd?.integrationName, 'Prod');
    assert.equal(items.find((r) => r.id === 't1')?.url, 'https://logic.example/b');
  });
});
