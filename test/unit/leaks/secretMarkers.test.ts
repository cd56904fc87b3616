import { LeakDetector, marker } from './markers';
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import { AddressInfo } from 'node:net';
import { AuthentikClient } from '../../../src/clients/authentik';
import { HoneycombClient } from '../../../src/clients/honeycomb';
import { authentikApiBase } from '../../../src/core/config';
import { LOOKUP_OPERATIONS } from '../../../src/lookup/catalog';
import { lookupKey, lookupRecord } from '../../../src/lookup/lookupRecord';
import { LookupClients, LookupInput } from '../../../src/lookup/operation';
import * as AR from '../../../src/views/authentik/recordModels';
import { recordContext } from '../../../src/views/authentik/authentikRecord';
import { EnvContext, HoneycombObject, objectJson } from '../../../src/views/honeycomb/objects';
import { buildRecord } from '../../../src/views/honeycomb/recordModels';
import { AuthentikStandIn, createAuthentikSeed, startAuthentikStandIn } from '../../servers/authentik';
import { HONEYCOMB_KEYS, HoneycombStandIn, createHoneycombSeed, startHoneycombStandIn } from '../../servers/honeycomb';
import { shownMessages } from '../honeycomb/vscodeShim';

/**
 * Every secret kind of the three seeds set to a marker, every path the unit tier can drive run
 * with trace logging on, and no marker anywhere a user or a log reader can look: log lines,
 * error messages and the errors themselves, notifications, webview models and JSON views.
 */

const HC = {
  apiKey: marker('HcApiKey'),
  environmentKey: marker('HcEnvKey'),
  managementSecret: marker('HcMgmtSecret'),
  webhookSecret: marker('HcWebhookSecret'),
  webhookHeader: marker('HcWebhookHeader'),
  pagerDutyKey: marker('HcPagerDutyKey'),
};

const AK = {
  token: marker('AkToken'),
  extraHeader: marker('AkExtraHeader'),
  privateKey: marker('AkPrivateKey'),
  enrollmentKey: marker('AkEnrollKey'),
  licenseKey: marker('AkLicenseKey'),
  webhookHeader: marker('AkWebhookHeader'),
  slackWebhookToken: marker('AkSlackHook'),
  kubeconfigToken: marker('AkKubeToken'),
  googleKey: marker('AkGoogleKey'),
  clientSecret: marker('AkClientSecret'),
  writtenKey: marker('AkWrittenKey'),
  writtenLicense: marker('AkWrittenLicense'),
};

/** `{apiKey: v}` → `{"Honeycomb apiKey": v}`: a leak report names the service too. */
function named(service: string, secrets: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(secrets).map(([name, value]) => [`${service} ${name}`, value]));
}

/** The Honeycomb seed with its keys and recipient secrets replaced by markers. */
function honeycombSeed() {
  const seed = createHoneycombSeed();
  const key = (env: string) => seed.environmentKeys.find((k) => k.environment === env && k.type === 'configuration')!;
  key('production').token = HC.apiKey;
  key('staging').token = HC.environmentKey;
  seed.managementKeys[0].secret = HC.managementSecret;
  for (const r of seed.recipients) {
    const d = r.details;
    if (r.type === 'webhook') {
      d.webhook_secret = HC.webhookSecret;
      d.webhook_headers = [{ header: 'Authorization', value: HC.webhookHeader }];
    }
    if (r.type === 'pagerduty') d.pagerduty_integration_key = HC.pagerDutyKey;
  }
  return seed;
}

/** The authentik seed with every secret it serves replaced by a marker. */
function authentikSeed() {
  const seed = createAuthentikSeed();
  seed.tokens.find((t) => t.identifier === 'akadmin-vscode')!.key = AK.token;
  const d = seed.directory;
  const withKey = d.certificates.find((c) => c.keyPem)!;
  withKey.keyPem = AK.privateKey;
  d.enrollmentTokens[0].key = AK.enrollmentKey;
  d.licenses[0].key = AK.licenseKey;
  d.mappings.find((m) => m.kind === 'notification')!.expression = `return {"Authorization": "${AK.webhookHeader}"}`;
  const slack = d.notificationTransports.find((t) => t.mode === 'webhook_slack')!;
  slack.webhook_url = `https://hooks.slack.com/services/T0ACME42/B0SRE77/${AK.slackWebhookToken}`;
  d.serviceConnections.find((s) => s.kind === 'kubernetes')!.kubeconfig = { users: [{ name: 'ops', user: { token: AK.kubeconfigToken } }] };
  d.browserConnectors[0].credentials = { type: 'service_account', private_key: AK.googleKey };
  const oauth = d.providers.find((p) => p.kind === 'oauth2' && typeof p.extra.client_secret === 'string' && p.extra.client_secret !== '')!;
  oauth.extra.client_secret = AK.clientSecret;
  return seed;
}

