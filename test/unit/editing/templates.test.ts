import * as assert from 'node:assert/strict';
import { AUTHENTIK_KIND_NAMES } from '../../../src/clients/authentik/resources/kinds';
import { burnAlertProblems } from '../../../src/clients/honeycomb/burnAlertRules';
import { sloProblems } from '../../../src/clients/honeycomb/sloRules';
import { triggerProblems } from '../../../src/clients/honeycomb/triggerRules';
import { EditableKind, KindBackend } from '../../../src/editing/kind';
import { validateDocument } from '../../../src/editing/validate';
import { schemaFileOf } from '../../../src/views/authentik/kinds/ids';
import { authentikEditableKind } from '../../../src/views/authentik/kinds/kind';
import { burnAlertKind } from '../../../src/views/honeycomb/kinds/burnAlert';
import { queryAnnotationKind } from '../../../src/views/honeycomb/kinds/queryAnnotation';
import { sloKind } from '../../../src/views/honeycomb/kinds/slo';
import { triggerKind } from '../../../src/views/honeycomb/kinds/trigger';
import { recipientKind } from '../../../src/views/honeycomb/kinds/recipient';
import { WRITABLE_RECIPIENT_TYPES, recipientProblems } from '../../../src/clients/honeycomb/recipientRules';
import { validationSchema } from './kindSchemas';

/** A "New …" document never opens with a problem in the template's own values. */
const unused = {} as KindBackend;
const KINDS: Array<{ kind: EditableKind; parent: Record<string, string> }> = [
  { kind: triggerKind({ backend: unused, schema: validationSchema('honeycomb-trigger'), rules: (d) => triggerProblems(d) }), parent: { env: 'production', dataset: 'api' } },
  { kind: queryAnnotationKind({ backend: unused, schema: validationSchema('honeycomb-query-annotation'), rules: () => [] }), parent: { env: 'production', dataset: 'api', queryId: 'q1' } },
  { kind: sloKind({ backend: unused, schema: validationSchema('honeycomb-slo'), rules: (d, b) => sloProblems(d, b) }), parent: { env: 'production', dataset: 'api' } },
  { kind: sloKind({ backend: unused, schema: validationSchema('honeycomb-slo'), rules: (d, b) => sloProblems(d, b) }), parent: { env: 'production', dataset: '__all__', datasets: 'api,web' } },
  {
    kind: burnAlertKind({ backend: unused, schema: validationSchema('honeycomb-burn-alert'), rules: (d, b) => burnAlertProblems(d, b) }),
    parent: { env: 'production', dataset: 'api', slo: 's1', recipient: 'r1' },
  },
  ...WRITABLE_RECIPIENT_TYPES.map((type) => ({
    kind: recipientKind({ backend: unused, schema: validationSchema('honeycomb-recipient'), rules: (d, b) => recipientProblems(d, b) }),
    parent: { env: 'production', type },
  })),
  ...AUTHENTIK_KIND_NAMES.map((k) => ({
    kind: authentikEditableKind(k, { backend: unused, schema: validationSchema(schemaFileOf(k)), location: () => 'authentik at id.example.com' }),
    parent: { parent: '8d5e1c0a-5a2b-4f1e-9e7d-2b3c4d5e6f70', stage: '0f6a1c2b-3d4e-4f50-8a9b-c0d1e2f3a4b5', order: '10', name: 'New certificate' },
  })),
];

describe('editing: templates open without problems', () => {
  for (const { kind, parent } of KINDS) {
    it(`New ${kind.noun} (${kind.service}) in ${JSON.stringify(parent).slice(0, 60)}`, async () => {
      const problems = await validateDocument(kind, kind.template(parent));
      assert.deepEqual(
        problems.map((p) => `${p.severity} ${p.path.join('.')}: ${p.message}`),
        [],
      );
    });
  }
});
