/**
 * Self-signed certificate for HTTPS stand-ins (authentik's `insecure` and extra-CA options are
 * tested against it). Generated once per process with the `openssl` command, valid for two
 * days for 127.0.0.1/localhost; when openssl is missing or fails, the vendored test-only pair in
 * test/servers/tls/ is used instead.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { serversFile } from './openapi/locate';

export interface TestCertificate {
  /** PEM certificate; self-signed, so it is also the CA a client must trust */
  cert: string;
  key: string;
  source: 'openssl' | 'vendored';
}

let cached: TestCertificate | undefined;

export function testCertificate(): TestCertificate {
  if (!cached) cached = generateWithOpenssl() ?? vendored();
  return cached;
}

function generateWithOpenssl(): TestCertificate | undefined {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'standin-tls-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        keyFile,
        '-out',
        certFile,
        '-days',
        '2',
        '-subj',
        '/CN=Ops Config Explorer stand-in',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
      ],
      { stdio: 'ignore', timeout: 15_000 },
    );
    return { cert: fs.readFileSync(certFile, 'utf8'), key: fs.readFileSync(keyFile, 'utf8'), source: 'openssl' };
  } catch {
    return undefined;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function vendored(): TestCertificate {
  return {
    cert: fs.readFileSync(serversFile('tls/fallback-cert.pem'), 'utf8'),
    key: fs.readFileSync(serversFile('tls/fallback-key.pem'), 'utf8'),
    source: 'vendored',
  };
}
