import { ObjectReference, RawCode, hclString, hclValue, jsString, pulumiName, terraformName, tsValue } from '../core/codeText';
export { ObjectReference, RawCode } from '../core/codeText';

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

/** The variable (Terraform) or config key (Pulumi) of an input: `<resource label> <attribute>`. */
function inputName(label: string, input: InputValue): string {
  return terraformName(`${label} ${input.attribute}`, input.attribute);
}

/** A reference to another object's attribute, or nothing when the object holds no value. */
export function referenceTo(target: string | string[], attribute: string, literal: unknown): ObjectReference | undefined {
  return literal === undefined || literal === null || literal === '' ? undefined : new ObjectReference(typeof target === 'string' ? [target] : target, attribute, literal);
}

/**
 * One live object as code in both languages, and the identities other objects' references name
 * it by (`recipient:<id>`, `derivedColumn:<dataset>/<alias>`). A kind's Copy as Terraform /
 * Pulumi renders it alone; Export as Terraform… renders many in one file (terraform/export).
 */
export interface CodeResource {
  keys: string[];
  terraform: TerraformResource;
  pulumi: PulumiResource;
}

/** The Terraform of a kind's resources, each copied on its own. */
export function terraformOf(resources: CodeResource[]): string {
  return resources.map((r) => terraformResource(r.terraform)).join('\n');
}

export function pulumiOf(resources: CodeResource[]): string {
  return resources.map((r) => pulumiResource(r.pulumi)).join('\n');
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
  /** A `data` block (an object the export reads but does not manage) instead of a `resource`. */
  data?: boolean;
  /** The object's display name; the block label is derived from it. */
  name: string;
  body: HclBody;
  /** The provider's import ID, or why the resource cannot be imported. */
  importId: string | { none: string };
}

/** The block label a resource gets from its name when nothing else is in its file. */
export function terraformLabel(resource: TerraformResource): string {
  return terraformName(resource.name, resource.type.replace(/^[a-z]+_/, ''));
}

/** The resource and its import block (or why there is none), with a variable for each input. */
export function terraformResource(resource: TerraformResource, label = terraformLabel(resource)): string {
  const variables: string[] = [];
  // Inputs may sit in nested blocks too (a webhook header's value): each becomes a variable.
  const withVariables = (body: HclBody): HclBody => ({
    attributes: body.attributes.map(([key, value]): [string, unknown] => {
      if (!(value instanceof InputValue)) return [key, value];
      const name = inputName(label, value);
      variables.push(...terraformVariable(name, value), '');
      return [key, new RawCode(`var.${name}`)];
    }),
    blocks: body.blocks?.map(([name, block]): [string, HclBody] => [name, withVariables(block)]),
  });
  const body = withVariables(resource.body);
  const text = [...variables, `${resource.data ? 'data' : 'resource'} "${resource.type}" "${label}" {`, ...renderBody(body, '  '), '}'];
  if (resource.data) {
    if (typeof resource.importId !== 'string') text.push('', ...comment('#', resource.importId.none));
  } else if (typeof resource.importId === 'string') {
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
  /** `Trigger`; for a data source, its function (`getStageOutput`). */
  className: string;
  /** A data source's call (an object read, not managed) instead of a resource. */
  data?: boolean;
  name: string;
  args: Record<string, unknown>;
  importId: string | { none: string };
}

/** The names a Pulumi resource is declared with: its variable and its logical name. */
export interface PulumiNames {
  variable: string;
  logical: string;
}

export function pulumiNames(resource: PulumiResource): PulumiNames {
  return {
    variable: pulumiName(resource.name, resource.data ? '' : resource.className, { suffix: !resource.data, taken: [resource.module, 'pulumi', 'config'] }),
    logical: terraformName(resource.name, resource.className).replace(/_/g, '-'),
  };
}

/** One resource alone: its package's import, then its declaration. */
export function pulumiResource(resource: PulumiResource): string {
  const declaration = pulumiDeclaration(resource, pulumiNames(resource));
  const lines = [`import * as ${resource.module} from ${jsString(resource.packageName)};`];
  if (declaration.usesConfig) lines.push('import * as pulumi from "@pulumi/pulumi";', '', 'const config = new pulumi.Config();');
  else lines.push('');
  lines.push(...declaration.lines);
  return `${lines.join('\n')}\n`;
}

/**
 * The declaration of a resource (comments, then `const … = new …`), and whether it reads the
 * stack's config (the file then declares `const config = new pulumi.Config()` once).
 */
export function pulumiDeclaration(resource: PulumiResource, names: PulumiNames): { lines: string[]; usesConfig: boolean } {
  const options = !resource.data && typeof resource.importId === 'string' ? `, { import: ${jsString(resource.importId)} }` : '';
  const inputs: string[] = [];
  // Inputs may sit inside lists and objects too (a webhook header's value).
  const withConfig = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(withConfig);
    if (value instanceof RawCode || value instanceof ObjectReference || value === null || typeof value !== 'object') return value;
    if (!(value instanceof InputValue)) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withConfig(inner)]));
    const name = pulumiName(inputName(terraformName(names.logical, ''), value), '', { suffix: false });
    const command = `pulumi config set${value.secret ? ' --secret' : ''} ${name}`;
    inputs.push(...comment('//', value.note), `// Set it with \`${command}\` (it asks for the value, or reads it piped from a file).`);
    return new RawCode(`config.${value.secret ? 'requireSecret' : 'require'}(${jsString(name)})`);
  };
  const args = withConfig(resource.args) as Record<string, unknown>;
  const lines = [...inputs];
  if (typeof resource.importId !== 'string') lines.push(...comment('//', resource.importId.none));
  if (resource.data) lines.push(`const ${names.variable} = ${resource.module}.${resource.className}(${tsValue(args)});`);
  else lines.push(`const ${names.variable} = new ${resource.module}.${resource.className}(${jsString(names.logical)}, ${tsValue(args)}${options});`);
  return { lines, usesConfig: inputs.length > 0 };
}
