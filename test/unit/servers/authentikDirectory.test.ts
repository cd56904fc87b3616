import * as assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { AUTHENTIK_TOKENS as T, startAuthentikStandIn, type AuthentikStandIn } from '../../servers/authentik';
import { SCALE } from '../../servers/authentik/directory/scale';
import { request } from './http';

const auth = { Authorization: `Bearer ${T.admin}` };

/** The directory endpoints of the authentik stand-in: envelope, filters, relations, scale. */
describe('authentik stand-in: directory', function () {
  this.timeout(30_000);
  let ak: AuthentikStandIn;
  before(async () => {
    ak = await startAuthentikStandIn();
  });
  after(() => ak.stop());
  afterEach(() => {
    assert.deepEqual(ak.violations, []);
    ak.reset();
  });

  const get = async (path: string) => {
    const r = await request(`${ak.url}/api/v3${path}`, { headers: auth });
    return { status: r.status, body: r.text ? r.json() : undefined };
  };

  it('answers every list the explorer reads with a schema-valid page', async () => {
    const lists = [
      '/core/brands/',
      '/crypto/certificatekeypairs/',
      '/flows/instances/',
      '/flows/bindings/',
      '/stages/all/',
      '/core/groups/',
      '/core/users/',
      '/core/applications/?superuser_full_list=true',
      '/providers/all/',
      '/providers/oauth2/',
      '/providers/saml/',
      '/sources/all/',
      '/propertymappings/all/',
      '/propertymappings/provider/rac/',
      '/propertymappings/provider/radius/',
      '/propertymappings/provider/saml/',
      '/propertymappings/provider/scim/',
      '/propertymappings/provider/scope/',
      '/propertymappings/source/ldap/',
      '/outposts/instances/',
      '/outposts/service_connections/all/',
      '/outposts/service_connections/kubernetes/',
      '/rbac/permissions/',
    ];
    for (const path of lists) {
      const { status, body } = await get(path);
      assert.equal(status, 200, path);
      assert.ok(body.results.length > 0, `${path} has objects`);
      assert.deepEqual(body.autocomplete, {});
    }
  });

  it('pages like authentik: default 20, at most 100, 1-based page numbers, 0 for none', async () => {
    const total = ak.seed.users.length;
    const first = (await get('/core/users/')).body;
    assert.deepEqual(first.pagination, { next: 2, previous: 0, count: total, current: 1, total_pages: Math.ceil(total / 20), start_index: 1, end_index: 20 });
    const capped = (await get('/core/users/?page_size=500&page=2')).body;
    assert.equal(capped.results.length, 100);
    assert.deepEqual([capped.pagination.previous, capped.pagination.start_index], [1, 101]);
    assert.equal((await get('/core/users/?page_size=abc')).body.results.length, 20, 'a bad page_size falls back to the default');
    assert.deepEqual(await get('/core/users/?page=9999'), { status: 404, body: { detail: 'Invalid page.' } });
    const empty = (await get('/core/groups/?name=nobody')).body;
    assert.deepEqual(empty.pagination, { next: 0, previous: 0, count: 0, current: 1, total_pages: 1, start_index: 0, end_index: 0 });
  });

  it('expands group relations only when asked, as include_* flags say', async () => {
    const plain = (await get('/core/groups/?name=Platform')).body.results[0];
    assert.equal(plain.parents_obj, null);
    assert.equal(plain.children_obj, null);
    assert.ok(Array.isArray(plain.users_obj), 'include_users defaults to true');
    const rich = (await get('/core/groups/?name=Platform&include_users=false&include_parents=true&include_children=true')).body.results[0];
    assert.equal(rich.users_obj, null);
    assert.deepEqual(
      rich.parents_obj.map((g: { name: string }) => g.name),
      ['Engineering'],
    );
    assert.deepEqual(rich.children_obj.map((g: { name: string }) => g.name).sort(), ['On-call', 'SRE']);
  });

  it('answers bad filters with authentik\u2019s 400 bodies', async () => {
    assert.deepEqual(await get('/core/users/?groups_by_name=Nope'), { status: 400, body: { groups_by_name: ['Select a valid choice. Nope is not one of the available choices.'] } });
    assert.deepEqual(await get('/core/groups/?attributes=%5B1%5D'), { status: 400, body: { attributes: ['filter: value must be key:value mapping'] } });
    assert.deepEqual(await get('/core/groups/?is_superuser=maybe'), { status: 400, body: { is_superuser: ['Select a valid choice. That choice is not one of the available choices.'] } });
  });

  it('serves real certificates whose PEM matches the listed expiry and fingerprints', async () => {
    const list = (await get('/crypto/certificatekeypairs/')).body.results as Array<{ pk: string; name: string; cert_expiry: string; fingerprint_sha256: string; private_key_available: boolean }>;
    const now = Date.now();
    const days = (name: string) => (Date.parse(list.find((c) => c.name === name)!.cert_expiry) - now) / 86_400_000;
    assert.ok(days('SAML signing 2025') > 0 && days('SAML signing 2025') < 30, 'one pair expires within 30 days');
    assert.ok(days('Legacy partner IdP') < 0, 'one pair has expired');
    for (const c of list) {
      const pem = (await get(`/crypto/certificatekeypairs/${c.pk}/view_certificate/`)).body.data;
      assert.equal(new X509Certificate(pem).fingerprint256.toLowerCase(), c.fingerprint_sha256, c.name);
    }
    assert.equal(list.find((c) => c.name === 'Legacy partner IdP')!.private_key_available, false);
  });

  it('draws a flow diagram in authentik\u2019s Mermaid form, stages in binding order', async () => {
    const { body } = await get('/flows/instances/default-recovery-flow/diagram/');
    const lines = body.diagram.split('\n');
    assert.equal(lines[0], 'graph TD');
    assert.match(body.diagram, /flow_start --> stage_0\(\["Stage \(Identification Stage\)\ndefault-recovery-identification"\]\)/);
    assert.match(lines.at(-1), /^stage_4 --> done\[\["End of the flow"\]\]$/);
    const none = (await get('/flows/instances/default-provider-authorization-implicit-consent/diagram/')).body.diagram;
    assert.match(none, /flow_start --> done/);
  });

  it('in scale mode holds a large installation and still starts quickly', async () => {
    const started = performance.now();
    const big = await startAuthentikStandIn({ scale: true });
    const startMs = performance.now() - started;
    try {
      assert.equal(big.seed.users.length, SCALE.users);
      assert.equal(big.seed.directory.groups.length, SCALE.groups);
      assert.equal(big.seed.directory.flows.length, SCALE.flows);
      assert.equal(big.seed.directory.stages.length, SCALE.stages);
      assert.ok(big.seed.directory.groups.filter((g) => g.parents.length > 0).length > 4000, 'groups are nested');
      assert.ok(startMs < 5000, `started in ${startMs.toFixed(0)} ms`);
      const r = await request(`${big.url}/api/v3/core/users/?search=user04242`, { headers: auth });
      assert.equal(r.json().pagination.count, 1);
      assert.deepEqual(big.violations, []);
    } finally {
      await big.stop();
    }
  });
});
