import { X509Certificate } from 'node:crypto';
import { ServiceError } from '../../core/errors';
import { HttpClient } from '../../core/http';
import { SigstoreHttpOptions, sigstoreHttp } from './service';

/**
 * Fulcio's `POST /api/v2/signingCert`: an OIDC identity token and a public key (with proof that
 * the caller holds the private key: a signature over the token's subject) buy a short-lived
 * code-signing certificate naming that identity. The answer is the chain, leaf first, with the
 * SCT embedded in the leaf (or detached, from older deployments).
 */
export const PUBLIC_FULCIO_URL = 'https://fulcio.sigstore.dev';

export interface SigningCertificateRequest {
  identityToken: string;
  publicKeyPem: string;
  /** Signature over the token's subject (email or sub) with the private key. */
  proofOfPossession: Buffer;
}

export interface SigningCertificate {
  /** PEM of the leaf certificate. */
  leafPem: string;
  /** PEM of the rest of the chain (intermediates, root), in order; a hint only for verifiers. */
  chainPem: string[];
}

interface FulcioAnswer {
  signedCertificateEmbeddedSct?: { chain?: { certificates?: unknown[] } };
  signedCertificateDetachedSct?: { chain?: { certificates?: unknown[] } };
}

export class FulcioClient {
  readonly http: HttpClient;

  constructor(
    readonly baseUrl: string,
    options: SigstoreHttpOptions = {},
  ) {
    this.http = sigstoreHttp('Fulcio', baseUrl, options);
  }

  async signingCertificate(request: SigningCertificateRequest, signal?: AbortSignal): Promise<SigningCertificate> {
    const response = await this.http.request<FulcioAnswer>({
      operation: 'get signing certificate',
      method: 'POST',
      path: '/api/v2/signingCert',
      body: {
        credentials: { oidcIdentityToken: request.identityToken },
        publicKeyRequest: {
          publicKey: { algorithm: 'ECDSA', content: request.publicKeyPem },
          proofOfPossession: request.proofOfPossession.toString('base64'),
        },
      },
      signal,
    });
    const certificates = (response.data?.signedCertificateEmbeddedSct ?? response.data?.signedCertificateDetachedSct)?.chain?.certificates;
    if (!Array.isArray(certificates) || certificates.length === 0 || certificates.some((c) => typeof c !== 'string')) {
      throw this.invalid('the answer holds no certificate chain');
    }
    const [leafPem, ...chainPem] = (certificates as string[]).map((c) => c.trim() + '\n');
    try {
      new X509Certificate(leafPem);
    } catch {
      throw this.invalid('the signing certificate it sent cannot be read');
    }
    return { leafPem, chainPem };
  }

  private invalid(summary: string): ServiceError {
    return new ServiceError({
      kind: 'invalidResponse',
      service: this.http.service,
      operation: 'get signing certificate',
      summary,
      hint: 'Check that the certificate authority address points at a Fulcio server.',
    });
  }
}
