import { shownMessages } from '../honeycomb/vscodeShim';
import * as assert from 'node:assert/strict';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { inspect } from 'node:util';
import { registerSecret } from '../../../src/clients/authentik/resources/send';
import { RegistryClient } from '../../../src/clients/registry/client';
import { ServiceError } from '../../../src/core/errors';
import { HttpClient } from '../../../src/core/http';
import { RedactingLogger } from '../../../src/core/logger';
import { KnownSecrets, REDACTED } from '../../../src/core/redact';
import { reportCommandError } from '../../../src/ui/commandRunner';
import { maskSecretsInMessages } from '../../../src/ui/messageText';
import { json, startTestServer } from '../helpers/testServer';

/**
 * A server that repeats part of a secret in its error: the first 60 characters of a private key,
 * the start of a token, one line of a key body. Whatever part it repeats must not reach the
 * error's message, its JSON, the log or the notification, and a private key cut off before its
 * END line is masked even when the extension never knew it. Ordinary text stays as written.
 */

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const randomToken = (length: number) => Array.from(randomBytes(length), (byte) => BASE62[byte % 62]).join('');
const privateKeyPem = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;

/** The stretches of 12 characters of a secret's own text (not its BEGIN/END lines) that `text` holds. */
function leakedRuns(secret: string, text: string): string[] {
  const own = secret.replace(/-----(BEGIN|END) [A-Z ]+-----/g, '\n');
  const runs: string[] = [];
  for (let at = 0; at + 12 <= own.length; at++) {
    const run = own.slice(at, at + 12);
    if (!run.includes('\n') && text.includes(run)) runs.push(run);
  }
  return runs;
}

/** What a user or a log reader can see of an error: its message, its JSON, its inspection. */
const errorTexts = (error: ServiceError) => ({ message: error.message, json: JSON.stringify(error), inspected: inspect(error, { depth: null, showHidden: true }) });

