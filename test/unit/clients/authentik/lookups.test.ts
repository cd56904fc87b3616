import * as assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { AuthentikClient } from '../../../../src/clients/authentik';
import { authentikApiBase } from '../../../../src/core/config';
import { ServiceError } from '../../../../src/core/errors';
import { AUTHENTIK_TOKENS, AuthentikStandIn, startAuthentikStandIn } from '../../../servers/authentik';

/** The data-source lookups against the stand-in's company directory, output field by output field. */
describe('authentik client: the data-source lookups', function () {
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

  const d = () => standIn.seed.directory;
  const certPk = (name: string) => d().certificates.find((c) => c.name === name)!.pk;
  const flowPk = (slug: string) => d().flows.find((f) => f.slug === slug)!.pk;
  const requests = (pathPart: string) => standIn.requests.filter((r) => r.path.includes(pathPart));

  /** Every field the provider always returns is present with the provider's type. */
  function assertShape(output: object, shape: Record<string, 'string' | 'number' | 'boolean' | 'string[]' | 'number[]' | 'object[]'>): void {
    const record = output as Record<string, unknown>;
    for (const [field, type] of Object.entries(shape)) {
      const value = record[field];
      if (type.endsWith('[]')) {
        assert.ok(Array.isArray(value), `${field} is an array`);
        const inner = type.slice(0, -2);
        for (const item of value as unknown[]) assert.equal(inner === 'object' ? typeof item === 'object' && item !== null : typeof item === inner, true, `${field}[] holds ${inner}s`);
      } else {
        assert.equal(typeof value, type, `${field} is a ${type}`);
      }
    }
  }

  function rejectsWith(promise: Promise<unknown>, kind: string, pattern: RegExp): Promise<void> {
    return assert.rejects(promise, (error: ServiceError) => {
      assert.ok(error instanceof ServiceError, String(error));
      assert.equal(error.kind, kind, error.message);
      assert.match(error.message, pattern);
      return true;
    });
  }

  describe('getBrand', () => {
    it('finds a brand by domain and returns every output field', async () => {
      const brand = await client.getBrand({ domain: 'id.acme.example' });
      assertShape(brand, {
        id: 'string',
        domain: 'string',
        default: 'boolean',
        brandingTitle: 'string',
        brandingLogo: 'string',
        brandingFavicon: 'string',
        brandingCustomCss: 'string',
        brandingDefaultFlowBackground: 'string',
        defaultApplication: 'string',
        flowAuthentication: 'string',
        flowDeviceCode: 'string',
        flowInvalidation: 'string',
        flowRecovery: 'string',
        flowUnenrollment: 'string',
        flowUserSettings: 'string',
        webCertificate: 'string',
        clientCertificates: 'string[]',
      });
      assert.equal(brand.brandingTitle, 'Acme ID');
      assert.equal(brand.default, false);
      assert.equal(brand.webCertificate, certPk('id.acme.example'));
      assert.deepEqual(brand.clientCertificates, [certPk('Acme Internal Root CA')]);
      assert.equal(brand.flowRecovery, flowPk('default-recovery-flow'));
      assert.equal(brand.flowUnenrollment, '', 'an unset flow is an empty string, as in Terraform');
      assert.equal(brand.defaultApplication, d().applications.find((a) => a.slug === 'internal-wiki')!.pk);
      assert.equal(brand.brandingCustomCss, ':root { --ak-accent: #e4572e; }');
      assert.deepEqual(requests('/core/brands/')[0].query.domain, 'id.acme.example');
    });

    it('filters on the other inputs too, the server-side ones by query and the CSS locally', async () => {
      assert.equal((await client.getBrand({ default: true })).domain, 'authentik-default');
      assert.equal((await client.getBrand({ brandingTitle: 'Acme Partners' })).domain, 'partners.acme.example');
      assert.equal((await client.getBrand({ brandingCustomCss: ':root { --ak-accent: #e4572e; }' })).domain, 'id.acme.example');
      assert.equal((await client.getBrand({ id: d().brands[2].brand_uuid })).domain, 'partners.acme.example');
    });

    it('says when no brand or several brands match, naming the inputs', async () => {
      await rejectsWith(client.getBrand({ domain: 'nope.example' }), 'notFound', /^authentik getBrand: no brand matches domain="nope.example"\./);
      await rejectsWith(
        client.getBrand({ webCertificate: certPk('id.acme.example') }),
        'badInput',
        /getBrand: more than one brand found for webCertificate="[0-9a-f-]+" \(2 matches: "id\.acme\.example", "partners\.acme\.example"\)/,
      );
    });
  });

  describe('getCertificateKeyPair', () => {
    it('returns the pair with its certificate PEM, and not the key when fetchKey is false', async () => {
      const pair = await client.getCertificateKeyPair({ name: 'SAML signing 2025', fetchKey: false });
      assertShape(pair, {
        certificateData: 'string',
        expiry: 'string',
        fingerprint1: 'string',
        fingerprint256: 'string',
        id: 'string',
        keyData: 'string',
        name: 'string',
        subject: 'string',
        fetchCertificate: 'boolean',
        fetchKey: 'boolean',
      });
      const x509 = new X509Certificate(pair.certificateData);
      assert.equal(pair.fingerprint256, x509.fingerprint256.toLowerCase());
      assert.equal(pair.fingerprint1, x509.fingerprint.toLowerCase());
      assert.equal(Date.parse(pair.expiry), Date.parse(x509.validTo));
      assert.match(pair.subject, /CN=saml-signing\.acme\.example/);
      assert.ok(pair.certificateData.endsWith('-----END CERTIFICATE-----\n'));
      assert.equal(pair.keyData, '');
      assert.equal(pair.fetchKey, false);
      assert.equal(requests('view_private_key').length, 0, 'the audited key view was not requested');
    });

    it('fetches the key by default, as the seed says', async () => {
      const pair = await client.getCertificateKeyPair({ name: 'SAML signing 2025' });
      assert.equal(pair.fetchKey, true);
      assert.match(pair.keyData, /-----BEGIN (RSA |EC )?PRIVATE KEY-----/);
      assert.equal(requests('view_private_key').length, 1);
    });

    it('fetches the key when fetchKey is set, and skips the certificate when told to', async () => {
      const pair = await client.getCertificateKeyPair({ name: 'id.acme.example', fetchKey: true, fetchCertificate: false });
      assert.match(pair.keyData, /^-----BEGIN PRIVATE KEY-----/);
      assert.equal(pair.certificateData, '');
      assert.equal(requests('view_private_key').length, 1);
      assert.equal(requests('view_certificate').length, 0);
    });

    it('needs a name and reports a missing pair by name', async () => {
      await rejectsWith(client.getCertificateKeyPair({ name: '' }), 'badInput', /name is required/);
      await rejectsWith(client.getCertificateKeyPair({ name: 'No such cert' }), 'notFound', /no certificate-key pair matches name="No such cert"/);
    });

    it('turns the 403 of a token that may not view keys into a permission error', async () => {
      const readOnly = new AuthentikClient({ apiBase: authentikApiBase(standIn.url), token: AUTHENTIK_TOKENS.readOnly });
      await assert.rejects(readOnly.getCertificateKeyPair({ name: 'id.acme.example', fetchKey: true }), (error: ServiceError) => {
        assert.equal(error.kind, 'forbidden');
        assert.match(error.message, /You do not have permission to perform this action\..*lacks the permission/);
        return true;
      });
    });
  });

  describe('getFlow', () => {
    it('finds a flow by slug with every output field', async () => {
      const flow = await client.getFlow({ slug: 'default-authentication-flow' });
      assert.deepEqual(flow, {
        id: flowPk('default-authentication-flow'),
        slug: 'default-authentication-flow',
        name: 'Welcome to authentik!',
        title: 'Welcome to authentik!',
        designation: 'authentication',
        authentication: 'require_unauthenticated',
      });
    });

    it('narrows by designation on the server and by authentication locally', async () => {
      await rejectsWith(client.getFlow({ designation: 'authentication' }), 'badInput', /more than one flow found for designation="authentication" \(2 matches/);
      const flow = await client.getFlow({ designation: 'invalidation', authentication: 'none', id: flowPk('default-invalidation-flow') });
      assert.equal(flow.slug, 'default-invalidation-flow');
      await rejectsWith(
        client.getFlow({ slug: 'default-authentication-flow', authentication: 'require_superuser' }),
        'notFound',
        /no flow matches slug="default-authentication-flow", authentication="require_superuser"/,
      );
    });
  });

  describe('getGroup', () => {
    it('finds a group by name with members, parents and attributes as the provider shapes them', async () => {
      const group = await client.getGroup({ name: 'SRE' });
      assertShape(group, {
        attributes: 'string',
        id: 'string',
        isSuperuser: 'boolean',
        name: 'string',
        numPk: 'number',
        parentName: 'string',
        parents: 'string[]',
        pk: 'string',
        users: 'number[]',
        usersObjs: 'object[]',
      });
      assert.equal(group.parentName, 'Platform');
      assert.deepEqual(JSON.parse(group.attributes), { team: 'sre', pagerduty_schedule: 'P7X2K9Q' });
      assert.deepEqual(group.usersObjs.map((u) => u.username).sort(), ['sofia.alvarez', 'tom.becker']);
      const sofia = group.usersObjs.find((u) => u.username === 'sofia.alvarez')!;
      assertShape(sofia, { pk: 'number', username: 'string', name: 'string', isActive: 'boolean', lastLogin: 'string', email: 'string', attributes: 'string', uid: 'string' });
      assert.equal(sofia.email, 'sofia.alvarez@acme.example');
      assert.deepEqual(JSON.parse(sofia.attributes), { title: 'Staff SRE' });
    });

    it('finds a group by pk, and leaves the member objects out when includeUsers is false', async () => {
      const sre = d().groups.find((g) => g.name === 'SRE')!;
      const group = await client.getGroup({ pk: sre.pk, includeUsers: false });
      assert.equal(group.name, 'SRE');
      assert.equal(group.users.length, 2);
      assert.deepEqual(group.usersObjs, []);
      assert.equal(requests(`/core/groups/${sre.pk}/`)[0].query.include_users, 'false');
    });

    it('refuses a name shared by two groups, and reports an unknown pk or name', async () => {
      await rejectsWith(client.getGroup({ name: 'On-call' }), 'badInput', /^authentik getGroup: more than one group found for name="On-call", includeUsers=true \(2 matches: "On-call", "On-call"\)\./);
      await rejectsWith(
        client.getGroup({ pk: '00000000-0000-4000-8000-000000000000' }),
        'notFound',
        /no group matches pk="00000000-0000-4000-8000-000000000000", includeUsers=true.*No Group matches the given query/,
      );
      await rejectsWith(client.getGroup({ name: 'Ghosts' }), 'notFound', /no group matches name="Ghosts"/);
      await rejectsWith(client.getGroup({}), 'badInput', /give one of pk or name/);
      await rejectsWith(client.getGroup({ pk: 'x', name: 'y' }), 'badInput', /give only one of pk or name \(got pk and name\)/);
    });
  });

  describe('getGroups', () => {
    it('returns every matching group over all pages, echoing the inputs', async () => {
      const result = await client.getGroups({ membersByUsernames: ['sofia.alvarez'], ordering: 'name', includeUsers: false });
      assert.equal(result.id, '0');
      assert.deepEqual(result.membersByUsernames, ['sofia.alvarez']);
      assert.deepEqual(
        result.groups.map((g) => g.name),
        ['All Employees', 'On-call', 'SRE', 'VPN Users'],
      );
      assert.ok(result.groups.every((g) => g.usersObjs.length === 0));
    });

    it('sends each filter as authentik expects it', async () => {
      const marcus = standIn.seed.users.find((u) => u.username === 'marcus.chen')!;
      const result = await client.getGroups({ attributes: '{"team": "platform"}', isSuperuser: false, membersByPks: [marcus.pk], name: 'Platform', search: 'Plat' });
      assert.deepEqual(
        result.groups.map((g) => g.name),
        ['Platform'],
      );
      const sent = requests('/core/groups/')[0].query;
      assert.deepEqual(
        { attributes: sent.attributes, is_superuser: sent.is_superuser, members_by_pk: sent.members_by_pk, name: sent.name, search: sent.search, include_users: sent.include_users },
        { attributes: '{"team":"platform"}', is_superuser: 'false', members_by_pk: String(marcus.pk), name: 'Platform', search: 'Plat', include_users: 'true' },
      );
      const superusers = await client.getGroups({ isSuperuser: true });
      assert.deepEqual(
        superusers.groups.map((g) => g.name),
        ['authentik Admins'],
      );
    });

    it('pages with page_size=100 until pagination.next is 0', async () => {
      const big = await startAuthentikStandIn({ scale: true });
      try {
        const c = new AuthentikClient({ apiBase: authentikApiBase(big.url), token: AUTHENTIK_TOKENS.admin });
        const result = await c.getGroups({ includeUsers: false });
        assert.equal(result.groups.length, 5000);
        assert.equal(new Set(result.groups.map((g) => g.pk)).size, 5000);
        const pages = big.requests.filter((r) => r.path === '/api/v3/core/groups/');
        assert.equal(pages.length, 50);
        // Each page once; two are on their way at a time, so they may arrive in either order.
        assert.deepEqual(
          pages.map((r) => Number(r.query.page)).sort((a, b) => a - b),
          Array.from({ length: 50 }, (_, i) => i + 1),
        );
        assert.ok(pages.every((r) => r.query.page_size === '100'));
        assert.deepEqual(big.violations, []);
      } finally {
        await big.stop();
      }
    });

    it('rejects a malformed attributes filter before asking the server, and shows the server\u2019s 400 field by field', async () => {
      await rejectsWith(client.getGroups({ attributes: '{team: platform}' }), 'badInput', /attributes is not valid JSON/);
      await rejectsWith(client.getGroups({ attributes: '["a"]' }), 'badInput', /attributes must be a JSON object, got an array/);
      assert.equal(standIn.requests.length, 0);
      await rejectsWith(
        client.getGroups({ membersByUsernames: ['nobody'] }),
        'badInput',
        /^authentik getGroups: the request was refused \(HTTP 400\)\. members_by_username: Select a valid choice\. nobody is not one of the available choices\.$/,
      );
    });
  });

  describe('getOutpost', () => {
    it('finds an outpost by name (case-insensitive) or by id', async () => {
      const byName = await client.getOutpost({ name: 'LDAP-Outpost' });
      assert.deepEqual(byName, { id: d().outposts[1].pk, name: 'ldap-outpost' });
      assert.equal(requests('/outposts/instances/')[0].query.name__iexact, 'LDAP-Outpost');
      assert.deepEqual(await client.getOutpost({ id: d().outposts[0].pk }), { id: d().outposts[0].pk, name: 'authentik Embedded Outpost' });
      await rejectsWith(client.getOutpost({ id: '00000000-0000-4000-8000-000000000000' }), 'notFound', /no outpost matches id=/);
      await rejectsWith(client.getOutpost({ name: 'nope' }), 'notFound', /no outpost matches name="nope"/);
    });
  });

  describe('property mappings', () => {
    it('getPropertyMappingProviderScope finds a mapping by scope name with description and expression', async () => {
      const m = await client.getPropertyMappingProviderScope({ scopeName: 'email' });
      assertShape(m, { id: 'string', ids: 'string[]', description: 'string', expression: 'string', scopeName: 'string', name: 'string', managed: 'string' });
      assert.equal(m.description, 'Email address');
      assert.equal(m.managed, 'goauthentik.io/providers/oauth2/scope-email');
      assert.deepEqual(m.ids, [m.id]);
      assert.match(m.expression, /"email": request\.user\.email/);
    });

    it('managedLists returns the ids of every match and id "-1"', async () => {
      const wanted = ['goauthentik.io/providers/oauth2/scope-openid', 'goauthentik.io/providers/oauth2/scope-profile'];
      const m = await client.getPropertyMappingProviderScope({ managedLists: wanted });
      assert.equal(m.id, '-1');
      assert.deepEqual(
        new Set(m.ids),
        new Set(
          d()
            .mappings.filter((x) => wanted.includes(x.managed ?? ''))
            .map((x) => x.pk),
        ),
      );
      assert.deepEqual(requests('/propertymappings/provider/scope/')[0].query.managed, wanted);
      await rejectsWith(
        client.getPropertyMappingProviderScope({ managedLists: [...wanted, 'goauthentik.io/providers/oauth2/scope-nope'] }),
        'notFound',
        /managedLists=\["goauthentik\.io\/providers\/oauth2\/scope-nope"\]/,
      );
      await rejectsWith(client.getPropertyMappingProviderScope({ managedLists: wanted, name: 'x' }), 'badInput', /managedLists cannot be combined with name or id/);
    });

    it('getPropertyMappingProviderSaml filters by SAML name and checks the expression', async () => {
      const m = await client.getPropertyMappingProviderSaml({ samlName: 'costCenter' });
      assertShape(m, { expression: 'string', friendlyName: 'string', samlName: 'string', id: 'string', ids: 'string[]' });
      assert.equal(m.friendlyName, 'Cost center');
      assert.equal(m.name, 'Acme: Expense cost center');
      await rejectsWith(
        client.getPropertyMappingProviderSaml({ samlName: 'costCenter', expression: 'return 1' }),
        'notFound',
        /SAML provider property mapping matches samlName="costCenter", expression="return 1"/,
      );
      await rejectsWith(client.getPropertyMappingProviderSaml({ managed: 'goauthentik.io/providers/saml/nope' }), 'notFound', /no SAML provider property mapping matches managed=/);
    });

    it('getPropertyMappingProviderRac returns the static settings as JSON and matches them in any key order', async () => {
      const m = await client.getPropertyMappingProviderRac({ managed: 'goauthentik.io/providers/rac/rdp-default' });
      assertShape(m, { expression: 'string', settings: 'string', id: 'string', ids: 'string[]' });
      assert.deepEqual(JSON.parse(m.settings), { 'resize-method': 'display-update', 'enable-wallpaper': 'false', 'enable-font-smoothing': 'true' });
      const same = await client.getPropertyMappingProviderRac({ settings: '{"enable-font-smoothing": "true", "enable-wallpaper": "false", "resize-method": "display-update"}' });
      assert.equal(same.id, m.id);
    });

    it('the RADIUS, SCIM and LDAP-source lookups find by name, managed or id', async () => {
      const radius = await client.getPropertyMappingProviderRadius({ name: 'Acme: VPN VLAN assignment' });
      assert.match(radius.expression, /Tunnel-Private-Group-Id/);
      const scim = await client.getPropertyMappingProviderScim({ managed: 'goauthentik.io/providers/scim/group' });
      assert.equal(scim.name, 'authentik default SCIM Mapping: Group');
      const ldap = await client.getPropertyMappingSourceLdap({ managed: 'goauthentik.io/sources/ldap/default-mail' });
      assert.equal(ldap.id, d().mappings.find((m) => m.managed === 'goauthentik.io/sources/ldap/default-mail')!.pk, 'a managed lookup returns the id (provider issue #932)');
      assert.equal((await client.getPropertyMappingSourceLdap({ id: ldap.id })).name, ldap.name);
      await rejectsWith(client.getPropertyMappingProviderScim({ id: ldap.id }), 'notFound', /no SCIM provider property mapping matches id=/);
      await rejectsWith(client.getPropertyMappingSourceLdap({}), 'badInput', /more than one LDAP source property mapping found for no inputs \(4 matches/);
    });
  });

  describe('providers', () => {
    it('getProviderOauth2Config returns the setup URLs of a provider found by name or id', async () => {
      const byName = await client.getProviderOauth2Config({ name: 'Grafana' });
      assertShape(byName, {
        authorizeUrl: 'string',
        id: 'string',
        issuerUrl: 'string',
        jwksUrl: 'string',
        logoutUrl: 'string',
        providerInfoUrl: 'string',
        tokenUrl: 'string',
        userInfoUrl: 'string',
        name: 'string',
        providerId: 'number',
      });
      assert.equal(byName.issuerUrl, `${standIn.url}/application/o/grafana/`);
      assert.equal(byName.jwksUrl, `${standIn.url}/application/o/grafana/jwks/`);
      assert.equal(byName.providerId, 1);
      const byId = await client.getProviderOauth2Config({ providerId: 2 });
      assert.equal(byId.name, 'GitLab');
      assert.equal(byId.tokenUrl, `${standIn.url}/application/o/token/`);
    });

    it('getProviderOauth2Config explains a provider without application and an unknown one', async () => {
      await rejectsWith(client.getProviderOauth2Config({ name: 'Unassigned test client' }), 'notFound', /no OAuth2 provider setup URLs matches providerId=9/);
      await rejectsWith(client.getProviderOauth2Config({ providerId: 4 }), 'notFound', /no OAuth2 provider matches providerId=4/);
      await rejectsWith(client.getProviderOauth2Config({ providerId: 'x' as unknown as number }), 'badInput', /providerId must be a whole number, got "x"/);
    });

    it('getProviderSamlMetadata returns the metadata XML with the signing certificate', async () => {
      const result = await client.getProviderSamlMetadata({ name: 'Expense Portal' });
      assertShape(result, { id: 'string', metadata: 'string', name: 'string', providerId: 'number' });
      assert.match(result.metadata, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<md:EntityDescriptor /);
      const signing = d().certificates.find((c) => c.name === 'SAML signing 2025')!;
      const der = signing.certificatePem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
      assert.ok(result.metadata.includes(`<ds:X509Certificate>${der}</ds:X509Certificate>`));
      assert.equal((await client.getProviderSamlMetadata({ providerId: 5 })).name, 'Salesforce');
    });
  });

  describe('getRbacPermission', () => {
    it('finds a permission by codename, and asks for app or model when the codename is ambiguous', async () => {
      const p = await client.getRbacPermission({ codename: 'view_certificatekeypair_key' });
      assert.deepEqual({ ...p, id: typeof p.id }, { id: 'string', codename: 'view_certificatekeypair_key', app: 'authentik_crypto', model: 'certificatekeypair' });
      await rejectsWith(
        client.getRbacPermission({ codename: 'view_group' }),
        'badInput',
        /more than one permission found for codename="view_group" \(2 matches: "authentik_core\.view_group", "auth\.view_group"\)/,
      );
      assert.equal((await client.getRbacPermission({ codename: 'view_group', app: 'auth' })).app, 'auth');
      assert.equal((await client.getRbacPermission({ codename: 'view_user', id: p.id === '1' ? 4 : 4 })).codename, 'view_user');
      await rejectsWith(client.getRbacPermission({ codename: 'view_flow', id: 1 }), 'badInput', /permission 1 has the codename "add_user", not "view_flow"/);
      await rejectsWith(client.getRbacPermission({ codename: '' }), 'badInput', /codename is required/);
    });
  });

  describe('getServiceConnectionKubernetes', () => {
    it('returns the connection with its kubeconfig as JSON, and never names the kubeconfig in errors', async () => {
      const c = await client.getServiceConnectionKubernetes({ name: 'prod-eu-1 cluster' });
      assertShape(c, { id: 'string', name: 'string', local: 'boolean', verifySsl: 'boolean', kubeconfig: 'string' });
      assert.equal(c.local, false);
      assert.equal(JSON.parse(c.kubeconfig)['current-context'], 'prod-eu-1');
      await assert.rejects(client.getServiceConnectionKubernetes({ name: 'prod-eu-1 cluster', local: true }), (error: ServiceError) => {
        assert.equal(error.kind, 'notFound');
        assert.match(error.message, /name="prod-eu-1 cluster", local=true/);
        return true;
      });
      assert.equal((await client.getServiceConnectionKubernetes({ name: 'Local Kubernetes Cluster', id: d().serviceConnections[0].pk })).local, true);
    });
  });

  describe('getSource', () => {
    it('finds a source by slug, name or managed identifier', async () => {
      const bySlug = await client.getSource({ slug: 'github' });
      assertShape(bySlug, { id: 'string', managed: 'string', name: 'string', slug: 'string', uuid: 'string' });
      assert.equal(bySlug.name, 'GitHub');
      assert.equal((await client.getSource({ managed: 'goauthentik.io/sources/inbuilt' })).slug, 'authentik-built-in');
      assert.equal((await client.getSource({ name: 'Acme Active Directory' })).slug, 'acme-ad');
      await rejectsWith(client.getSource({}), 'badInput', /more than one source found for no inputs \(4 matches/);
    });
  });

  describe('getStage', () => {
    it('finds a stage by name or id', async () => {
      const s = await client.getStage({ name: 'default-authentication-password' });
      assert.deepEqual(s, { id: d().stages.find((x) => x.name === 'default-authentication-password')!.pk, name: 'default-authentication-password' });
      assert.deepEqual(await client.getStage({ id: s.id }), s);
      await rejectsWith(client.getStage({ id: s.id, name: 'other' }), 'notFound', /no stage matches id=".*", name="other"/);
    });
  });

  describe('getUser', () => {
    it('finds a user by username or pk with the account fields', async () => {
      const u = await client.getUser({ username: 'marcus.chen' });
      assertShape(u, {
        id: 'string',
        pk: 'number',
        username: 'string',
        name: 'string',
        email: 'string',
        avatar: 'string',
        uid: 'string',
        uuid: 'string',
        path: 'string',
        type: 'string',
        isActive: 'boolean',
        isSuperuser: 'boolean',
        lastLogin: 'string',
        dateJoined: 'string',
        groups: 'string[]',
        attributes: 'string',
      });
      assert.equal(u.name, 'Marcus Chen');
      assert.equal(u.id, String(u.pk));
      assert.equal(u.groups.length, 4);
      assert.deepEqual(await client.getUser({ pk: u.pk }), u);
      const priya = await client.getUser({ username: 'priya.raman' });
      assert.equal(priya.isSuperuser, true, 'a member of a superuser group is a superuser');
      await rejectsWith(client.getUser({ username: 'no.one' }), 'notFound', /no user matches username="no\.one"/);
      await rejectsWith(client.getUser({ pk: 999999 }), 'notFound', /no user matches pk=999999.*No User matches the given query/);
      await rejectsWith(client.getUser({ pk: 1.5 }), 'badInput', /pk must be a whole number/);
    });
  });
});
