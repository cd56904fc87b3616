import * as assert from 'node:assert/strict';
import { blueprintProblems, blueprintProblemsFromFieldErrors } from '../../../../src/clients/authentik/blueprintLog';
import { parsePythonErrors } from '../../../../src/clients/authentik/pythonErrors';

const CONTENT = `version: 1
metadata:
  name: Acme - partner portal
entries:
  - model: authentik_flows.flow
    id: portal
    identifiers:
      slug: partner-portal
    attrs:
      name: Partner portal
      title: Partner portal
      designation: authentication
  - model: authentik_flows.flow
    id: portal-recovery
    identifiers:
      slug: partner-recovery
    attrs:
      name: Partner recovery
      designation: recovrey
  - model: authentik_flows.flowstagebinding
    identifiers:
      target: !KeyOf portal-enrolment
      stage: !Find [authentik_stages_identification.identificationstage, [name, ident]]
      order: 10
  - model: authentik_core.notamodel
    identifiers:
      name: x
`;

const log = (...events: string[]) => ({ content: ['Failed to validate blueprint', ...events.map((e) => `- ${e}`), '- Blueprint validation failed'] });

/** authentik's 400 validation log of a blueprint save → problems placed on the YAML lines they concern. */
describe('authentik blueprint validation log', () => {
  it('places a serializer error on the key of the entry whose value the message quotes', () => {
    const body = log(`Entry invalid: Serializer errors {'designation': [ErrorDetail(string='"recovrey" is not a valid choice.', code='invalid_choice')]}`);
    const problems = blueprintProblems(body, CONTENT);
    assert.equal(problems.length, 1, 'the closing "Blueprint validation failed" is not a problem of its own');
    const [p] = problems;
    assert.equal(p.message, 'designation: "recovrey" is not a valid choice.');
    assert.equal(p.field, 'designation');
    assert.equal(p.severity, 'error');
    assert.deepEqual([p.line, p.column, p.entry], [19, 7, 1], 'the second flow\u2019s designation, not the first');
    assert.equal(p.approximate, undefined);
  });

  it('places a missing required field on the model line of the first entry without it', () => {
    const body = log(`Entry invalid: Serializer errors {'title': [ErrorDetail(string='This field is required.', code='required')]}`);
    const [p] = blueprintProblems(body, CONTENT);
    assert.equal(p.entry, 1);
    assert.equal(p.line, 13);
    assert.equal(p.message, 'title: This field is required.');
  });

  it('marks a guess when several entries could be meant', () => {
    const body = log(`Entry invalid: Serializer errors {'name': [ErrorDetail(string='Ensure this field has no more than 3 characters.', code='max_length')]}`);
    const [p] = blueprintProblems(body, CONTENT);
    assert.equal(p.entry, 0);
    assert.equal(p.line, 10);
    assert.equal(p.approximate, true);
  });

  it('gives one problem per field of a multi-field error, and keeps nested serializer paths', () => {
    const body = log(
      "Entry invalid: Serializer errors {'slug': [ErrorDetail(string='Enter a valid “slug” consisting of letters, numbers, underscores or hyphens.', code='invalid')], " +
        "'attributes': {'x': [ErrorDetail(string=\"It's wrong\", code='invalid')]}}",
    );
    const problems = blueprintProblems(body, CONTENT);
    assert.deepEqual(
      problems.map((p) => p.field),
      ['slug', 'attributes.x'],
    );
    assert.equal(problems[0].line, 8);
    assert.equal(problems[1].message, "attributes.x: It's wrong");
    assert.equal(problems[1].line, undefined, 'no attributes key in the content');
  });

  it('finds the !KeyOf tag that names a missing entry id', () => {
    const [p] = blueprintProblems(log('Entry invalid: KeyOf: failed to find entry with `id` of `portal-enrolment` and a model instance'), CONTENT);
    assert.equal(p.line, 22);
    assert.equal(p.column, 15);
    assert.equal(p.entry, 2);
    assert.match(p.message, /!KeyOf portal-enrolment: no entry with id "portal-enrolment" was created before this one/);
  });

  it('finds an unknown model when given the models authentik knows', () => {
    const body = log('App or Model does not exist');
    const known = ['authentik_flows.flow', 'authentik_flows.flowstagebinding'];
    const [p] = blueprintProblems(body, CONTENT, { knownModels: known });
    assert.equal(p.message, 'App or Model does not exist: authentik_core.notamodel');
    assert.deepEqual([p.line, p.entry], [25, 3]);
    const [unplaced] = blueprintProblems(body, CONTENT);
    assert.equal(unplaced.line, undefined, 'without the list the entry cannot be known');
  });

  it('places an invalid version on the version key', () => {
    const [p] = blueprintProblems({ content: ['Failed to validate blueprint', '- Invalid blueprint version'] }, 'version: 3\nentries: []\n');
    assert.deepEqual([p.line, p.column, p.field], [1, 1, 'version']);
  });

  it('reads the older one-string log (events joined by newlines)', () => {
    const body = {
      content: [
        `Failed to validate blueprint: Entry invalid: Serializer errors {'designation': [ErrorDetail(string='"recovrey" is not a valid choice.', code='invalid_choice')]}\nBlueprint validation failed`,
      ],
    };
    const [p] = blueprintProblems(body, CONTENT);
    assert.equal(p.line, 19);
  });

  it('keeps other fields\u2019 errors and non_field_errors, without a position', () => {
    const problems = blueprintProblems({ non_field_errors: ['Either path or content must be set.'], path: ['Blueprint file does not exist'] }, CONTENT);
    assert.deepEqual(
      problems.map((p) => [p.field, p.message, p.line]),
      [
        [undefined, 'Either path or content must be set.', undefined],
        ['path', 'path: Blueprint file does not exist', undefined],
      ],
    );
  });

  it('works from a ServiceError\u2019s field errors and without the content', () => {
    const problems = blueprintProblemsFromFieldErrors([
      { field: 'content', messages: ['Failed to validate blueprint', '- Entry invalid: No or invalid identifiers', '- Blueprint validation failed'] },
    ]);
    assert.deepEqual(
      problems.map((p) => [p.message, p.line]),
      [['No or invalid identifiers', undefined]],
    );
  });

  it('keeps an unparseable serializer repr as text', () => {
    const [p] = blueprintProblems(log("Entry invalid: Serializer errors {'name': [broken"), CONTENT);
    assert.equal(p.message, "Serializer errors {'name': [broken");
    assert.equal(p.line, undefined);
  });

  it('parses Python reprs of DRF errors, escapes and nested dicts included', () => {
    assert.deepEqual(
      parsePythonErrors(
        "{'a': [ErrorDetail(string='x \\'q\\' \\n', code='invalid')], 'b': {'c': [ErrorDetail(string=\"d\", code='required')]}, 'non_field_errors': [ErrorDetail(string='e', code='unique')]}",
      ),
      [
        { field: 'a', messages: ["x 'q' \n"], codes: ['invalid'] },
        { field: 'b.c', messages: ['d'], codes: ['required'] },
        { field: 'non_field_errors', messages: ['e'], codes: ['unique'] },
      ],
    );
  });
});
