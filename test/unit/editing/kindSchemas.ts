import * as fs from 'node:fs';
import * as path from 'node:path';
import { JsonObject } from '../../../src/editing/kind';

/** A kind's validation schema (schemas/validation/), loaded the way the editor's kinds load theirs. */
const VALIDATION = path.resolve(__dirname, '..', '..', '..', '..', 'schemas', 'validation');

export function validationSchema(file: string): () => Promise<JsonObject> {
  return async () => JSON.parse(fs.readFileSync(path.join(VALIDATION, `${file}.schema.json`), 'utf8')) as JsonObject;
}
