import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Registries, RegistryClient } from '../../../src/clients/registry/client';
import { dockerConfigCredentials } from '../../../src/clients/registry/dockerConfig';
import { sha256Digest } from '../../../src/clients/registry/digest';
import { checkRegistryLogin } from '../../../src/clients/registry/login';
import { MediaTypes, isIndex } from '../../../src/clients/registry/manifest';
import { ServiceError } from '../../../src/core/errors';
import { KnownSecrets } from '../../../src/core/redact';
import { pushIndex, pushTinyImage } from '../../registry/images';
import { TEST_USER, TestRegistry, startRegistry } from '../../registry/registryServer';

describe('registry client against a real registry', function () {
  this.timeout(60_000);
  let registry: TestRegistry;
  let client: RegistryClient;

  before(async () => {
    registry = await startRegistry();
    client = new RegistryClient(registry.host);
  });
  after(async () => registry?.stop());

  it('pushes an image and reads it back by tag and by digest, both manifest families', async () => {
    const image = await pushTinyImage(client, 'team/app', 'v1', 'app v1');
    const other = await pushTinyImage(client, 'team/app', 'v2', 'app v2');
    const byTag = await client.getManifest('team/app', 'v1');
    assert.equal(byTag.digest, image.digest);
    assert.equal(byTag.mediaType, MediaTypes.ociManifest);
    const indexDigest = await pushIndex(client, 'team/app', 'multi', [image, other]);
    const index = await client.getManifest('team/app', 'multi');
    assert.equal(index.digest, indexDigest);
    assert.equal(index.mediaType, MediaTypes.dockerManifestList);
    assert.ok(isIndex(index.manifest) && index.manifest.manifests.length === 2);
    assert.equal(await client.resolveDigest('team/app', indexDigest), indexDigest, 'a digest resolves without a request');
  });

  it('checks blobs against their digests and says so when the registry lies', async () => {
    const bytes = Buffer.from('a blob that will be corrupted on disk');
    const { digest } = await client.putBlob('team/blobs', bytes);
    assert.deepEqual(await client.getBlob('team/blobs', digest), bytes);
    fs.writeFileSync(registry.blobPath(digest), 'something else entirely, same registry path');
    await assert.rejects(client.getBlob('team/blobs', digest), (e: ServiceError) => {
      assert.equal(e.kind, 'invalidResponse');
      assert.match(e.message, new RegExp(`blob ${digest} of team/blobs does not match its digest: the registry sent content whose digest is sha256:`));
      return true;
    });
  });

  it('falls back to the sha256-<hex> tag when the registry has no referrers API', async () => {
    const image = await pushTinyImage(client, 'team/refs', 'v1', 'refs');
    assert.deepEqual(await client.getReferrers('team/refs', image.digest), { via: 'none', descriptors: [] });
    const index = { schemaVersion: 2, mediaType: MediaTypes.ociIndex, manifests: [{ mediaType: MediaTypes.ociManifest, digest: image.digest, size: image.size, artifactType: 'application/example' }] };
    await client.putManifest('team/refs', `sha256-${image.digest.slice(7)}`, Buffer.from(JSON.stringify(index)), MediaTypes.ociIndex);
    const found = await client.getReferrers('team/refs', image.digest);
    assert.equal(found.via, 'tag');
    assert.equal(found.descriptors[0].artifactType, 'application/example');
  });

  it('reports a missing manifest as not found, naming the registry', async () => {
    assert.equal(await client.findManifest('team/app', 'no-such-tag'), undefined);
    await assert.rejects(client.getManifest('team/app', 'no-such-tag'), (e: ServiceError) => e.kind === 'notFound' && e.message.startsWith(`Registry ${registry.host} get manifest`));
  });

  it('counts its requests', async () => {
    const counting = new RegistryClient(registry.host);
    await counting.getManifest('team/app', 'v1');
    assert.equal(counting.stats.registry, 1);
    assert.equal(counting.stats.auth, 0);
  });
});