describe('a server echoing part of a secret', () => {
  const secrets = new KnownSecrets();
  const lines: string[] = [];
  const logger = new RedactingLogger(
    (level, message) => lines.push(`${level} ${message}`),
    secrets,
    'test',
    () => true,
  );
  before(() => maskSecretsInMessages(secrets));
  after(() => maskSecretsInMessages(new KnownSecrets()));
  beforeEach(() => {
    lines.length = 0;
    shownMessages.length = 0;
  });

  /** The error a client builds from a 400 answer whose `detail` is `said`, logged and shown as a command does. */
  async function echoed(said: string): Promise<{ error: ServiceError; seen: Record<string, string> }> {
    const server = await startTestServer((_req, res) => json(res, 400, { detail: said }));
    try {
      const client = new HttpClient({ service: 'authentik', baseUrl: server.url, logger, secrets, retry: { maxRetries: 0 } });
      const error = await client.request({ operation: 'createCertificateKeyPair', method: 'POST', path: '/crypto/certificatekeypairs/', body: {} }).then(
        () => assert.fail('the server refused it'),
        (e: unknown) => e as ServiceError,
      );
      assert.ok(error instanceof ServiceError);
      await reportCommandError(logger, 'opsConfig.test', error);
      assert.equal(shownMessages.length, 1);
      return { error, seen: { ...errorTexts(error), log: lines.join('\n'), notification: shownMessages[0].text } };
    } finally {
      await server.close();
    }
  }

  it('the first 60 characters of a known private key reach neither the message, the JSON, the log nor the notification', async () => {
    const key = privateKeyPem();
    secrets.add(key);
    const { error, seen } = await echoed(`could not load the key ${key.slice(0, 60)}`);
    assert.match(error.message, /^authentik createCertificateKeyPair: the request was refused \(HTTP 400\)\. The server said: "could not load the key ‹redacted›"\./);
    for (const [where, text] of Object.entries(seen)) {
      assert.ok(!text.includes(key.slice(0, 60)), `${where} holds the echo`);
      assert.deepEqual(leakedRuns(key.slice(0, 60), text), [], where);
    }
    assert.ok(seen.log.includes('could not load the key ‹redacted›'), 'the log has the rest of the message');
  });

  it('the start of a known token and one line of a known key body, without its BEGIN line, are masked everywhere', async () => {
    const token = randomToken(60);
    const key = privateKeyPem();
    secrets.add(token);
    secrets.add(key);
    const line = key.split('\n')[7];
    const { error, seen } = await echoed(`token ${token.slice(0, 40)} is not valid; key line ${line} is not base64`);
    assert.equal(error.serverMessage, `token ${REDACTED} is not valid; key line ${REDACTED} is not base64`);
    for (const [where, text] of Object.entries(seen)) {
      assert.deepEqual(leakedRuns(token, text), [], `${where}: the token`);
      assert.deepEqual(leakedRuns(key, text), [], `${where}: the key`);
    }
  });

  it('a registry that repeats the refused password in its 401 does not put it in the error', async () => {
    const password = `registry-${randomToken(30)}`;
    const server = await startTestServer((req, res) =>
      req.headers.authorization
        ? json(res, 401, { errors: [{ code: 'UNAUTHORIZED', message: `password ${password.slice(0, 24)}… refused` }] })
        : json(res, 401, { errors: [{ code: 'UNAUTHORIZED' }] }, { 'WWW-Authenticate': 'Basic realm="Registry"' }),
    );
    try {
      const client = new RegistryClient(server.url.replace('http://', ''), { credentials: async () => ({ username: 'alice', password }), secrets });
      const error = await client.getManifest('team/app', 'v1').then(
        () => assert.fail('the login was refused'),
        (e: unknown) => e as ServiceError,
      );
      assert.equal(error.kind, 'auth');
      assert.equal(error.serverMessage, `UNAUTHORIZED: password ${REDACTED}… refused`);
      for (const [where, text] of Object.entries(errorTexts(error))) assert.deepEqual(leakedRuns(password, text), [], where);
    } finally {
      await server.close();
    }
  });

  it('any run of 12 characters of a known secret is masked, wherever it starts and however long; 11 stay readable', () => {
    const many = new KnownSecrets();
    // Among 20,000 others, as a paged list registers them: the index grows past its first size.
    for (let i = 0; i < 20_000; i++) many.add(randomToken(40));
    const secret = randomToken(70);
    many.add(secret);
    for (let start = 0; start < secret.length; start++) {
      for (let length = 1; start + length <= secret.length; length++) {
        const part = secret.slice(start, start + length);
        const shown = many.redactText(`<${part}>`);
        assert.equal(shown, length >= 12 ? `<${REDACTED}>` : `<${part}>`, `${length} characters from ${start}`);
      }
    }
    assert.equal(many.redactText(`a=${secret}&b=${secret.slice(5, 30)}`), `a=${REDACTED}&b=${REDACTED}`);
    assert.equal(many.redactText(`<${secret.slice(0, 11)}|${secret.slice(11, 22)}>`), `<${secret.slice(0, 11)}|${secret.slice(11, 22)}>`, 'two short pieces apart are no run');
  });
});

