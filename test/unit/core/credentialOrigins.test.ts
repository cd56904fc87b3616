import * as assert from 'node:assert/strict';
import { SEND_ANSWER, declinedError, isDeclined, planBindings, sendQuestion } from '../../../src/connections/credentialOrigins';

/**
 * Saved credentials are bound to the origin they were checked with. What the binding check
 * decides, and what the user reads when asked and after saying No.
 */
describe('connections: credentials bound to their origin', () => {
  const apiKey = { key: 'opsConfig.honeycomb.apiKey', label: 'API key', setCommand: 'Honeycomb: Set API Key…' };
  const managementKey = { key: 'opsConfig.honeycomb.apiKeySecret', label: 'management key', setCommand: 'Honeycomb: Set Management Key…' };
  const target = { url: 'http://127.0.0.1:9090/some/path', urlSource: 'opsConfig.honeycomb.apiUrl', settingName: 'opsConfig.honeycomb.apiUrl' };

  it('sends a credential to the origin it was checked with, asks before another port, scheme or host, and binds an unbound one', () => {
    assert.deepEqual(planBindings([{ ...apiKey, boundOrigin: 'http://127.0.0.1:9090' }], 'http://127.0.0.1:9090/1/auth'), { unbound: [], moved: [] });
    for (const other of ['http://127.0.0.1:8080', 'https://127.0.0.1:9090', 'http://localhost:9090']) {
      assert.deepEqual(planBindings([{ ...apiKey, boundOrigin: other }], target.url).moved, [{ from: other, credentials: [apiKey] }], other);
    }
    assert.deepEqual(planBindings([apiKey], target.url), { unbound: [apiKey], moved: [] });
  });

  it('asks once for the credentials checked with the same origin', () => {
    const plan = planBindings(
      [
        { ...apiKey, boundOrigin: 'https://api.honeycomb.io' },
        { ...managementKey, boundOrigin: 'https://api.honeycomb.io' },
      ],
      target.url,
    );
    assert.deepEqual(plan.moved, [{ from: 'https://api.honeycomb.io', credentials: [apiKey, managementKey] }]);
  });

  it('asks a question naming both origins and what chose the new one', () => {
    const question = sendQuestion('Honeycomb', [apiKey, managementKey], 'https://api.honeycomb.io', target);
    assert.equal(question.message, 'Send the Honeycomb API key and management key to http://127.0.0.1:9090?');
    assert.equal(
      question.detail,
      'Honeycomb API key and management key were checked with https://api.honeycomb.io.\n' +
        'The address in effect is now http://127.0.0.1:9090 (from opsConfig.honeycomb.apiUrl), another server.\n' +
        'Send them only if you changed the address yourself and trust that server. Otherwise you stay disconnected and nothing is sent.',
    );
    assert.equal(SEND_ANSWER, 'Send');
  });

  it('says after a No that it is not connected, why, and the two ways forward', () => {
    const error = declinedError('Honeycomb', [apiKey], 'https://api.honeycomb.io', target);
    assert.equal(
      error.message,
      'Honeycomb connect: not connected: the API key was not sent to http://127.0.0.1:9090. ' +
        'API key was checked with https://api.honeycomb.io; the address in effect is http://127.0.0.1:9090 (from opsConfig.honeycomb.apiUrl). ' +
        'Set opsConfig.honeycomb.apiUrl back to https://api.honeycomb.io, or check a credential with http://127.0.0.1:9090 by running "Honeycomb: Set API Key…".',
    );
    assert.ok(isDeclined(error), 'kept as the user\u2019s answer');
    assert.ok(!isDeclined(new Error('the keyring is locked')), 'a storage failure is tried again');
  });
});
