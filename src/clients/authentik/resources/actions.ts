import { ServiceError } from '../../../core/errors';
import type { KnownSecrets } from '../../../core/redact';
import { AuthentikApi, SERVICE } from '../api';
import type { components } from '../generated/schema';
import { itemPathOf } from './kinds';
import { registerSecret, send } from './send';

/**
 * The actions of the managed kinds beyond create/read/update/delete, one function each. POSTs
 * are never retried (send.ts); the enrollment key is registered as a secret before it is returned.
 */

type Schemas = components['schemas'];
export type CertificateKeyPair = Schemas['CertificateKeyPair'];
export type BlueprintInstance = Schemas['BlueprintInstance'];
export type BlueprintFile = Schemas['BlueprintFile'];
export type NotificationTransportTest = Schemas['NotificationTransportTest'];
export type LicenseSummary = Schemas['LicenseSummary'];
export type LicenseForecast = Schemas['LicenseForecast'];
export type CertificateAlgorithm = Schemas['AlgEnum'];

export interface GenerateCertificateInput {
  /** The common name; authentik also names the new pair after it. */
  commonName: string;
  /** DNS names for the subjectAltName extension (authentik splits its text on commas). */
  subjectAltNames?: string[];
  validityDays: number;
  /** Key algorithm, `rsa` when left out (authentik's default). */
  alg?: CertificateAlgorithm;
}

/**
 * `POST /crypto/certificatekeypairs/generate/`: a new self-signed pair. The inputs are checked
 * here because the schema documents the 400 of this action without a body, so the server's
 * reasons may not reach the user.
 */
export async function generateCertificate(api: AuthentikApi, input: GenerateCertificateInput, signal?: AbortSignal): Promise<CertificateKeyPair> {
  const operation = 'generateCertificateKeyPair';
  const fieldErrors = [];
  const commonName = (input.commonName ?? '').trim();
  if (!commonName) fieldErrors.push({ field: 'common_name', messages: ['is required'] });
  if (!Number.isInteger(input.validityDays) || input.validityDays < 1) fieldErrors.push({ field: 'validity_days', messages: ['must be a whole number of days, at least 1'] });
  const names = (input.subjectAltNames ?? []).map((n) => n.trim()).filter(Boolean);
  const withComma = names.find((n) => n.includes(','));
  if (withComma) fieldErrors.push({ field: 'subject_alt_name', messages: [`"${withComma}" contains a comma, which authentik reads as a separator`] });
  if (fieldErrors.length > 0) {
    throw new ServiceError({ kind: 'badInput', service: SERVICE, operation, summary: 'the certificate cannot be generated from these inputs', fieldErrors });
  }
  const body: Schemas['CertificateGenerationRequest'] = {
    common_name: commonName,
    validity_days: input.validityDays,
    ...(names.length > 0 ? { subject_alt_name: names.join(',') } : {}),
    ...(input.alg ? { alg: input.alg } : {}),
  };
  return send(api, { operation, method: 'POST', path: '/crypto/certificatekeypairs/generate/', body, signal });
}

/** `POST /managed/blueprints/{uuid}/apply/`: queues the blueprint; answers the instance as it was. */
export function applyBlueprint(api: AuthentikApi, instanceUuid: string, signal?: AbortSignal): Promise<BlueprintInstance> {
  return send(api, { operation: 'applyBlueprint', method: 'POST', path: `${itemPathOf('blueprint', required('applyBlueprint', 'instance_uuid', instanceUuid))}apply/`, signal });
}

/** The blueprint files on the server (`path` is what a blueprint instance's `path` takes). A plain array. */
export function availableBlueprints(api: AuthentikApi, signal?: AbortSignal): Promise<BlueprintFile[]> {
  return send(api, { operation: 'availableBlueprints', method: 'GET', path: '/managed/blueprints/available/', signal });
}

/**
 * The flow as blueprint YAML. Django serves it as a download (`Content-Disposition: attachment`,
 * content type text/html), so the text is returned as is.
 */
export function exportFlow(api: AuthentikApi, slug: string, signal?: AbortSignal): Promise<string> {
  return send(api, { operation: 'exportFlow', method: 'GET', path: `${itemPathOf('flow', required('exportFlow', 'slug', slug))}export/`, signal, text: true });
}

/**
 * `POST /events/transports/{uuid}/test/`: sends a test notification. 200 `{messages}` (a webhook
 * gives its HTTP status and answer text); a failed send is authentik's 500, thrown as a
 * ServiceError of kind `server` carrying the server's reason.
 */
export function testTransport(api: AuthentikApi, transportUuid: string, signal?: AbortSignal): Promise<NotificationTransportTest> {
  return send(api, { operation: 'testNotificationTransport', method: 'POST', path: `${itemPathOf('eventTransport', required('testNotificationTransport', 'uuid', transportUuid))}test/`, signal });
}

/**
 * The enrollment key of a token. authentik records a secret-view event for each call and answers
 * 404 for an expired token. The key is registered as a secret before it is returned, so it is
 * masked in every log line and message from then on; show it only by copying it.
 */
export async function viewEnrollmentKey(api: AuthentikApi, secrets: KnownSecrets | undefined, tokenUuid: string, signal?: AbortSignal): Promise<string> {
  const operation = 'viewEnrollmentTokenKey';
  const answer = await send<{ key?: unknown }>(api, {
    operation,
    method: 'GET',
    path: `${itemPathOf('enrollmentToken', required(operation, 'token_uuid', tokenUuid))}view_key/`,
    signal,
    quiet: true,
  });
  const key = answer?.key;
  if (typeof key !== 'string' || key === '') {
    throw new ServiceError({ kind: 'invalidResponse', service: SERVICE, operation, summary: 'the answer holds no key' });
  }
  registerSecret(secrets, key);
  return key;
}

/** The installation's license status: user counts, `status` (valid, expiry_soon, expired…), latest validity. */
export function licenseSummary(api: AuthentikApi, signal?: AbortSignal): Promise<LicenseSummary> {
  return send(api, { operation: 'licenseSummary', method: 'GET', path: '/enterprise/license/summary/', signal });
}

/** The installation ID a license key must be issued for. */
export async function licenseInstallId(api: AuthentikApi, signal?: AbortSignal): Promise<string> {
  const answer = await send<{ install_id?: unknown }>(api, { operation: 'licenseInstallId', method: 'GET', path: '/enterprise/license/install_id/', signal });
  return typeof answer?.install_id === 'string' ? answer.install_id : '';
}

export function licenseForecast(api: AuthentikApi, signal?: AbortSignal): Promise<LicenseForecast> {
  return send(api, { operation: 'licenseForecast', method: 'GET', path: '/enterprise/license/forecast/', signal });
}

export { LICENSE_EXPIRY_WARNING_DAYS, licenseExpiry } from './licenseExpiry';
export type { LicenseExpiryState } from './licenseExpiry';

function required(operation: string, name: string, value: string): string {
  if (!value) throw new ServiceError({ kind: 'badInput', service: SERVICE, operation, summary: `${name} is missing` });
  return value;
}