/**
 * A server that answers every request with 400 and the request's own headers in its error text,
 * plus whatever else it is given to repeat (a secret it learnt elsewhere).
 */
async function echoingServer(repeat = ''): Promise<{ url: string; stop(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    res.writeHead(400, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: `bad request with headers ${JSON.stringify(req.headers)} ${repeat}`, detail: `echo ${JSON.stringify(req.headers)} ${repeat}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Secrets the extension only sends (credentials, refused writes): no answer carries them back. */
const SENT_ONLY = ['Honeycomb apiKey', 'Honeycomb environmentKey', 'Honeycomb managementSecret', 'authentik token', 'authentik extraHeader', 'authentik writtenKey', 'authentik writtenLicense'];

/** Inputs for the lookups whose required inputs have no default, picked from the seeds. */
const LOOKUP_INPUTS: Record<string, LookupInput[]> = {
  'honeycomb.getRecipient': [{ type: 'webhook' }, ...['Acme Production', 'Payments Escalation'].map((name) => ({ type: 'pagerduty', detailFilter: { name: 'integration_name', value: name } }))],
  'honeycomb.getRecipients': [{}, { type: 'webhook' }],
  'honeycomb.getTriggerRecipient': [{ dataset: 'api-gateway', type: 'webhook' }],
  'honeycomb.getEnvironment': [{ slug: 'production' }],
  'honeycomb.getDataset': [{ slug: 'api-gateway' }],
  'authentik.getCertificateKeyPair': [],
  'authentik.getServiceConnectionKubernetes': [],
};

describe('no secret reaches a log, message, notification or panel (markers for every secret kind)', function () {
  this.timeout(120_000);

  describe('Honeycomb and authentik', () => {
    const detector = new LeakDetector({ ...named('Honeycomb', HC), ...named('authentik', AK) });
    let honeycomb: HoneycombStandIn;
    let authentik: AuthentikStandIn;
    let hc: HoneycombClient;
    let ak: AuthentikClient;

    before(async () => {
      [honeycomb, authentik] = await Promise.all([startHoneycombStandIn({ seed: honeycombSeed }), startAuthentikStandIn({ seed: authentikSeed, requiredHeaders: { 'X-Proxy-Auth': AK.extraHeader } })]);
      shownMessages.length = 0;
      const transport = { logger: detector.logger, secrets: detector.knownSecrets, retry: { maxRetries: 0 } };
      hc = new HoneycombClient({ apiUrl: honeycomb.url, apiKey: HC.apiKey, managementKey: { id: HONEYCOMB_KEYS.management.id, secret: HC.managementSecret }, ...transport });
      ak = new AuthentikClient({ apiBase: authentikApiBase(authentik.url), token: AK.token, headers: { 'X-Proxy-Auth': AK.extraHeader }, ...transport });
    });
    after(() => Promise.all([honeycomb?.stop(), authentik?.stop()]));
    afterEach(() => {
      assert.deepEqual(honeycomb.violations, []);
      assert.deepEqual(authentik.violations, []);
    });

    it('Honeycomb: browsing, records, lookups and failures show no key, secret or header value', async () => {
      const auth = await hc.getAuthMetadata();
      const env: EnvContext = { apiUrl: honeycomb.url, teamSlug: auth.team.slug, teamName: auth.team.name, envSlug: 'production', envName: 'Production', classic: false };
      await detector.run('getManagementKeyInfo', () => hc.getManagementKeyInfo());
      await detector.run('listEnvironments', () => hc.listEnvironments());
      const datasets = (await detector.run('listDatasets', () => hc.listDatasets())) ?? [];
      for (const d of datasets.slice(0, 3)) await detector.run(`listTriggers ${d.slug}`, () => hc.listTriggers(d.slug));
      const recipients = (await detector.run('listRecipients', () => hc.listRecipients())) ?? [];
      assert.ok(recipients.some((r) => r.type === 'webhook') && recipients.some((r) => r.type === 'pagerduty'));
      for (const r of recipients) {
        const again = await hc.getRecipientById(r.id);
        const o: HoneycombObject = { kind: 'recipient', env, item: again };
        detector.checkRecord(`recipient ${r.type}`, buildRecord(o, { recipientTriggers: await hc.listRecipientTriggers(r.id) }));
        detector.check(`JSON view: recipient ${r.type} (tree copy)`, JSON.stringify(objectJson(o)));
      }
      // A second environment's own key, as "Set API Key for Environment" stores it.
      const staging = new HoneycombClient({ apiUrl: honeycomb.url, apiKey: HC.environmentKey, logger: detector.logger, secrets: detector.knownSecrets });
      await detector.run('staging getAuthMetadata', () => staging.getAuthMetadata());
      // Refused keys and a server that echoes the request back.
      const wrong = new HoneycombClient({ apiUrl: honeycomb.url, apiKey: `${HC.apiKey}-wrong`, logger: detector.logger, secrets: detector.knownSecrets, retry: { maxRetries: 0 } });
      await detector.run('wrong key', () => wrong.getAuthMetadata());
      // The server repeats the recipients' secrets it holds, as a webhook receiver's answer might.
      const echo = await echoingServer(`${HC.webhookHeader} ${HC.webhookSecret} ${HC.pagerDutyKey}`);
      try {
        const echoed = new HoneycombClient({
          apiUrl: echo.url,
          apiKey: HC.apiKey,
          managementKey: { id: HONEYCOMB_KEYS.management.id, secret: HC.managementSecret },
          logger: detector.logger,
          secrets: detector.knownSecrets,
          retry: { maxRetries: 0 },
        });
        await detector.run('echoing server, API key', () => echoed.listDatasets());
        await detector.run('echoing server, management key', () => echoed.listEnvironments());
      } finally {
        await echo.stop();
      }
      await detector.run('unreachable server', () =>
        new HoneycombClient({ apiUrl: 'http://127.0.0.1:1', apiKey: HC.apiKey, logger: detector.logger, secrets: detector.knownSecrets, retry: { maxRetries: 0 } }).getAuthMetadata(),
      );
      await runLookups(detector, 'honeycomb', { honeycomb: async () => hc, authentik: async () => ak, verify: async () => ({}) });
      detector.checkLog();
      assert.equal(detector.report(), '', 'no marker anywhere');
      assert.deepEqual(
        detector.unseen(SENT_ONLY).filter((name) => name.startsWith('Honeycomb')),
        [],
        'every secret was in the answers and records checked',
      );
    });

    it('authentik: browsing, records, key views, lookups, writes and failures show no token, key or header value', async () => {
      detector.leaks.length = 0;
      detector.lines.length = 0;
      await detector.run('getCurrentUser', () => ak.getCurrentUser());
      const ui = authentik.url;
      // Certificates: the record before and after "Load private key", and the lookup with fetchKey.
      for (const c of (await ak.listCertificates()).items.filter((x) => x.private_key_available)) {
        const usedBy = await ak.certificateUsedBy(c.pk);
        const key = await detector.run(`viewPrivateKey ${c.name}`, () => ak.viewPrivateKey(c.pk));
        detector.checkRecord(`certificate ${c.name}`, AR.certificateRecord(c, usedBy, key?.data, recordContext(ui)));
        LOOKUP_INPUTS['authentik.getCertificateKeyPair'].push({ name: c.name, fetchKey: true });
      }
      // Property mappings, the webhook header mapping among them.
      for (const m of (await detector.run('listPropertyMappings', () => ak.listPropertyMappings({ pageSize: 100 })))?.items ?? []) {
        const mapping = await detector.run(`retrievePropertyMapping ${m.name}`, () => ak.retrievePropertyMapping(m.pk));
        if (mapping) detector.checkRecord(`mapping ${m.name}`, AR.mappingRecord(mapping, recordContext(ui)));
      }
      // Providers (OAuth2 client secrets) and service connections (kubeconfig).
      for (const p of (await ak.listProviders()).items) {
        const oauth2 = p.meta_model_name.endsWith('.oauth2provider') ? await detector.run(`retrieveOAuth2Provider ${p.name}`, () => ak.retrieveOAuth2Provider(p.pk)) : undefined;
        detector.checkRecord(`provider ${p.name}`, AR.providerRecord(p, { oauth2 }, recordContext(ui)));
      }
      for (const s of (await ak.listServiceConnections()).items) {
        const kubernetes =
          s.component === 'ak-service-connection-kubernetes-form' ? await detector.run(`retrieveKubernetesConnection ${s.name}`, () => ak.retrieveKubernetesConnection(s.pk)) : undefined;
        detector.checkRecord(`service connection ${s.name}`, AR.serviceConnectionRecord(s, kubernetes, recordContext(ui)));
        if (kubernetes) LOOKUP_INPUTS['authentik.getServiceConnectionKubernetes'].push({ name: s.name });
      }
      // The managed kinds with secrets: licenses, Chrome connectors, transports, enrollment tokens.
      for (const kind of ['license', 'browserConnector', 'eventTransport', 'enrollmentToken'] as const) {
        const collection = await ak.resources(kind);
        const page = await detector.run(`list ${kind}`, () => collection.list({ pageSize: 100 }));
        for (const item of page?.items ?? []) {
          const id = String((item as Record<string, unknown>)[collection.spec.lookupParam === 'uuid' ? 'pk' : collection.spec.idField]);
          await detector.run(`retrieve ${kind}`, () => collection.retrieve(id as never));
          if (kind === 'enrollmentToken') await detector.run('viewEnrollmentKey', () => ak.viewEnrollmentKey(id));
          if (kind === 'eventTransport') await detector.run('testTransport', () => ak.testTransport(id));
        }
      }
      // Writes that carry a secret the server refuses: the refusal must not repeat it.
      await detector.run('create certificate with a bad key', async () =>
        (await ak.resources('certificateKeyPair')).create({ name: 'leak test', certificate_data: 'not a certificate', key_data: AK.writtenKey }),
      );
      await detector.run('create license with a bad key', async () => (await ak.resources('license')).create({ key: AK.writtenLicense }));
      // A refused token, the extra header missing, an echoing server, no server.
      await detector.run('wrong token', () =>
        new AuthentikClient({
          apiBase: authentikApiBase(authentik.url),
          token: `${AK.token}-wrong`,
          headers: { 'X-Proxy-Auth': AK.extraHeader },
          logger: detector.logger,
          secrets: detector.knownSecrets,
        }).getCurrentUser(),
      );
      await detector.run('missing header', () =>
        new AuthentikClient({ apiBase: authentikApiBase(authentik.url), token: AK.token, logger: detector.logger, secrets: detector.knownSecrets }).getCurrentUser(),
      );
      const echo = await echoingServer();
      try {
        await detector.run('echoing server', () =>
          new AuthentikClient({
            apiBase: authentikApiBase(echo.url),
            token: AK.token,
            headers: { 'X-Proxy-Auth': AK.extraHeader },
            logger: detector.logger,
            secrets: detector.knownSecrets,
            retry: { maxRetries: 0 },
          }).getCurrentUser(),
        );
      } finally {
        await echo.stop();
      }
      await detector.run('unreachable server', () =>
        new AuthentikClient({ apiBase: 'http://127.0.0.1:1/api/v3', token: AK.token, logger: detector.logger, secrets: detector.knownSecrets, retry: { maxRetries: 0 } }).getCurrentUser(),
      );
      await runLookups(detector, 'authentik', { honeycomb: async () => hc, authentik: async () => ak, verify: async () => ({}) });
      detector.checkLog();
      assert.equal(detector.report(), '', 'no marker anywhere');
      assert.deepEqual(
        detector.unseen(SENT_ONLY).filter((name) => name.startsWith('authentik')),
        [],
        'every secret was in the answers and records checked',
      );
    });
  });
});

/** Every lookup of a service, with the seed inputs above or none (a refusal is a path too). */
async function runLookups(detector: LeakDetector, service: 'honeycomb' | 'authentik', clients: LookupClients): Promise<void> {
  for (const op of LOOKUP_OPERATIONS.filter((o) => o.service === service)) {
    const inputs = LOOKUP_INPUTS[`${service}.${op.name}`] ?? [{}];
    for (const input of inputs.length ? inputs : [{}]) {
      await detector.run(
        `lookup ${op.name}`,
        () => op.run(clients, input),
        (output) => detector.checkRecord(`lookup ${op.name}`, lookupRecord(lookupKey(op, input), op, input, output)),
      );
    }
  }
}
