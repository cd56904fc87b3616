import { badInput } from '../../core/errors';
import { isDigest } from './digest';

/**
 * Image references parsed the way the container tools (go-containerregistry, docker) read them:
 * `nginx` is `index.docker.io/library/nginx:latest`, the first path component is a registry only
 * when it looks like a host (has a dot or a port, or is `localhost`), and `name:tag@digest` keeps
 * the digest and drops the tag.
 */
export const DOCKER_HUB = 'index.docker.io';
const DEFAULT_TAG = 'latest';

export interface ImageReference {
  /** What the user wrote. */
  readonly input: string;
  /** Registry host with optional port, e.g. `ghcr.io`, `127.0.0.1:5000`, `index.docker.io`. */
  readonly registry: string;
  /** Repository path inside the registry, e.g. `library/nginx`. */
  readonly repository: string;
  /** The tag, when the reference has no digest (defaults to `latest`). */
  readonly tag?: string;
  /** `sha256:<hex>` when the reference pins a digest. */
  readonly digest?: string;
}

// One path component: lower-case alphanumerics separated by `.`, `_`, `__` or runs of `-`.
const COMPONENT = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/;
const TAG = /^[\w][\w.-]{0,127}$/;
const HOST = /^(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?)*|\[[0-9a-fA-F:.]+\])(?::\d{1,5})?$/;

export function parseReference(input: string): ImageReference {
  const raw = input.trim();
  const fail = (what: string): never => {
    throw badInput(
      'Image reference',
      'parse',
      `"${truncate(raw)}" is not a valid image reference: ${what}`,
      'Write it like registry.example.com/team/app:1.2 or ghcr.io/org/app@sha256:<64 hex digits>.',
    );
  };
  if (!raw) fail('it is empty');
  if (/\s/.test(raw)) fail('it contains white space');
  if (raw.includes('://')) fail('leave out the URL scheme (https://)');

  let rest = raw;
  let digest: string | undefined;
  const at = rest.indexOf('@');
  if (at >= 0) {
    digest = rest.slice(at + 1);
    rest = rest.slice(0, at);
    if (!isDigest(digest)) fail(`the digest "${truncate(digest)}" is not sha256: followed by 64 lower-case hex digits`);
  }

  let tag: string | undefined;
  const lastSlash = rest.lastIndexOf('/');
  const colon = rest.lastIndexOf(':');
  if (colon > lastSlash) {
    tag = rest.slice(colon + 1);
    rest = rest.slice(0, colon);
    if (!TAG.test(tag)) fail(`the tag "${truncate(tag)}" may only hold letters, digits, _, . and - (at most 128, not starting with . or -)`);
  }

  const parts = rest.split('/');
  let registry = DOCKER_HUB;
  if (parts.length > 1 && (parts[0].includes('.') || parts[0].includes(':') || parts[0] === 'localhost')) {
    registry = parts.shift() as string;
    if (!HOST.test(registry)) fail(`"${truncate(registry)}" is not a valid registry host`);
  }
  if (registry === 'docker.io' || registry === 'registry-1.docker.io') registry = DOCKER_HUB;
  if (registry === DOCKER_HUB && parts.length === 1) parts.unshift('library');
  for (const part of parts) {
    if (!COMPONENT.test(part)) {
      fail(part === '' ? 'the repository path has an empty part' : `the repository part "${truncate(part)}" must be lower-case letters and digits, separated by ., _, __ or -`);
    }
  }
  const repository = parts.join('/');
  if (repository.length > 255) fail('the repository name is longer than 255 characters');
  return { input: raw, registry, repository, tag: digest ? undefined : (tag ?? DEFAULT_TAG), digest };
}

/** `registry/repo`, the repository's full name. */
export function repositoryName(ref: Pick<ImageReference, 'registry' | 'repository'>): string {
  return `${ref.registry}/${ref.repository}`;
}

/** The fully qualified name: `registry/repo@sha256:…` or `registry/repo:tag`. */
export function referenceName(ref: ImageReference): string {
  return ref.digest ? `${repositoryName(ref)}@${ref.digest}` : `${repositoryName(ref)}:${ref.tag ?? DEFAULT_TAG}`;
}

/** The same repository pinned to a digest. */
export function withDigest(ref: ImageReference, digest: string): ImageReference {
  return { input: ref.input, registry: ref.registry, repository: ref.repository, digest };
}

/** The tag or digest to ask the registry for. */
export function manifestReference(ref: ImageReference): string {
  return ref.digest ?? ref.tag ?? DEFAULT_TAG;
}

function truncate(text: string): string {
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}
