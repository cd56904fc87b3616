import { X509Certificate } from '@sigstore/core';
import type { TrustMaterial } from '@sigstore/verify';
import { PatchDecision, PatchOptions, installFastDerEncoding, libraryToDER, pinEncoding, warnPatchSkipped } from '../../sigstore/fastDerEncoding';

/**
 * Every keyless verification walks the same chain above the signer's certificate: the Fulcio
 * intermediate checked against its root, and the root against itself (two P-384 signatures and
 * their re-encodings, a few milliseconds). The trust root's certificates are parsed once and kept,
 * so those outcomes never change: they are remembered per pair. A check that involves any other
 * certificate, the signer's above all, always runs.
 *
 * Remembering wraps a method of @sigstore/core, so it first checks the method still behaves as
 * this expects on the trust root's own chains: a yes-or-no answer, yes for a certificate and its
 * issuer, no for a certificate checked against its own key. Otherwise the library is left as it
 * is, and a warning says why.
 */
interface VerifyLibrary {
  prototype: { verify(this: X509Certificate, issuer?: X509Certificate): unknown };
}

const trusted = new WeakSet<X509Certificate>();
const outcomes = new WeakMap<X509Certificate, Map<X509Certificate, boolean>>();
const decisions = new WeakMap<object, PatchDecision>();

/**
 * Marks the material's CA certificates as kept: their encodings pinned (when the faster encoder
 * passed its own check) and the checks among them remembered (when this one passes).
 */
export function rememberTrustedChecks(material: TrustMaterial, options: PatchOptions<VerifyLibrary> = {}): PatchDecision {
  const chains = [...material.certificateAuthorities, ...material.timestampAuthorities].map((authority) => authority.certChain);
  installFastDerEncoding(
    chains.flat().map((certificate) => libraryToDER.call(certificate.root)),
    { warn: options.warn },
  );
  const library = options.library ?? X509Certificate;
  const decision = installRememberingVerify(library, material, options.warn ?? warnPatchSkipped);
  for (const certificate of material.certificateAuthorities.flatMap((authority) => authority.certChain)) {
    pinEncoding(certificate.root);
    if (decision.installed) trusted.add(certificate);
  }
  return decision;
}

function installRememberingVerify(library: VerifyLibrary, material: TrustMaterial, warn: (message: string) => void): PatchDecision {
  const known = decisions.get(library);
  if (known) return known;
  const problem = selfCheckProblem(library, material);
  const decision: PatchDecision = problem ? { installed: false, reason: problem } : { installed: true };
  decisions.set(library, decision);
  if (problem) {
    warn(`certificate checks within the trust root are not remembered, each verification repeats them: ${problem}`);
    return decision;
  }
  const verify = library.prototype.verify;
  library.prototype.verify = function rememberingVerify(this: X509Certificate, issuer?: X509Certificate): boolean {
    const signer = issuer ?? this;
    if (!trusted.has(this) || !trusted.has(signer)) return verify.call(this, issuer) as boolean;
    let known = outcomes.get(this);
    if (!known) {
      known = new Map();
      outcomes.set(this, known);
    }
    let outcome = known.get(signer);
    if (outcome === undefined) {
      outcome = verify.call(this, issuer) as boolean;
      known.set(signer, outcome);
    }
    return outcome;
  };
  return decision;
}

function selfCheckProblem(library: VerifyLibrary, material: TrustMaterial): string | undefined {
  const verify = library.prototype?.verify;
  if (typeof verify !== 'function') return 'the library has no X509Certificate.prototype.verify to wrap';
  for (const authority of material.certificateAuthorities) {
    const chain = authority.certChain;
    for (const [index, certificate] of chain.entries()) {
      const issuer = chain[index + 1];
      const answer = callVerify(verify, certificate, issuer);
      if (typeof answer !== 'boolean') return `X509Certificate.verify answered ${describe(answer)}, not true or false`;
      if (issuer && !answer) return 'X509Certificate.verify says a trust-root certificate is not signed by the next one in its chain';
      // An intermediate is not signed by its own key: a check that always says yes would pass it.
      if (issuer && callVerify(verify, certificate, certificate) !== false) return 'X509Certificate.verify accepts a certificate checked against its own key when another signed it';
    }
  }
  return undefined;
}

function callVerify(verify: VerifyLibrary['prototype']['verify'], certificate: X509Certificate, issuer: X509Certificate | undefined): unknown {
  try {
    return verify.call(certificate, issuer);
  } catch (error) {
    return error;
  }
}

function describe(value: unknown): string {
  if (value instanceof Error) return `with an error (${value.message})`;
  if (value && typeof (value as { then?: unknown }).then === 'function') return 'a promise';
  return typeof value;
}