describe('registry token flow', function () {
  this.timeout(60_000);
  let registry: TestRegistry;
  let configDir: string;
  const secrets = new KnownSecrets();

  before(async () => {
    registry = await startRegistry({ tokenAuth: true });
    configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-docker-config-'));
    const auth = Buffer.from(`${TEST_USER.username}:${TEST_USER.password}`).toString('base64');
    fs.writeFileSync(path.join(configDir, 'config.json'), JSON.stringify({ auths: { [`http://${registry.host}`]: { auth } } }));
  });
  after(async () => {
    await registry?.stop();
    fs.rmSync(configDir, { recursive: true, force: true });
  });

  const withConfig = () => dockerConfigCredentials({ env: { DOCKER_CONFIG: configDir, HOME: configDir } });

  it('pushes with a login from Docker config.json, paying the 401 only once per host', async () => {
    const client = new RegistryClient(registry.host, { credentials: withConfig(), secrets });
    const image = await pushTinyImage(client, 'public/hello', 'v1', 'hello');
    assert.equal((await client.getManifest('public/hello', 'v1')).digest, image.digest);
    assert.ok(registry.tokenRequests.every((t) => t.user === TEST_USER.username));
    // One 401 taught the challenge; later scopes got their token before the request.
    assert.equal(client.stats.auth - registry.tokenRequests.length, 1);
  });

  it('pulls public repositories with an anonymous token', async () => {
    const before = registry.tokenRequests.length;
    const anonymous = new RegistryClient(registry.host);
    const manifest = await anonymous.getManifest('public/hello', 'v1');
    assert.equal(manifest.digest, sha256Digest(manifest.bytes));
    assert.equal(registry.tokenRequests[before].user, undefined);
  });

  it('says "not authorized" (not "not signed") for a private repository without a login', async () => {
    const owner = new RegistryClient(registry.host, { credentials: withConfig() });
    await pushTinyImage(owner, 'private/app', 'v1', 'private');
    const anonymous = new RegistryClient(registry.host);
    await assert.rejects(anonymous.getManifest('private/app', 'v1'), (e: ServiceError) => {
      assert.equal(e.kind, 'forbidden');
      assert.match(e.message, /not authorized to read private\/app \(insufficient_scope\)/);
      assert.match(e.message, /Add a login for 127\.0\.0\.1:\d+/);
      return true;
    });
  });

  it('clients of one batch share the challenge and a token request made at the same time, each counting its own', async () => {
    const registries = new Registries();
    const [first, second] = [registries.session().forHost(registry.host), registries.session().forHost(registry.host)];
    assert.equal(await first.findManifest('public/none', 'v1'), undefined);
    assert.equal(first.stats.auth, 2, 'the 401 and a token');
    const before = registry.tokenRequests.length;
    await Promise.all([first.findManifest('public/other', 'v1'), second.findManifest('public/other', 'v1')]);
    assert.equal(registry.tokenRequests.length - before, 1, 'one token request for both');
    assert.deepEqual([first.stats.auth, second.stats.auth], [3, 0]);
    assert.deepEqual([first.stats.registry, second.stats.registry], [2, 1]);
  });

  it('never puts the password or token in an error message', async () => {
    const wrong = new RegistryClient(registry.host, { credentials: async () => ({ username: 'alice', password: 'definitely-wrong-password' }), secrets });
    await assert.rejects(wrong.getManifest('private/app', 'v1'), (e: ServiceError) => {
      assert.equal(e.kind, 'auth');
      assert.doesNotMatch(secrets.redactText(e.message), /definitely-wrong-password/);
      assert.doesNotMatch(e.message, /definitely-wrong-password/);
      return true;
    });
  });
});

describe('registry token flow with the token service on another origin (as Docker Hub)', function () {
  this.timeout(60_000);
  let registry: TestRegistry;
  before(async () => (registry = await startRegistry({ tokenAuth: true, realm: 'separate' })));
  after(async () => registry?.stop());

  it('pushes with a login checked by Add Registry Login, which records the token service', async () => {
    const checked = await checkRegistryLogin(registry.host, TEST_USER);
    assert.equal(checked.scheme, 'bearer');
    const saved = { ...TEST_USER, realmOrigin: checked.scheme === 'bearer' ? checked.realmOrigin : undefined };
    assert.match(saved.realmOrigin ?? '', /^http:\/\/localhost:\d+$/);
    const client = new RegistryClient(registry.host, { credentials: async () => saved });
    const image = await pushTinyImage(client, 'private/app', 'v1', 'private');
    assert.equal((await client.getManifest('private/app', 'v1')).digest, image.digest);
  });

  it('does not send a login from elsewhere (config.json) to that token service', async () => {
    const before = registry.tokenRequests.length;
    const client = new RegistryClient(registry.host, { credentials: async () => TEST_USER });
    await assert.rejects(client.getManifest('private/app', 'v1'), (e: ServiceError) => {
      assert.equal(e.kind, 'auth');
      assert.match(e.message, /another origin than http:\/\/127\.0\.0\.1:\d+; a login that was not checked with that token service/);
      return true;
    });
    assert.equal(registry.tokenRequests.length, before);
  });
});

describe('Docker config.json logins', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-docker-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads auths by host, with or without scheme, and Docker Hub by its v1 URL', async () => {
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    fs.writeFileSync(
      path.join(dir, 'config.json'),
      JSON.stringify({ auths: { 'https://ghcr.io': { auth: b64('gh:ghp-token') }, 'https://index.docker.io/v1/': { auth: b64('hub:hub-pass') }, 'quay.io': { identitytoken: 'refresh-me' } } }),
    );
    const lookup = dockerConfigCredentials({ env: { DOCKER_CONFIG: dir, HOME: dir } });
    assert.deepEqual(await lookup('ghcr.io', 'org/app'), { username: 'gh', password: 'ghp-token' });
    assert.deepEqual(await lookup('index.docker.io', 'library/nginx'), { username: 'hub', password: 'hub-pass' });
    assert.deepEqual(await lookup('quay.io', 'x/y'), { identityToken: 'refresh-me', username: undefined });
    assert.equal(await lookup('registry.example.com', 'x'), undefined);
  });

  it('asks a credential helper named in credHelpers, and Podman auth.json after Docker', async () => {
    fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ credHelpers: { 'gcr.io': 'gcloud' } }));
    const podman = path.join(dir, 'auth.json');
    fs.writeFileSync(podman, JSON.stringify({ auths: { 'registry.example.com': { auth: Buffer.from('pod:man-pass').toString('base64') } } }));
    const asked: string[] = [];
    const lookup = dockerConfigCredentials({
      env: { DOCKER_CONFIG: dir, HOME: dir, REGISTRY_AUTH_FILE: podman },
      runHelper: async (helper, server) => {
        asked.push(`${helper} ${server}`);
        return JSON.stringify({ ServerURL: server, Username: '<token>', Secret: 'helper-refresh-token' });
      },
    });
    assert.deepEqual(await lookup('gcr.io', 'p/app'), { identityToken: 'helper-refresh-token' });
    assert.deepEqual(asked, ['gcloud gcr.io']);
    assert.deepEqual(await lookup('registry.example.com', 'x'), { username: 'pod', password: 'man-pass' });
  });
});
