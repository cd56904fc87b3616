import { createRequire } from 'node:module';
import * as ts from 'typescript';

// Loaded untyped: the package's typings reference the DOM library, which would retype `fetch`
// for the whole project. `parse` is all that is used.
const { parse } = createRequire(__filename)('@cdktf/hcl2json') as { parse(filename: string, contents: string): Promise<Record<string, unknown>> };

/**
 * Generated code read back by the real parsers: Terraform by HashiCorp's own HCL parser as
 * published on npm (`@cdktf/hcl2json`), TypeScript by the compiler. What each returns is what a
 * user's tool would see: the string literals as the language decodes them, the references, and
 * anything that would be evaluated.
 */

export interface ReadHcl {
  /** The parser's JSON (Terraform's JSON syntax: template escapes kept, expressions as `${…}`). */
  json: Record<string, unknown>;
  /** Every string literal, values and object keys, decoded as Terraform reads them. */
  literals: string[];
  /** Every bare reference: `var.x`, `honeycombio_trigger.y`, the type `string`. */
  references: string[];
  /** What Terraform would evaluate that is neither a literal nor a reference nor `jsonencode`. */
  evaluated: string[];
}

/**
 * A string of Terraform's JSON syntax as the literal it stands for: `$${` and `%%{` are escapes
 * for `${` and `%{`; an unescaped `${` or `%{` starts a template, and then there is no literal.
 */
export function jsonSyntaxLiteral(text: string): string | undefined {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const three = text.slice(i, i + 3);
    if (three === '$${' || three === '%%{') {
      out += three.slice(1);
      i += 2;
    } else if (three.startsWith('${') || three.startsWith('%{')) {
      return undefined;
    } else {
      out += text[i];
    }
  }
  return out;
}

const TRAVERSAL = /^[A-Za-z_][\w-]*(\.[A-Za-z_][\w-]*)*$/;

export async function readHcl(text: string): Promise<ReadHcl> {
  const json = await parse('generated.tf', text);
  const read: ReadHcl = { json, literals: [], references: [], evaluated: [] };
  await walk(json, read);
  return read;
}

async function walk(value: unknown, read: ReadHcl): Promise<void> {
  if (typeof value === 'string') return readString(value, read);
  if (Array.isArray(value)) {
    for (const item of value) await walk(item, read);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      await readString(key, read, true);
      await walk(item, read);
    }
  }
}

async function readString(text: string, read: ReadHcl, isKey = false): Promise<void> {
  const whole = /^\$\{([\s\S]*)\}$/.exec(text);
  if (whole && !isKey) {
    const expression = whole[1];
    if (TRAVERSAL.test(expression)) {
      read.references.push(expression);
      return;
    }
    const encoded = /^jsonencode\(([\s\S]*)\)$/.exec(expression);
    if (encoded) {
      // The argument is HCL source again: read it the same way.
      const inner = await parse('jsonencode.tf', `v = ${encoded[1]}\n`).catch((error: unknown) => ({ error: String(error) }));
      if ('error' in inner) read.evaluated.push(`${text} (${String(inner.error)})`);
      else await walk(inner.v, read);
      return;
    }
  }
  const literal = jsonSyntaxLiteral(text);
  if (literal === undefined) read.evaluated.push(text);
  else read.literals.push(literal);
}

/** Terraform's rule for block labels and variable names. */
export const TERRAFORM_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** The labels of `data`, `resource` and `variable` blocks, resources as `<type>.<label>`, and the targets of `import` blocks. */
export function blockNames(json: Record<string, unknown>): { labels: string[]; variables: string[]; resources: string[]; imports: string[] } {
  const labelsOf = (blocks: unknown) => Object.entries((blocks ?? {}) as Record<string, Record<string, unknown>>).flatMap(([type, byLabel]) => Object.keys(byLabel).map((label) => [type, label]));
  const data = labelsOf(json.data);
  const resources = labelsOf(json.resource);
  const variables = Object.keys(json.variable ?? {});
  return {
    labels: [...data, ...resources].map(([, label]) => label).concat(variables),
    variables,
    resources: resources.map(([type, label]) => `${type}.${label}`),
    imports: ((json.import ?? []) as Array<{ to?: string }>).map((block) => String(block.to).replace(/^\$\{(.*)\}$/, '$1')),
  };
}

/**
 * Type-checks TypeScript files together with the compiler: each a module, `@pulumi/*` packages
 * and the namespaces a pasted snippet expects (`authentik`, `honeycombio`) declared as `any`.
 * Returns each file's errors, syntax and semantics (a reserved word, a name used before its
 * declaration), as text.
 */
export function typeScriptErrors(files: Map<string, string>): Map<string, string[]> {
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ES2022,
    moduleDetection: ts.ModuleDetectionKind.Force,
    lib: ['lib.es2022.d.ts'],
    types: [],
  };
  const texts = new Map(files).set('ambient.d.ts', 'declare module "@pulumi/*";\ndeclare const authentik: any;\ndeclare const honeycombio: any;\n');
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  // The program's own options for each file (they carry "every file is a module").
  host.getSourceFile = (name, language) => (texts.has(name) ? ts.createSourceFile(name, texts.get(name)!, language, true) : getSourceFile(name, language));
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => texts.has(name) || fileExists(name);
  const program = ts.createProgram([...texts.keys()], options, host);
  const errors = new Map<string, string[]>();
  for (const name of files.keys()) {
    const source = program.getSourceFile(name)!;
    const found = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
    errors.set(
      name,
      found.map((d) => `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`),
    );
  }
  return errors;
}

/** Every string literal of a TypeScript text, as the language decodes it; template literals with substitutions are `evaluated`. */
export function typeScriptStrings(text: string): { literals: string[]; evaluated: string[] } {
  const source = ts.createSourceFile('generated.ts', text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const out = { literals: [] as string[], evaluated: [] as string[] };
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) out.literals.push(node.text);
    else if (ts.isTemplateExpression(node)) out.evaluated.push(node.getText(source));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}
