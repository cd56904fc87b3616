import { X509Certificate as SigstoreCertificate } from '@sigstore/core';
import { X509Certificate } from 'node:crypto';
import { Identity } from '../policy/types';

/**
 * Who signed, read from a Fulcio certificate: every subject alternative name (cosign matches
 * against all of them), the OIDC issuer (extension 1.3.6.1.4.1.57264.1.8, else the deprecated
 * .1.1), and the CI fields Fulcio records for GitHub Actions.
 */
export interface SignerInfo {
  subjects: string[];
  issuer?: string;
  notBefore?: string;
  notAfter?: string;
  /** Workflow repository, ref, trigger and run of a CI signer, when the certificate has them. */
  ci?: Record<string, string>;
  /** SHA-256 of the public key (key authorities). */
  keyFingerprint?: string;
}

const OID_ISSUER_V1 = '1.3.6.1.4.1.57264.1.1';
const OID_ISSUER_V2 = '1.3.6.1.4.1.57264.1.8';
const CI_OIDS: Record<string, { label: string; der: boolean }> = {
  '1.3.6.1.4.1.57264.1.2': { label: 'workflow trigger', der: false },
  '1.3.6.1.4.1.57264.1.3': { label: 'workflow sha', der: false },
  '1.3.6.1.4.1.57264.1.5': { label: 'workflow repository', der: false },
  '1.3.6.1.4.1.57264.1.6': { label: 'workflow ref', der: false },
  '1.3.6.1.4.1.57264.1.12': { label: 'source repository', der: true },
  '1.3.6.1.4.1.57264.1.14': { label: 'source ref', der: true },
  '1.3.6.1.4.1.57264.1.20': { label: 'build trigger', der: true },
  '1.3.6.1.4.1.57264.1.21': { label: 'run', der: true },
};

/** `cert` is Node's parse of the certificate (its SAN rendering and dates); the extensions are read from the DER. */
export function signerFromCertificate(cert: X509Certificate): SignerInfo {
  const extensions = extensionsOf(cert.raw);
  const subjects = parseSubjectAltNames(cert.subjectAltName);
  const issuerV2 = extensions.get(OID_ISSUER_V2);
  const issuer = issuerV2 ? derString(issuerV2) : extensions.get(OID_ISSUER_V1)?.toString('utf8');
  const ci: Record<string, string> = {};
  for (const [oid, { label, der: isDer }] of Object.entries(CI_OIDS)) {
    const value = extensions.get(oid);
    if (value && !ci[label]) ci[label] = isDer ? derString(value) : value.toString('utf8');
  }
  return {
    subjects,
    issuer,
    notBefore: new Date(cert.validFrom).toISOString(),
    notAfter: new Date(cert.validTo).toISOString(),
    ci: Object.keys(ci).length ? ci : undefined,
  };
}

/** Each extension's value by OID (Node's X509Certificate does not expose Fulcio's extensions). */
function extensionsOf(der: Buffer): Map<string, Buffer> {
  const map = new Map<string, Buffer>();
  for (const ext of SigstoreCertificate.parse(Buffer.from(der)).extensions) map.set(ext.subs[0].toOID(), ext.subs[ext.subs.length - 1].value);
  return map;
}

/** `email:a@b, URI:https://…` (Node's rendering) as a list of values. */
export function parseSubjectAltNames(text: string | undefined): string[] {
  if (!text) return [];
  const out: string[] = [];
  // Node quotes values that contain separators: URI:"https://x/a, b".
  const pattern = /(?:^|,\s*)([A-Za-z ]+):("(?:[^"\\]|\\.)*"|[^,]*)/g;
  for (const match of text.matchAll(pattern)) {
    const raw = match[2];
    const value = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
    if (match[1] === 'othername') continue; // rendered as "<unsupported>"; not comparable
    out.push(value);
  }
  return out;
}

/** The contents of a DER UTF8String (or any short string type); raw bytes if not DER. */
function derString(value: Buffer): string {
  if (value.length >= 2 && [0x0c, 0x13, 0x16].includes(value[0])) {
    let length = value[1];
    let offset = 2;
    if (length & 0x80) {
      const bytes = length & 0x7f;
      length = 0;
      for (let i = 0; i < bytes; i++) length = (length << 8) | value[2 + i];
      offset = 2 + bytes;
    }
    return value.subarray(offset, offset + length).toString('utf8');
  }
  return value.toString('utf8');
}

/**
 * For one identity the issuer must match and a subject (any SAN) must match; any one identity
 * suffices. `issuer` and `subject` are exact, `issuerRegExp` and `subjectRegExp` must match the
 * whole value: `.` or a fragment of the real identity is no identity. Returns the identity that
 * matched, or a reason naming expected and found values.
 */
export function matchIdentities(identities: Identity[], signer: SignerInfo): { matched: string } | { problem: string } {
  for (const identity of identities) {
    // Policy expressions are RE2 (re2js), and `matches` is RE2's whole-input match.
    const issuerOk = identity.issuerRegExp
      ? signer.issuer !== undefined && identity.issuerRegExp.regexp.matches(signer.issuer)
      : identity.issuer !== undefined
        ? signer.issuer === identity.issuer
        : true;
    const subjectRegExp = identity.subjectRegExp?.regexp;
    const subjectOk = subjectRegExp ? signer.subjects.some((s) => subjectRegExp.matches(s)) : identity.subject !== undefined ? signer.subjects.includes(identity.subject) : true;
    if (issuerOk && subjectOk) return { matched: describeIdentity(identity) };
  }
  const expected = identities.map(describeIdentity).join('; or ');
  return {
    problem: `none of the expected identities matched what was in the certificate, got subjects [${signer.subjects.join(', ')}] with issuer ${signer.issuer ?? '(none)'}; expected ${expected}`,
  };
}

export function describeIdentity(identity: Identity): string {
  const issuer = identity.issuerRegExp ? `issuer matching /${identity.issuerRegExp.source}/` : identity.issuer ? `issuer ${identity.issuer}` : 'any issuer';
  const subject = identity.subjectRegExp ? `subject matching /${identity.subjectRegExp.source}/` : identity.subject ? `subject ${identity.subject}` : 'any subject';
  return `${subject} with ${issuer}`;
}
