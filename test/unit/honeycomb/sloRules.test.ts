import * as assert from 'node:assert/strict';
import { burnAlertProblems } from '../../../src/clients/honeycomb/burnAlertRules';
import { sloProblems } from '../../../src/clients/honeycomb/sloRules';

/**
 * The SLO and burn alert rules the verdict corpora do not reach: what may not change once the
 * object exists, and text that passes a length check yet says nothing.
 */
const slo = { name: 'Gateway availability', sli: { alias: 'sli.availability' }, target_per_million: 999000, time_period_days: 30, dataset_slugs: ['api-gateway'], tags: [] };
const alert = { alert_type: 'exhaustion_time', exhaustion_minutes: 240, slo: { id: 'slo1' }, recipients: [{ id: 'r1' }] };
const said = (problems: Array<{ path: Array<string | number>; severity: string }>) => problems.map((p) => `${p.severity} ${p.path.join('.')}`);

describe('Honeycomb SLO rules', () => {
  it('an SLO as it was opened passes; its datasets may not change, in any way', () => {
    assert.deepEqual(said(sloProblems(slo, slo)), []);
    assert.deepEqual(said(sloProblems({ ...slo, dataset_slugs: ['api-gateway', 'payments'] }, slo)), ['error dataset_slugs']);
    assert.deepEqual(said(sloProblems({ ...slo, dataset_slugs: undefined }, slo)), ['error dataset_slugs'], 'left out of the PUT');
    assert.deepEqual(said(sloProblems({ ...slo, dataset_slugs: ['payments', 'checkout'] }, { ...slo, dataset_slugs: ['checkout', 'payments'] })), [], 'the same set in another order');
  });

  it('a name or SLI of spaces only is an error; a dataset listed twice a warning', () => {
    assert.deepEqual(said(sloProblems({ ...slo, name: '   ' })), ['error name']);
    assert.deepEqual(said(sloProblems({ ...slo, sli: { alias: ' ' } })), ['error sli.alias']);
    assert.deepEqual(said(sloProblems({ ...slo, dataset_slugs: ['a', 'b', 'a'] })), ['warning dataset_slugs.2']);
  });
});

describe('Honeycomb burn alert rules', () => {
  it('a burn alert stays with its SLO', () => {
    assert.deepEqual(said(burnAlertProblems(alert, alert)), []);
    assert.deepEqual(said(burnAlertProblems({ ...alert, slo: { id: 'slo2' } }, alert)), ['error slo']);
    assert.deepEqual(said(burnAlertProblems({ ...alert, slo: { id: 'slo2' } })), [], 'a new burn alert names any SLO');
  });
});