describe('a private key cut off before its END line', () => {
  const nobody = new KnownSecrets();
  const key = privateKeyPem();
  const bodyLines = key.split('\n').filter((line) => line && !line.startsWith('-----'));

  it('is masked from its BEGIN line through the body lines that follow, though the extension never knew it', () => {
    const cut = key.slice(0, 300);
    const shown = nobody.redactText(`the server said: ${cut}`);
    assert.equal(shown, `the server said: ${REDACTED}`);
  });

  it('is masked inside JSON, where its line breaks are written \\n, and in a message that joined its lines with spaces', () => {
    const cut = key.slice(0, 500);
    const inJson = nobody.redactText(JSON.stringify({ detail: `bad key ${cut}` }));
    assert.equal(inJson, `{"detail":"bad key ${REDACTED}"}`);
    const joined = nobody.redactText(`bad key ${cut.replace(/\n/g, ' ')} (truncated)`);
    assert.equal(joined, `bad key ${REDACTED} (truncated)`);
  });

  it('is masked with the headers of a legacy encrypted key', () => {
    const encrypted = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem', cipher: 'aes-128-cbc', passphrase: 'x' }) as string;
    assert.match(encrypted, /Proc-Type: 4,ENCRYPTED\nDEK-Info: /);
    assert.equal(nobody.redactText(`key: ${encrypted.slice(0, 400)}`), `key: ${REDACTED}`);
  });

  it('masks in a ServiceError\u2019s cause too, and leaves the words after the key', () => {
    const error = new ServiceError({
      kind: 'invalidResponse',
      service: 'Signing',
      operation: 'loadKey',
      summary: 'the key could not be read',
      cause: new Error(`parse error near ${key.slice(0, 120)} is not valid`),
    });
    const inspected = inspect(error, { depth: null, showHidden: true });
    for (const line of bodyLines.slice(0, 2)) assert.ok(!inspected.includes(line.slice(0, 16)), 'no part of a body line');
    assert.match(inspected, /parse error near ‹redacted› is not valid/);
  });
});

describe('ordinary text beside many known secrets', () => {
  it('stays as written: other URLs on a webhook\u2019s host, public keys, long words, short prefixes, the public parts of key files and mapping code', () => {
    const secrets = new KnownSecrets();
    const key = privateKeyPem();
    const token = randomToken(60);
    secrets.add(key);
    secrets.add(token);
    secrets.add(`https://hooks.example.com/services/T0AB12CD3/B0EF45GH6/${randomToken(24)}`);
    secrets.add('correct horse battery staple');
    // A Chrome connector's service-account key file, registered as a list registers it.
    const keyFile = {
      type: 'service_account',
      project_id: 'acme-prod',
      private_key: key,
      client_email: 'svc@acme-prod.iam.gserviceaccount.com',
      auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    };
    registerSecret(secrets, keyFile);
    // A webhook mapping's code: whole only; its header value on its own (as propertyMappings.ts registers them).
    secrets.addDocument('return {"Authorization": "Bearer whk_0123456789abcdef", "X-Request-User": request.user.username}');
    secrets.add('Bearer whk_0123456789abcdef');
    const otherPublicKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }) as string;
    // Keys end alike: base64 padding, then the END line. The body line here makes an indexed
    // window start on the "==", so only the rule about public parts keeps the ending unmasked.
    secrets.add(`-----BEGIN PRIVATE KEY-----\n${randomToken(60)}Ag==\n-----END PRIVATE KEY-----\n`);
    const sameEnding = `-----BEGIN PUBLIC KEY-----\n${randomToken(60)}Ag==\n-----END PUBLIC KEY-----\n`;
    const ordinary = [
      'GET https://hooks.example.com/api/v3/core/groups/?page=1 (200, 41 ms)',
      `cosign public key:\n${otherPublicKey}`,
      sameEnding,
      'Internationalization of the administrator credentials failed: see the documentation',
      `token ${token.slice(0, 11)}… was revoked`,
      'the battery is low',
      '{"type":"service_account","auth_uri":"https://accounts.google.com/o/oauth2/auth","client_email":"ci@other-project.iam.gserviceaccount.com"}',
      'return {"X-Request-User": request.user.username}',
    ];
    for (const text of ordinary) assert.equal(secrets.redactText(text), text);
    // …while the secrets in the same kinds of text are masked.
    assert.equal(secrets.redactText(JSON.stringify(keyFile)), REDACTED);
    assert.equal(secrets.redactText('the password is correct horse battery'), `the password is ${REDACTED}`);
    assert.equal(secrets.redactText(`${key}\nnext`), `${REDACTED}\nnext`);
    assert.equal(secrets.redactText('sent as svc@acme-prod.iam.gserviceaccount.com'), `sent as ${REDACTED}`);
    secrets.add('P@ssw0rd-for-the-registry-7');
    assert.equal(secrets.redactText('echo: ssw0rd-for-the-regis'), `echo: ${REDACTED}`, 'a password with an @ is no address: its end is secret');
  });
});
