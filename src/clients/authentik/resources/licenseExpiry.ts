export type LicenseExpiryState = 'valid' | 'expiring' | 'expired' | 'unknown';

/**
 * authentik's own thresholds (enterprise/models.py): a license is "expiry soon" from two weeks
 * before its expiry; after it, expired (read-only six weeks later).
 */
export const LICENSE_EXPIRY_WARNING_DAYS = 14;

export function licenseExpiry(expiry: string | null | undefined, now = Date.now()): { state: LicenseExpiryState; days?: number } {
  const at = expiry ? Date.parse(expiry) : NaN;
  if (Number.isNaN(at)) return { state: 'unknown' };
  const days = Math.floor((at - now) / 86_400_000);
  if (at <= now) return { state: 'expired', days };
  return { state: at - now <= LICENSE_EXPIRY_WARNING_DAYS * 86_400_000 ? 'expiring' : 'valid', days };
}
