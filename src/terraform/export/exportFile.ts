import { ObjectReference, RawCode, jsString, pulumiName } from '../../core/codeText';
import { CodeResource, HclBody, PulumiResource, pulumiDeclaration, terraformLabel, terraformResource } from '../../editing/exportCode';

/**
 * "Export as Terraform…" / "Export as Pulumi…": many objects in one file, each written by its
 * kind's own Copy as Terraform / Pulumi code (editing/exportCode), with what only a whole file
 * needs: labels unique per resource type, a value naming another exported object written as a
 * reference to it (`honeycombio_email_recipient.oncall.id`), and a stable order, so exporting
 * again after a change gives the same text except where the objects changed.
 */

export interface ExportContents {
  /** What was exported, for the header: `Honeycomb environment “Production” (production)`. */
  title: string;
  /** In the order of their kinds (an object a reference names comes before the one naming it). */
  resources: CodeResource[];
  /** Objects read but not written, each with why: said in the file, never left out silently. */
  notWritten: string[];
}

interface Placed {
  resource: CodeResource;
  label: string;
  /** The Pulumi variable and logical name. */
  variable: string;
  logical: string;
  /** Position in the file: Pulumi refers only to what is declared above. */
  index: number;
}

/**
 * The file's order and names: resources of a type stay where the kind order puts the type, sorted
 * by name (then by identity); a label taken by an earlier one of the same type gets `_2`, `_3`.
 */
function place(contents: ExportContents): { placed: Placed[]; byKey: Map<string, Placed> } {
  const types: string[] = [];
  const ofType = new Map<string, CodeResource[]>();
  for (const resource of contents.resources) {
    const type = blockType(resource);
    if (!ofType.has(type)) {
      types.push(type);
      ofType.set(type, []);
    }
    ofType.get(type)!.push(resource);
  }
  const placed: Placed[] = [];
  const variables = new Set<string>();
  for (const type of types) {
    const labels = new Set<string>();
    const sorted = ofType.get(type)!.map((resource) => ({ resource, base: terraformLabel(resource.terraform), key: resource.keys[0] ?? '' }));
    sorted.sort((a, b) => compare(a.base, b.base) || compare(a.key, b.key));
    for (const { resource, base } of sorted) {
      const label = unique(base, (name) => labels.has(name), '_');
      labels.add(label);
      const variable = unique(pulumiName(label, pulumiKind(resource.pulumi)), (name) => variables.has(name), '');
      variables.add(variable);
      placed.push({ resource, label, variable, logical: label.replace(/_/g, '-'), index: placed.length });
    }
  }
  const byKey = new Map<string, Placed>();
  for (const p of placed) for (const key of p.resource.keys) if (!byKey.has(key)) byKey.set(key, p);
  return { placed, byKey };
}

function blockType(resource: CodeResource): string {
  return `${resource.terraform.data ? 'data.' : ''}${resource.terraform.type}`;
}

/** Code-point order, the same on every machine (localeCompare follows the locale). */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function unique(base: string, taken: (name: string) => boolean, separator: string): string {
  if (!taken(base)) return base;
  for (let n = 2; ; n++) if (!taken(`${base}${separator}${n}`)) return `${base}${separator}${n}`;
}

/** The kind a Pulumi variable ends in: the class (`Trigger`), or what a data source reads (`getStageOutput` → `Stage`). */
function pulumiKind(resource: PulumiResource): string {
  return resource.data ? resource.className.replace(/^get|Output$/g, '') : resource.className;
}

function found(reference: ObjectReference, byKey: Map<string, Placed>): Placed | undefined {
  for (const key of reference.targets) {
    const target = byKey.get(key);
    if (target) return target;
  }
  return undefined;
}

/** A value with each reference to an exported object replaced by `write(target, attribute)`; others keep their literal. */
function resolve(value: unknown, rewrite: (reference: ObjectReference) => RawCode | undefined): unknown {
  if (value instanceof ObjectReference) return rewrite(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => resolve(v, rewrite));
  if (value === null || typeof value !== 'object' || value instanceof RawCode || value.constructor !== Object) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, rewrite)]));
}

function resolveBody(body: HclBody, rewrite: (reference: ObjectReference) => RawCode | undefined): HclBody {
  return {
    attributes: body.attributes.map(([k, v]): [string, unknown] => [k, resolve(v, rewrite)]),
    blocks: body.blocks?.map(([name, block]): [string, HclBody] => [name, resolveBody(block, rewrite)]),
  };
}

function header(prefix: string, contents: ExportContents, count: number, how: string[]): string[] {
  const lines = [`Exported by Ops Config Explorer from ${contents.title}: ${count} object${count === 1 ? '' : 's'}.`, ...how];
  if (contents.notWritten.length) lines.push('', 'Read but not written here:', ...contents.notWritten.map((why) => `- ${why}`));
  return lines.map((line) => (line ? `${prefix} ${line}` : prefix));
}

export function terraformFile(contents: ExportContents): string {
  const { placed, byKey } = place(contents);
  const rewrite = (reference: ObjectReference): RawCode | undefined => {
    const target = found(reference, byKey);
    return target && new RawCode(`${blockType(target.resource)}.${target.label}.${reference.attribute}`);
  };
  const blocks = placed.map((p) => terraformResource({ ...p.resource.terraform, body: resolveBody(p.resource.terraform.body, rewrite) }, p.label));
  const how = ['Each resource has an import block: `terraform plan` shows what importing them would change.', 'Export again after a change: the diff is the change.'];
  return [`${header('#', contents, placed.length, how).join('\n')}\n`, ...blocks].join('\n');
}

export function pulumiFile(contents: ExportContents): string {
  const { placed, byKey } = place(contents);
  const declarations: string[] = [];
  let usesConfig = false;
  for (const p of placed) {
    // A `const` is usable only below its declaration: a reference to an object declared later keeps its literal.
    const rewrite = (reference: ObjectReference): RawCode | undefined => {
      const target = found(reference, byKey);
      return target && target.index < p.index ? new RawCode(`${target.variable}.${camel(reference.attribute)}`) : undefined;
    };
    const pulumi = p.resource.pulumi;
    const declaration = pulumiDeclaration({ ...pulumi, args: resolve(pulumi.args, rewrite) as Record<string, unknown> }, { variable: p.variable, logical: p.logical });
    usesConfig ||= declaration.usesConfig;
    declarations.push(declaration.lines.join('\n'));
  }
  const packages = new Map(placed.map((p) => [p.resource.pulumi.module, p.resource.pulumi.packageName]));
  const imports = [...packages].sort(([a], [b]) => compare(a, b)).map(([module, name]) => `import * as ${module} from ${jsString(name)};`);
  if (usesConfig) imports.push('import * as pulumi from "@pulumi/pulumi";', '', 'const config = new pulumi.Config();');
  const how = ['Each resource has an `import` option: `pulumi preview` shows what importing them would change.', 'Export again after a change: the diff is the change.'];
  return `${[header('//', contents, placed.length, how).join('\n'), imports.join('\n'), ...declarations].join('\n\n')}\n`;
}

function camel(snake: string): string {
  return snake.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}
