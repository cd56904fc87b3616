import { Authority } from '../policy/types';
import { TrustRoot } from '../trust/trustRoot';

/**
 * Service addresses in an authority that the trust root in use does not vouch for. Certificates
 * and log entries are verified against the trust root only, so a private Fulcio (`keyless.url`)
 * or a private Rekor (`ctlog.url`) that the root does not hold would otherwise be silently
 * replaced by whatever the root trusts. Each such field is named as unsupported instead.
 * `https://fulcio.sigstore.dev` is the controller's own default for `keyless.url`, so it stands
 * for "the configured trust root" whichever root that is.
 */
const DEFAULT_FULCIO = 'https://fulcio.sigstore.dev';

export function unsupportedByTrustRoot(authority: Authority, trust: TrustRoot): string[] {
  const problems: string[] = [];
  if (authority.kind === 'keyless' && sameAddress(authority.url) !== sameAddress(DEFAULT_FULCIO)) {
    const known = trust.root.certificateAuthorities.map((ca) => sameAddress(ca.uri));
    if (!known.includes(sameAddress(authority.url))) {
      problems.push(
        `keyless.url ${authority.url} is not a certificate authority of the trust root in use (${trust.source}), and certificates are only checked against that root. ` +
          'Use a custom trust root that holds this Fulcio',
      );
    }
  }
  const logUrl = authority.ctlog?.url;
  if (logUrl !== undefined) {
    const known = trust.root.tlogs.map((log) => sameAddress(log.baseUrl));
    if (!known.includes(sameAddress(logUrl))) {
      problems.push(`ctlog.url ${logUrl} is not a transparency log of the trust root in use (${trust.source}), so its entries cannot be checked. Use a custom trust root that holds this log`);
    }
  }
  return problems;
}

/** A service address compared the way a person means it: scheme, host and port, path without a trailing slash. */
function sameAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname.replace(/\/+$/, '')}`;
  } catch {
    return url.trim();
  }
}
