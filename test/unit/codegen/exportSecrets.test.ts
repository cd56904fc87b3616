import * as assert from 'node:assert/strict';
import * as ts from 'typescript';
import { ApiRecipient, toRecipient } from '../../../src/clients/honeycomb';
import { AuthentikKind } from '../../../src/clients/authentik/resources/kinds';
import { JsonObject } from '../../../src/editing/kind';
import { authentikPulumi, authentikTerraform } from '../../../src/views/authentik/kinds/code';
import { triggerPulumi, triggerTerraform } from '../../../src/views/honeycomb/kinds/triggerCode';
import { EnvContext } from '../../../src/views/honeycomb/objects';
import { pulumiSnippet, terraformSnippet } from '../../../src/views/honeycomb/snippets';
import { marker } from '../leaks/markers';
import { TERRAFORM_NAME, readHcl, typeScriptErrors } from './parsedCode';

/**
 * Issue 28, "secrets in exports": a secret field of an exported resource is neither written out
 * nor dropped without a trace. Terraform gets a sensitive `variable` the resource reads
 * (`key_data = var.…`), Pulumi `config.requireSecret("…")`, each with a comment saying where the
 * value lives; the secret's value, present in the object read from the server, is in neither.
 */

const CANARY = marker('ExportCanary');

interface SecretCase {
  kind: AuthentikKind;
  object: JsonObject;
  /** The provider's attribute, and Pulumi's name for it. */
  attribute: string;
  property: string;
}

const SECRET_CASES: SecretCase[] = [
  { kind: 'certificateKeyPair', object: { pk: 'c-1', name: 'SAML signing', private_key_available: true, key_data: CANARY }, attribute: 'key_data', property: 'keyData' },
  { kind: 'license', object: { license_uuid: 'l-1', name: 'Acme Enterprise', key: `eyJhbGciOiJFUzUxMiJ9.${CANARY}.sig` }, attribute: 'key', property: 'key' },
  {
    kind: 'eventTransport',
    object: { pk: 't-1', name: 'Slack alerts', mode: 'slack', webhook_url: `https://hooks.slack.com/services/${CANARY}`, send_once: false },
    attribute: 'webhook_url',
    property: 'webhookUrl',
  },
  {
    kind: 'browserConnector',
    object: { connector_uuid: 'b-1', name: 'Chrome fleet', enabled: true, credentials: { type: 'service_account', private_key: CANARY } },
    attribute: 'credentials',
    property: 'credentials',
  },
];

/** The resource block's attributes and the declared variables of a Terraform text. */
async function terraformParts(text: string): Promise<{ attributes: Record<string, unknown>; variables: Record<string, Record<string, unknown>> }> {
  const { json } = await readHcl(text);
  const resources = Object.values(json.resource as Record<string, Record<string, Array<Record<string, unknown>>>>);
  const variables = Object.fromEntries(Object.entries((json.variable ?? {}) as Record<string, Array<Record<string, unknown>>>).map(([name, [body]]) => [name, body]));
  return { attributes: Object.values(resources[0])[0][0], variables };
}

