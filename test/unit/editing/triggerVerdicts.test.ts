import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { triggerProblems } from '../../../src/clients/honeycomb/triggerRules';
import { EditableKind, JsonObject, KindBackend } from '../../../src/editing/kind';
import { validateDocument } from '../../../src/editing/validate';
import { triggerKind } from '../../../src/views/honeycomb/kinds/trigger';
import { validationSchema } from './kindSchemas';

/**
 * The editor's verdict on real trigger definitions agrees with the service's. The corpus
 * (test/fixtures/real-objects/honeycomb/trigger-verdicts.json) holds what Honeycomb's own sources
 * say about each: the provider's validators and acceptance tests, and what its Go client's live
 * tests sent and got back. "valid" means the editor lets the save go (warnings at most); "invalid"
 * means it stops it with an error on the field the source names (or a field around it).
 */
interface Verdict {
  source: string;
  verdict: 'valid' | 'invalid';
  rule: string;
  field?: string;
  /** Where the editor deliberately says less than the service (`warning`), and why. */
  editor?: 'warning';
  editorWhy?: string;
  trigger: JsonObject;
}

const CORPUS = path.resolve(__dirname, '..', '..', '..', '..', 'test', 'fixtures', 'real-objects', 'honeycomb', 'trigger-verdicts.json');
const verdicts = JSON.parse(fs.readFileSync(CORPUS, 'utf8')) as Verdict[];
const unused = {} as KindBackend;
const kind: EditableKind = triggerKind({ backend: unused, schema: validationSchema('honeycomb-trigger'), rules: (d) => triggerProblems(d) });

describe('editing: trigger verdicts agree with the service on real triggers', () => {
  for (const entry of verdicts) {
    it(`${entry.verdict}: ${entry.source.replace(/^.*@[0-9a-f]+ — /, '')}`, async () => {
      const problems = await validateDocument(kind, structuredClone(entry.trigger));
      const errors = problems.filter((p) => p.severity === 'error');
      if (entry.verdict === 'valid') {
        assert.deepEqual(
          errors.map((p) => `${p.path.join('.')}: ${p.message}`),
          [],
          `the service accepts this trigger (${entry.rule})`,
        );
        return;
      }
      const field = (entry.field ?? '').replace(/\[(\d+)\]/g, '.$1');
      const expected = entry.editor === 'warning' ? problems.filter((p) => p.severity === 'warning') : errors;
      if (entry.editor === 'warning') assert.deepEqual(errors, [], `the editor only warns here: ${entry.editorWhy}`);
      else assert.ok(errors.length > 0, `the service refuses this trigger (${entry.rule}), but the editor found no error`);
      assert.ok(
        expected.some((p) => related(p.path.join('.'), field)),
        `${entry.editor === 'warning' ? 'a warning' : 'an error'} on ${field} (${entry.rule}); found: ${problems.map((p) => `${p.severity} ${p.path.join('.')}: ${p.message}`).join(' | ')}`,
      );
    });
  }
});

/** The same field, one inside the other (an error on `query.calculations` for `query.calculations.0.op`). */
function related(found: string, expected: string): boolean {
  return found === expected || expected.startsWith(`${found}.`) || found.startsWith(`${expected}.`) || (found === '' && expected === '');
}
