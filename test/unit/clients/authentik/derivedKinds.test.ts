import * as assert from 'node:assert/strict';
import { creatableKindsOf, derivedKind, documentSchemaOf, refusalsOf, templateOf } from '../../../../src/clients/authentik/resources/derivedKinds';
import { KINDS_TABLE, humanName } from '../../../../src/clients/authentik/resources/kindsTable';
import { polymorphicKey } from '../../../../src/clients/authentik/resources/polymorphicKey';
import { documentOf } from '../../../../src/editing/document';
import { checkAllowed } from '../../../../src/editing/kind';
import { validateDocument } from '../../../../src/editing/validate';
import { SET_SECRET_FIELD, derivedEditableKind } from '../../../../src/views/authentik/kinds/derivedKind';
import { loadYamlDocument } from '../../../servers/openapi/loadDocument';

type Schema = { properties?: Record<string, { writeOnly?: boolean }>; required?: string[] };

/**
 * The kinds derived from the API description (2026.8.3) for every object the authentik tree shows
 * beyond the 13 managed ones: write-only fields become secrets, objects of the polymorphic lists
 * go to their typed endpoint, and what the API lacks is a stated reason.
 */
describe('authentik kinds derived from the API description', function () {
  this.timeout(20_000);
  const unusedBackend = {
    read: () => Promise.reject(new Error('not used')),
    create: () => Promise.reject(new Error('not used')),
    update: () => Promise.reject(new Error('not used')),
    remove: () => Promise.reject(new Error('not used')),
  };
  const editable = (key: string) => derivedEditableKind(derivedKind(key)!, { backend: unusedBackend, location: () => 'authentik at id.example.com' });

  it('makes write-only fields secrets: never in a document, refused there with the command that sets them', async () => {
    const doc = loadYamlDocument('authentik.schema.yml').data as { components: { schemas: Record<string, Schema> } };
    const ldap = derivedKind('LDAPSource')!;
    const declared = Object.entries(doc.components.schemas.LDAPSourceRequest.properties ?? {})
      .filter(([, p]) => p.writeOnly)
      .map(([name]) => name);
    assert.deepEqual(declared, ['bind_password']);
    assert.deepEqual(
      ldap.spec.secrets.map((s) => s.name),
      declared,
    );
    const kind = editable('LDAPSource');
    const document = documentOf(kind, { name: 'corp', slug: 'corp', bind_password: 'hunter2', server_uri: 'ldaps://dc.example.com' });
    assert.equal('bind_password' in document, false, 'a secret never sits in a document');
    const problems = await validateDocument(kind, { ...document, bind_password: 'hunter2' }, document);
    const secret = problems.find((p) => p.path[0] === 'bind_password');
    assert.equal(secret?.severity, 'error');
    assert.match(secret.message, new RegExp(SET_SECRET_FIELD.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    assert.equal(JSON.stringify(documentSchemaOf(ldap.row, kind.hiddenFields ?? [])).includes('bind_password'), false, 'nor in its schema');
  });

  it('keeps secrets the API returns in clear (an OAuth2 client secret) out of documents too, as the Terraform provider marks them sensitive', async () => {
    const oauth = derivedKind('OAuth2Provider')!;
    assert.deepEqual(
      oauth.spec.secrets.map((s) => [s.name, s.where]),
      [['client_secret', 'returnedField']],
    );
    const kind = editable('OAuth2Provider');
    const read = { pk: 4, name: 'Grafana', client_id: 'grafana', client_secret: 'Zq8-not-for-documents', redirect_uris: [], authorization_flow: 'a1b2' };
    const document = documentOf(kind, read);
    assert.equal('client_secret' in document, false, 'the client secret never sits in a document');
    assert.equal(JSON.stringify(document).includes('Zq8-not-for-documents'), false);
    const problems = await validateDocument(kind, { ...document, client_secret: 'typed-in' }, document);
    assert.equal(problems.find((p) => p.path[0] === 'client_secret')?.severity, 'error', 'typed into a document it is refused, with the command that sets it');
  });

  it('routes each object of a polymorphic list to its typed endpoint by meta_model_name, or by component', () => {
    const oauth = { meta_model_name: 'authentik_providers_oauth2.oauth2provider', component: 'ak-provider-oauth2-form' };
    assert.equal(derivedKind(polymorphicKey('provider', oauth))?.spec.collectionPath, '/providers/oauth2/');
    assert.equal(derivedKind(polymorphicKey('provider', { component: oauth.component }))?.spec.collectionPath, '/providers/oauth2/');
    assert.equal(derivedKind('stage:ak-stage-authenticator-duo-form')?.spec.collectionPath, '/stages/authenticator/duo/');
    assert.equal(derivedKind('stage:ak-stage-prompt-form')?.spec.collectionPath, '/stages/prompt/stages/', 'a nested path is named by its first part');
    assert.equal(derivedKind('propertyMapping:ak-property-mapping-provider-scope-form')?.spec.collectionPath, '/propertymappings/provider/scope/');
    assert.equal(derivedKind('source:ak-source-ldap-form')?.spec.lookupParam, 'slug');
    assert.equal(derivedKind('provider:ak-provider-nothing-form'), undefined);
    // Every typed kind of every family is reachable from its meta_model_name, and lands on itself.
    for (const family of Object.keys(KINDS_TABLE.families)) {
      const members = Object.entries(KINDS_TABLE.kinds).filter(([, row]) => row.family === family);
      assert.ok(members.length >= 2, `${family} has typed kinds`);
      for (const [name, row] of members) assert.equal(derivedKind(row.model!)?.name, name);
    }
  });

  it('gives a stated reason for what the API does not allow, and none where it does', () => {
    const scimUser = KINDS_TABLE.kinds.SCIMProviderUser;
    assert.equal(scimUser.ops.includes('u'), false, 'the document has no PATCH for it');
    assert.match(refusalsOf('SCIMProviderUser', scimUser).edit ?? '', /no PATCH for \/providers\/scim_users\/\{id\}\/.*only deleted/);
    const permission = refusalsOf('Permission', KINDS_TABLE.kinds.Permission);
    assert.ok(permission.edit && permission.create && permission.delete, JSON.stringify(permission));
    assert.deepEqual(refusalsOf('OAuth2Provider', KINDS_TABLE.kinds.OAuth2Provider), {});
    assert.throws(() => checkAllowed(editable('Permission'), 'delete'), /no DELETE for \/rbac\/permissions\/\{id\}\//);
    assert.doesNotThrow(() => checkAllowed(editable('User'), 'delete'));
  });

  it('leaves the 13 managed kinds to their hand-tuned specs', () => {
    assert.equal(derivedKind('Flow'), undefined);
    assert.equal(derivedKind('authentik_flows.flow'), undefined);
    assert.ok(derivedKind('User') && derivedKind('Group') && derivedKind('Outpost'));
  });

  it('offers the creatable types of a family for New…, by readable names', () => {
    const labels = creatableKindsOf('provider').map((k) => k.spec.label);
    assert.ok(labels.includes('OAuth2 provider') && labels.includes('SAML provider'), labels.join(', '));
    assert.equal(labels.includes('SCIM provider user'), false, 'not a member of the providers list');
    // The webhook mapping's item schema has no meta_model_name; authentik lists it in /propertymappings/all/ all the same.
    const mappings = creatableKindsOf('propertyMapping').map((k) => k.name);
    assert.ok(mappings.includes('NotificationWebhookMapping'), mappings.join(', '));
    assert.ok(!creatableKindsOf('stage').some((k) => k.name === 'Prompt' || k.name === 'Invitation'), 'a prompt and an invitation are no stages');
    assert.ok(!creatableKindsOf('policy').some((k) => k.name === 'PolicyBinding'), 'a binding is no policy');
    assert.equal(humanName('SAMLSourcePropertyMapping'), 'SAML source property mapping');
  });

  it('starts a new object with every required field the document can hold', () => {
    const row = KINDS_TABLE.kinds.OAuth2Provider;
    const template = templateOf(row);
    assert.deepEqual(Object.keys(template).sort(), [...(row.required ?? [])].sort());
    assert.equal(template.name, 'New OAuth2 provider');
  });

  it('follows a renamed slug, and keeps a create-only uuid out of the document', () => {
    const source = editable('OAuthSource');
    assert.deepEqual(source.addressOf?.({ slug: 'github-2' }, { id: 'github' }), { id: 'github-2' });
    const fleet = derivedKind('FleetConnector')!;
    assert.deepEqual(fleet.spec.createOnlyFields, ['connector_uuid']);
    assert.equal('connector_uuid' in documentOf(editable('FleetConnector'), { connector_uuid: 'c-1', name: 'fleet' }), false);
  });
});
