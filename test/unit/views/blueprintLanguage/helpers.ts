import * as fs from 'node:fs';
import * as path from 'node:path';
import { BLUEPRINT_SCHEMA_PATH } from '../../../../scripts/blueprintSchema';
import { BlueprintChecker } from '../../../../src/views/authentik/blueprintLanguage/incremental';
import type { Problem } from '../../../../src/views/authentik/blueprintLanguage/check';
import { readBlueprintSchema, type BlueprintSchema } from '../../../../src/views/authentik/blueprintLanguage/schemaModel';

let loaded: BlueprintSchema | undefined;

/** The committed generated schema, as the language features read it. */
export function blueprintSchema(): BlueprintSchema {
  loaded ??= readBlueprintSchema(JSON.parse(fs.readFileSync(BLUEPRINT_SCHEMA_PATH, 'utf8')) as Record<string, unknown>);
  return loaded;
}

export function problemsOf(text: string): Problem[] {
  return new BlueprintChecker(blueprintSchema()).check(text);
}

export const REAL_BLUEPRINTS_DIR = path.resolve(__dirname, '..', '..', '..', '..', '..', 'test', 'fixtures', 'real-objects', 'authentik', 'blueprints');

/** A blueprint from lines (so tests can name the line a problem is on). */
export function blueprint(...entryLines: string[]): string {
  return ['version: 1', 'metadata:', '  name: test', 'entries:', ...entryLines, ''].join('\n');
}
