/**
 * Real X.509 certificates for the stand-in's certificate-key pairs, made with the `openssl`
 * command so that `view_certificate` returns a PEM whose expiry, subject and fingerprints are
 * exactly what the list reports. Validity is relative to today (one pair expires within 30 days,
 * one has expired), so `openssl ca -selfsign` is used: unlike `req -x509` it takes explicit
 * start and end dates. Generated once per process and day; ~30 ms each.
 */
import { execFileSync } from 'node:child_process';
import * as crypto from 'node:crypto';
import { X509Certificate } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { testCertificate } from '../../tls';

export interface CertificateSpec {
  /** RFC 4514-ish subject for openssl, e.g. `/O=Acme Corp/CN=id.acme.example` */
  subject: string;
  notBefore: Date;
  notAfter: Date;
  /** key algorithm; ECDSA P-256 unless given */
  alg?: 'rsa' | 'ecdsa' | 'ed25519' | 'ed448';
  /** DNS names for subjectAltName (copied from the request into the certificate) */
  altNames?: string[];
}

export interface MadeCertificate {
  certificatePem: string;
  keyPem: string;
  expiry: string;
  subject: string;
  sha1: string;
  sha256: string;
  source: 'openssl' | 'vendored';
}

const cache = new Map<string, MadeCertificate>();

export function makeCertificate(spec: CertificateSpec): MadeCertificate {
  const key = `${spec.subject}|${spec.notBefore.toISOString()}|${spec.notAfter.toISOString()}|${spec.alg ?? ''}|${(spec.altNames ?? []).join(',')}`;
  let made = cache.get(key);
  if (!made) {
    made = generate(spec) ?? fallback();
    cache.set(key, made);
  }
  return made;
}

function opensslDate(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:T]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

/** openssl `-newkey` arguments per authentik key algorithm (`alg` of the generate action). */
const NEW_KEY: Record<NonNullable<CertificateSpec['alg']>, string[]> = {
  ecdsa: ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'],
  rsa: ['-newkey', 'rsa:2048'],
  ed25519: ['-newkey', 'ed25519'],
  ed448: ['-newkey', 'ed448'],
};

function generate(spec: CertificateSpec): MadeCertificate | undefined {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'standin-ak-cert-'));
  try {
    const file = (name: string) => path.join(dir, name);
    const san = spec.altNames?.length ? ['-addext', `subjectAltName=${spec.altNames.map((n) => `DNS:${n}`).join(',')}`] : [];
    execFileSync('openssl', ['req', '-new', ...NEW_KEY[spec.alg ?? 'ecdsa'], '-nodes', '-keyout', file('key.pem'), '-out', file('req.csr'), '-subj', spec.subject, ...san], {
      stdio: 'ignore',
      timeout: 15_000,
    });
    fs.writeFileSync(file('index.txt'), '');
    // openssl wants an even number of hex digits.
    fs.writeFileSync(file('serial'), `${crypto.randomBytes(8).toString('hex')}\n`);
    fs.writeFileSync(
      file('ca.cnf'),
      [
        '[ca]',
        'default_ca = stand_in',
        '[stand_in]',
        `database = ${file('index.txt')}`,
        `serial = ${file('serial')}`,
        `new_certs_dir = ${dir}`,
        'default_md = sha256',
        'policy = any',
        'unique_subject = no',
        'copy_extensions = copy',
        '[any]',
        'countryName = optional',
        'organizationName = optional',
        'organizationalUnitName = optional',
        'commonName = supplied',
      ].join('\n'),
    );
    execFileSync(
      'openssl',
      [
        'ca',
        '-batch',
        '-config',
        file('ca.cnf'),
        '-selfsign',
        '-keyfile',
        file('key.pem'),
        '-in',
        file('req.csr'),
        '-out',
        file('cert.pem'),
        '-notext',
        '-startdate',
        opensslDate(spec.notBefore),
        '-enddate',
        opensslDate(spec.notAfter),
      ],
      { stdio: 'ignore', timeout: 15_000 },
    );
    return describe(fs.readFileSync(file('cert.pem'), 'utf8'), fs.readFileSync(file('key.pem'), 'utf8'), 'openssl');
  } catch {
    return undefined;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Without openssl every pair shares the vendored test certificate (its real dates apply). */
function fallback(): MadeCertificate {
  const pair = testCertificate();
  return describe(pair.cert, pair.key, 'vendored');
}

/** Expiry, subject and fingerprints of a PEM certificate, as authentik reports them. */
export function describe(certificatePem: string, keyPem: string, source: MadeCertificate['source']): MadeCertificate {
  const x509 = new X509Certificate(certificatePem);
  return {
    certificatePem,
    keyPem,
    // authentik serialises the expiry as an ISO date-time and the subject as RFC 4514 text.
    expiry: new Date(x509.validTo).toISOString().replace('.000Z', 'Z'),
    subject: x509.subject.split('\n').reverse().join(','),
    sha1: x509.fingerprint.toLowerCase(),
    sha256: x509.fingerprint256.toLowerCase(),
    source,
  };
}
