import { ServiceError } from '../../../core/errors';
import { repositoryName } from '../../registry/reference';
import { PUBLIC_FULCIO_URL } from '../../sigstore/fulcio';
import { PUBLIC_REKOR_URL } from '../../sigstore/rekor';
import { PUBLIC_GOOD_BUNDLE_SERVICES } from '../../sigstore/signingConfig';
import { COSIGN_SIGN_PREDICATE, simpleSigningPayload } from '../formats/annotations';
import { bundleLogTarget, digestReference, conflictOf, formatOf, serviceUrl } from './inputs';
import { PartOutcome, bundlePart, legacyPart } from './parts';
import { statement } from './payloads';
import { SigningSession } from './session';
import { Signer, signerSummary } from './signer';
import { BundleLogTarget, BundleServices, SignInput, SignResult, SignatureFormat, SigningOptions, WrittenItem } from './types';
import { WritePlan, applyPlan } from './writePlan';

/**
 * The Sign resource: signs an image digest in the legacy format (a `.sig` layer with the
 * simple-signing payload, logged as `hashedrekord`), the bundle format (a DSSE statement with
 * cosign's signing predicate, attached as a referrer), or both. Reads, signs and logs first,
 * writes to the registry last; `signedRef` is the digest reference given.
 */
export async function sign(input: SignInput, options: SigningOptions): Promise<SignResult> {
  const session = new SigningSession('sign', options);
  return session.run(async () => {
    const common = await prepare(input, options, session, 'sign');
    const { ref, format } = common;
    const repo = repositoryName(ref);
    const outcomes: PartOutcome[] = [];
    let signer: Signer | undefined;
    if (format !== 'bundle') {
      signer = await session.signer(common.certificateAuthorityUrl);
      outcomes.push(await legacyPart(common, 'sig', [{ kind: 'signature', predicateType: '', content: simpleSigningPayload(repo, ref.digest) }], signer, common.transparencyLogUrl, 'intoto'));
    }
    if (format !== 'legacy') {
      const services = common.bundleServices as BundleServices;
      signer = await session.signer(services.certificateAuthorityUrl);
      const content = statement(repo, ref.digest, COSIGN_SIGN_PREDICATE, {});
      outcomes.push(await bundlePart(common, common.subject, [{ kind: 'signature', predicateType: COSIGN_SIGN_PREDICATE, content }], signer, common.bundleLog as BundleLogTarget));
    }
    const written = await finish(common, outcomes, session);
    return {
      operation: 'sign',
      ...session.base(`${repo}@${ref.digest}`),
      image: input.image,
      signedRef: input.image.trim(),
      conflict: common.conflict,
      signatureFormat: format,
      certificateAuthorityUrl: common.certificateAuthorityUrl,
      transparencyLogUrl: common.transparencyLogUrl,
      bundleTransparencyLog: common.bundleLog,
      signer: signerSummary(signer),
      written,
      skipped: written.length === 0 ? skippedReason(format) : undefined,
    };
  });
}

export function skippedReason(format: SignatureFormat): string {
  return `conflict SKIPSAME: the same signer had already signed the same content in the ${format} format${format === 'both' ? 's' : ''}, so nothing was written`;
}

/** Input checks, the image itself (it must exist: a bundle names its size and media type). */
export async function prepare(input: SignInput, options: SigningOptions, session: SigningSession, operation: 'sign' | 'attest') {
  const ref = digestReference(input.image, 'image', operation);
  const digest = ref.digest as string;
  const conflict = conflictOf(input.conflict, operation);
  const format = formatOf(input.signatureFormat, options.defaults, operation);
  const certificateAuthorityUrl = serviceUrl(input.certificateAuthorityUrl, PUBLIC_FULCIO_URL, 'certificateAuthorityUrl', operation);
  const transparencyLogUrl = serviceUrl(input.transparencyLogUrl, PUBLIC_REKOR_URL, 'transparencyLogUrl', operation);
  let bundleServices: BundleServices | undefined;
  let bundleLog: BundleLogTarget | undefined;
  if (format !== 'legacy') {
    bundleServices = options.bundleServices ?? PUBLIC_GOOD_BUNDLE_SERVICES;
    bundleLog = bundleLogTarget(bundleServices, options.defaults.useTransparencyLogV2, operation);
    if (input.certificateAuthorityUrl?.trim() || input.transparencyLogUrl?.trim()) {
      session.warnings.push(`certificateAuthorityUrl and transparencyLogUrl apply to the legacy format only; the bundle format used ${bundleServices.source}`);
    }
  }
  // The provider documents the setting for bundle and both only. Say so rather than let it look honoured.
  if (options.defaults.useTransparencyLogV2 && format !== 'bundle') {
    session.warnings.push(
      format === 'legacy'
        ? 'opsConfig.signing.useTransparencyLogV2 was ignored: it applies to the bundle format only; legacy signatures are logged in Rekor v1 (transparencyLogUrl), as cosign does'
        : 'opsConfig.signing.useTransparencyLogV2 applies to the bundle only: the legacy signature was logged in Rekor v1 (transparencyLogUrl), the bundle in Rekor v2',
    );
  }
  const client = session.registries.forHost(ref.registry);
  session.progress(`reading ${repositoryName(ref)}@${digest.slice(0, 19)}…`);
  const image = await client.getManifest(ref.repository, digest, { signal: session.signal });
  const subject = { mediaType: image.mediaType, digest, size: image.bytes.length };
  return { session, client, ref: { ...ref, digest }, conflict, format, certificateAuthorityUrl, transparencyLogUrl, bundleServices, bundleLog, subject, plan: new WritePlan() };
}

export async function finish(common: Awaited<ReturnType<typeof prepare>>, outcomes: PartOutcome[], session: SigningSession): Promise<WrittenItem[]> {
  const written = outcomes.flatMap((o) => o.written);
  if (outcomes.some((o) => o.skipped > 0)) {
    const skipped = outcomes.reduce((n, o) => n + o.skipped, 0);
    session.warnings.push(`conflict SKIPSAME: ${skipped} signature${skipped === 1 ? ' was' : 's were'} already there from the same signer and ${skipped === 1 ? 'was' : 'were'} not written again`);
  }
  if (common.plan.empty) return written;
  try {
    await applyPlan(common.client, common.plan, session.signal, (m) => session.progress(m));
  } catch (error) {
    if (error instanceof ServiceError && session.tlog.length > 0) {
      // Log entries are permanent; say so rather than let the user think nothing happened anywhere.
      const entries = session.tlog.map((t) => `${new URL(t.url).host} index ${t.logIndex}`).join(', ');
      throw error.withHint(`${error.hint ? `${error.hint} ` : ''}The transparency log already holds the signature (${entries}); log entries stay, which is harmless.`);
    }
    throw error;
  }
  return written;
}
