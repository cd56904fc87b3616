import { RawCode, hclString, hclValue, isHclName, jsString, pulumiName, terraformName, tsValue } from '../core/codeText';
import { describeValue } from './inputValues';
import { InputSpec, LookupInput, LookupOperation } from './operation';

/**
 * "Copy as Terraform data block" and "Copy as Pulumi (TypeScript) data source call": the very
 * call that was just looked up, with its inputs, so it can be pasted into code. Input names go
 * to the provider's spelling (snake_case blocks for Terraform, the seed's lowerCamelCase for
 * Pulumi); lists of objects become repeated blocks (`detail_filter { … }`, `calculation { … }`),
 * other JSON objects `jsonencode(…)`. Secret inputs are never written out.
 */

export function terraformDataBlock(op: LookupOperation, input: LookupInput): string {
  if ('none' in op.code) return `# ${op.code.none}\n`;
  const label = terraformName(labelOf(op, input), op.name.replace(/^get/, '').toLowerCase());
  const attributes: string[] = [];
  const blocks: string[] = [];
  for (const spec of op.inputs) {
    const value = input[spec.name];
    if (value === undefined || spec.computed) continue;
    if (spec.secret) {
      attributes.push(`  # ${snake(spec.name)}: a secret, left out`);
      continue;
    }
    const name = snake(spec.name);
    if (spec.type === 'detailFilter' && isObject(value)) {
      blocks.push(block('detail_filter', value));
    } else if (Array.isArray(value) && value.length > 0 && value.every(isObject)) {
      for (const item of value) blocks.push(block(singular(name), item));
    } else if (spec.name === 'queryJson') {
      const parsed = typeof value === 'string' ? safeJson(value) : value;
      attributes.push(`  ${name} = ${parsed === undefined ? hclString(String(value)) : `jsonencode(${hclValue(parsed, '  ')})`}`);
    } else if (isObject(value)) {
      attributes.push(`  ${name} = jsonencode(${hclValue(value, '  ')})`);
    } else {
      attributes.push(`  ${name} = ${hclValue(value, '  ')}`);
    }
  }
  const body = [...attributes, ...blocks];
  return `data "${op.code.terraform}" "${label}" {\n${body.join('\n')}${body.length ? '\n' : ''}}\n`;
}

export function pulumiCall(op: LookupOperation, input: LookupInput): string {
  if ('none' in op.code) return `// ${op.code.none}\n`;
  const args: Record<string, unknown> = {};
  const secrets: string[] = [];
  for (const spec of op.inputs) {
    const value = input[spec.name];
    if (value === undefined || spec.computed) continue;
    if (spec.secret) {
      secrets.push(spec.name);
      continue;
    }
    if (spec.name === 'queryJson') {
      const parsed = typeof value === 'string' ? safeJson(value) : value;
      args[spec.name] = parsed === undefined ? String(value) : new RawCode(`JSON.stringify(${tsValue(parsed, '    ')})`);
    } else if (spec.type === 'json' && isObject(value)) {
      args[spec.name] = new RawCode(`JSON.stringify(${tsValue(value, '    ')})`);
    } else {
      args[spec.name] = camelKeys(value);
    }
  }
  const variable = pulumiName(labelOf(op, input), op.name.replace(/^get/, ''));
  const lines = [`import * as ${op.code.pulumiPackage} from "@pulumi/${op.code.pulumiPackage}";`, ''];
  if (secrets.length) lines.push(`// Left out (secrets): ${secrets.join(', ')}`);
  lines.push(`const ${variable} = ${op.code.pulumiPackage}.${op.code.pulumi}(${tsValue(args)});`);
  return `${lines.join('\n')}\n`;
}

/** A nested block; its argument names come from typed JSON, so a name Terraform cannot hold is refused, not written. */
function block(name: string, fields: Record<string, unknown>): string {
  const entries = Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]): [string, unknown] => [snake(k), v]);
  const bad = entries.find(([k]) => !isHclName(k));
  if (bad) throw new Error(`A ${name} block cannot have an argument named ${jsString(bad[0])}: Terraform argument names are letters, digits, "_" and "-".`);
  const width = Math.max(0, ...entries.map(([k]) => k.length));
  return [`  ${name} {`, ...entries.map(([k, v]) => `    ${k.padEnd(width)} = ${hclValue(v, '    ')}`), '  }'].join('\n');
}

/** A readable label for the block or variable: the most telling input, else the operation. */
function labelOf(op: LookupOperation, input: LookupInput): string {
  for (const key of ['name', 'slug', 'alias', 'username', 'domain', 'dataset', 'type', 'codename', 'image']) {
    if (typeof input[key] === 'string' && input[key]) return String(input[key]);
  }
  return op.name.replace(/^get/, '');
}

export function snake(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

function camel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

function camelKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelKeys);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [camel(k), camelKeys(v)]));
  return value;
}

/** `calculations` → `calculation`, `calculated_fields` → `calculated_field`, `detail_filters` → `detail_filter`. */
function singular(name: string): string {
  return name.endsWith('s') ? name.slice(0, -1) : name;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof RawCode);
}

/** For messages: the call in one line, e.g. `getRecipients(type: "slack", detailFilter: channel =~ ^#alerts)`. */
export function callText(op: LookupOperation, input: LookupInput): string {
  const parts = op.inputs.filter((spec) => input[spec.name] !== undefined).map((spec) => `${spec.name}: ${spec.secret ? '••••' : argumentText(spec, input[spec.name])}`);
  return `${op.name}(${parts.join(', ')})`;
}

/** Strings quoted, lists in brackets, anything else as it is typed (a filter in words, JSON as JSON): never escaped twice. */
function argumentText(spec: InputSpec, value: unknown): string {
  if (typeof value === 'string') return jsString(value);
  const typed = describeValue(spec, value);
  return Array.isArray(value) && !typed.startsWith('[') ? `[${typed}]` : typed;
}
