import * as assert from 'node:assert/strict';
import { HttpClient } from '../../../src/core/http';
import { LogLevel, RedactingLogger } from '../../../src/core/logger';
import { KnownSecrets } from '../../../src/core/redact';
import { json, startTestServer } from '../helpers/testServer';

/**
 * Every kind of secret the extension handles, fed through the logger at debug and trace level,
 * in the ways they can reach it: free text, request headers, JSON bodies and error messages.
 * None may come out.
 */
const SECRETS = {
  honeycombApiKey: 'hcxlk_01jprod0config0key0000001',
  honeycombManagementSecret: 'acmeMgmtSecretFullAccess00000001',
  authentikToken: 'akTestAdminToken0d9f6c2b7e4a41b38c5e0f1a2b3c4d5e6f7a8b9c0',
  authentikProxyHeader: 'proxy-shared-secret-91b2',
  registryPassword: 'ghp_registryTokenA1b2C3d4E5f6',
  webhookSecret: 'whsec_9f8e7d6c5b4a',
  pagerdutyIntegrationKey: 'b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6',
  oauth2ClientSecret: 'oauth2-client-secret-ZXCVBNM12345',
  kubeconfig: 'apiVersion: v1\nclusters:\n- cluster:\n    server: https://k8s.internal\n  name: prod\nusers:\n- user:\n    token: kube-user-token-abcdef',
  privateKey: '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg7777777777777777\n-----END PRIVATE KEY-----',
  encryptedCosignKey: '-----BEGIN ENCRYPTED SIGSTORE PRIVATE KEY-----\neyJrZGYiOnsibmFtZSI6InNjcnlwdCJ9fQ==\n-----END ENCRYPTED SIGSTORE PRIVATE KEY-----',
  oidcIdentityToken: 'eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJodHRwczovL29hdXRoMi5zaWdzdG9yZS5kZXYvYXV0aCJ9.c2lnbmF0dXJlLXZhbHVl',
  authentikTokenKey: 'tok_key_authentik_service_account_42',
};

function capture(): { logger: RedactingLogger; lines: string[]; knownSecrets: KnownSecrets } {
  const lines: string[] = [];
  const knownSecrets = new KnownSecrets();
  const logger = new RedactingLogger((level: LogLevel, message: string) => lines.push(`${level}: ${message}`), knownSecrets);
  return { logger, lines, knownSecrets };
}

function assertNoSecret(output: string): void {
  for (const [kind, value] of Object.entries(SECRETS)) {
    // Check the distinctive part of each secret (a multi-line value is checked line by line).
    for (const part of value.split('\n').filter((l) => l.length >= 12 && !/^-----/.test(l) && !/^(apiVersion|clusters|users|- )/.test(l.trim()))) {
      assert.ok(!output.includes(part), `${kind} leaked: …${part.slice(0, 12)}…`);
    }
  }
}

