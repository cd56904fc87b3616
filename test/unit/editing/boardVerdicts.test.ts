import * as fs from 'node:fs';
import * as path from 'node:path';
import { boardProblems, boardViewProblems } from '../../../src/clients/honeycomb/boardRules';
import { JsonObject, KindBackend } from '../../../src/editing/kind';
import { boardKind, boardViewKind } from '../../../src/views/honeycomb/kinds/board';
import { validationSchema } from './kindSchemas';
import { VerdictEntry, checkVerdict } from './verdicts';

/**
 * The editor's verdict on boards and board views agrees with the service's, both ways: what
 * Honeycomb's Terraform provider and Go client send saves, what their validators refuse is stopped
 * with an error on the field they name (test/fixtures/real-objects/honeycomb/board-verdicts.json
 * and board-view-verdicts.json).
 */
interface Verdict extends VerdictEntry {
  body: JsonObject;
}

const CORPUS = path.resolve(__dirname, '..', '..', '..', '..', 'test', 'fixtures', 'real-objects', 'honeycomb');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(CORPUS, file), 'utf8')) as Verdict[];
const unused = {} as KindBackend;
const boards = boardKind({ backend: unused, schema: validationSchema('honeycomb-board'), rules: (d) => boardProblems(d) });
const views = boardViewKind({ backend: unused, schema: validationSchema('honeycomb-board-view'), rules: (d) => boardViewProblems(d) });
const title = (entry: Verdict) => `${entry.verdict}: ${entry.source.replace(/^.*@[0-9a-f]+ — /, '')}`;

describe('editing: board verdicts agree with the service', () => {
  for (const entry of read('board-verdicts.json')) it(title(entry), () => checkVerdict(boards, entry, entry.body, 'board'));
});

describe('editing: board view verdicts agree with the service', () => {
  for (const entry of read('board-view-verdicts.json')) it(title(entry), () => checkVerdict(views, entry, entry.body, 'board view'));
});
