import { hclString, hclValue, jsString, pulumiName, terraformName, tsValue } from '../core/codeText';
export { RawCode } from '../core/codeText';

/**
 * "Copy as Terraform resource" and "Copy as Pulumi (TypeScript)": an object made in the editor
 * moves into code without retyping. A kind maps its API object onto the provider's arguments
 * (an `HclBody`); this file only renders, escaping every value for its language.
 */

/** A Terraform body: `name = value` attributes, then nested blocks (a list repeats the block). */
export interface HclBody {
  attributes: Array<[string, unknown]>;
  blocks?: Array<[string, HclBody]>;
}

export interface TerraformResource {
  type: string;
  /** The object's display name; the block label is derived from it. */
  name: string;
  body: HclBody;
  /** The provider's import ID, or why the resource cannot be imported. */
  importId: string | { none: string };
}

export function terraformResource(resource: TerraformResource): string {
  const label = terraformName(resource.name, resource.type.replace(/^[a-z]+_/, ''));
  const text = [`resource "${resource.type}" "${label}" {`, ...renderBody(resource.body, '  '), '}'];
  if (typeof resource.importId === 'string') {
    text.push('', 'import {', `  to = ${resource.type}.${label}`, `  id = ${hclString(resource.importId)}`, '}');
  } else {
    text.push('', ...resource.importId.none.split('\n').map((line) => `# ${line}`));
  }
  return `${text.join('\n')}\n`;
}

function renderBody(body: HclBody, indent: string): string[] {
  const attributes = body.attributes.filter(([, value]) => value !== undefined);
  const width = Math.max(0, ...attributes.map(([key]) => key.length));
  const lines = attributes.map(([key, value]) => `${indent}${key.padEnd(width)} = ${hclValue(value, indent)}`);
  for (const [name, block] of body.blocks ?? []) {
    lines.push('', `${indent}${name} {`, ...renderBody(block, `${indent}  `), `${indent}}`);
  }
  return lines;
}

export interface PulumiResource {
  /** The package's import name and module: `honeycombio` from `@pulumi/honeycombio`. */
  module: string;
  packageName: string;
  /** `Trigger` */
  className: string;
  name: string;
  args: Record<string, unknown>;
  importId: string | { none: string };
}

export function pulumiResource(resource: PulumiResource): string {
  const variable = pulumiName(resource.name, resource.className, { taken: [resource.module] });
  const logical = terraformName(resource.name, resource.className).replace(/_/g, '-');
  const options = typeof resource.importId === 'string' ? `, { import: ${jsString(resource.importId)} }` : '';
  const lines = [`import * as ${resource.module} from ${jsString(resource.packageName)};`, ''];
  if (typeof resource.importId !== 'string') lines.push(...resource.importId.none.split('\n').map((line) => `// ${line}`));
  lines.push(`const ${variable} = new ${resource.module}.${resource.className}(${jsString(logical)}, ${tsValue(resource.args)}${options});`);
  return `${lines.join('\n')}\n`;
}
