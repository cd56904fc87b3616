import { badInput } from '../../core/errors';

/**
 * What an OIDC identity token says about its holder, read without verifying it: Fulcio verifies
 * the token; the signer only needs the subject for the proof of possession and the expiry to
 * refuse a stale token before anything is sent. The token itself is a secret and never appears
 * in a message.
 */
export interface TokenIdentity {
  issuer: string;
  /** The claim Fulcio binds the certificate to: a verified email, else `sub`. */
  subject: string;
  email?: string;
  audience: string[];
  expiresAt?: Date;
}

export function readIdentityToken(token: string, now: Date = new Date()): TokenIdentity {
  const fail = (what: string): never => {
    throw badInput('Sigstore', 'read identity token', `the identity token ${what}`, 'Sign in again, or paste a fresh OIDC identity token (a JWT with three dot-separated parts).');
  };
  const parts = token.trim().split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]*$/.test(p))) fail('is not a JWT');
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as typeof claims;
  } catch {
    return fail('has claims that are not JSON');
  }
  if (typeof claims.iss !== 'string' || !claims.iss) fail('names no issuer (iss)');
  const email = typeof claims.email === 'string' && claims.email ? claims.email : undefined;
  if (email && claims.email_verified === false) fail(`carries the email ${email}, which its issuer has not verified`);
  const subject = email ?? (typeof claims.sub === 'string' ? claims.sub : undefined);
  if (!subject) fail('names no subject (sub or email)');
  const expiresAt = typeof claims.exp === 'number' ? new Date(claims.exp * 1000) : undefined;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) fail(`expired at ${expiresAt.toISOString()}`);
  const aud = claims.aud;
  return {
    issuer: claims.iss as string,
    subject: subject as string,
    email,
    audience: Array.isArray(aud) ? aud.map(String) : typeof aud === 'string' ? [aud] : [],
    expiresAt,
  };
}
