import { digestHex } from '../../registry/digest';
import { CosignMediaTypes, SIMPLE_SIGNING_TYPE } from './annotations';

/**
 * What a signature says it is about: the simple-signing claim of a legacy signature
 * (`critical.image.docker-manifest-digest`) or the subjects of an in-toto statement. A valid
 * signature over a claim about another image is still a failure ("signature from another image").
 */
export interface Statement {
  type: string;
  predicateType: string;
  subjects: Array<{ name?: string; sha256?: string }>;
  predicate: unknown;
}

export function readStatement(payload: Buffer, payloadType: string | undefined): Statement | { problem: string } {
  if (payloadType !== CosignMediaTypes.inTotoPayload) return { problem: `the DSSE payload type is ${payloadType ?? 'missing'}, expected ${CosignMediaTypes.inTotoPayload}` };
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(payload.toString('utf8')) as typeof json;
  } catch {
    return { problem: 'the in-toto statement is not valid JSON' };
  }
  if (typeof json._type !== 'string' || !json._type.startsWith('https://in-toto.io/Statement/')) return { problem: `the payload is not an in-toto statement (_type ${JSON.stringify(json._type)})` };
  if (typeof json.predicateType !== 'string') return { problem: 'the in-toto statement has no predicateType' };
  if (!Array.isArray(json.subject)) return { problem: 'the in-toto statement has no subject' };
  const subjects = json.subject.map((s: { name?: unknown; digest?: { sha256?: unknown } }) => ({
    name: typeof s?.name === 'string' ? s.name : undefined,
    sha256: typeof s?.digest?.sha256 === 'string' ? s.digest.sha256 : undefined,
  }));
  return { type: json._type, predicateType: json.predicateType, subjects, predicate: json.predicate };
}

/** Any subject's sha256 equal to the image digest (cosign's IntotoSubjectClaimVerifier). */
export function statementCoversDigest(statement: Statement, digest: string): string | undefined {
  const hex = digestHex(digest);
  if (statement.subjects.some((s) => s.sha256 === hex)) return undefined;
  const found = statement.subjects.map((s) => (s.sha256 ? `sha256:${s.sha256}` : '(none)')).join(', ') || 'no subjects';
  return `no matching subject digest found: the statement is about ${found}, not ${digest}`;
}

/** The simple-signing claim must name the image digest (cosign's SimpleClaimVerifier). */
export function simpleSigningProblem(payload: Buffer, digest: string): string | undefined {
  let claim: { critical?: { image?: { 'docker-manifest-digest'?: unknown }; type?: unknown } };
  try {
    claim = JSON.parse(payload.toString('utf8')) as typeof claim;
  } catch {
    return 'the signed payload is not JSON';
  }
  const found = claim?.critical?.image?.['docker-manifest-digest'];
  if (found !== digest) return `invalid or missing digest in claim: ${typeof found === 'string' ? found : 'none'} (the image is ${digest}): this signature was made for another image`;
  if (claim.critical?.type !== undefined && String(claim.critical.type).toLowerCase() !== SIMPLE_SIGNING_TYPE) {
    return `the claim's type is ${JSON.stringify(claim.critical.type)}, not "${SIMPLE_SIGNING_TYPE}"`;
  }
  return undefined;
}
