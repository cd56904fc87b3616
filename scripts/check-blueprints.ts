/**
 * Checks authentik blueprints from the command line with the checks the editor runs as you type
 * (src/views/authentik/blueprintLanguage/, against the committed generated schema): prints each
 * file with its diagnostics as `file:line:column: severity: message`, and exits with 1 when any
 * file has an error (warnings alone exit 0).
 *
 *   npm run check-blueprints -- <file or folder>…
 *
 * A file named on the command line is checked as it is; a folder is searched (all the way down)
 * for the YAML files the editor takes for blueprints (src/startup/blueprintRecognition.ts).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BLUEPRINT_SCHEMA_PATH } from './blueprintSchema';
import { looksLikeBlueprint } from '../src/startup/blueprintRecognition';
import type { Problem } from '../src/views/authentik/blueprintLanguage/check';
import { BlueprintChecker } from '../src/views/authentik/blueprintLanguage/incremental';
import { readBlueprintSchema, type BlueprintSchema } from '../src/views/authentik/blueprintLanguage/schemaModel';

export interface FileResult {
  file: string;
  problems: Problem[];
}

export function loadCommittedSchema(): BlueprintSchema {
  return readBlueprintSchema(JSON.parse(fs.readFileSync(BLUEPRINT_SCHEMA_PATH, 'utf8')) as Record<string, unknown>);
}

/** The files to check: those named, and the blueprints under the folders named, in name order. */
export function blueprintFiles(args: readonly string[]): string[] {
  const files: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) walk(full);
      } else if (/\.ya?ml$/i.test(entry.name) && looksLikeBlueprint(full, fs.readFileSync(full, 'utf8'))) {
        files.push(full);
      }
    }
  };
  for (const arg of args) {
    if (!fs.existsSync(arg)) throw new Error(`No file or folder ${arg}.`);
    if (fs.statSync(arg).isDirectory()) walk(arg);
    else files.push(arg);
  }
  return files;
}

export function checkFiles(files: readonly string[], schema: BlueprintSchema = loadCommittedSchema()): FileResult[] {
  // A checker per file, as the editor keeps one per document.
  return files.map((file) => ({ file, problems: new BlueprintChecker(schema).check(fs.readFileSync(file, 'utf8')) }));
}

/** One line per file and one per diagnostic (1-based line and column), then the totals. */
export function report(results: readonly FileResult[]): string {
  const lines: string[] = [];
  let errors = 0;
  let warnings = 0;
  for (const { file, problems } of results) {
    lines.push(`${file}: ${problems.length === 0 ? 'no diagnostic' : `${problems.length} diagnostic${problems.length === 1 ? '' : 's'}`}`);
    for (const p of problems) {
      lines.push(`  ${file}:${p.line + 1}:${p.character + 1}: ${p.severity}: ${p.message}`);
      if (p.severity === 'error') errors++;
      else warnings++;
    }
  }
  lines.push(`${results.length} blueprint${results.length === 1 ? '' : 's'} checked: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}.`);
  return lines.join('\n');
}

function main(args: string[]): number {
  if (args.length === 0) {
    console.error('usage: npm run check-blueprints -- <blueprint file or folder>…');
    return 2;
  }
  let results: FileResult[];
  try {
    results = checkFiles(blueprintFiles(args));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 2;
  }
  console.log(report(results));
  return results.some((r) => r.problems.some((p) => p.severity === 'error')) ? 1 : 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
