import * as assert from 'node:assert/strict';
import { AuthentikClient } from '../../../../src/clients/authentik';
import { authentikApiBase } from '../../../../src/core/config';
import { ServiceError } from '../../../../src/core/errors';
import { AUTHENTIK_TOKENS, AuthentikStandIn, startAuthentikStandIn } from '../../../servers/authentik';
import { json, startTestServer } from '../../helpers/testServer';

/** The tree's paged lists and the relations the views show, plus transport rules of the client. */
describe('authentik client: pages, relations and transport', function () {
  this.timeout(20_000);
  let standIn: AuthentikStandIn;
  let client: AuthentikClient;
  before(async () => {
    standIn = await startAuthentikStandIn();
    client = new AuthentikClient({ apiBase: authentikApiBase(standIn.url), token: AUTHENTIK_TOKENS.admin, sleep: async () => undefined });
  });
  after(() => standIn.stop());
  afterEach(() => {
    assert.deepEqual(standIn.violations, []);
    standIn.reset();
  });

  const group = (name: string) => standIn.seed.directory.groups.find((g) => g.name === name)!;

  it('loads one page per call with the total for "N of M", and the next page number', async () => {
    const first = await client.listUsers({ pageSize: 100 });
    const total = standIn.seed.users.length;
    assert.equal(first.count, total);
    assert.equal(first.items.length, 100);
    assert.equal(first.next, 2);
    const last = await client.listUsers({ pageSize: 100, page: Math.ceil(total / 100) });
    assert.equal(last.next, undefined);
    assert.equal(last.items.length, total % 100 || 100);
    assert.equal(standIn.requests.length, 2, 'one request per page');
    assert.deepEqual(standIn.requests[0].query, { ordering: 'username', include_groups: 'false', include_roles: 'false', page: '1', page_size: '100' });
  });

  it('searches on the server, including DjangoQL expressions', async () => {
    const page = await client.listUsers({ search: 'alvarez' });
    assert.deepEqual(
      page.items.map((u) => u.username),
      ['sofia.alvarez'],
    );
    const ql = await client.listUsers({ search: 'username = "akadmin"' });
    assert.deepEqual(
      ql.items.map((u) => u.username),
      ['akadmin'],
    );
    const groups = await client.listGroups({ search: 'sales' });
    assert.deepEqual(
      groups.items.map((g) => g.name),
      ['Sales', 'Sales Americas', 'Sales EMEA'],
    );
    assert.equal(groups.count, 3);
    assert.ok(
      groups.items.every((g) => g.users_obj === null),
      'the tree never asks for member objects',
    );
  });

  it('lists a flow\u2019s stage bindings in order, each with its stage kind', async () => {
    const flow = standIn.seed.directory.flows.find((f) => f.slug === 'default-authentication-flow')!;
    const page = await client.listFlowBindings(flow.pk);
    assert.deepEqual(
      page.items.map((b) => [b.order, b.stage_obj.name, b.stage_obj.verbose_name]),
      [
        [10, 'default-authentication-identification', 'Identification Stage'],
        [20, 'default-authentication-password', 'Password Stage'],
        [30, 'default-authentication-mfa-validation', 'Authenticator Validation Stage'],
        [100, 'default-authentication-login', 'User Login Stage'],
      ],
    );
    assert.deepEqual(standIn.requests[0].query, { target: flow.pk, ordering: 'order', page: '1', page_size: '100' });
  });

  it('gives a stage the flows that use it', async () => {
    const identification = standIn.seed.directory.stages.find((s) => s.name === 'default-authentication-identification')!;
    const stage = await client.retrieveStage(identification.pk);
    assert.deepEqual(stage.flow_set.map((f) => f.slug).sort(), ['acme-partner-authentication', 'default-authentication-flow']);
  });

  it('gives a group its parents, children and members a page at a time', async () => {
    const platform = await client.retrieveGroup(group('Platform').pk);
    assert.deepEqual(
      platform.parents_obj?.map((g) => g.name),
      ['Engineering'],
    );
    assert.deepEqual(platform.children_obj?.map((g) => g.name).sort(), ['On-call', 'SRE']);
    const everyone = group('All Employees');
    const members = await client.listGroupMembers(everyone.pk, { pageSize: 100 });
    assert.equal(members.count, standIn.seed.users.filter((u) => u.groups.some((g) => g.pk === everyone.pk)).length);
    assert.ok(members.count > 200);
    assert.equal(members.items.length, 100);
    assert.equal(members.next, 2);
    assert.deepEqual(standIn.requests[1].query.groups_by_pk, everyone.pk);
  });

  it('gives a user the groups it is in directly and those it inherits through nesting', async () => {
    const sofia = standIn.seed.users.find((u) => u.username === 'sofia.alvarez')!;
    const membership = await client.userGroupMembership(sofia.pk);
    assert.deepEqual(membership.direct.map((g) => g.name).sort(), ['All Employees', 'On-call', 'SRE', 'VPN Users']);
    assert.deepEqual(membership.inherited.map((g) => `${g.name} via ${g.via}`).sort(), ['Backend via On-call', 'Engineering via Platform', 'Platform via SRE']);
  });

  it('reads certificate usage and applications from the full list', async () => {
    const expiring = standIn.seed.directory.certificates.find((c) => c.name === 'SAML signing 2025')!;
    const usedBy = await client.certificateUsedBy(expiring.pk);
    assert.deepEqual(
      usedBy.map((u) => [u.model_name, u.name]),
      [['samlprovider', 'SAML Provider Expense Portal']],
    );
    const apps = await client.listApplications();
    assert.equal(standIn.requests.at(-1)!.query.superuser_full_list, 'true');
    assert.ok(apps.items.some((a) => a.slug === 'status-page' && a.provider_obj === null));
  });

  it('asks for a page past the end and gets authentik\u2019s 404 "Invalid page." as an error', async () => {
    await assert.rejects(client.listGroups({ page: 99 }), (error: ServiceError) => {
      assert.equal(error.kind, 'notFound');
      assert.match(error.message, /^authentik listGroups: not found \(HTTP 404\)\. The server said: "Invalid page\."/);
      return true;
    });
  });

  it('reports authentik\u2019s 403 for a bad token on any lookup as a token problem', async () => {
    const bad = new AuthentikClient({ apiBase: authentikApiBase(standIn.url), token: AUTHENTIK_TOKENS.expired });
    await assert.rejects(bad.getFlow({ slug: 'default-authentication-flow' }), (error: ServiceError) => {
      assert.equal(error.kind, 'auth');
      assert.match(error.message, /^authentik getFlow: the credential was rejected \(HTTP 403\)\. The server said: "Token invalid\/expired"\./);
      assert.ok(!error.message.includes(AUTHENTIK_TOKENS.expired));
      return true;
    });
  });

  it('skips TLS verification only for the connection that says insecure', async () => {
    const tls = await startAuthentikStandIn({ https: true });
    try {
      const base = authentikApiBase(tls.url);
      const insecure = new AuthentikClient({ apiBase: base, token: AUTHENTIK_TOKENS.admin, insecure: true });
      const strict = new AuthentikClient({ apiBase: base, token: AUTHENTIK_TOKENS.admin, retry: { maxRetries: 0 } });
      // Both at once: the relaxed agent of one must not leak into the other.
      const [relaxed, refused] = await Promise.allSettled([insecure.getFlow({ slug: 'default-recovery-flow' }), strict.getFlow({ slug: 'default-recovery-flow' })]);
      assert.equal(relaxed.status === 'fulfilled' && relaxed.value.title, 'Reset your password');
      assert.equal(refused.status, 'rejected');
      assert.match((refused.reason as ServiceError).message, /^authentik getFlow: the TLS certificate of 127\.0\.0\.1:\d+ is not trusted \(DEPTH_ZERO_SELF_SIGNED_CERT\)/);
      assert.deepEqual(tls.violations, []);
    } finally {
      await tls.stop();
    }
  });

  describe('against a scripted server (shapes the stand-in never sends)', () => {
    it('says "more than one" when a lookup the API treats as unique comes back twice', async () => {
      const user = { pk: 1, username: 'dup', name: 'Dup', is_active: true, uid: 'u' };
      const server = await startTestServer((_req, res) =>
        json(res, 200, { pagination: { next: 0, previous: 0, count: 2, current: 1, total_pages: 1, start_index: 1, end_index: 2 }, results: [user, { ...user, pk: 2 }], autocomplete: {} }),
      );
      try {
        const c = new AuthentikClient({ apiBase: authentikApiBase(server.url), token: 't' });
        await assert.rejects(c.getUser({ username: 'dup' }), /^ServiceError: authentik getUser: more than one user found for username="dup" \(2 matches: "dup", "dup"\)/);
      } finally {
        await server.close();
      }
    });

    it('explains an answer that is not a list instead of showing an empty folder', async () => {
      const server = await startTestServer((_req, res) => json(res, 200, { detail: 'maintenance' }));
      try {
        const c = new AuthentikClient({ apiBase: authentikApiBase(server.url), token: 't' });
        await assert.rejects(c.listFlows(), (error: ServiceError) => error.kind === 'invalidResponse' && /the answer to \/flows\/instances\/ is not a list/.test(error.message));
      } finally {
        await server.close();
      }
    });

    it('names an HTML page where JSON was expected (a login proxy), and does not log the page', async () => {
      const server = await startTestServer((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end('<!doctype html><html><body>Sign in</body></html>');
      });
      const lines: string[] = [];
      const log = (m: string) => void lines.push(m);
      try {
        const c = new AuthentikClient({ apiBase: authentikApiBase(server.url), token: 't', logger: { enabled: () => true, trace: log, debug: log, info: log, warn: log, error: log } });
        await assert.rejects(
          c.getFlow({ slug: 'x' }),
          /^ServiceError: authentik getFlow: the answer from 127\.0\.0\.1:\d+ was not valid JSON \(it looks like an HTML page, often a proxy or login page\)\./,
        );
        assert.ok(
          lines.some((l) => /^← 200 GET /.test(l)),
          lines.join('\n'),
        );
        assert.ok(!lines.some((l) => l.includes('Sign in')), 'the body text is not logged');
      } finally {
        await server.close();
      }
    });

    /** A group list of `count` groups, `perPage` a page, as authentik pages it; `answer` may hold a page back or fail it. */
    const pagedGroups = (count: number, perPage: number, answer: (page: number, send: () => void, res: import('node:http').ServerResponse) => void) =>
      startTestServer((req, res) => {
        const page = Number(new URL(req.url, 'http://x').searchParams.get('page'));
        const pages = Math.ceil(count / perPage);
        const first = (page - 1) * perPage;
        const results = Array.from({ length: Math.max(0, Math.min(perPage, count - first)) }, (_, i) => ({ pk: `g${first + i}`, num_pk: first + i, name: `group ${first + i}`, users_obj: [] }));
        answer(page, () => json(res, 200, { pagination: { next: page < pages ? page + 1 : 0, previous: page - 1, count, current: page, total_pages: pages }, results }), res);
      });

    it('lists every page with the server preparing the next one meanwhile: the same requests, never more than two at once', async () => {
      let inFlight = 0;
      let most = 0;
      const server = await pagedGroups(450, 100, (_page, send) => {
        most = Math.max(most, ++inFlight);
        setTimeout(() => {
          inFlight--;
          send();
        }, 40);
      });
      try {
        const c = new AuthentikClient({ apiBase: authentikApiBase(server.url), token: 't' });
        const all = await c.getGroups({ includeUsers: false });
        assert.deepEqual(
          all.groups.map((g) => g.name),
          Array.from({ length: 450 }, (_, i) => `group ${i}`),
        );
        assert.deepEqual(
          server.requests.map((r) => Number(new URL(r.url, 'http://x').searchParams.get('page'))).sort((a, b) => a - b),
          [1, 2, 3, 4, 5],
        );
        assert.equal(most, 2, 'the next page is asked for while the one before is on its way');
      } finally {
        await server.close();
      }
    });

    it('fails the list with the failing page’s error; the page read ahead is cancelled and fails nothing later', async () => {
      const server = await pagedGroups(450, 100, (page, send, res) => {
        if (page === 3) json(res, 500, { detail: 'page three broke' });
        else setTimeout(send, page === 4 ? 60 : 0);
      });
      const unhandled: unknown[] = [];
      const onUnhandled = (reason: unknown) => unhandled.push(reason);
      process.on('unhandledRejection', onUnhandled);
      try {
        const c = new AuthentikClient({ apiBase: authentikApiBase(server.url), token: 't', sleep: async () => undefined });
        await assert.rejects(c.getGroups({ includeUsers: false }), (error: unknown) => error instanceof ServiceError && /500/.test(error.message));
        const asked = server.requests.length;
        await new Promise((resolve) => setTimeout(resolve, 150));
        const pages = server.requests.map((r) => new URL(r.url, 'http://x').searchParams.get('page'));
        assert.deepEqual(
          pages.filter((page) => page !== '3'),
          ['1', '2', '4'],
          'page 4 was read ahead once, and nothing past it',
        );
        assert.equal(server.requests.length, asked, 'nothing is asked for after the list failed');
        assert.deepEqual(unhandled, []);
      } finally {
        process.off('unhandledRejection', onUnhandled);
        await server.close();
      }
    });

    it('tolerates an older server without "autocomplete" and with a fixed page size', async () => {
      const server = await startTestServer((req, res) =>
        json(res, 200, {
          pagination: { next: req.url.includes('page=1&') || req.url.endsWith('page=1') ? 2 : 0, previous: 0, count: 3, current: 1, total_pages: 2, start_index: 1, end_index: 2 },
          results: [{ pk: 'a', num_pk: 1, name: 'legacy', parent: null, users_obj: null }],
        }),
      );
      try {
        const c = new AuthentikClient({ apiBase: authentikApiBase(server.url), token: 't' });
        const page = await c.listGroups();
        assert.equal(page.count, 3);
        assert.equal(page.next, 2);
        const all = await c.getGroups({ includeUsers: false });
        assert.deepEqual(
          all.groups.map((g) => [g.name, g.parents, g.usersObjs]),
          [
            ['legacy', [], []],
            ['legacy', [], []],
          ],
        );
      } finally {
        await server.close();
      }
    });
  });
});
