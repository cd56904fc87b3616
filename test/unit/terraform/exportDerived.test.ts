import * as assert from 'node:assert/strict';
import type { AuthentikClient } from '../../../src/clients/authentik';
import { KINDS_TABLE } from '../../../src/clients/authentik/resources/kindsTable';
import { derivedKind } from '../../../src/clients/authentik/resources/derivedKinds';
import { derivedTerraformOf } from '../../../src/clients/authentik/resources/terraformTable';
import { JsonObject } from '../../../src/editing/kind';
import { readAuthentikInstance } from '../../../src/terraform/export/authentikInstance';
import { terraformFile } from '../../../src/terraform/export/exportFile';
import { derivedEditableKind } from '../../../src/views/authentik/kinds/derivedKind';
import { blockNames, readHcl, typeScriptErrors } from '../codegen/parsedCode';

/**
 * Issue 32, providers, stages and property mappings as the goauthentik/authentik provider's
 * resources (schemas/authentik-terraform.json, generated from its sources): the table covers every
 * provider and stage type, Copy as Terraform on one of them writes the block and import the export
 * writes, and an object of a type the provider lacks is named in the file's header.
 */
describe('Export as Terraform: authentik providers, stages and property mappings', () => {
  it('has a resource for every provider and stage type of the API, under the provider’s attribute names', () => {
    const lacking = Object.entries(KINDS_TABLE.kinds)
      .filter(([, row]) => row.family === 'provider' || row.family === 'stage')
      .filter(([name]) => !derivedTerraformOf(name))
      .map(([name]) => name);
    assert.deepEqual(lacking, []);
    const oauth2 = derivedTerraformOf('OAuth2Provider')!;
    assert.equal(oauth2.resourceType, 'authentik_provider_oauth2');
    assert.equal(oauth2.renamedAttributes.redirect_uris, 'allowed_redirect_uris');
    assert.deepEqual(oauth2.sensitiveFields, ['client_secret']);
    assert.equal(derivedTerraformOf('LDAPProvider')!.renamedAttributes.authorization_flow, 'bind_flow');
    assert.equal(derivedTerraformOf('TelegramSourcePropertyMapping'), undefined);
  });

  it('keeps secret every field the provider marks sensitive (a secret of the kind is never written out)', () => {
    const open: string[] = [];
    for (const name of Object.keys(KINDS_TABLE.kinds)) {
      const kind = derivedKind(name);
      const tf = kind && derivedTerraformOf(name);
      for (const field of tf?.sensitiveFields ?? []) if (!kind!.spec.secrets.some((s) => s.name === field)) open.push(`${name}.${field}`);
    }
    assert.deepEqual(open, []);
    assert.ok(derivedTerraformOf('SCIMProvider')!.sensitiveFields.includes('token'));
  });

  const parts = { backend: {} as never, location: () => 'test' };

  it('Copy as Terraform on a stage: the resource with its import block, a secret as a sensitive variable', async () => {
    const kind = derivedKind('CaptchaStage')!;
    const code = derivedEditableKind(kind, parts).code!;
    const object: JsonObject = {
      pk: '5c0a-captcha',
      name: 'signup captcha',
      public_key: 'site-key',
      private_key: 'very-secret-key',
      js_url: 'https://www.google.com/recaptcha/api.js',
      interactive: false,
    };
    const text = await code.terraform(object, {});
    const read = await readHcl(text);
    const [block] = (read.json.resource as Record<string, Record<string, Array<Record<string, unknown>>>>).authentik_stage_captcha.signup_captcha;
    assert.equal(block.public_key, 'site-key');
    assert.match(String(block.private_key), /^\$\{var\.[a-z_]+\}$/);
    assert.ok(!text.includes('very-secret-key'), 'the private key is never written');
    assert.deepEqual(blockNames(read.json).imports, ['authentik_stage_captcha.signup_captcha']);
    assert.equal((read.json.import as Array<{ id: string }>)[0].id, '5c0a-captcha');
    const variable = (read.json.variable as Record<string, Array<{ sensitive?: boolean }>>)[/var\.([a-z_]+)/.exec(String(block.private_key))![1]];
    assert.equal(variable[0].sensitive, true);
    const ts = await code.pulumi(object, {});
    assert.deepEqual(typeScriptErrors(new Map([['index.ts', ts]])).get('index.ts'), []);
    assert.match(ts, /new authentik\.StageCaptcha\("signup-captcha", \{[^]*privateKey: config\.requireSecret\(/);
  });

  it('offers no Copy as Terraform for a type the provider has no resource for', () => {
    assert.equal(derivedEditableKind(derivedKind('TelegramSourcePropertyMapping')!, parts).code, undefined);
  });

  it('names in the header what it read and could not write, and writes the rest', async () => {
    const mappings = [
      { pk: 'm1', name: 'telegram username', meta_model_name: 'authentik_sources_telegram.telegramsourcepropertymapping' },
      { pk: 'm2', name: 'openid', meta_model_name: 'authentik_providers_oauth2.scopemapping' },
    ];
    const objects: Record<string, JsonObject> = { m2: { pk: 'm2', name: 'openid', expression: 'return {}', scope_name: 'openid' } };
    const client = {
      listPropertyMappings: async () => ({ items: mappings, next: undefined }),
      objects: async () => ({ retrieve: async (id: string) => objects[id] }),
    } as unknown as AuthentikClient;
    const contents = await readAuthentikInstance(client, { title: 't', kinds: [], families: ['propertyMapping'], lists: [] });
    const text = terraformFile(contents);
    assert.match(text, /^# - property mappings: “telegram username” \(Telegram source property mapping\): the provider has no resource for this type\.$/m);
    const read = await readHcl(text);
    assert.deepEqual(blockNames(read.json).resources, ['authentik_property_mapping_provider_scope.openid']);
  });
});
