/**
 * How much of an answer the extension reads before it stops. A broken proxy, a wrong URL or a
 * hostile server can send an endless body; without a bound the editor would read (and parse)
 * all of it. Each kind of answer has its own limit, sized well above what the service
 * legitimately sends, and reading stops at the limit with an error that names it.
 */
export interface AnswerLimit {
  bytes: number;
  /** What kind of answer, for the message: "the most this extension reads for <what>". */
  what: string;
}

const MiB = 1024 * 1024;

export const ANSWER_LIMITS = {
  /**
   * A JSON API answer (Honeycomb, authentik, token and Sigstore services). The largest real one
   * is a Honeycomb query result with its time series, a few MiB.
   */
  json: { bytes: 32 * MiB, what: 'an API answer' },
  /** An image manifest or index: distribution registries refuse to store one over 4 MiB. */
  manifest: { bytes: 4 * MiB, what: 'a manifest' },
  /** A registry blob, held in memory (signature and attestation layers, layers being copied). */
  blob: { bytes: 512 * MiB, what: 'a blob' },
} satisfies Record<string, AnswerLimit>;

/**
 * The body of an error answer is read only for the server's words; past this much the rest is
 * dropped quietly (the error itself is what matters).
 */
export const ERROR_BODY_BYTES = 64 * 1024;

/** "4 MiB", "512 KiB", "1.5 MiB". */
export function formatBytes(bytes: number): string {
  if (bytes >= MiB) return `${Math.round((bytes / MiB) * 10) / 10} MiB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KiB`;
  return `${bytes} bytes`;
}
