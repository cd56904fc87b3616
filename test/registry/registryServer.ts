import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createPrivateKey, randomBytes, sign, KeyObject, X509Certificate } from 'node:crypto';
import * as fs from 'node:fs';
import * as http from 'node:http';
import { AddressInfo, createServer } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * A real OCI registry for tests: Debian's `docker-registry` (distribution 2.8) on 127.0.0.1 with
 * its storage in a temporary directory, optionally behind the distribution token flow served by
 * a small token server. Everything is torn down by `stop()`; nothing leaves the loopback.
 *
 * With token auth the token service shares the registry's origin by default: a front server
 * answers `/token` itself and passes everything else to docker-registry, as registries such as
 * ghcr.io and quay.io serve their tokens. `realm: 'separate'` puts it on another origin
 * (`http://localhost:<port>`), as Docker Hub does; logins from Docker's config.json are not sent
 * there.
 *
 * Token rules of the test server: anonymous callers may pull repositories under `public/`;
 * the user `alice` (password `alice-registry-pass`) may pull and push everything.
 */
export const TEST_USER = { username: 'alice', password: 'alice-registry-pass' };

export interface TestRegistry {
  /** `127.0.0.1:<port>`: the registry host as an image reference names it. */
  host: string;
  url: string;
  /** The storage directory (tests corrupt blobs here to simulate a lying registry). */
  storage: string;
  /** Requests the token server answered, with the scopes and whether a login was sent. */
  tokenRequests: Array<{ scope: string[]; user?: string }>;
  /** Path of a stored blob's bytes. */
  blobPath(digest: string): string;
  stop(): Promise<void>;
}

export interface RegistryOptions {
  tokenAuth?: boolean;
  /** Where the token service answers: on the registry's own origin (default) or on another. */
  realm?: 'registry' | 'separate';
}

export async function startRegistry(options: RegistryOptions = {}): Promise<TestRegistry> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-registry-'));
  const storage = path.join(dir, 'storage');
  fs.mkdirSync(storage);
  const port = await freePort();
  const tokenRequests: TestRegistry['tokenRequests'] = [];
  let tokenServer: http.Server | undefined;
  let authBlock = '';
  let publicPort = port;
  if (options.tokenAuth) {
    const material = makeTokenCertificate(dir);
    const shared = options.realm !== 'separate';
    const started = await startTokenServer(material, tokenRequests, shared ? port : undefined);
    tokenServer = started.server;
    if (shared) publicPort = started.port;
    // Separate: a host name rather than an IP, as clients refuse a token realm on another internal IP.
    const realm = shared ? `http://127.0.0.1:${started.port}/token` : `http://localhost:${started.port}/token`;
    authBlock = ['auth:', '  token:', `    realm: ${realm}`, '    service: ops-test-registry', '    issuer: ops-test-token-issuer', `    rootcertbundle: ${material.certFile}`].join('\n');
  }
  const config = [
    'version: 0.1',
    'log:',
    '  level: error',
    '  accesslog:',
    '    disabled: true',
    'storage:',
    '  filesystem:',
    `    rootdirectory: ${storage}`,
    '  delete:',
    '    enabled: true',
    'http:',
    `  addr: 127.0.0.1:${port}`,
    `  secret: ${randomBytes(16).toString('hex')}`,
    authBlock,
  ].join('\n');
  const configFile = path.join(dir, 'config.yml');
  fs.writeFileSync(configFile, config);
  const child = spawn('docker-registry', ['serve', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${publicPort}`;
  try {
    await waitUntilUp(url, child, () => stderr);
  } catch (error) {
    child.kill('SIGKILL');
    tokenServer?.close();
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    host: `127.0.0.1:${publicPort}`,
    url,
    storage,
    tokenRequests,
    blobPath: (digest) => {
      const hex = digest.replace(/^sha256:/, '');
      return path.join(storage, 'docker/registry/v2/blobs/sha256', hex.slice(0, 2), hex, 'data');
    },
    stop: async () => {
      await stopChild(child);
      tokenServer?.closeAllConnections();
      await new Promise<void>((resolve) => (tokenServer ? tokenServer.close(() => resolve()) : resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`docker-registry exited (${child.exitCode}): ${stderr()}`);
    const status = await new Promise<number>((resolve) => {
      const req = http.get(`${url}/v2/`, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', () => resolve(0));
      req.setTimeout(1000, () => req.destroy());
    });
    if (status === 200 || status === 401) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`docker-registry did not start within 15 s: ${stderr()}`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

interface TokenMaterial {
  certFile: string;
  key: KeyObject;
  certDer: Buffer;
}

/** A self-signed ES256 certificate for the token issuer (openssl ships with Debian). */
function makeTokenCertificate(dir: string): TokenMaterial {
  const keyFile = path.join(dir, 'token.key');
  const certFile = path.join(dir, 'token.crt');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', keyFile, '-out', certFile, '-subj', '/CN=ops-test-token-issuer', '-days', '2'],
    { stdio: 'ignore' },
  );
  const cert = new X509Certificate(fs.readFileSync(certFile));
  return { certFile, key: createPrivateKey(fs.readFileSync(keyFile)), certDer: cert.raw };
}

/** The token service; with `registryPort`, also the registry's front door for everything but `/token`. */
async function startTokenServer(material: TokenMaterial, log: TestRegistry['tokenRequests'], registryPort?: number): Promise<{ server: http.Server; port: number }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (registryPort !== undefined && url.pathname !== '/token') {
      passTo(registryPort, req, res);
      return;
    }
    const scopes = url.searchParams.getAll('scope');
    const user = basicUser(req.headers.authorization);
    log.push({ scope: scopes, user: user === null ? undefined : user });
    if (user === null) {
      res.writeHead(401, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ details: 'wrong user name or password' }));
      return;
    }
    const access = scopes.flatMap((scope) => {
      const [type, name, actions] = scope.split(':');
      if (type !== 'repository' || !name) return [];
      const wanted = (actions ?? '').split(',').filter(Boolean);
      const granted = user === TEST_USER.username ? wanted : name.startsWith('public/') ? wanted.filter((a) => a === 'pull') : [];
      return granted.length ? [{ type, name, actions: granted }] : [];
    });
    const now = Math.floor(Date.now() / 1000);
    const token = jwt(material, {
      iss: 'ops-test-token-issuer',
      sub: user ?? '',
      aud: url.searchParams.get('service') ?? '',
      exp: now + 300,
      nbf: now - 10,
      iat: now,
      jti: randomBytes(8).toString('hex'),
      access,
    });
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ token, access_token: token, expires_in: 300 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** Hands a request to docker-registry as it came (the Host header stays, so its Locations name the front). */
function passTo(port: number, req: http.IncomingMessage, res: http.ServerResponse): void {
  const upstream = http.request({ hostname: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => res.destroy());
  req.pipe(upstream);
}

/** The user of a Basic header; undefined when anonymous, null when the password is wrong. */
function basicUser(header: string | undefined): string | undefined | null {
  if (!header) return undefined;
  const decoded = Buffer.from(header.replace(/^Basic\s+/i, ''), 'base64').toString('utf8');
  return decoded === `${TEST_USER.username}:${TEST_USER.password}` ? TEST_USER.username : null;
}

function jwt(material: TokenMaterial, claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signingInput = `${encode({ alg: 'ES256', typ: 'JWT', x5c: [material.certDer.toString('base64')] })}.${encode(claims)}`;
  const signature = sign('sha256', Buffer.from(signingInput), { key: material.key, dsaEncoding: 'ieee-p1363' });
  return `${signingInput}.${signature.toString('base64url')}`;
}