describe('secrets never reach the log', () => {
  it('masks every registered secret in free text at every level, including URL-encoded forms', () => {
    const { logger, lines, knownSecrets } = capture();
    Object.values(SECRETS).forEach((s) => knownSecrets.add(s));
    for (const [kind, value] of Object.entries(SECRETS)) {
      logger.trace(`trace ${kind}=${value}`);
      logger.debug(`debug ${kind}=${value}`);
      logger.info(`url https://x.invalid/?k=${encodeURIComponent(value)}`);
      logger.error(`error mentioning ${value} twice: ${value}`);
    }
    const output = lines.join('\n');
    assertNoSecret(output);
    assert.ok(lines.length >= 4 * Object.keys(SECRETS).length);
    assert.match(output, /debug: debug honeycombApiKey=‹redacted›/);
  });

  it('masks secrets it was never told about when they look like credentials', () => {
    const { logger, lines } = capture();
    logger.debug(`header Authorization: Bearer ${SECRETS.authentikToken}`);
    logger.debug(`basic Authorization: Basic ${Buffer.from('user:' + SECRETS.registryPassword).toString('base64')}`);
    logger.debug(`pem ${SECRETS.privateKey}`);
    logger.debug(`cosign key ${SECRETS.encryptedCosignKey}`);
    logger.debug(`key ${SECRETS.honeycombApiKey}`);
    const output = lines.join('\n');
    assertNoSecret(output);
    assert.doesNotMatch(output, /MIGHAgEAMBMG|eyJrZGYiOnsibmFtZSI6/);
    assert.match(output, /Bearer ‹redacted›/);
  });

  it('masks secret fields of API bodies by name (recipients, certificates, providers, tokens, service connections)', () => {
    const { logger, lines, knownSecrets } = capture();
    const bodies = [
      { type: 'webhook', details: { webhook_name: 'ops', webhook_url: 'https://hooks.example', webhook_secret: SECRETS.webhookSecret } },
      { type: 'pagerduty', details: { pagerduty_integration_name: 'pd', pagerduty_integration_key: SECRETS.pagerdutyIntegrationKey } },
      { name: 'oauth', client_id: 'visible-client-id', client_secret: SECRETS.oauth2ClientSecret },
      { name: 'cert', certificate_data: '-----BEGIN CERTIFICATE-----', key_data: SECRETS.privateKey },
      { name: 'k8s', kubeconfig: { raw: SECRETS.kubeconfig }, verify_ssl: true },
      { identifier: 'svc', key: 'not-secret-field-name', token: SECRETS.authentikTokenKey },
      { auths: { 'ghcr.io': { auth: Buffer.from('u:' + SECRETS.registryPassword).toString('base64') } } },
      { identityToken: SECRETS.oidcIdentityToken, password: SECRETS.registryPassword },
    ];
    for (const body of bodies) {
      logger.debug(`body ${JSON.stringify(knownSecrets.redactJson(body))}`);
    }
    const output = lines.join('\n');
    assertNoSecret(output);
    assert.match(output, /visible-client-id/);
    assert.match(output, /"webhook_url":"https:\/\/hooks\.example"/);
  });

  it('masks secret headers and bodies of real requests logged at debug and trace level', async () => {
    const { logger, lines, knownSecrets } = capture();
    knownSecrets.addHeaderName('X-Proxy-Auth');
    const server = await startTestServer((req, res) =>
      json(res, req.url === '/fail' ? 401 : 200, {
        error: req.url === '/fail' ? `bad key ${String(req.headers['x-honeycomb-team'])}` : undefined,
        details: { webhook_secret: SECRETS.webhookSecret, pagerduty_integration_key: SECRETS.pagerdutyIntegrationKey },
        client_secret: SECRETS.oauth2ClientSecret,
      }),
    );
    try {
      const client = new HttpClient({
        service: 'Honeycomb',
        baseUrl: server.url,
        logger,
        secrets: knownSecrets,
        retry: { maxRetries: 0 },
        headers: {
          'X-Honeycomb-Team': SECRETS.honeycombApiKey,
          Authorization: `Bearer ${SECRETS.authentikToken}`,
          'X-Proxy-Auth': SECRETS.authentikProxyHeader,
          Cookie: `session=${SECRETS.oidcIdentityToken}`,
        },
      });
      await client.request({ operation: 'getRecipients', path: '/ok' });
      await client.request({ operation: 'getAuthMetadata', path: '/fail' }).catch((error: Error) => logger.error(error.message));
      const output = lines.join('\n');
      assert.match(output, /^debug: → GET/m);
      assert.match(output, /^trace: body of/m);
      assert.match(output, /^error: Honeycomb getAuthMetadata: the credential was rejected/m);
      assertNoSecret(output);
      // The server really received the secrets: the masking happened in the log only.
      assert.equal(server.requests[0].headers['x-proxy-auth'], SECRETS.authentikProxyHeader);
    } finally {
      await server.close();
    }
  });
});
