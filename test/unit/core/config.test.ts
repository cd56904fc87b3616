import * as assert from 'node:assert/strict';
import { ConfigError, authentikApiBase, httpUrlProblem, parseHeaderMap, registryHostProblem, resolveAuthentikConfig, resolveHoneycombConfig, resolveSigningConfig } from '../../../src/core/config';

describe('core/config', () => {
  describe('Honeycomb', () => {
    it('defaults to the US API and takes HONEYCOMB_API_ENDPOINT unless the setting is set', () => {
      assert.equal(resolveHoneycombConfig({}, {}, {}).apiUrl, 'https://api.honeycomb.io');
      const fromEnv = resolveHoneycombConfig({}, {}, { HONEYCOMB_API_ENDPOINT: 'https://api.eu1.honeycomb.io/' });
      assert.equal(fromEnv.apiUrl, 'https://api.eu1.honeycomb.io');
      assert.equal(fromEnv.apiUrlSource, 'env:HONEYCOMB_API_ENDPOINT');
      const fromSetting = resolveHoneycombConfig({ apiUrl: 'http://127.0.0.1:9000' }, {}, { HONEYCOMB_API_ENDPOINT: 'https://api.eu1.honeycomb.io' });
      assert.equal(fromSetting.apiUrl, 'http://127.0.0.1:9000');
      assert.equal(fromSetting.apiUrlSource, 'setting');
    });

    it('prefers the saved API key, then HONEYCOMB_API_KEY, then the legacy HONEYCOMBIO_APIKEY', () => {
      const env = { HONEYCOMB_API_KEY: 'env-key', HONEYCOMBIO_APIKEY: 'legacy-key' };
      assert.deepEqual(pick(resolveHoneycombConfig({}, { apiKey: 'saved' }, env)), ['saved', 'secret']);
      assert.deepEqual(pick(resolveHoneycombConfig({}, {}, env)), ['env-key', 'env:HONEYCOMB_API_KEY']);
      assert.deepEqual(pick(resolveHoneycombConfig({}, {}, { HONEYCOMBIO_APIKEY: 'legacy-key' })), ['legacy-key', 'env:HONEYCOMBIO_APIKEY']);
      assert.deepEqual(pick(resolveHoneycombConfig({}, {}, { HONEYCOMB_API_KEY: '  ', HONEYCOMBIO_APIKEY: 'legacy-key' })), ['legacy-key', 'env:HONEYCOMBIO_APIKEY']);
      assert.equal(resolveHoneycombConfig({}, {}, {}).apiKey, undefined);
    });

    it('needs both halves of a management key and says which half is missing', () => {
      const both = resolveHoneycombConfig({}, {}, { HONEYCOMB_KEY_ID: 'hcxmk_1', HONEYCOMB_KEY_SECRET: 's3cret' });
      assert.deepEqual(both.managementKey, { id: 'hcxmk_1', secret: 's3cret', source: 'env:HONEYCOMB_KEY_ID' });
      assert.deepEqual(resolveHoneycombConfig({}, { apiKeyId: 'a', apiKeySecret: 'b' }, {}).managementKey?.source, 'secret');
      assert.throws(() => resolveHoneycombConfig({}, {}, { HONEYCOMB_KEY_ID: 'hcxmk_1' }), /key ID is set but its secret is missing/);
      assert.throws(() => resolveHoneycombConfig({}, { apiKeySecret: 'x' }, {}), /secret is set but its key ID is missing/);
    });

    it('refuses an API URL that is not http(s), naming where it came from', () => {
      assert.throws(
        () => resolveHoneycombConfig({ apiUrl: 'api.honeycomb.io' }, {}, {}),
        (e: Error) => e instanceof ConfigError && /opsConfig\.honeycomb\.apiUrl: "api\.honeycomb\.io" is not a URL/.test(e.message),
      );
      assert.throws(() => resolveHoneycombConfig({}, {}, { HONEYCOMB_API_ENDPOINT: 'ftp://x' }), /HONEYCOMB_API_ENDPOINT: "ftp:\/\/x" must start with https:\/\//);
    });

    it('passes debug through', () => {
      assert.equal(resolveHoneycombConfig({ debug: true }, {}, {}).debug, true);
      assert.equal(resolveHoneycombConfig({}, {}, {}).debug, false);
    });
  });

  describe('authentik', () => {
    it('takes url, token and insecure from settings and secrets before AUTHENTIK_*', () => {
      const env = { AUTHENTIK_URL: 'https://env.example', AUTHENTIK_TOKEN: 'env-token', AUTHENTIK_INSECURE: 'true' };
      const fromEnv = resolveAuthentikConfig({}, {}, env);
      assert.equal(fromEnv.url, 'https://env.example');
      assert.equal(fromEnv.apiBase, 'https://env.example/api/v3');
      assert.equal(fromEnv.token, 'env-token');
      assert.equal(fromEnv.insecure, true);
      assert.equal(fromEnv.insecureSource, 'env:AUTHENTIK_INSECURE');
      const explicit = resolveAuthentikConfig({ url: 'https://auth.example/', insecure: false }, { token: 'saved' }, env);
      assert.equal(explicit.url, 'https://auth.example');
      assert.equal(explicit.token, 'saved');
      assert.equal(explicit.insecure, false);
      assert.equal(explicit.insecureSource, 'setting');
    });

    it('appends /api/v3 like the provider does, also for sub-path installs', () => {
      assert.equal(authentikApiBase('https://example.com/sso/'), 'https://example.com/sso/api/v3');
      assert.equal(authentikApiBase('https://example.com/api/v3'), 'https://example.com/api/v3');
    });

    it('rejects a malformed AUTHENTIK_INSECURE and header maps by name', () => {
      assert.throws(() => resolveAuthentikConfig({}, {}, { AUTHENTIK_INSECURE: 'maybe' }), /AUTHENTIK_INSECURE: "maybe" is not a boolean/);
      assert.deepEqual(parseHeaderMap('{"X-Proxy-Auth":"abc"}'), { 'X-Proxy-Auth': 'abc' });
      assert.throws(() => parseHeaderMap('[1]'), /must be a JSON object/);
      assert.throws(() => parseHeaderMap('{"Bad Header":"x"}'), /"Bad Header" is not a valid HTTP header name/);
      assert.throws(() => parseHeaderMap('{"X-A": 1}'), /value of "X-A" must be a string/);
      assert.throws(() => parseHeaderMap('{"X-A": "a\\r\\nInjected: 1"}'), /must not contain line breaks/);
      assert.throws(() => parseHeaderMap('{'), /not valid JSON/);
    });
  });

  describe('image signing', () => {
    it('has the provider defaults', () => {
      assert.deepEqual(resolveSigningConfig({}), {
        defaultSignatureFormat: 'legacy',
        defaultAttestationEntryType: 'intoto',
        timeout: '3m',
        timeoutMs: 180_000,
        useTransparencyLogV2: false,
      });
    });

    it('rejects a malformed timeout and unknown enum values with the setting name', () => {
      assert.throws(() => resolveSigningConfig({ timeout: '3 minutes' }), /opsConfig\.signing\.timeout: "3 minutes" is not a Go duration/);
      assert.throws(() => resolveSigningConfig({ timeout: '0s' }), /must be longer than zero/);
      assert.throws(() => resolveSigningConfig({ defaultSignatureFormat: 'cms' }), /"cms" is not one of legacy, bundle, both/);
      assert.throws(() => resolveSigningConfig({ defaultAttestationEntryType: 'hashedrekord' }), /not one of intoto, dsse/);
      assert.equal(resolveSigningConfig({ timeout: '1h30m', useTransparencyLogV2: true }).timeoutMs, 5_400_000);
    });
  });
});

describe('core/config: an address with user:password@ in it', () => {
  const PASSWORD = 'hunter2-url-password';

  /** The error thrown, checked to name the setting and never repeat the user name or password. */
  function refusal(run: () => unknown, name: string): string {
    try {
      run();
    } catch (error) {
      assert.ok(error instanceof ConfigError, `expected a ConfigError, got ${String(error)}`);
      assert.ok(error.message.startsWith(`${name}: `), error.message);
      assert.ok(!error.message.includes(PASSWORD) && !error.message.includes('alice'), `the message repeats the credential: ${error.message}`);
      return error.message;
    }
    assert.fail('the address was accepted');
  }

  it('is refused for the Honeycomb API URL, from the setting or HONEYCOMB_API_ENDPOINT, naming the host only', () => {
    const message = refusal(() => resolveHoneycombConfig({ apiUrl: `https://alice:${PASSWORD}@api.honeycomb.io` }, {}, {}), 'opsConfig.honeycomb.apiUrl');
    assert.match(message, /https:\/\/api\.honeycomb\.io is written with a user name or password in it \(user:password@…\): that is refused, so it is never saved or logged/);
    refusal(() => resolveHoneycombConfig({}, {}, { HONEYCOMB_API_ENDPOINT: `https://alice:${PASSWORD}@api.eu1.honeycomb.io` }), 'HONEYCOMB_API_ENDPOINT');
    refusal(() => resolveHoneycombConfig({ apiUrl: `https://${PASSWORD}@api.honeycomb.io` }, {}, {}), 'opsConfig.honeycomb.apiUrl');
  });

  it('is refused for the authentik URL, from the setting or AUTHENTIK_URL', () => {
    refusal(() => resolveAuthentikConfig({ url: `https://alice:${PASSWORD}@auth.example.com` }, { token: 't' }, {}), 'opsConfig.authentik.url');
    refusal(() => resolveAuthentikConfig({}, {}, { AUTHENTIK_URL: `http://alice:${PASSWORD}@127.0.0.1:9000` }), 'AUTHENTIK_URL');
  });

  it('never repeats a password in the message for an address that does not even parse', () => {
    // A password with "/" or a space breaks the URL; the message still must not show it.
    for (const typed of [`https://alice:${PASSWORD}/x@auth.example.com`, `https://alice:${PASSWORD} @auth.example.com`, `alice:${PASSWORD}@auth.example.com`]) {
      const problem = httpUrlProblem(typed);
      assert.ok(problem, typed);
      assert.ok(!problem.includes(PASSWORD) && !problem.includes('alice'), problem);
    }
    assert.equal(httpUrlProblem('https://auth.example.com/sub/path'), undefined);
  });

  it('is refused as a registry host, with the user name and password asked for separately', () => {
    const problem = registryHostProblem(`https://alice:${PASSWORD}@registry.example.com:5000`);
    assert.ok(problem && !problem.includes(PASSWORD) && !problem.includes('alice'));
    assert.match(problem, /user name or password in it \(user:password@…\) is refused/);
    assert.equal(registryHostProblem('https://Registry.Example.com:5000/'), undefined);
    assert.equal(registryHostProblem('registry example'), 'Enter a host name, optionally with a port.');
  });
});

function pick(config: { apiKey?: string; apiKeySource?: string }): [string | undefined, string | undefined] {
  return [config.apiKey, config.apiKeySource];
}
