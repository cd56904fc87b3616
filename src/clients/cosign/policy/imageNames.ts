import { ImageReference, repositoryName } from '../../registry/reference';
import { ImagePattern } from './types';

/**
 * The name a policy's globs are tried against: the one the policy controller hands its glob
 * matcher at admission. Its validating webhook parses the image reference and passes the
 * reference's `Name()` (go-containerregistry), which for a digest is the normalized repository
 * and the digest, without any tag: `nginx:1.2@sha256:…` (how its mutating webhook pins a tag) and
 * `docker.io/library/nginx@sha256:…` are both `index.docker.io/library/nginx@sha256:…`. So a tag
 * glob such as `index.docker.io/library/nginx:1.*` covers no image at all. The glob matcher would
 * also retry a reference that differs from its normalized name, as written, but since it is given
 * the normalized name that retry never happens.
 */
export function admissionName(ref: ImageReference, digest: string): string {
  return `${repositoryName(ref)}@${digest}`;
}

/** The first glob of `images` that covers the image's admission name, if any. */
export function coveringGlob(images: ImagePattern[], name: string): string | undefined {
  return images.find((image) => image.matcher.matches(name))?.glob;
}
