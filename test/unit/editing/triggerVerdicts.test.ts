import * as fs from 'node:fs';
import * as path from 'node:path';
import { triggerProblems } from '../../../src/clients/honeycomb/triggerRules';
import { EditableKind, JsonObject, KindBackend } from '../../../src/editing/kind';
import { triggerKind } from '../../../src/views/honeycomb/kinds/trigger';
import { validationSchema } from './kindSchemas';
import { VerdictEntry, checkVerdict } from './verdicts';

/**
 * The editor's verdict on real trigger definitions agrees with the service's. The corpus
 * (test/fixtures/real-objects/honeycomb/trigger-verdicts.json) holds what Honeycomb's own sources
 * say about each: the provider's validators and acceptance tests, and what its Go client's live
 * tests sent and got back. "valid" means the editor lets the save go (warnings at most); "invalid"
 * means it stops it with an error on the field the source names (or a field around it).
 */
interface Verdict extends VerdictEntry {
  trigger: JsonObject;
}

const CORPUS = path.resolve(__dirname, '..', '..', '..', '..', 'test', 'fixtures', 'real-objects', 'honeycomb', 'trigger-verdicts.json');
const verdicts = JSON.parse(fs.readFileSync(CORPUS, 'utf8')) as Verdict[];
const unused = {} as KindBackend;
const kind: EditableKind = triggerKind({ backend: unused, schema: validationSchema('honeycomb-trigger'), rules: (d) => triggerProblems(d) });

describe('editing: trigger verdicts agree with the service on real triggers', () => {
  for (const entry of verdicts) {
    it(`${entry.verdict}: ${entry.source.replace(/^.*@[0-9a-f]+ — /, '')}`, () => checkVerdict(kind, entry, entry.trigger, 'trigger'));
  }
});
