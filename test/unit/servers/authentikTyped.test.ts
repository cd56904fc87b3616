import * as assert from 'node:assert/strict';
import { KINDS_TABLE } from '../../../src/clients/authentik/resources/kindsTable';
import { AUTHENTIK_TOKENS as T, startAuthentikStandIn, type AuthentikStandIn } from '../../servers/authentik';
import { request } from './http';

const API = '/api/v3';

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
    for (const [family, id] of [
      ['/stages/all/', 'pk'],
      ['/providers/all/', 'pk'],
      ['/sources/all/', 'slug'],
      ['/propertymappings/all/', 'pk'],
      ['/outposts/service_connections/all/', 'pk'],
    ] as const) {
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
});
