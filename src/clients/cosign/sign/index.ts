/**
 * Signing, attesting and copying images (the Sign, Attest and Copy resources). No `vscode`
 * import: the editor commands, the tests and a command line use the same code. Loaded lazily
 * (with the Sigstore libraries) the first time the user signs something.
 */
export { sign } from './sign';
export { attest } from './attest';
export { copy } from './copy';
export { loadSigningKey } from './keys';
export type { SigningKey } from './keys';
export { CONFLICTS, DEFAULT_CONFLICT } from './types';
export type * from './types';
export { parseSigningConfig, PUBLIC_GOOD_BUNDLE_SERVICES } from '../../sigstore/signingConfig';
export { interactiveSignIn, PUBLIC_OIDC_ISSUER, PUBLIC_OIDC_CLIENT_ID } from '../../sigstore/oidcSignIn';
export { readIdentityToken } from '../../sigstore/identityToken';
