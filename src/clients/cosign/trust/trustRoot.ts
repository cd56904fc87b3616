import { createPublicKey } from 'node:crypto';
import { TrustedRoot } from '@sigstore/protobuf-specs';
import { TrustMaterial, toTrustMaterial } from '@sigstore/verify';
import { badInput } from '../../../core/errors';
import publicGood from './trusted_root.public-good.json';
import { rememberTrustedChecks } from './trustedChecks';

/**
 * The Sigstore trust material verification is anchored in: Fulcio CAs, Rekor and CT log keys,
 * timestamp authorities. The public-good `trusted_root.json` ships inside the extension (so
 * verification works offline); a private Sigstore deployment supplies its own file instead.
 */
export interface TrustRoot {
  /** Where it came from, for the report: "public-good Sigstore (shipped)" or a file name. */
  source: string;
  root: TrustedRoot;
  /** Rekor log IDs (hex) the root trusts, to name an unknown log in a reason. */
  tlogIds: Set<string>;
}

export function publicGoodTrustRoot(): TrustRoot {
  shipped ??= readTrustRoot(publicGood, 'public-good Sigstore trust root (shipped with the extension)');
  return shipped;
}

/** Reads a trusted_root.json; a malformed file is a bad-input error naming what is wrong. */
export function readTrustRoot(json: unknown, source: string): TrustRoot {
  const problem = shapeProblem(json);
  if (problem) throw badInput('Trust root', 'read', `${source} is not a Sigstore trusted root: ${problem}`, 'Use a trusted_root.json (application/vnd.dev.sigstore.trustedroot+json).');
  let root: TrustedRoot;
  try {
    root = TrustedRoot.fromJSON(json);
    // Build once to surface unreadable keys or certificates now, with the file named.
    toTrustMaterial(root);
  } catch (error) {
    throw badInput('Trust root', 'read', `${source} could not be read: ${(error as Error).message}`);
  }
  const tlogIds = new Set(root.tlogs.map((t) => Buffer.from(t.logId?.keyId ?? []).toString('hex')));
  return { source, root, tlogIds };
}

export function parseTrustRootText(text: string, source: string): TrustRoot {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw badInput('Trust root', 'read', `${source} is not valid JSON (${(error as Error).message})`);
  }
  return readTrustRoot(json, source);
}

// Parsing the CA certificates and log keys costs about a millisecond; do it once per root, and
// remember the checks among the CA certificates (they are the same on every verification).
const materials = new WeakMap<TrustRoot, TrustMaterial>();

/** Trust material whose public-key lookup answers with an authority's own keys. */
export function trustMaterial(root: TrustRoot, keys?: Map<string, string>): TrustMaterial {
  let base = materials.get(root);
  if (!base) {
    base = toTrustMaterial(root.root);
    rememberTrustedChecks(base);
    materials.set(root, base);
  }
  return {
    ...base,
    publicKey: (hint: string) => {
      const pem = keys?.get(hint);
      if (!pem) throw new Error(`no key for ${hint}`);
      return { publicKey: createPublicKey(pem), validFor: () => true };
    },
  };
}

let shipped: TrustRoot | undefined;

function shapeProblem(json: unknown): string | undefined {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return 'it is not a JSON object';
  const root = json as Record<string, unknown>;
  if (typeof root.mediaType === 'string' && !root.mediaType.startsWith('application/vnd.dev.sigstore.trustedroot')) return `its mediaType is ${root.mediaType}`;
  for (const field of ['tlogs', 'certificateAuthorities'] as const) {
    if (!Array.isArray(root[field])) return `${field} is missing`;
  }
  return undefined;
}
