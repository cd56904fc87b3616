import { RegistryClient } from '../../registry/client';
import { attachmentTag } from '../../registry/digest';
import { Descriptor } from '../../registry/manifest';
import { ImageReference, repositoryName } from '../../registry/reference';
import { cosignBundleAnnotation, dsseEntry, hashedRekordEntry, intotoEntry, RekorLogEntry } from '../../sigstore/rekor';
import { CosignAnnotations, CosignMediaTypes } from '../formats/annotations';
import { isSameSignature, keptEntries, predicateTypeOf } from './conflicts';
import { readBundles, readLegacy } from './existing';
import { NewLayer, PlannedReferrer, layerDescriptor, planBundleReferrer, planFallbackIndex, planSignatureManifest } from './layout';
import { dsseBundle, signEnvelope } from './payloads';
import { SigningSession } from './session';
import { Signer } from './signer';
import { AttestationEntryType, BundleLogTarget, Conflict, WrittenItem } from './types';
import { witness } from './witness';
import { WritePlan } from './writePlan';

/**
 * The two formats' halves of signing and attesting. Each reads what is there, drops what
 * SKIPSAME finds already signed, signs and logs the rest, and adds the writes to the plan; none
 * writes to the registry itself.
 */
export interface SignItem {
  kind: 'signature' | 'attestation';
  /** For attestations and bundle signatures: the statement's predicate type. */
  predicateType: string;
  /** The simple-signing payload (legacy signatures) or the in-toto statement. */
  content: Buffer;
}

export interface PartOutcome {
  written: WrittenItem[];
  /** Items left out because the same signer had already signed the same content. */
  skipped: number;
}

export interface PartContext {
  session: SigningSession;
  client: RegistryClient;
  ref: ImageReference & { digest: string };
  conflict: Conflict;
  plan: WritePlan;
}

export async function legacyPart(ctx: PartContext, kind: 'sig' | 'att', items: SignItem[], signer: Signer, tlogUrl: string, entryType: AttestationEntryType): Promise<PartOutcome> {
  const { session, client, ref, plan } = ctx;
  session.progress(`reading ${attachmentTag(ref.digest, kind)}`);
  const existing = await readLegacy(client, ref.repository, ref.digest, kind, session.signal);
  const same = (item: SignItem) => existing.layers.filter((l) => isSameSignature(l.candidate, signer, item.content));
  const todo = ctx.conflict === 'SKIPSAME' ? items.filter((item) => same(item).length === 0) : items;
  const outcome: PartOutcome = { written: [], skipped: items.length - todo.length };
  if (todo.length === 0) return outcome;

  const layers: NewLayer[] = [];
  for (const item of todo) layers.push(await legacyLayer(session, item, signer, tlogUrl, entryType));
  const replacedTypes = new Set(todo.map((i) => i.predicateType));
  const keepSame = new Set(items.filter((i) => !todo.includes(i)).flatMap(same));
  const kept = keptEntries(existing.layers, ctx.conflict === 'SKIPSAME' ? 'REPLACE' : ctx.conflict, (c) => kind === 'sig' || replacedTypes.has(predicateTypeOf(c) ?? ''))
    .concat(ctx.conflict === 'APPEND' ? [] : existing.layers.filter((l) => keepSame.has(l)))
    .filter((l, i, all) => all.indexOf(l) === i);
  const descriptors: Descriptor[] = existing.layers.filter((l) => kept.includes(l)).map((l) => l.descriptor);
  for (const layer of layers) {
    const descriptor = layerDescriptor(plan, ref.repository, layer);
    if (!descriptors.some((d) => d.digest === descriptor.digest && JSON.stringify(d.annotations) === JSON.stringify(descriptor.annotations))) descriptors.push(descriptor);
  }
  const where = `${repositoryName(ref)}:${existing.tag}`;
  const previous = existing.manifest ? { bytes: existing.manifest.bytes, mediaType: existing.manifest.mediaType } : null;
  planSignatureManifest(plan, ref.repository, existing.tag, descriptors, previous, where);
  const dropped = existing.layers.length - kept.length;
  for (const item of todo) {
    outcome.written.push({
      format: 'legacy',
      kind: item.kind,
      location: where,
      detail:
        `${item.kind === 'signature' ? 'signature layer' : `attestation layer (${item.predicateType})`}; ` +
        `${existing.layers.length} existing layer${existing.layers.length === 1 ? '' : 's'}, ${dropped} replaced`,
    });
  }
  return outcome;
}

