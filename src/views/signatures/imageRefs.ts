/**
 * Image references in text: Kubernetes manifests and compose files (`image:` keys, including
 * list items `- image:`), Dockerfiles (`FROM [--platform=…] ref [AS name]`), or any selected
 * text. Pure functions, so the CodeLens, the context-menu command and tests share them.
 */
export interface FoundReference {
  /** 0-based line. */
  line: number;
  /** Character range of the reference on that line. */
  start: number;
  end: number;
  reference: string;
  kind: 'manifest' | 'dockerfile' | 'text';
}

const IMAGE_KEY = /^(\s*(?:-\s+)?["']?image["']?\s*:\s*)(["']?)([^\s"'#]+)\2\s*(?:#.*)?$/;
const FROM = /^(\s*FROM\s+(?:--\S+\s+)*)(\S+)/i;
// A loose shape check before the strict parser: host/path:tag@digest characters only.
const LOOKS_LIKE_IMAGE = /^[a-z0-9][\w.\-/:@]*$/i;

export function isDockerfile(fileName: string): boolean {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  return /^(Dockerfile|Containerfile)(\..*)?$/i.test(base) || /\.(dockerfile|containerfile)$/i.test(base);
}

export function findImageReferences(text: string, fileName: string): FoundReference[] {
  const dockerfile = isDockerfile(fileName);
  const out: FoundReference[] = [];
  const stages = new Set<string>();
  text.split(/\r?\n/).forEach((line, index) => {
    if (dockerfile) {
      const match = FROM.exec(line);
      if (!match) return;
      const reference = match[2];
      const alias = /\s+AS\s+(\S+)/i.exec(line.slice(match[0].length));
      // `FROM builder` names an earlier stage, and `FROM scratch` is no image at all.
      if (!stages.has(reference.toLowerCase()) && reference !== 'scratch' && !reference.includes('$') && LOOKS_LIKE_IMAGE.test(reference)) {
        out.push({ line: index, start: match[1].length, end: match[1].length + reference.length, reference, kind: 'dockerfile' });
      }
      if (alias) stages.add(alias[1].toLowerCase());
      return;
    }
    const match = IMAGE_KEY.exec(line);
    if (!match) return;
    const reference = match[3];
    if (reference.includes('${') || reference.includes('{{') || !LOOKS_LIKE_IMAGE.test(reference)) return; // templated values
    const start = match[1].length + match[2].length;
    out.push({ line: index, start, end: start + reference.length, reference, kind: 'manifest' });
  });
  return out;
}

/** The reference on a line at a character position (cursor), if the line holds one. */
export function referenceAt(lineText: string, character: number, fileName: string): string | undefined {
  const found = findImageReferences(lineText, fileName)[0];
  if (found) return found.reference;
  // Any other text: the whitespace-delimited word under the cursor, if it looks like an image.
  const left = lineText.slice(0, character).match(/[^\s"'`,;()[\]{}<>=]*$/)?.[0] ?? '';
  const right = lineText.slice(character).match(/^[^\s"'`,;()[\]{}<>=]*/)?.[0] ?? '';
  const word = (left + right).replace(/^image:/, '');
  return word && LOOKS_LIKE_IMAGE.test(word) && /[/:@.]/.test(word) ? word : undefined;
}

/** Whether a document is a ClusterImagePolicy file (for picking the policy). */
export function looksLikePolicy(text: string): boolean {
  return /^\s*kind:\s*["']?ClusterImagePolicy["']?\s*$/m.test(text) || /"kind"\s*:\s*"ClusterImagePolicy"/.test(text);
}
