/**
 * Manifests and indexes of both families the registry API serves (Docker v2 and OCI), read
 * defensively: a registry's answer is checked for the fields a verifier relies on before use.
 */
export const MediaTypes = {
  ociManifest: 'application/vnd.oci.image.manifest.v1+json',
  ociIndex: 'application/vnd.oci.image.index.v1+json',
  dockerManifest: 'application/vnd.docker.distribution.manifest.v2+json',
  dockerManifestList: 'application/vnd.docker.distribution.manifest.list.v2+json',
  ociEmpty: 'application/vnd.oci.empty.v1+json',
  ociConfig: 'application/vnd.oci.image.config.v1+json',
  dockerConfig: 'application/vnd.docker.container.image.v1+json',
  ociLayerGzip: 'application/vnd.oci.image.layer.v1.tar+gzip',
} as const;

/** Everything a GET of a manifest should accept: registries answer 404 for a type left out. */
export const MANIFEST_ACCEPT = [MediaTypes.ociIndex, MediaTypes.dockerManifestList, MediaTypes.ociManifest, MediaTypes.dockerManifest].join(', ');

/** The OCI empty descriptor (`{}`), the config of artifact manifests. */
export const EMPTY_CONFIG = {
  mediaType: MediaTypes.ociEmpty,
  digest: 'sha256:44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a',
  size: 2,
} as const;

export interface Descriptor {
  mediaType: string;
  digest: string;
  size: number;
  annotations?: Record<string, string>;
  artifactType?: string;
  platform?: { architecture?: string; os?: string; variant?: string };
}

export interface ImageManifest {
  schemaVersion: 2;
  mediaType?: string;
  artifactType?: string;
  config: Descriptor;
  layers: Descriptor[];
  subject?: Descriptor;
  annotations?: Record<string, string>;
}

export interface ImageIndex {
  schemaVersion: 2;
  mediaType?: string;
  artifactType?: string;
  manifests: Descriptor[];
  subject?: Descriptor;
  annotations?: Record<string, string>;
}

export type Manifest = ImageManifest | ImageIndex;

export function isIndexMediaType(mediaType: string | undefined): boolean {
  return mediaType === MediaTypes.ociIndex || mediaType === MediaTypes.dockerManifestList;
}

export function isIndex(manifest: Manifest): manifest is ImageIndex {
  return Array.isArray((manifest as ImageIndex).manifests);
}

/**
 * Checks the shape of a manifest body. Returns a description of the first problem, or the
 * typed manifest. The media type comes from the body when it has one, else from the header.
 */
export function readManifest(body: unknown, headerMediaType: string | undefined): { manifest: Manifest; mediaType: string } | { problem: string } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { problem: 'the manifest is not a JSON object' };
  const record = body as Record<string, unknown>;
  if (record.schemaVersion === 1) return { problem: 'it is a Docker schema 1 manifest, which this extension does not read (push the image again with a current tool)' };
  if (record.schemaVersion !== 2) return { problem: `schemaVersion is ${JSON.stringify(record.schemaVersion)}, expected 2` };
  const mediaType = typeof record.mediaType === 'string' ? record.mediaType : (headerMediaType ?? '');
  if (Array.isArray(record.manifests)) {
    const problem = record.manifests.map((d, i) => descriptorProblem(d, `manifests[${i}]`)).find(Boolean);
    return problem ? { problem } : { manifest: body as ImageIndex, mediaType: mediaType || MediaTypes.ociIndex };
  }
  const configProblem = descriptorProblem(record.config, 'config');
  if (configProblem) return { problem: configProblem };
  if (!Array.isArray(record.layers)) return { problem: 'it has neither layers nor manifests' };
  const problem = record.layers.map((d, i) => descriptorProblem(d, `layers[${i}]`)).find(Boolean);
  if (problem) return { problem };
  if (record.subject !== undefined) {
    const subjectProblem = descriptorProblem(record.subject, 'subject');
    if (subjectProblem) return { problem: subjectProblem };
  }
  return { manifest: body as ImageManifest, mediaType: mediaType || MediaTypes.ociManifest };
}

function descriptorProblem(value: unknown, path: string): string | undefined {
  if (!value || typeof value !== 'object') return `${path} is missing`;
  const d = value as Record<string, unknown>;
  if (typeof d.mediaType !== 'string') return `${path}.mediaType is missing`;
  if (typeof d.digest !== 'string' || !/^[a-z0-9]+(?:[+._-][a-z0-9]+)*:[a-zA-Z0-9=_-]+$/.test(d.digest)) return `${path}.digest is not a digest`;
  if (typeof d.size !== 'number' || !Number.isSafeInteger(d.size) || d.size < 0) return `${path}.size is not a size`;
  if (d.annotations !== undefined && (typeof d.annotations !== 'object' || d.annotations === null || Object.values(d.annotations).some((v) => typeof v !== 'string'))) {
    return `${path}.annotations is not a map of strings`;
  }
  return undefined;
}