/** `{ property: config.requireSecret("key") }` in a Pulumi text: the method and key, or undefined. */
function configRead(text: string, property: string): { method: string; key: string } | undefined {
  const source = ts.createSourceFile('export.ts', text, ts.ScriptTarget.ES2022, true);
  let found: { method: string; key: string } | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAssignment(node) && node.name.getText(source) === property && ts.isCallExpression(node.initializer)) {
      const callee = node.initializer.expression;
      const [key] = node.initializer.arguments;
      if (ts.isPropertyAccessExpression(callee) && callee.expression.getText(source) === 'config' && key && ts.isStringLiteral(key)) found = { method: callee.name.text, key: key.text };
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('generated code: secrets in resource exports', () => {
  for (const { kind, object, attribute, property } of SECRET_CASES) {
    it(`${kind}: Terraform reads ${attribute} from a sensitive variable, and the secret is not in the text`, async () => {
      const text = authentikTerraform(kind, object);
      assert.ok(!text.includes(CANARY), 'the secret value is not written');
      const { attributes, variables } = await terraformParts(text);
      const name = /^\$\{var\.(.+)\}$/.exec(String(attributes[attribute]))?.[1];
      assert.ok(name, `${attribute} = var.<name>, not ${JSON.stringify(attributes[attribute])}`);
      assert.match(name, TERRAFORM_NAME);
      assert.deepEqual(variables[name], { type: '${string}', sensitive: true });
      const comment = text.slice(0, text.indexOf(`variable "${name}"`));
      assert.match(comment, new RegExp(`# authentik keeps ${attribute} secret: .+\\.\\n# Set it with TF_VAR_${name} or in a \\.tfvars file that is not committed\\.\\n$`));
    });

    it(`${kind}: Pulumi reads ${property} with config.requireSecret, and the secret is not in the text`, () => {
      const text = authentikPulumi(kind, object);
      assert.ok(!text.includes(CANARY), 'the secret value is not written');
      const read = configRead(text, property);
      assert.equal(read?.method, 'requireSecret', `${property}: config.requireSecret(…)`);
      assert.equal(text.split('new pulumi.Config()').length - 1, 1, 'one Config');
      assert.match(text, new RegExp(`// Set it with \`pulumi config set --secret ${read.key}\``));
      assert.deepEqual(typeScriptErrors(new Map([['export.ts', text]])).get('export.ts'), []);
    });
  }

  it('a secret that is not set makes no variable: a certificate without a key, an e-mail transport', async () => {
    const noKey = await terraformParts(authentikTerraform('certificateKeyPair', { pk: 'c-2', name: 'Public CA', private_key_available: false }));
    assert.equal(noKey.attributes.key_data, undefined);
    assert.deepEqual(Object.keys(noKey.variables), ['public_ca_certificate_data']);
    const email = await terraformParts(authentikTerraform('eventTransport', { pk: 't-2', name: 'Mail', mode: 'email', webhook_url: '' }));
    assert.deepEqual(email.variables, {});
    assert.equal(email.attributes.webhook_url, undefined);
    assert.equal(configRead(authentikPulumi('eventTransport', { pk: 't-2', name: 'Mail', mode: 'email', webhook_url: '' }), 'webhookUrl'), undefined);
  });

  it('the certificate, which authentik never returns, is a plain variable to fill in (the provider requires it)', async () => {
    const text = authentikTerraform('certificateKeyPair', { pk: 'c-1', name: 'SAML signing', private_key_available: true });
    const { attributes, variables } = await terraformParts(text);
    assert.equal(attributes.certificate_data, '${var.saml_signing_certificate_data}');
    assert.deepEqual(variables.saml_signing_certificate_data, { type: '${string}' });
    assert.deepEqual(configRead(authentikPulumi('certificateKeyPair', { pk: 'c-1', name: 'SAML signing' }), 'certificateData'), { method: 'require', key: 'samlSigningCertificateData' });
  });

  it('the enrollment key is the provider’s to read (computed): neither written nor asked for', () => {
    const token = { token_uuid: 'e-1', name: 'Laptops', connector: 'a-1', key: CANARY, expiring: true };
    const terraform = authentikTerraform('enrollmentToken', token);
    const pulumi = authentikPulumi('enrollmentToken', token);
    assert.ok(!terraform.includes(CANARY) && !pulumi.includes(CANARY));
    assert.doesNotMatch(terraform, /variable|var\./);
    assert.doesNotMatch(pulumi, /config/);
  });

  it('Honeycomb: no export writes a recipient’s secret (webhook secret and headers, PagerDuty key)', async () => {
    const env: EnvContext = { apiUrl: 'https://api.honeycomb.io', teamSlug: 'acme', teamName: 'Acme', envSlug: 'prod', envName: 'Prod', classic: false };
    const raws: ApiRecipient[] = [
      {
        id: 'wh1',
        type: 'webhook',
        details: { webhook_name: 'Incident bot', webhook_url: 'https://hooks.acme.example/x', webhook_secret: CANARY, webhook_headers: [{ header: 'Authorization', value: CANARY }] },
      },
      { id: 'pd1', type: 'pagerduty', details: { pagerduty_integration_name: 'Acme Production', pagerduty_integration_key: CANARY } },
    ];
    const texts = raws.flatMap((raw) => {
      const object = { kind: 'recipient' as const, env, item: toRecipient(raw) };
      return [terraformSnippet(object), pulumiSnippet(object)];
    });
    const trigger = { name: 'High 5xx', query_id: 'q1', threshold: { op: '>', value: 1 }, frequency: 300, recipients: raws.map((r) => ({ id: r.id, type: r.type })) };
    texts.push(triggerTerraform(trigger, { dataset: 'api', id: 'tr1' }), triggerPulumi(trigger, { dataset: 'api', id: 'tr1' }));
    for (const text of texts) assert.ok(!text.includes(CANARY), text);
    assert.ok((await readHcl(texts[0])).literals.includes('Incident bot'), 'the webhook is looked up by its name');
  });
});
