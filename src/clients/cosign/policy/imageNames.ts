import { ImageReference, repositoryName } from '../../registry/reference';
import { ImagePattern } from './types';

/**
 * The names a policy's globs are tried against, as the policy controller (v0.13 and later) sees
 * an image at admission. Its mutating webhook first pins a tag to the digest it points at and
 * keeps the tag, so `nginx:1.2` reaches validation as `index.docker.io/library/nginx:1.2@sha256:…`.
 * A glob is then tried against the normalized name without the tag
 * (`index.docker.io/library/nginx@sha256:…`) and, when that fails, against the reference as it
 * stands. Every spelling of a tag reference (`nginx`, `docker.io/library/nginx`,
 * `index.docker.io/library/nginx:latest`) therefore meets the same two names. A reference that
 * already has its digest is not rewritten: its second name is the text as written, which the
 * controller keeps as a deprecated fallback.
 */
export interface AdmissionNames {
  /** `registry/repository@sha256:…`, normalized (Docker Hub is `index.docker.io/library/…`). */
  normalized: string;
  /** The reference as it stands at admission: normalized with its tag for a tag, as written for a digest. */
  admitted: string;
  /** The admitted name is the user's own spelling (a digest reference), not a normalized one. */
  admittedAsWritten: boolean;
}

export function admissionNames(ref: ImageReference, digest: string): AdmissionNames {
  const normalized = `${repositoryName(ref)}@${digest}`;
  if (ref.digest) return { normalized, admitted: ref.input, admittedAsWritten: ref.input !== normalized };
  return { normalized, admitted: `${repositoryName(ref)}:${ref.tag ?? 'latest'}@${digest}`, admittedAsWritten: false };
}

export interface GlobMatch {
  glob: string;
  /** Matched only the reference as written, through the controller's deprecated fallback. */
  throughFallback: boolean;
}

/**
 * The glob of `images` that covers the image, if any. A glob that covers the normalized name is
 * preferred, so the fallback is only reported when nothing else covers the image.
 */
export function coveringGlob(images: ImagePattern[], names: AdmissionNames): GlobMatch | undefined {
  const normal = images.find((image) => image.matcher.matches(names.normalized));
  if (normal) return { glob: normal.glob, throughFallback: false };
  if (names.admitted === names.normalized) return undefined;
  const fallback = images.find((image) => image.matcher.matches(names.admitted));
  return fallback ? { glob: fallback.glob, throughFallback: names.admittedAsWritten } : undefined;
}
