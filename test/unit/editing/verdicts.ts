import * as assert from 'node:assert/strict';
import { EditableKind, JsonObject } from '../../../src/editing/kind';
import { validateDocument } from '../../../src/editing/validate';

/**
 * Checks the editor's verdict on one definition against the service's, for the verdict corpora
 * of test/fixtures/real-objects/honeycomb/*-verdicts.json: "valid" means the editor lets the save
 * go (warnings at most); "invalid" means it stops it with an error on the field the source names
 * (or a field around it). `editor: 'warning'` marks where the editor deliberately says less.
 */
export interface VerdictEntry {
  source: string;
  verdict: 'valid' | 'invalid';
  rule: string;
  field?: string;
  editor?: 'warning';
  editorWhy?: string;
}

export async function checkVerdict(kind: EditableKind, entry: VerdictEntry, document: JsonObject, what: string): Promise<void> {
  const problems = await validateDocument(kind, structuredClone(document));
  const errors = problems.filter((p) => p.severity === 'error');
  if (entry.verdict === 'valid') {
    assert.deepEqual(
      errors.map((p) => `${p.path.join('.')}: ${p.message}`),
      [],
      `the service accepts this ${what} (${entry.rule})`,
    );
    return;
  }
  const field = (entry.field ?? '').replace(/\[(\d+)\]/g, '.$1');
  const expected = entry.editor === 'warning' ? problems.filter((p) => p.severity === 'warning') : errors;
  if (entry.editor === 'warning') assert.deepEqual(errors, [], `the editor only warns here: ${entry.editorWhy}`);
  else assert.ok(errors.length > 0, `the service refuses this ${what} (${entry.rule}), but the editor found no error`);
  assert.ok(
    expected.some((p) => related(p.path.join('.'), field)),
    `${entry.editor === 'warning' ? 'a warning' : 'an error'} on ${field} (${entry.rule}); found: ${problems.map((p) => `${p.severity} ${p.path.join('.')}: ${p.message}`).join(' | ')}`,
  );
}

/** The same field, one inside the other (an error on `query.calculations` for `query.calculations.0.op`). */
function related(found: string, expected: string): boolean {
  return found === expected || expected.startsWith(`${found}.`) || found.startsWith(`${expected}.`) || (found === '' && expected === '');
}
