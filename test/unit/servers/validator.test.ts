import * as assert from 'node:assert/strict';
import { EXAMPLE_RESPONSES, exampleBody } from '../../servers/examples';
import { openApiValidator } from '../../servers/openapi/validator';

describe('stand-in OpenAPI validator', function () {
  before(function () {
    this.timeout(60_000); // a first run on a fresh clone parses the YAML (authentik: 1-3 s)
    for (const name of ['honeycomb', 'authentik'] as const) {
      const v = openApiValidator(name);
      const t = v.timings;
      console.log(
        `      ${v.file}: loaded in ${t.totalMs.toFixed(0)} ms ` +
          `(${t.cacheHit ? 'cached JSON' : 'YAML parse'} ${t.parseMs.toFixed(0)} ms, rewrite ${t.transformMs.toFixed(0)} ms, ` +
          `Ajv ${t.ajvSetupMs.toFixed(0)} ms; ${t.nullableRewritten} nullable rewritten, ${t.objectsClosed} objects closed)`,
      );
    }
  });

  describe('published example bodies', function () {
    for (const e of EXAMPLE_RESPONSES) {
      const label = `${e.service} ${e.file} (${e.method} ${e.path} → ${e.status})`;
      if (!e.knownFailure) {
        it(`accepts ${label}`, function () {
          const errors = openApiValidator(e.service).validateResponse({ ...e, body: exampleBody(e.service, e.file) });
          assert.deepEqual(errors, []);
        });
      } else {
        // Kept failing on purpose: if a document update makes one pass, revisit the list.
        it(`still rejects ${label}: ${e.knownFailure}`, function () {
          const errors = openApiValidator(e.service).validateResponse({ ...e, body: exampleBody(e.service, e.file) });
          assert.notDeepEqual(errors, []);
        });
      }
    }
  });

  describe('broken bodies', function () {
    const hc = () => openApiValidator('honeycomb');
    const ak = () => openApiValidator('authentik');

    it('reports a dataset without name', function () {
      const datasets = exampleBody<Array<Record<string, unknown>>>('honeycomb', 'GET_1_datasets.json');
      delete datasets[0].name;
      const errors = hc().validateResponse({ method: 'GET', path: '/1/datasets', status: 200, contentType: 'application/json', body: datasets });
      assert.deepEqual(errors, ["/0 must have required property 'name'"]);
    });

    it('reports /1/auth without team', function () {
      const auth = exampleBody<Record<string, unknown>>('honeycomb', 'GET_1_auth.json');
      delete auth.team;
      const errors = hc().validateResponse({ method: 'GET', path: '/1/auth', status: 200, contentType: 'application/json', body: auth });
      assert.deepEqual(errors, ["(root) must have required property 'team'"]);
    });

    it('reports a SessionUser with a wrong type', function () {
      const body = sessionUser();
      (body.user as Record<string, unknown>).pk = '4';
      const errors = ak().validateResponse({ method: 'GET', path: '/api/v3/core/users/me/', status: 200, contentType: 'application/json', body });
      assert.deepEqual(errors, ['/user/pk must be integer']);
    });

    it('reports a misspelled field (objects are closed at load)', function () {
      const datasets = exampleBody<Array<Record<string, unknown>>>('honeycomb', 'GET_1_datasets.json');
      datasets[0].slugg = datasets[0].slug;
      const errors = hc().validateResponse({ method: 'GET', path: '/1/datasets', status: 200, contentType: 'application/json', body: datasets });
      assert.deepEqual(errors, ["/0 must NOT have unevaluated properties: 'slugg'"]);

      const me = sessionUser();
      (me.user as Record<string, unknown>).is_super_user = true;
      const akErrors = ak().validateResponse({ method: 'GET', path: '/api/v3/core/users/me/', status: 200, contentType: 'application/json', body: me });
      assert.deepEqual(akErrors, ["/user must NOT have unevaluated properties: 'is_super_user'"]);
    });

    it('accepts null in a nullable allOf field and reports a wrong value without nullable noise', function () {
      const pointer = '/components/schemas/Application/properties/provider_obj';
      assert.deepEqual(ak().validateAt(pointer, null), []);
      const errors = ak().validateAt(pointer, 'not a provider');
      assert.deepEqual(errors, ['(root) must be object']);
    });

    it('names the first oneOf branch error first', function () {
      const recipient = exampleBody<Record<string, unknown>>('honeycomb', 'GET_1_recipients_RECIPIENT_ID.json');
      recipient.type = 'carrier-pigeon';
      const errors = hc().validateResponse({ method: 'GET', path: '/1/recipients/abc', status: 200, contentType: 'application/json', body: recipient });
      assert.match(errors[0], /^\/type must be equal to one of the allowed values/);
      assert.ok(errors.includes('(root) must match exactly one schema in oneOf'));
    });
  });

  describe('matching the request to the document', function () {
    it('prefers literal path segments over templated ones', function () {
      assert.equal(openApiValidator('authentik').matchOperation('GET', '/api/v3/core/users/me/')?.template, '/core/users/me/');
      const m = openApiValidator('authentik').matchOperation('GET', '/api/v3/core/users/42/');
      assert.deepEqual(m, { template: '/core/users/{id}/', method: 'get', params: { id: '42' } });
    });

    it('treats an unknown path, method or status as a violation', function () {
      const v = openApiValidator('honeycomb');
      const base = { contentType: 'application/json', body: {} };
      assert.deepEqual(v.validateResponse({ ...base, method: 'GET', path: '/1/nothing-here', status: 200 }), ['no path in the document matches /1/nothing-here']);
      assert.deepEqual(v.validateResponse({ ...base, method: 'DELETE', path: '/1/auth', status: 200 }), ['DELETE is not declared for /1/auth (declared: get)']);
      assert.deepEqual(v.validateResponse({ ...base, method: 'GET', path: '/2/auth', status: 404 }), ['status 404 is not declared for GET /2/auth']);
      const ak = openApiValidator('authentik');
      assert.match(ak.validateResponse({ ...base, method: 'GET', path: '/core/users/me/', status: 200 })[0], /outside the document's base path \/api\/v3/);
    });

    it('falls back from the exact status to `default`', function () {
      // /1/auth declares 200, 401, 429 and default (GenericError).
      const errors = openApiValidator('honeycomb').validateResponse({
        method: 'GET',
        path: '/1/auth',
        status: 418,
        contentType: 'application/json',
        body: { error: 'teapot' },
      });
      assert.deepEqual(errors, []);
    });

    it("checks authentik's undeclared 404 against GenericError", function () {
      const v = openApiValidator('authentik');
      const path = '/api/v3/core/groups/5b0f3c0e-7a4d-4c8e-9a61-2f1d3b6e8c47/';
      assert.deepEqual(v.validateResponse({ method: 'GET', path, status: 404, contentType: 'application/json', body: { detail: 'No Group matches the given query.' } }), []);
      assert.deepEqual(v.validateResponse({ method: 'GET', path, status: 404, contentType: 'application/json', body: {} }), ["(root) must have required property 'detail'"]);
    });

    it('follows $ref response objects and picks the media type by Content-Type without parameters', function () {
      const v = openApiValidator('honeycomb');
      const problem = exampleBody('honeycomb', 'errors/429.problem.json');
      assert.deepEqual(v.validateResponse({ method: 'GET', path: '/1/auth', status: 429, contentType: 'application/problem+json; charset=utf-8', body: problem }), []);
      // The same body as legacy application/json fails: Error only allows `error`.
      assert.notDeepEqual(v.validateResponse({ method: 'GET', path: '/1/auth', status: 429, contentType: 'application/json', body: problem }), []);
      assert.deepEqual(v.validateResponse({ method: 'GET', path: '/1/auth', status: 200, contentType: 'text/html', body: '<html>' }), [
        'GET /1/auth → 200: Content-Type text/html is not declared (declared: application/json)',
      ]);
    });
  });

  it('validates a 1,000-dataset list in a few milliseconds (printed)', function () {
    const one = exampleBody<Array<Record<string, unknown>>>('honeycomb', 'GET_1_datasets.json')[0];
    const list = Array.from({ length: 1000 }, (_, i) => ({ ...one, name: `service-${i}`, slug: `service-${i}` }));
    const v = openApiValidator('honeycomb');
    v.validateResponse({ method: 'GET', path: '/1/datasets', status: 200, contentType: 'application/json', body: list });
    const t0 = performance.now();
    const rounds = 20;
    for (let i = 0; i < rounds; i++) {
      assert.deepEqual(v.validateResponse({ method: 'GET', path: '/1/datasets', status: 200, contentType: 'application/json', body: list }), []);
    }
    console.log(`      1,000 datasets validated in ${((performance.now() - t0) / rounds).toFixed(2)} ms per response`);
  });
});

/** A conforming SessionUser body (schema 2026.8.3). */
function sessionUser(): Record<string, unknown> {
  const user = {
    pk: 4,
    username: 'akadmin',
    name: 'authentik Default Admin',
    is_active: true,
    is_superuser: true,
    groups: [],
    roles: [],
    email: 'admin@acme.example',
    avatar: 'data:image/png;base64,AA==',
    uid: 'f'.repeat(64),
    settings: {},
    type: 'internal',
    system_permissions: [],
    is_current: true,
  };
  return { user, users: [{ ...user }] };
}
