import { X509Certificate } from '@sigstore/core';
import type { TrustMaterial } from '@sigstore/verify';
import { pinEncoding } from '../../sigstore/fastDerEncoding';

/**
 * Every keyless verification walks the same chain above the signer's certificate: the Fulcio
 * intermediate checked against its root, and the root against itself (two P-384 signatures and
 * their re-encodings, a few milliseconds). The trust root's certificates are parsed once and kept,
 * so those outcomes never change: they are remembered per pair. A check that involves any other
 * certificate, the signer's above all, always runs.
 */
const trusted = new WeakSet<X509Certificate>();
const outcomes = new WeakMap<X509Certificate, Map<X509Certificate, boolean>>();
let installed = false;

/** Marks the material's CA certificates as kept: frozen, with their encodings and checks remembered. */
export function rememberTrustedChecks(material: TrustMaterial): void {
  installRememberingVerify();
  for (const authority of material.certificateAuthorities) {
    for (const certificate of authority.certChain) {
      pinEncoding(certificate.root);
      trusted.add(certificate);
    }
  }
}

function installRememberingVerify(): void {
  if (installed) return;
  installed = true;
  const verify = X509Certificate.prototype.verify;
  X509Certificate.prototype.verify = function rememberingVerify(this: X509Certificate, issuer?: X509Certificate): boolean {
    const signer = issuer ?? this;
    if (!trusted.has(this) || !trusted.has(signer)) return verify.call(this, issuer);
    let known = outcomes.get(this);
    if (!known) {
      known = new Map();
      outcomes.set(this, known);
    }
    let outcome = known.get(signer);
    if (outcome === undefined) {
      outcome = verify.call(this, issuer);
      known.set(signer, outcome);
    }
    return outcome;
  };
}
