import * as assert from 'node:assert/strict';
import Ajv from 'ajv';
import { derivedKind, documentSchemaOf } from '../../../src/clients/authentik/resources/derivedKinds';
import { KINDS_TABLE } from '../../../src/clients/authentik/resources/kindsTable';
import { AUTHENTIK_TOKENS as T, startAuthentikStandIn, type AuthentikStandIn } from '../../servers/authentik';
import { request } from './http';

const API = '/api/v3';
/** The polymorphic lists the tree shows, and the field of their objects the typed path takes. */
const FAMILIES = [
  ['/stages/all/', 'pk'],
  ['/providers/all/', 'pk'],
  ['/sources/all/', 'slug'],
  ['/propertymappings/all/', 'pk'],
  ['/outposts/service_connections/all/', 'pk'],
] as const;

/** The stand-in's typed item endpoints (typedRoutes.ts), over plain HTTP; every answer validated against schema.yml. */
describe('authentik stand-in: typed item endpoints of the derived kinds', function () {
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

  const call = (method: string, path: string, body?: unknown, token: string = T.admin) =>
    request(`${ak.url}${API}${path}`, { method, headers: { Authorization: `Bearer ${token}` }, body: body as object });
  /** The typed item path of an object of a polymorphic list, by its `meta_model_name`. */
  const typedPath = (o: { meta_model_name: string }, id: string) => {
    const row = Object.values(KINDS_TABLE.kinds).find((k) => k.model === o.meta_model_name);
    return row && `${row.path}${id}/`;
  };

  it('every object of each polymorphic list answers at its typed path, and a PATCH of its name is read back there and in the list', async () => {
    const walked: string[] = [];
    for (const [family, id] of FAMILIES) {
      const listed = (await call('GET', `${family}?page_size=100`)).json().results as Array<Record<string, string>>;
      assert.ok(listed.length > 0, `${family} lists objects`);
      // The built-in source (`authentik_core.source`) has no typed endpoint: it keeps its name.
      const typed = listed.filter((o) => typedPath(o as { meta_model_name: string }, o[id]));
      for (const o of typed) {
        const path = typedPath(o as { meta_model_name: string }, o[id])!;
        const read = await call('GET', path);
        assert.equal(read.status, 200, `GET ${path}: ${read.text}`);
        assert.equal(read.json().name, o.name);
        const patched = await call('PATCH', path, { name: `${o.name} (edited)` });
        assert.equal(patched.status, 200, `PATCH ${path}: ${patched.text}`);
        assert.equal((await call('GET', path)).json().name, `${o.name} (edited)`);
        walked.push(o.meta_model_name);
      }
      const again = (await call('GET', `${family}?page_size=100`)).json().results as Array<Record<string, string>>;
      assert.ok(
        again.every((o) => o.name.endsWith(' (edited)') === typed.some((t) => t[id] === o[id])),
        `${family} shows the new names`,
      );
    }
    assert.ok(new Set(walked).size >= 10, `many typed kinds walked: ${[...new Set(walked)].join(', ')}`);
  });

  it('every typed object, its writable fields taken as a document, fits its kind’s document schema (Edit… then Save sends it)', async () => {
    const problems: string[] = [];
    // The polymorphic lists' objects by their model, and the first of each plain list's kind.
    const objects: Array<[string, Record<string, string>, string]> = [];
    for (const [family, id] of FAMILIES) for (const o of (await call('GET', `${family}?page_size=100`)).json().results) objects.push([o.meta_model_name, o, id]);
    for (const name of ['User', 'Group', 'Outpost']) objects.push([name, (await call('GET', `${KINDS_TABLE.kinds[name].path}?page_size=1`)).json().results[0], KINDS_TABLE.kinds[name].idField]);
    for (const [key, o, id] of objects) {
      const kind = derivedKind(key);
      if (!kind) continue;
      const object = (await call('GET', `${kind.row.path}${o[id]}/`)).json<Record<string, unknown>>();
      const hidden = [...kind.spec.secrets.map((x) => x.name), ...kind.spec.createOnlyFields];
      const document = Object.fromEntries(Object.entries(object).filter(([f]) => f in (kind.row.fields ?? {}) && !hidden.includes(f)));
      const check = new Ajv({ strict: false, allErrors: true }).compile(documentSchemaOf(kind.row, hidden));
      if (!check(document)) problems.push(`${kind.name} ${o.name}: ${JSON.stringify(check.errors?.map((e) => `${e.instancePath} ${e.message}`))}`);
    }
    assert.deepEqual(problems, []);
  });

  it('a PATCH body off the Patched…Request schema is DRF’s 400 naming the field, and nothing changes', async () => {
    const stage = ak.seed.directory.stages.find((s) => s.kind === 'identification')!;
    const path = `/stages/identification/${stage.pk}/`;
    const r = await call('PATCH', path, { name: 5, user_fields: 'email', pk: 'x' });
    assert.equal(r.status, 400);
    assert.deepEqual(Object.keys(r.json()).sort(), ['name', 'pk', 'user_fields']);
    assert.equal((await call('GET', path)).json().name, stage.name);
  });

  it('a change is gone after reset(); a read-only token may read but not PATCH; a stage under another kind’s path is 404', async () => {
    const stage = ak.seed.directory.stages.find((s) => s.kind === 'password')!;
    const name = stage.name;
    const path = `/stages/password/${stage.pk}/`;
    assert.equal((await call('PATCH', path, { name: 'x' }, T.readOnly)).status, 403);
    assert.equal((await call('GET', path, undefined, T.readOnly)).status, 200);
    assert.equal((await call('GET', `/stages/identification/${stage.pk}/`)).status, 404);
    assert.equal((await call('PATCH', path, { name: 'changed' })).status, 200);
    ak.reset();
    assert.equal((await call('GET', path)).json().name, name);
  });

  it('users and groups: a PATCH is kept over the directory’s own answer', async () => {
    const user = ak.seed.users.find((u) => u.type === 'internal')!;
    assert.equal((await call('PATCH', `/core/users/${user.pk}/`, { name: 'Renamed Person' })).status, 200);
    assert.equal((await call('GET', `/core/users/${user.pk}/`)).json().name, 'Renamed Person');
    const group = ak.seed.directory.groups[0];
    assert.equal((await call('PATCH', `/core/groups/${group.pk}/`, { attributes: { team: 'edited' } })).status, 200);
    assert.deepEqual((await call('GET', `/core/groups/${group.pk}/`)).json().attributes, { team: 'edited' });
  });

  it('POST creates an object the lists show as authentik would (pk, component, meta_model_name); DELETE removes it, then 404', async () => {
    const made = await call('POST', '/stages/identification/', { name: 'walk-identification', user_fields: ['email'] });
    assert.equal(made.status, 201, made.text);
    const stage = made.json<Record<string, unknown>>();
    assert.equal(stage.name, 'walk-identification');
    assert.deepEqual(stage.user_fields, ['email']);
    assert.equal(stage.component, 'ak-stage-identification-form');
    assert.equal(stage.meta_model_name, 'authentik_stages_identification.identificationstage');
    const listed = (await call('GET', '/stages/all/?page_size=100')).json().results as Array<Record<string, unknown>>;
    assert.deepEqual(
      listed.filter((s) => s.pk === stage.pk).map((s) => [s.name, s.component]),
      [['walk-identification', 'ak-stage-identification-form']],
    );
    assert.equal((await call('DELETE', `/stages/identification/${String(stage.pk)}/`)).status, 204);
    assert.equal((await call('GET', `/stages/identification/${String(stage.pk)}/`)).status, 404);
    assert.equal((await call('DELETE', `/stages/identification/${String(stage.pk)}/`)).status, 404);
    assert.ok(!((await call('GET', '/stages/all/?page_size=100')).json().results as Array<Record<string, unknown>>).some((s) => s.pk === stage.pk));
  });

  it('POST of users, groups, providers, sources and mappings: 201 at the typed path; a body off the …Request schema is 400 naming each field', async () => {
    const flow = ak.seed.directory.flows[0].pk;
    const bodies: Array<[string, Record<string, unknown>, string]> = [
      ['/core/users/', { username: 'walker', name: 'Walker' }, 'pk'],
      ['/core/groups/', { name: 'walkers' }, 'pk'],
      ['/providers/proxy/', { name: 'walk proxy', authorization_flow: flow, invalidation_flow: flow, external_host: 'https://walk.example.com' }, 'pk'],
      ['/sources/ldap/', { name: 'walk ldap', slug: 'walk-ldap', server_uri: 'ldaps://ldap.example.com', base_dn: 'dc=example,dc=com' }, 'slug'],
      ['/propertymappings/notification/', { name: 'walk webhook', expression: 'return {}' }, 'pk'],
    ];
    for (const [path, body, id] of bodies) {
      const made = await call('POST', path, body);
      assert.equal(made.status, 201, `${path}: ${made.text}`);
      const read = await call('GET', `${path}${String(made.json()[id])}/`);
      assert.equal(read.status, 200, `${path}: ${read.text}`);
      assert.equal(read.json().name, body.name);
    }
    const bad = await call('POST', '/providers/proxy/', { name: 7, external_host: 'https://x.example.com', pk: 3 });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.json(), {
      name: ['Not a valid string.'],
      authorization_flow: ['This field is required.'],
      invalidation_flow: ['This field is required.'],
      pk: ['This field is not part of the request schema (authentik would ignore it).'],
    });
    assert.equal((await call('POST', '/sources/ldap/', bodies[3][1])).status, 400, 'a taken slug is refused');
  });

  it('used_by/ names what refers to the object: a stage’s flow bindings, a group’s members; nothing for a new one', async () => {
    const identification = new Set(ak.seed.directory.stages.filter((s) => s.kind === 'identification').map((s) => s.pk));
    const binding = ak.seed.directory.bindings.find((x) => identification.has(x.stage))!;
    const stageUsedBy = (await call('GET', `/stages/identification/${binding.stage}/used_by/`)).json<Array<Record<string, string>>>();
    assert.ok(
      stageUsedBy.some((u) => u.model_name === 'flowstagebinding' && u.pk === binding.pk && u.action === 'cascade'),
      JSON.stringify(stageUsedBy),
    );
    const user = ak.seed.users.find((u) => u.groups.length > 0)!;
    const groupUsedBy = (await call('GET', `/core/groups/${user.groups[0].pk}/used_by/`)).json<Array<Record<string, string>>>();
    assert.ok(groupUsedBy.some((u) => u.model_name === 'user' && u.name === user.username));
    const made = (await call('POST', '/core/groups/', { name: 'nobody here' })).json();
    assert.deepEqual((await call('GET', `/core/groups/${String(made.pk)}/used_by/`)).json(), []);
    assert.equal((await call('GET', '/core/groups/00000000-0000-4000-8000-000000000000/used_by/')).status, 404);
  });
});
