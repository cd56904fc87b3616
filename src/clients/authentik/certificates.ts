import { AuthentikApi, ListOptions, ListPage } from './api';
import { badLookupInput, defined, exactlyOne } from './lookup';
import { CertificateData, CertificateKeyPair, UsedBy } from './types';

export interface GetCertificateKeyPairInput {
  name: string;
  /** Fetch the certificate PEM (default true). */
  fetchCertificate?: boolean;
  /**
   * Fetch the private key PEM. Default true, the seed's (and the Terraform provider's) value; the
   * key is a secret: registered for masking as soon as it arrives, shown only behind Reveal.
   * authentik writes every key view to its event log — callers that only browse pass false.
   */
  fetchKey?: boolean;
}

export interface CertificateKeyPairOutput {
  id: string;
  name: string;
  /** RFC 3339 expiry of the certificate, '' when unknown. */
  expiry: string;
  subject: string;
  fingerprint1: string;
  fingerprint256: string;
  /** PEM, with the trailing newline the provider adds; '' unless fetchCertificate. */
  certificateData: string;
  /** Secret: the private key PEM; '' unless fetchKey. */
  keyData: string;
  fetchCertificate: boolean;
  fetchKey: boolean;
}

const OP = 'getCertificateKeyPair';

export async function getCertificateKeyPair(api: AuthentikApi, input: GetCertificateKeyPairInput, signal?: AbortSignal): Promise<CertificateKeyPairOutput> {
  if (!input?.name) {
    throw badLookupInput(OP, 'name is required');
  }
  const fetchCertificate = input.fetchCertificate ?? true;
  const fetchKey = input.fetchKey ?? true;
  const page = await api.page(OP, '/crypto/certificatekeypairs/', { signal, pageSize: 20, query: { name: input.name } });
  const pair = exactlyOne(OP, 'certificate-key pair', { name: input.name }, page, (p) => p.name);
  const [certificate, key] = await Promise.all([fetchCertificate ? viewCertificate(api, pair.pk, signal, OP) : undefined, fetchKey ? viewPrivateKey(api, pair.pk, signal, OP) : undefined]);
  return {
    id: pair.pk,
    name: pair.name,
    expiry: pair.cert_expiry ?? '',
    subject: pair.cert_subject ?? '',
    fingerprint1: pair.fingerprint_sha1 ?? '',
    fingerprint256: pair.fingerprint_sha256 ?? '',
    certificateData: certificate?.data ? `${certificate.data.replace(/\n$/, '')}\n` : '',
    keyData: key?.data ? `${key.data.replace(/\n$/, '')}\n` : '',
    fetchCertificate,
    fetchKey,
  };
}

export function listCertificates(api: AuthentikApi, options: ListOptions = {}): Promise<ListPage<CertificateKeyPair>> {
  return api.page('listCertificates', '/crypto/certificatekeypairs/', { ...options, query: defined({ search: options.search, ordering: 'name' }) });
}

export function retrieveCertificate(api: AuthentikApi, kpUuid: string, signal?: AbortSignal): Promise<CertificateKeyPair> {
  return api.call('retrieveCertificate', '/crypto/certificatekeypairs/{kp_uuid}/', { params: { kp_uuid: kpUuid }, signal });
}

/** The certificate PEM as JSON. `download` is never sent: its mere presence turns the answer into a file. */
export function viewCertificate(api: AuthentikApi, kpUuid: string, signal?: AbortSignal, operation = 'viewCertificate'): Promise<CertificateData> {
  return api.call(operation, '/crypto/certificatekeypairs/{kp_uuid}/view_certificate/', { params: { kp_uuid: kpUuid }, signal });
}

/**
 * The private key PEM. authentik logs a secret-view event for every call: only on a user's click.
 * Read quietly (`data` is no secret name for the trace log) and registered before anyone sees it.
 */
export async function viewPrivateKey(api: AuthentikApi, kpUuid: string, signal?: AbortSignal, operation = 'viewPrivateKey'): Promise<CertificateData> {
  const key = await api.call(operation, '/crypto/certificatekeypairs/{kp_uuid}/view_private_key/', { params: { kp_uuid: kpUuid }, signal, quiet: true });
  api.registerSecret(key?.data);
  return key;
}

/** What refers to the pair (brands, providers, outposts…), a plain array. */
export function certificateUsedBy(api: AuthentikApi, kpUuid: string, signal?: AbortSignal): Promise<UsedBy[]> {
  return api.call('certificateUsedBy', '/crypto/certificatekeypairs/{kp_uuid}/used_by/', { params: { kp_uuid: kpUuid }, signal });
}

export type ExpiryState = 'valid' | 'expiring' | 'expired' | 'unknown';

/** Warning inside 30 days, error once expired — the certificate node's and panel's badge. */
export function certificateExpiry(expiry: string | null | undefined, now = Date.now()): { state: ExpiryState; days?: number } {
  const at = expiry ? Date.parse(expiry) : NaN;
  if (Number.isNaN(at)) {
    return { state: 'unknown' };
  }
  const days = Math.floor((at - now) / 86_400_000);
  if (at <= now) {
    return { state: 'expired', days };
  }
  return { state: days < 30 ? 'expiring' : 'valid', days };
}
