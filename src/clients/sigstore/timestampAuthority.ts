import { createHash, randomBytes } from 'node:crypto';
import { ServiceError } from '../../core/errors';
import { HttpClient } from '../../core/http';
import { readTimestampReply, timeStampRequest } from './rfc3161';
import { SigstoreHttpOptions, sigstoreHttp } from './service';

/**
 * An RFC 3161 timestamp authority (Sigstore's `timestamp-authority`, or any RFC 3161 server):
 * the DER TimeStampReq over the SHA-256 of the signature bytes is POSTed as
 * `application/timestamp-query`, and the DER TimeStampResp comes back as
 * `application/timestamp-reply`. A Rekor v2 entry carries no signed time, so a bundle logged
 * there proves when it was signed with this timestamp instead. Only the hash of the signature
 * leaves the machine. The URL is the full endpoint, as signing configs name it.
 */
export const PUBLIC_TSA_URL = 'https://timestamp.sigstore.dev/api/v1/timestamp';

export interface SignedTimestamp {
  /** The TimeStampResp as received: what a bundle's `rfc3161Timestamps[].signedTimestamp` holds. */
  der: Buffer;
  /** The TSA's genTime. */
  time: Date;
  url: string;
}

const OPERATION = 'get signed timestamp';

export class TimestampAuthorityClient {
  readonly http: HttpClient;

  constructor(
    readonly url: string,
    options: SigstoreHttpOptions = {},
  ) {
    this.http = sigstoreHttp('Timestamp authority', url, options);
  }

  async timestamp(signature: Buffer, signal?: AbortSignal): Promise<SignedTimestamp> {
    const digest = createHash('sha256').update(signature).digest();
    const nonce = randomBytes(16);
    const response = await this.http.request<Buffer>({
      operation: OPERATION,
      method: 'POST',
      // The endpoint itself, not a base URL: HttpClient would otherwise add a trailing slash.
      path: this.url,
      body: timeStampRequest(digest, nonce),
      headers: { 'Content-Type': 'application/timestamp-query', Accept: 'application/timestamp-reply' },
      responseType: 'buffer',
      signal,
    });
    const contentType = (response.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (contentType !== 'application/timestamp-reply') {
      throw this.failure(
        'invalidResponse',
        `it answered ${contentType || 'without a content type'}, not application/timestamp-reply`,
        'Check that the timestamp authority address is the RFC 3161 endpoint (for Sigstore\u2019s: …/api/v1/timestamp).',
      );
    }
    const reading = readTimestampReply(response.data, digest, nonce);
    if (!reading.ok) {
      throw this.failure(
        reading.refused ? 'badInput' : 'invalidResponse',
        reading.problem,
        reading.refused ? 'Nothing was logged or written; try again, or use another timestamp authority.' : 'Nothing was logged or written; the timestamp authority may be misconfigured.',
      );
    }
    return { der: response.data, time: reading.time, url: this.url };
  }

  private failure(kind: 'badInput' | 'invalidResponse', summary: string, hint: string): ServiceError {
    return new ServiceError({ kind, service: this.http.service, operation: OPERATION, summary, hint });
  }
}
