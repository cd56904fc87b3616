/**
 * How much work reading one policy file may cost. The file comes from a workspace, so it is
 * untrusted: each limit is far above what real policies need and keeps the worst file to a
 * fraction of a second in the extension host.
 */
export const POLICY_FILE_LIMITS = {
  /** A policy file is a few kilobytes; this is room for a hundred policies and long CUE data. */
  bytes: 256 * 1024,
  /** A ClusterImagePolicy is about 150 tokens; parsing costs time in proportion to them. */
  tokens: 20_000,
  documents: 200,
  /** Values once aliases are expanded, over the whole file. */
  values: 200_000,
  /** The schema nests about ten levels; anything deeper is no policy. */
  depth: 64,
  /** Identity regular expressions of the whole file: compiling costs time in proportion. */
  regexpChars: 32 * 1024,
};
