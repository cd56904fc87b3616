import { createHash } from 'node:crypto';
import { badInput } from '../../../core/errors';
import { ImageReference, parseReference } from '../../registry/reference';
import { AttestInput, AttestationEntryType, BundleLogTarget, BundleServices, CONFLICTS, Conflict, DEFAULT_CONFLICT, PredicateBlock, SignatureFormat, SigningDefaults } from './types';

/**
 * Checks the resources' inputs before anything is signed or sent: a digest reference, a known
 * conflict mode and format, usable URLs, and predicates whose files match their hashes. Every
 * refusal names the field and the allowed values.
 */
const SERVICE = 'Image signing';

export function digestReference(value: string, field: string, operation: string): ImageReference {
  const ref = parseReference(value);
  if (!ref.digest) {
    throw badInput(
      SERVICE,
      operation,
      `${field} must be a digest reference (…@sha256:<hex>), not the tag "${ref.tag}": a tag can move between signing and use`,
      'Resolve the tag first (the editor commands do it and ask you to confirm the digest).',
    );
  }
  return ref;
}

export function conflictOf(value: string | undefined, operation: string): Conflict {
  if (value === undefined || value.trim() === '') return DEFAULT_CONFLICT;
  const upper = value.trim().toUpperCase();
  if (!(CONFLICTS as readonly string[]).includes(upper)) {
    throw badInput(
      SERVICE,
      operation,
      `conflict "${value}" is not supported; use APPEND (keep existing signatures, add this one), ` +
        'REPLACE (this one replaces the existing signatures; for attestations, those of the same predicate type) ' +
        'or SKIPSAME (write nothing when the same signer already signed the same content, otherwise REPLACE)',
    );
  }
  return upper as Conflict;
}

export function formatOf(value: string | undefined, defaults: SigningDefaults, operation: string): SignatureFormat {
  const format = value?.trim() || defaults.defaultSignatureFormat;
  if (format !== 'legacy' && format !== 'bundle' && format !== 'both') {
    throw badInput(SERVICE, operation, `signatureFormat "${format}" is not one of legacy, bundle, both`);
  }
  return format;
}

export function entryTypeOf(value: string | undefined, defaults: SigningDefaults, operation: string): AttestationEntryType {
  const type = value?.trim() || defaults.defaultAttestationEntryType;
  if (type !== 'intoto' && type !== 'dsse') throw badInput(SERVICE, operation, `the attestation entry type "${type}" is not one of intoto, dsse`);
  return type;
}

