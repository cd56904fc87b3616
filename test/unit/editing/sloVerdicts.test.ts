import * as fs from 'node:fs';
import * as path from 'node:path';
import { burnAlertProblems } from '../../../src/clients/honeycomb/burnAlertRules';
import { sloProblems } from '../../../src/clients/honeycomb/sloRules';
import { JsonObject, KindBackend } from '../../../src/editing/kind';
import { burnAlertKind } from '../../../src/views/honeycomb/kinds/burnAlert';
import { sloKind } from '../../../src/views/honeycomb/kinds/slo';
import { validationSchema } from './kindSchemas';
import { VerdictEntry, checkVerdict } from './verdicts';

/**
 * The editor's verdict on SLO and burn alert definitions agrees with the service's, both ways:
 * what Honeycomb's Terraform provider and Go client accept saves, what they refuse is stopped with
 * an error on the field they name (test/fixtures/real-objects/honeycomb/slo-verdicts.json and
 * burn-alert-verdicts.json: the provider's validators and acceptance tests, the Go client's live
 * tests).
 */
interface Verdict extends VerdictEntry {
  dataset: string;
  body: JsonObject;
}

const CORPUS = path.resolve(__dirname, '..', '..', '..', '..', 'test', 'fixtures', 'real-objects', 'honeycomb');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(CORPUS, file), 'utf8')) as Verdict[];
const unused = {} as KindBackend;
const slos = sloKind({ backend: unused, schema: validationSchema('honeycomb-slo'), rules: (d, b) => sloProblems(d, b) });
const burnAlerts = burnAlertKind({ backend: unused, schema: validationSchema('honeycomb-burn-alert'), rules: (d, b) => burnAlertProblems(d, b) });
const title = (entry: Verdict) => `${entry.verdict}: ${entry.source.replace(/^.*@[0-9a-f]+ — /, '')}`;

describe('editing: SLO verdicts agree with the service', () => {
  for (const entry of read('slo-verdicts.json')) it(title(entry), () => checkVerdict(slos, entry, entry.body, 'SLO'));
});

describe('editing: burn alert verdicts agree with the service', () => {
  for (const entry of read('burn-alert-verdicts.json')) it(title(entry), () => checkVerdict(burnAlerts, entry, entry.body, 'burn alert'));
});
