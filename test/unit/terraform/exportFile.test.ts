import * as assert from 'node:assert/strict';
import { pulumiFile, terraformFile } from '../../../src/terraform/export/exportFile';
import { recipientCode } from '../../../src/views/honeycomb/kinds/recipientCode';
import { triggerCode } from '../../../src/views/honeycomb/kinds/triggerCode';
import { readHcl } from '../codegen/parsedCode';
import { resourceLabels } from './exportedText';

/**
 * The whole-file renderer on its own: the order and names do not depend on the order answers
 * arrived in, a name two objects share is told apart, a value naming an object the file does not
 * hold stays a literal, and Pulumi refers only to what is declared above.
 */
const trigger = (id: string, name: string, recipient: string) => triggerCode({ name, frequency: 300, threshold: { op: '>', value: 1 }, recipients: [{ id: recipient }] }, { dataset: 'api', id });
const email = (id: string, address: string) => recipientCode({ id, type: 'email', details: { email_address: address } }, { id });

describe('Export as Terraform: one file of many objects', () => {
  const resources = [...email('r1', 'ops@acme.example'), ...trigger('t2', 'Errors', 'r1'), ...trigger('t1', 'Errors', 'r1'), ...trigger('t3', 'Latency', 'gone')];

  it('is the same whatever order the objects were read in', () => {
    const one = terraformFile({ title: 't', resources, notWritten: [] });
    const other = terraformFile({ title: 't', resources: [resources[0], ...resources.slice(1).reverse()], notWritten: [] });
    assert.equal(other, one);
    assert.equal(pulumiFile({ title: 't', resources: [resources[0], ...resources.slice(1).reverse()], notWritten: [] }), pulumiFile({ title: 't', resources, notWritten: [] }));
  });

  it('tells apart two objects of one name by their identity, and keeps a reference to an object it lacks a literal', async () => {
    const text = terraformFile({ title: 't', resources, notWritten: [] });
    assert.deepEqual(
      resourceLabels(text).map((l) => l.label),
      ['ops_acme_example', 'errors', 'errors_2', 'latency'],
    );
    assert.match(text, /to = honeycombio_trigger.errors\n {2}id = "api\/t1"/, 'the first by identity keeps the plain name');
    const read = await readHcl(text);
    assert.equal(read.references.filter((r) => r === 'honeycombio_email_recipient.ops_acme_example.id').length, 2);
    assert.ok(read.literals.includes('gone'), 'a recipient the file does not hold stays its id');
  });

  it('Pulumi refers only to what is declared above it', () => {
    const later = [...trigger('t1', 'Errors', 'r1'), ...email('r1', 'ops@acme.example')];
    const text = pulumiFile({ title: 't', resources: later, notWritten: [] });
    assert.match(text, /id: "r1"/, 'declared below: the literal id');
    assert.doesNotMatch(text, /opsAcmeExampleEmailRecipient\.id/);
    assert.match(pulumiFile({ title: 't', resources, notWritten: [] }), /id: opsAcmeExampleEmailRecipient\.id/);
  });
});