export function serviceUrl(value: string | undefined, fallback: string, field: string, operation: string): string {
  const url = value?.trim() || fallback;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badInput(SERVICE, operation, `${field} "${url}" is not a URL`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw badInput(SERVICE, operation, `${field} "${url}" must be an http(s) address`);
  return url.replace(/\/+$/, '');
}

/**
 * Which log the bundle format writes to: Rekor v1, or with useTransparencyLogV2 a Rekor v2 log
 * plus the timestamp authority its entries need (they carry no signed time of their own). Both
 * come from the signing config; when it lacks one, nothing is signed and the message says
 * which entry to add.
 */
export function bundleLogTarget(services: BundleServices, useV2: boolean, operation: string): BundleLogTarget {
  if (!useV2) return { version: 1, url: services.transparencyLogUrl, source: services.source };
  const setting = 'opsConfig.signing.useTransparencyLogV2 is on';
  const fix = 'Add it to the signing config (opsConfig.signing.signingConfigFile), or turn off opsConfig.signing.useTransparencyLogV2 to log in Rekor v1.';
  if (!services.transparencyLogV2Url) {
    throw badInput(SERVICE, operation, `${setting}, but ${services.source} names no Rekor v2 log (rekorTlogUrls with majorApiVersion 2, valid now)`, fix);
  }
  if (!services.timestampAuthorityUrl) {
    throw badInput(
      SERVICE,
      operation,
      `${setting}, but ${services.source} names no timestamp authority (tsaUrls): Rekor v2 entries carry no signed time, so a bundle logged there needs an RFC 3161 timestamp`,
      fix,
    );
  }
  return {
    version: 2,
    url: serviceUrl(services.transparencyLogV2Url, '', 'the Rekor v2 log of the signing config', operation),
    timestampAuthorityUrl: serviceUrl(services.timestampAuthorityUrl, '', 'the timestamp authority of the signing config', operation),
    source: services.source,
  };
}

export interface Predicate {
  type: string;
  body: unknown;
  /** Where it came from: "predicates[0].json" or a file path. */
  source: string;
}

/**
 * All predicates of an Attest: the `predicates` blocks and the deprecated single-predicate
 * fields. A file is read and its SHA-256 compared with the one given before anything is signed.
 */
export async function readPredicates(input: AttestInput, readFile: (path: string) => Promise<Buffer>, warnings: string[]): Promise<Predicate[]> {
  const blocks: Array<PredicateBlock & { name: string }> = (input.predicates ?? []).map((b, i) => ({ ...b, name: `predicates[${i}]` }));
  const deprecated = input.predicate !== undefined || input.predicateType !== undefined || (input.predicateFiles?.length ?? 0) > 0;
  if (deprecated) {
    warnings.push('predicate, predicateType and predicateFiles are deprecated; use a predicates block');
    blocks.push({ type: input.predicateType ?? '', json: input.predicate, files: input.predicateFiles, name: 'predicate' });
  }
  if (blocks.length === 0) throw badInput(SERVICE, 'attest', 'there is nothing to attest: give at least one predicates block (type, and json or files)');
  const out: Predicate[] = [];
  for (const block of blocks) {
    const typeField = block.name === 'predicate' ? 'predicateType' : `${block.name}.type`;
    if (!block.type?.trim()) throw badInput(SERVICE, 'attest', `${typeField} is required (the predicate type URI, e.g. https://slsa.dev/provenance/v1)`);
    const hasJson = block.json !== undefined && block.json.trim() !== '';
    const files = block.files ?? [];
    if (hasJson === files.length > 0) {
      throw badInput(SERVICE, 'attest', `${block.name} needs exactly one source: ${block.name === 'predicate' ? 'predicate or predicateFiles' : 'json or files'}`);
    }
    if (hasJson) {
      out.push({ type: block.type.trim(), body: parseJson(block.json as string, `${block.name === 'predicate' ? 'predicate' : `${block.name}.json`}`), source: `${block.name}.json` });
      continue;
    }
    for (const [i, file] of files.entries()) {
      const field = `${block.name === 'predicate' ? 'predicateFiles' : `${block.name}.files`}[${i}]`;
      if (!file.path?.trim()) throw badInput(SERVICE, 'attest', `${field}.path is required`);
      if (!/^[0-9a-fA-F]{64}$/.test(file.sha256 ?? '')) throw badInput(SERVICE, 'attest', `${field}.sha256 must be 64 hex digits (the file's SHA-256)`);
      let bytes: Buffer;
      try {
        bytes = await readFile(file.path);
      } catch (error) {
        throw badInput(SERVICE, 'attest', `${field}: cannot read ${file.path} (${(error as Error).message})`);
      }
      const actual = createHash('sha256').update(bytes).digest('hex');
      if (actual !== file.sha256.toLowerCase()) {
        throw badInput(
          SERVICE,
          'attest',
          `${field}: ${file.path} has SHA-256 ${actual}, not the ${file.sha256.toLowerCase()} given; nothing was signed`,
          'The file changed since its hash was written down: check it, then update sha256.',
        );
      }
      out.push({ type: block.type.trim(), body: parseJson(bytes.toString('utf8'), `${field} (${file.path})`), source: file.path });
    }
  }
  return out;
}

function parseJson(text: string, field: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badInput(SERVICE, 'attest', `${field} is not valid JSON (${(error as Error).message})`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw badInput(SERVICE, 'attest', `${field} must be a JSON object (an in-toto predicate)`);
  return value;
}
