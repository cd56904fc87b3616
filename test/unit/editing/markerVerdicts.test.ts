import * as fs from 'node:fs';
import * as path from 'node:path';
import { markerProblems, markerSettingProblems } from '../../../src/clients/honeycomb/markerRules';
import { JsonObject, KindBackend } from '../../../src/editing/kind';
import { markerKind, markerSettingKind } from '../../../src/views/honeycomb/kinds/marker';
import { validationSchema } from './kindSchemas';
import { VerdictEntry, checkVerdict } from './verdicts';

/**
 * The editor's verdict on marker and marker setting bodies agrees with the service's, both ways
 * (test/fixtures/real-objects/honeycomb/marker-verdicts.json and marker-setting-verdicts.json: the
 * provider's validators and acceptance tests, the Go client's types and live tests).
 */
interface Verdict extends VerdictEntry {
  dataset: string;
  body: JsonObject;
}

const CORPUS = path.resolve(__dirname, '..', '..', '..', '..', 'test', 'fixtures', 'real-objects', 'honeycomb');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(CORPUS, file), 'utf8')) as Verdict[];
const unused = {} as KindBackend;
const markers = markerKind({ backend: unused, schema: validationSchema('honeycomb-marker'), rules: (d) => markerProblems(d) });
const settings = markerSettingKind({ backend: unused, schema: validationSchema('honeycomb-marker-setting'), rules: (d, b) => markerSettingProblems(d, b) });
const title = (entry: Verdict) => `${entry.verdict}: ${entry.source.replace(/^.*@[0-9a-f]+ — /, '')}`;

describe('editing: marker verdicts agree with the service', () => {
  for (const entry of read('marker-verdicts.json')) it(title(entry), () => checkVerdict(markers, entry, entry.body, 'marker'));
});

describe('editing: marker setting verdicts agree with the service', () => {
  for (const entry of read('marker-setting-verdicts.json')) it(title(entry), () => checkVerdict(settings, entry, entry.body, 'marker setting'));
});
