import { ServiceError } from '../../../core/errors';
import { RegistryClient } from '../../registry/client';
import { sha256Digest } from '../../registry/digest';

/**
 * Registry writes as a plan applied at the very end, after every signature and log entry exists:
 * blobs first (content-addressed, invisible until a manifest names them), then manifests, tags
 * last. If a write fails part way, the manifests already written are undone (a tag gets its
 * previous manifest back, a new manifest is deleted), so a failure leaves what a user or
 * verifier sees as it was.
 */
export interface PlannedManifest {
  repository: string;
  /** A tag, or the manifest's own digest (referrers). */
  reference: string;
  bytes: Buffer;
  mediaType: string;
  /** For a tag: what it pointed at before (null when it did not exist). */
  previous?: { bytes: Buffer; mediaType: string } | null;
  label: string;
}

/** A blob to upload: its bytes, or (copies) where to mount or fetch it from when the plan runs. */
export type PlannedBlob = { repository: string; bytes: Buffer } | { repository: string; digest: string; mountFrom?: string; fetch: () => Promise<Buffer> };

export class WritePlan {
  readonly blobs = new Map<string, PlannedBlob>();
  readonly manifests: PlannedManifest[] = [];

  blob(repository: string, bytes: Buffer): { digest: string; size: number } {
    const digest = sha256Digest(bytes);
    this.blobs.set(`${repository}@${digest}`, { repository, bytes });
    return { digest, size: bytes.length };
  }

  /** A blob copied from elsewhere: mounted when it is on the same registry, else fetched then. */
  copiedBlob(repository: string, digest: string, fetch: () => Promise<Buffer>, mountFrom?: string): void {
    if (!this.blobs.has(`${repository}@${digest}`)) this.blobs.set(`${repository}@${digest}`, { repository, digest, fetch, mountFrom });
  }

  manifest(entry: PlannedManifest): string {
    this.manifests.push(entry);
    return sha256Digest(entry.bytes);
  }

  get empty(): boolean {
    return this.manifests.length === 0;
  }
}

export async function applyPlan(client: RegistryClient, plan: WritePlan, signal: AbortSignal | undefined, progress?: (message: string) => void): Promise<void> {
  progress?.(`uploading ${plan.blobs.size} blob${plan.blobs.size === 1 ? '' : 's'} to ${client.registry}`);
  try {
    await uploadBlobs(client, plan, signal);
  } catch (error) {
    if (error instanceof ServiceError) throw error.withHint(`${error.hint ? `${error.hint} ` : ''}No manifest or tag was changed in the registry.`);
    throw error;
  }
  const done: PlannedManifest[] = [];

  try {
    for (const manifest of plan.manifests) {
      progress?.(`writing ${manifest.label}`);
      await client.putManifest(manifest.repository, manifest.reference, manifest.bytes, manifest.mediaType, signal);
      done.push(manifest);
    }
  } catch (error) {
    const undo = await rollback(client, done);
    if (error instanceof ServiceError) {
      const note = undo.length
        ? ` Undoing the earlier writes failed too (${undo.join('; ')}); check ${done.map((d) => d.label).join(', ')}.`
        : done.length
          ? ' The manifests written before it were undone.'
          : '';
      throw error.withHint(`${error.hint ? `${error.hint} ` : ''}Nothing else was changed in the registry.${note}`);
    }
    throw error;
  }
}

/** Undoes manifest writes newest first; returns what could not be undone. */
async function rollback(client: RegistryClient, done: PlannedManifest[]): Promise<string[]> {
  const problems: string[] = [];
  // A fresh signal: the operation's own may be the one that aborted (timeout, cancel).
  const signal = AbortSignal.timeout(30_000);
  for (const manifest of [...done].reverse()) {
    try {
      if (manifest.previous) {
        await client.putManifest(manifest.repository, manifest.reference, manifest.previous.bytes, manifest.previous.mediaType, signal);
      } else {
        await client.deleteManifest(manifest.repository, sha256Digest(manifest.bytes), signal);
      }
    } catch (error) {
      problems.push(`${manifest.label}: ${(error as Error).message}`);
    }
  }
  return problems;
}

async function uploadBlobs(client: RegistryClient, plan: WritePlan, signal: AbortSignal | undefined): Promise<void> {
  for (const blob of plan.blobs.values()) {
    if ('bytes' in blob) {
      await client.putBlob(blob.repository, blob.bytes, signal);
      continue;
    }
    if (blob.mountFrom && (await client.mountBlob(blob.repository, blob.digest, blob.mountFrom, signal))) continue;
    if (await client.blobExists(blob.repository, blob.digest, signal)) continue;
    const bytes = await blob.fetch();
    if (sha256Digest(bytes) !== blob.digest)
      throw new ServiceError({ kind: 'invalidResponse', service: client.http.service, operation: 'copy blob', summary: `the source sent content for ${blob.digest} that does not match it` });
    await client.putBlob(blob.repository, bytes, signal);
  }
}
