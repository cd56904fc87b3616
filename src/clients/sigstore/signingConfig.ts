import { badInput } from '../../core/errors';
import type { BundleServices } from '../cosign/sign/types';
import { PUBLIC_FULCIO_URL } from './fulcio';
import { PUBLIC_REKOR_URL } from './rekor';
import { PUBLIC_REKOR_V2_URL } from './rekorV2';
import { PUBLIC_TSA_URL } from './timestampAuthority';

/**
 * Where the bundle format signs: cosign v3 takes Fulcio, Rekor and timestamp addresses from the
 * Sigstore signing config (`signing_config.json`, the TUF target), not from the resource's
 * URLs. The public-good services are built in; a private deployment names its own file.
 */
export const PUBLIC_GOOD_BUNDLE_SERVICES: BundleServices = {
  certificateAuthorityUrl: PUBLIC_FULCIO_URL,
  transparencyLogUrl: PUBLIC_REKOR_URL,
  transparencyLogV2Url: PUBLIC_REKOR_V2_URL,
  timestampAuthorityUrl: PUBLIC_TSA_URL,
  source: 'public-good Sigstore services (built in)',
};

interface ServiceEntry {
  url?: unknown;
  majorApiVersion?: unknown;
  validFor?: { start?: unknown; end?: unknown };
}

/** Reads a signing config (v0.2 media type); the first service valid now is used per kind. */
export function parseSigningConfig(text: string, source: string, now: Date = new Date()): BundleServices {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text) as typeof json;
  } catch (error) {
    throw badInput('Signing config', 'read', `${source} is not valid JSON (${(error as Error).message})`);
  }
  if (!json || typeof json !== 'object' || (typeof json.mediaType === 'string' && !json.mediaType.startsWith('application/vnd.dev.sigstore.signingconfig'))) {
    throw badInput('Signing config', 'read', `${source} is not a Sigstore signing config (application/vnd.dev.sigstore.signingconfig…)`);
  }
  const pick = (field: string, version?: number): string | undefined => {
    const list = Array.isArray(json[field]) ? (json[field] as ServiceEntry[]) : [];
    const valid = list.filter((s) => {
      if (typeof s.url !== 'string') return false;
      if (version !== undefined && Number(s.majorApiVersion ?? 1) !== version) return false;
      const start = typeof s.validFor?.start === 'string' ? Date.parse(s.validFor.start) : -Infinity;
      const end = typeof s.validFor?.end === 'string' ? Date.parse(s.validFor.end) : Infinity;
      return start <= now.getTime() && now.getTime() < end;
    });
    return valid[0]?.url as string | undefined;
  };
  const certificateAuthorityUrl = pick('caUrls');
  const transparencyLogUrl = pick('rekorTlogUrls', 1);
  if (!certificateAuthorityUrl || !transparencyLogUrl) {
    throw badInput(
      'Signing config',
      'read',
      `${source} names no ${certificateAuthorityUrl ? 'Rekor v1 transparency log (rekorTlogUrls with majorApiVersion 1)' : 'certificate authority (caUrls)'} valid now`,
    );
  }
  return {
    certificateAuthorityUrl: certificateAuthorityUrl.replace(/\/+$/, ''),
    transparencyLogUrl: transparencyLogUrl.replace(/\/+$/, ''),
    transparencyLogV2Url: pick('rekorTlogUrls', 2)?.replace(/\/+$/, ''),
    timestampAuthorityUrl: pick('tsaUrls'),
    source,
  };
}
