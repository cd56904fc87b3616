import { RawCode, hclString, hclValue, jsString, pulumiName, terraformName, tsValue } from '../core/codeText';
export { RawCode } from '../core/codeText';

/**
 * "Copy as Terraform resource" and "Copy as Pulumi (TypeScript)": an object made in the editor
 * moves into code without retyping. A kind maps its API object onto the provider's arguments
 * (an `HclBody`); this file only renders, escaping every value for its language.
 */

/**
 * A top-level argument the export cannot write from the object it read: a secret, or a field
 * the service never returns. Terraform gets a `variable` (sensitive for a secret) and
 * `var.<name>`; Pulumi `config.requireSecret("<name>")` (`config.require` when not secret). The
 * value itself is never written; `note` says where it lives, in a comment beside the variable.
 */
export class InputValue {
  constructor(
    /** The provider's attribute name (snake_case), which names the variable. */
    readonly attribute: string,
    readonly secret: boolean,
    readonly note: string,
  ) {}
}

/** The variable (Terraform) or config key (Pulumi) of an input: `<object name> <attribute>`. */
function inputName(objectName: string, input: InputValue): string {
  return terraformName(`${objectName} ${input.attribute}`, input.attribute);
}

function comment(prefix: string, text: string): string[] {
  return text.split('\n').map((line) => `${prefix} ${line}`);
}

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
  const variables: string[] = [];
  // Inputs may sit in nested blocks too (a webhook header's value): each becomes a variable.
  const withVariables = (body: HclBody): HclBody => ({
    attributes: body.attributes.map(([key, value]): [string, unknown] => {
      if (!(value instanceof InputValue)) return [key, value];
      const name = inputName(resource.name, value);
      variables.push(...terraformVariable(name, value), '');
      return [key, new RawCode(`var.${name}`)];
    }),
    blocks: body.blocks?.map(([name, block]): [string, HclBody] => [name, withVariables(block)]),
  });
  const body = withVariables(resource.body);
  const text = [...variables, `resource "${resource.type}" "${label}" {`, ...renderBody(body, '  '), '}'];
  if (typeof resource.importId === 'string') {
    text.push('', 'import {', `  to = ${resource.type}.${label}`, `  id = ${hclString(resource.importId)}`, '}');
  } else {
    text.push('', ...comment('#', resource.importId.none));
  }
  return `${text.join('\n')}\n`;
}

function terraformVariable(name: string, input: InputValue): string[] {
  return [
    ...comment('#', input.note),
    `# Set it with TF_VAR_${name} or in a .tfvars file${input.secret ? ' that is not committed' : ''}.`,
    `variable "${name}" {`,
    ...(input.secret ? ['  type      = string', '  sensitive = true'] : ['  type = string']),
    '}',
  ];
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
  const variable = pulumiName(resource.name, resource.className, { taken: [resource.module, 'pulumi', 'config'] });
  const logical = terraformName(resource.name, resource.className).replace(/_/g, '-');
  const options = typeof resource.importId === 'string' ? `, { import: ${jsString(resource.importId)} }` : '';
  const inputs: string[] = [];
  // Inputs may sit inside lists and objects too (a webhook header's value).
  const withConfig = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(withConfig);
    if (value instanceof RawCode || value === null || typeof value !== 'object') return value;
    if (!(value instanceof InputValue)) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withConfig(inner)]));
    const name = pulumiName(inputName(resource.name, value), '', { suffix: false });
    const command = `pulumi config set${value.secret ? ' --secret' : ''} ${name}`;
    inputs.push(...comment('//', value.note), `// Set it with \`${command}\` (it asks for the value, or reads it piped from a file).`);
    return new RawCode(`config.${value.secret ? 'requireSecret' : 'require'}(${jsString(name)})`);
  };
  const args = withConfig(resource.args) as Record<string, unknown>;
  const lines = [`import * as ${resource.module} from ${jsString(resource.packageName)};`];
  if (inputs.length) lines.push('import * as pulumi from "@pulumi/pulumi";', '', 'const config = new pulumi.Config();', ...inputs);
  else lines.push('');
  if (typeof resource.importId !== 'string') lines.push(...comment('//', resource.importId.none));
  lines.push(`const ${variable} = new ${resource.module}.${resource.className}(${jsString(logical)}, ${tsValue(args)}${options});`);
  return `${lines.join('\n')}\n`;
}