async function legacyLayer(session: SigningSession, item: SignItem, signer: Signer, tlogUrl: string, entryType: AttestationEntryType): Promise<NewLayer> {
  const annotations: Record<string, string> = {};
  if (signer.certificatePem) annotations[CosignAnnotations.certificate] = signer.certificatePem;
  if (signer.chainPem) annotations[CosignAnnotations.chain] = signer.chainPem;
  let entry: RekorLogEntry | undefined;
  let layer: NewLayer;
  if (item.kind === 'signature') {
    const signature = signer.sign(item.content);
    if (session.logs(signer)) entry = await session.log(tlogUrl, hashedRekordEntry(item.content, signature, signer.verifierPem));
    annotations[CosignAnnotations.signature] = signature.toString('base64');
    layer = { payload: item.content, mediaType: CosignMediaTypes.simpleSigning, annotations };
  } else {
    const envelope = signEnvelope(signer, item.content);
    if (session.logs(signer)) {
      const proposed = entryType === 'dsse' ? dsseEntry(envelope.bytes, signer.verifierPem) : intotoEntry(envelope.bytes, envelope, signer.verifierPem);
      entry = await session.log(tlogUrl, proposed);
    }
    annotations[CosignAnnotations.signature] = '';
    annotations[CosignAnnotations.predicateType] = item.predicateType;
    layer = { payload: envelope.bytes, mediaType: CosignMediaTypes.dsseEnvelope, annotations };
  }
  if (entry) annotations[CosignAnnotations.bundle] = cosignBundleAnnotation(entry);
  return layer;
}

export async function bundlePart(ctx: PartContext, subject: Descriptor, items: SignItem[], signer: Signer, target: BundleLogTarget): Promise<PartOutcome> {
  const { session, client, ref, plan } = ctx;
  session.progress(`reading the referrers of ${ref.digest.slice(0, 19)}…`);
  const existing = await readBundles(client, ref.repository, ref.digest, session.signal);
  const same = (item: SignItem) => existing.bundles.filter((b) => b.candidate.kind === item.kind && isSameSignature(b.candidate, signer, item.content));
  const todo = ctx.conflict === 'SKIPSAME' ? items.filter((item) => same(item).length === 0) : items;
  const outcome: PartOutcome = { written: [], skipped: items.length - todo.length };
  if (todo.length === 0) return outcome;

  const added: PlannedReferrer[] = [];
  for (const item of todo) {
    const keyid = signer.kind === 'key' ? (signer.info.keyFingerprint ?? '') : '';
    const envelope = signEnvelope(signer, item.content, keyid);
    const witnessed = await witness(session, signer, envelope, target);
    const bundle = Buffer.from(JSON.stringify(dsseBundle(signer, envelope, witnessed.tlogEntries, witnessed.rfc3161Timestamps)));
    const referrer = planBundleReferrer(plan, ref.repository, subject, bundle, item.predicateType, `bundle referrer of ${repositoryName(ref)}@${ref.digest.slice(0, 19)}…`);
    added.push(referrer);
    const logged = witnessed.tlogEntries.length === 0 ? '' : target.version === 2 ? '; logged in Rekor v2, with an RFC 3161 timestamp' : '; logged in Rekor v1';
    outcome.written.push({
      format: 'bundle',
      kind: item.kind,
      location: `${repositoryName(ref)}@${referrer.digest}`,
      detail: `Sigstore bundle v0.3 (${item.predicateType}) attached as a referrer${logged}`,
    });
  }
  const replaces = (kind: string, type: string | undefined) => todo.some((i) => i.kind === kind && (kind === 'signature' || i.predicateType === type));
  const keepSame = new Set(items.filter((i) => !todo.includes(i)).flatMap(same));
  const removed = new Set(ctx.conflict === 'APPEND' ? [] : existing.bundles.filter((b) => !keepSame.has(b) && replaces(b.candidate.kind, predicateTypeOf(b.candidate))).map((b) => b.digest));
  if (removed.size > 0 && existing.api) {
    session.warnings.push(
      `the registry serves the referrers API, so the ${removed.size} replaced bundle${removed.size === 1 ? '' : 's'} stay listed as referrers; delete them with your registry's tools if needed`,
    );
  }
  planFallbackIndex(plan, ref.repository, attachmentTag(ref.digest), existing, added, removed, `${repositoryName(ref)}:${attachmentTag(ref.digest)} (referrers index)`);
  if (removed.size > 0)
    outcome.written.push({
      format: 'bundle',
      kind: todo[0].kind,
      location: `${repositoryName(ref)}:${attachmentTag(ref.digest)}`,
      detail: `${removed.size} earlier bundle${removed.size === 1 ? '' : 's'} replaced`,
    });
  return outcome;
}
