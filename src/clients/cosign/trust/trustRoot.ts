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
  /**
   * The parsed CA certificates and log keys (about a millisecond to build), made once per root,
   * with the checks among the CA certificates remembered (they are the same on every verification).
   */
  material: TrustMaterial;
}

export function publicGoodTrustRoot(): TrustRoot {
  shipped ??= readTrustRoot(publicGood, 'public-good Sigstore trust root (shipped with the extension)');
  return shipped;
}

/** Reads a trusted_root.json; a malformed file is a bad-input error naming what is wrong. */
export function readTrustRoot(json: unknown, source: string): TrustRoot {
  const problem = shapeProblem(json);
  if (problem) throw badInput('Trust root', 'read', `${source} is not a Sigstore trusted root: ${problem}`, 'Use a trusted_root.json (application/vnd.dev.sigstore.trustedroot+json).');
  const undated = validityProblem(json as Record<string, unknown>);
  if (undated) throw badInput('Trust root', 'read', `${source} is refused: ${undated}`, 'Use the trusted_root.json the Sigstore deployment publishes, or add the missing start date.');
  let root: TrustedRoot;
  let material: TrustMaterial;
  try {
    root = TrustedRoot.fromJSON(json);
    // Built now, so unreadable keys or certificates are reported with the file named.
    material = toTrustMaterial(root);
  } catch (error) {
    throw badInput('Trust root', 'read', `${source} could not be read: ${(error as Error).message}`);
  }
  const tlogIds = new Set(root.tlogs.map((t) => Buffer.from(t.logId?.keyId ?? []).toString('hex')));
  rememberTrustedChecks(material);
  return { source, root, tlogIds, material };
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

/** Trust material whose public-key lookup answers with an authority's own keys. */
export function trustMaterial(root: TrustRoot, keys?: Map<string, string>): TrustMaterial {
  return {
    ...root.material,
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
  // Protobuf JSON leaves empty lists out: a root for key-signed bundles may have no Fulcio CAs.
  for (const field of LISTS) {
    if (root[field] !== undefined && !Array.isArray(root[field])) return `${field} is not a list`;
  }
  if (root.tlogs === undefined && root.certificateAuthorities === undefined) return 'it has neither tlogs nor certificateAuthorities';
  return undefined;
}

const LISTS = ['tlogs', 'certificateAuthorities', 'ctlogs', 'timestampAuthorities'] as const;

/**
 * Every log key and authority must say from when it is trusted (`validFor.start`, required by
 * the trusted-root format). Without it the verifier would trust it since the beginning of time,
 * so a signature could be backdated past a key's rotation: such a root is refused, not trusted.
 */
function validityProblem(root: Record<string, unknown>): string | undefined {
  for (const field of LISTS) {
    for (const [index, item] of ((root[field] as unknown[] | undefined) ?? []).entries()) {
      const entry = (item ?? {}) as { validFor?: { start?: unknown }; publicKey?: { validFor?: { start?: unknown } }; baseUrl?: unknown; uri?: unknown };
      const isLog = field === 'tlogs' || field === 'ctlogs';
      const start = isLog ? entry.publicKey?.validFor?.start : entry.validFor?.start;
      if (typeof start === 'string' && start !== '') continue;
      const name = typeof entry.baseUrl === 'string' ? ` (${entry.baseUrl})` : typeof entry.uri === 'string' ? ` (${entry.uri})` : '';
      const where = isLog ? `${field}[${index}].publicKey.validFor.start` : `${field}[${index}].validFor.start`;
      return `${where}${name} is missing: a ${isLog ? 'log key' : 'certificate authority'} must say from when it is trusted`;
    }
  }
  return undefined;
}
