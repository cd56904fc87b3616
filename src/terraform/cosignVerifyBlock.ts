import type { HclBlock, HclValue } from './hclParse';
import { unescapeTemplate } from './hclParse';

/**
 * What Verify Now checks for a `data "cosign_verify"` block (the provider's getVerify): its
 * `image`, and its `policy` written inline (a string or a heredoc) or read with `file("…")`
 * relative to the `.tf` file (`${path.module}/…` is that file's folder too). Anything else
 * Terraform would evaluate (a variable, a reference, another function) is refused with what was
 * written: we do not guess a value.
 */

export interface CosignVerifyInputs {
  image: string;
  policy: { text: string; source: string };
}

/** `readRelative(path)` reads a file relative to the `.tf` file's folder and says how to name it. */
export type ReadRelative = (relativePath: string) => Promise<{ text: string; source: string }>;

const FILE_CALL = /^file\(\s*"((?:[^"\\$%]|\\.|\$\{path\.module\})*)"\s*\)$/;

export async function cosignVerifyInputs(block: HclBlock, blockName: string, readRelative: ReadRelative): Promise<CosignVerifyInputs | { refusal: string }> {
  const where = `data.cosign_verify.${blockName}`;
  const attribute = (name: string): HclValue | undefined => block.attributes.find((a) => a.name === name)?.value;
  const image = attribute('image');
  if (!image) return { refusal: `${where} has no image to verify.` };
  if (image.kind !== 'literal' || typeof image.value !== 'string' || image.value.trim() === '') {
    return { refusal: `${where}: the image is ${describe(image)}; Verify Now needs it written as a string.` };
  }
  const policy = attribute('policy');
  if (!policy) return { refusal: `${where} has no policy to verify against.` };
  if (policy.kind === 'literal') {
    if (typeof policy.value !== 'string') return { refusal: `${where}: the policy is ${describe(policy)}; it must be a policy document (a string or a heredoc).` };
    return { image: image.value.trim(), policy: { text: policy.value, source: `the policy of ${where}` } };
  }
  const file = FILE_CALL.exec(policy.text.trim());
  if (!file) return { refusal: `${where}: the policy is ${describe(policy)}; Verify Now reads only an inline policy or file("path").` };
  const relative = unescapeTemplate(file[1].replace(/^\$\{path\.module\}\/?/, ''));
  if (relative === '' || relative.includes('${')) return { refusal: `${where}: the policy's file path ${file[1]} is not a plain path.` };
  try {
    return { image: image.value.trim(), policy: await readRelative(relative) };
  } catch (error) {
    return { refusal: `${where}: the policy file ${relative} could not be read (${error instanceof Error ? error.message : String(error)}).` };
  }
}

function describe(value: HclValue): string {
  if (value.kind === 'expression') return `an expression (${value.text.length > 60 ? `${value.text.slice(0, 57)}…` : value.text})`;
  return Array.isArray(value.value) ? 'a list' : value.value === null ? 'null' : typeof value.value === 'object' ? 'an object' : `a ${typeof value.value}`;
}
