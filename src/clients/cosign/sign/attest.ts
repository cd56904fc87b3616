import { promises as fs } from 'node:fs';
import { repositoryName } from '../../registry/reference';
import { entryTypeOf, readPredicates } from './inputs';
import { PartOutcome, SignItem, bundlePart, legacyPart } from './parts';
import { statement } from './payloads';
import { SigningSession } from './session';
import { Signer, signerSummary } from './signer';
import { finish, prepare, skippedReason } from './sign';
import { AttestInput, AttestResult, BundleLogTarget, BundleServices, SigningOptions } from './types';

/**
 * The Attest resource: one in-toto statement per predicate, each signed in a DSSE envelope.
 * Legacy attestations are `.att` layers logged with the chosen entry type (`intoto` or `dsse`);
 * bundle attestations are referrers logged as `dsse`, as cosign v3 writes them. Every predicate
 * file is read and hash-checked before the first signature is made.
 */
export async function attest(input: AttestInput, options: SigningOptions): Promise<AttestResult> {
  const session = new SigningSession('attest', options);
  return session.run(async () => {
    const warnings: string[] = [];
    const predicates = await readPredicates(input, options.readFile ?? ((path) => fs.readFile(path)), warnings);
    const entryType = entryTypeOf(input.attestationEntryType, options.defaults, 'attest');
    const common = await prepare(input, options, session, 'attest');
    session.warnings.push(...warnings);
    const { ref, format } = common;
    const repo = repositoryName(ref);
    const items: SignItem[] = predicates.map((p) => ({ kind: 'attestation', predicateType: p.type, content: statement(repo, ref.digest, p.type, p.body) }));
    const outcomes: PartOutcome[] = [];
    let signer: Signer | undefined;
    if (format !== 'bundle') {
      signer = await session.signer(common.certificateAuthorityUrl);
      outcomes.push(await legacyPart(common, 'att', items, signer, common.transparencyLogUrl, entryType));
    }
    if (format !== 'legacy') {
      const services = common.bundleServices as BundleServices;
      signer = await session.signer(services.certificateAuthorityUrl);
      outcomes.push(await bundlePart(common, common.subject, items, signer, common.bundleLog as BundleLogTarget));
    }
    const written = await finish(common, outcomes, session);
    return {
      operation: 'attest',
      ...session.base(`${repo}@${ref.digest}`),
      image: input.image,
      attestedRef: input.image.trim(),
      predicateTypes: [...new Set(predicates.map((p) => p.type))],
      conflict: common.conflict,
      signatureFormat: format,
      attestationEntryType: entryType,
      certificateAuthorityUrl: common.certificateAuthorityUrl,
      transparencyLogUrl: common.transparencyLogUrl,
      bundleTransparencyLog: common.bundleLog,
      signer: signerSummary(signer),
      written,
      skipped: written.length === 0 ? skippedReason(format) : undefined,
    };
  });
}
