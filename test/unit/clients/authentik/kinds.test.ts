import * as assert from 'node:assert/strict';
import { AUTHENTIK_KINDS, AUTHENTIK_KIND_NAMES, displayNameOf, idOf, itemPathOf, terraformImportOf } from '../../../../src/clients/authentik/resources/kinds';
import { KIND_NOTES } from '../../../../src/clients/authentik/resources/kindNotes';
import { loadYamlDocument } from '../../../servers/openapi/loadDocument';

type Schema = { properties?: Record<string, { readOnly?: boolean; writeOnly?: boolean }>; required?: string[] };
type Operation = { parameters?: Array<{ $ref?: string; name?: string; in?: string }>; requestBody?: { content: Record<string, { schema: { $ref?: string } }> } };

/**
 * The kinds table against the official schema (authentik 2026.8.3): every path, method, path
 * parameter, field list and filter the table states is re-derived from schema.yml here, so a
 * wrong entry (or a schema update) fails this test instead of a user's request.
 */
describe('authentik managed kinds table', function () {
  this.timeout(20_000);
  let doc: { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema>; parameters: Record<string, { name: string }> } };
  before(() => {
    doc = loadYamlDocument('authentik.schema.yml').data as typeof doc;
  });

  const schema = (name: string) => {
    const s = doc.components.schemas[name];
    assert.ok(s, `schema ${name} exists`);
    return s;
  };
  const props = (name: string) => Object.keys(schema(name).properties ?? {});
  const sorted = (xs: readonly string[]) => [...xs].sort();
  const listParams = (collectionPath: string) => (doc.paths[collectionPath].get.parameters ?? []).map((p) => (p.$ref ? doc.components.parameters[p.$ref.split('/').pop()!].name : p.name!));

  it('covers the 13 managed resources of the seed, each once', () => {
    assert.deepEqual(
      sorted(AUTHENTIK_KIND_NAMES.map((k) => AUTHENTIK_KINDS[k].seedName)),
      sorted([
        'Application',
        'ApplicationEntitlement',
        'Blueprint',
        'Brand',
        'CertificateKeyPair',
        'EndpointsConnectorAgent',
        'EndpointsConnectorAgentEnrollmentToken',
        'EndpointsBrowserConnector',
        'EnterpriseLicense',
        'EventRule',
        'EventTransport',
        'Flow',
        'FlowStageBinding',
      ]),
    );
  });

  for (const kind of Object.keys(AUTHENTIK_KINDS) as Array<keyof typeof AUTHENTIK_KINDS>) {
    const spec = AUTHENTIK_KINDS[kind];
    describe(`${kind} (${spec.collectionPath})`, () => {
      it('has list+create on the collection and retrieve/PUT/PATCH/DELETE/used_by on the item, with the lookup parameter', () => {
        const collection = doc.paths[spec.collectionPath];
        assert.ok(collection?.get && collection.post, 'GET and POST on the collection');
        const item = doc.paths[`${spec.collectionPath}{${spec.lookupParam}}/`];
        assert.ok(item, `item path with {${spec.lookupParam}}`);
        for (const m of ['get', 'put', 'patch', 'delete']) assert.ok(item[m], `${m} on the item`);
        assert.equal(!!doc.paths[`${spec.collectionPath}{${spec.lookupParam}}/used_by/`]?.get, spec.usedBy);
        const ref = (op: Operation | undefined) => op?.requestBody?.content['application/json'].schema.$ref;
        assert.equal(ref(collection.post), `#/components/schemas/${spec.schemas.create}`);
        assert.equal(ref(item.put), `#/components/schemas/${spec.schemas.create}`);
        assert.equal(ref(item.patch), `#/components/schemas/${spec.schemas.patch}`);
      });

      it('lists the writable, required, read-only and write-only fields the schema has', () => {
        assert.deepEqual(sorted(spec.writableFields), sorted(props(spec.schemas.create)), 'writable = the …Request fields');
        assert.deepEqual(sorted(props(spec.schemas.patch)), sorted(props(spec.schemas.create)), 'PATCH takes the same fields');
        assert.deepEqual(schema(spec.schemas.patch).required ?? [], [], 'every PATCH field is optional');
        assert.deepEqual(sorted(spec.requiredOnCreate), sorted(schema(spec.schemas.create).required ?? []));
        const read = props(spec.schemas.item);
        assert.deepEqual(sorted(spec.readOnlyFields), sorted(read.filter((f) => !spec.writableFields.includes(f))), 'read-only = read fields that cannot be written');
        assert.deepEqual(sorted(spec.writeOnlyFields), sorted(spec.writableFields.filter((f) => !read.includes(f))), 'write-only = written fields never returned');
        for (const f of spec.createOnlyFields) assert.ok(spec.writableFields.includes(f));
      });

      it('names fields that exist: id, display name, durations, JSON, references, secrets, parent', () => {
        const read = props(spec.schemas.item);
        assert.ok(read.includes(spec.idField), `${spec.idField} is a field of ${spec.schemas.item}`);
        assert.ok(read.includes(spec.displayField), `${spec.displayField} is a field`);
        for (const f of [...spec.durationFields, ...spec.jsonFields, ...Object.keys(spec.references)]) assert.ok(spec.writableFields.includes(f), `${f} is writable`);
        for (const s of spec.secrets) {
          if (s.where === 'writeOnlyField') assert.ok(spec.writeOnlyFields.includes(s.name));
          if (s.where === 'returnedField') assert.ok(read.includes(s.name) && spec.writableFields.includes(s.name), `${s.name} is returned`);
          if (s.where === 'revealEndpoint') assert.ok(doc.paths[`${spec.collectionPath}{${spec.lookupParam}}/${s.revealPath}`]?.get, `${s.revealPath} exists`);
        }
        if (spec.parent) {
          assert.ok(spec.writableFields.includes(spec.parent.field));
          assert.ok(props(AUTHENTIK_KINDS[spec.parent.kind].schemas.item).includes(spec.parent.parentField));
          assert.ok(listParams(spec.collectionPath).includes(spec.parent.field), 'the list filters by the parent');
        }
      });

      it('lists with search, as the tree does', () => {
        assert.ok(listParams(spec.collectionPath).includes('search'));
      });
    });
  }

  it('has notes for every kind and only for kinds', () => {
    assert.deepEqual(sorted(Object.keys(KIND_NOTES)), sorted(AUTHENTIK_KIND_NAMES));
  });

  it('finds the special actions at the paths the client calls', () => {
    for (const [path, method] of [
      ['/crypto/certificatekeypairs/generate/', 'post'],
      ['/managed/blueprints/{instance_uuid}/apply/', 'post'],
      ['/managed/blueprints/available/', 'get'],
      ['/flows/instances/{slug}/export/', 'get'],
      ['/events/transports/{uuid}/test/', 'post'],
      ['/endpoints/agents/enrollment_tokens/{token_uuid}/view_key/', 'get'],
      ['/enterprise/license/summary/', 'get'],
      ['/enterprise/license/install_id/', 'get'],
      ['/enterprise/license/forecast/', 'get'],
    ]) {
      assert.ok(doc.paths[path]?.[method], `${method.toUpperCase()} ${path}`);
    }
  });

  it('derives ids, names, item paths and Terraform import blocks from an object', () => {
    assert.equal(idOf('application', { slug: 'grafana', pk: 'x' }), 'grafana');
    assert.equal(idOf('eventTransport', { pk: 'abc' }), 'abc');
    assert.equal(itemPathOf('flow', 'a b/c'), '/flows/instances/a%20b%2Fc/');
    assert.equal(displayNameOf('brand', { domain: 'id.acme.example' }), 'id.acme.example');
    assert.equal(displayNameOf('flowStageBinding', { order: 20, stage_obj: { name: 'password' } }), '20 \u00b7 password');
    assert.equal(displayNameOf('license', { license_uuid: 'u-1', name: '' }), 'u-1', 'falls back to the id when the name is empty');
    assert.deepEqual(terraformImportOf('application', { slug: 'grafana', pk: '1' }), { resourceType: 'authentik_application', id: 'grafana' });
    assert.equal(terraformImportOf('flowStageBinding', { pk: 'fsb-1', order: 1 })?.id, 'fsb-1');
    assert.equal(terraformImportOf('browserConnector', { connector_uuid: 'c-1' })?.resourceType, 'authentik_endpoints_google_chrome_connector');
  });
});
