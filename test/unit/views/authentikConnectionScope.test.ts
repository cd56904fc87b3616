import * as assert from 'assert';
import { modelInConnection } from '../../../src/views/authentik/connectionScope';
import { authentikKindOfId, connectionOfKindId, editKindId, kindIdInConnection } from '../../../src/views/authentik/kinds/ids';
import { connectionRecordKey, keyInConnection, parseRecordKey, recordKeyOf, splitRecordKey } from '../../../src/views/authentik/objectRef';
import type { RecordViewModel } from '../../../src/views/panels/protocol';

describe('authentik objects of several connections', () => {
  it('keeps the default connection’s record keys and edit kinds as they were', () => {
    assert.equal(recordKeyOf({ kind: 'flow', lookup: 'f' }), 'authentik:flow:f');
    assert.equal(recordKeyOf({ kind: 'flow', lookup: 'f' }, 'default'), 'authentik:flow:f');
    assert.equal(connectionRecordKey(), 'authentik:connection');
    assert.equal(editKindId('flow'), 'authentik.flow');
    assert.equal(editKindId('flow', 'default'), 'authentik.flow');
    assert.equal(connectionOfKindId('authentik.flow'), 'default');
  });

  it('names an added connection in its record keys and edit kinds, and reads it back', () => {
    const key = recordKeyOf({ kind: 'flow', lookup: 'a:b/c d' }, 'staging');
    assert.equal(key, 'authentik:staging/flow:a%3Ab%2Fc%20d');
    assert.deepEqual(parseRecordKey(key), { kind: 'flow', lookup: 'a:b/c d', connection: 'staging' });
    assert.deepEqual(splitRecordKey(connectionRecordKey('staging')), { connection: 'staging', key: 'authentik:connection' });
    // A lookup with a slash stays the default connection's: only the part before the kind names one.
    assert.deepEqual(splitRecordKey('authentik:flow:a%2Fb'), { connection: 'default', key: 'authentik:flow:a%2Fb' });
    assert.equal(keyInConnection('authentik:staging/flow:x', 'production'), 'authentik:production/flow:x');
    assert.equal(keyInConnection('authentik:staging/flow:x', 'default'), 'authentik:flow:x');

    const kindId = editKindId('flowStageBinding', 'staging');
    assert.equal(kindId, 'authentik.flowStageBinding@staging');
    assert.equal(authentikKindOfId(kindId), 'flowStageBinding');
    assert.equal(connectionOfKindId(kindId), 'staging');
    assert.equal(kindIdInConnection('authentik.flow', 'staging'), 'authentik.flow@staging');
    assert.equal(kindIdInConnection('honeycomb.trigger', 'staging'), 'honeycomb.trigger');
  });

  it('moves every link, button and Edit… of an added connection’s record into that connection', () => {
    const model: RecordViewModel = {
      key: 'authentik:provider:4',
      kind: 'authentik provider',
      title: 'Expense portal',
      sections: [
        {
          title: 'Provider',
          fields: [
            { label: 'Application', value: 'expenses', link: { kind: 'record', key: 'authentik:application:expenses' } },
            { label: 'Admin', value: 'x', link: { kind: 'url', url: 'https://auth.example.com/if/admin/' } },
            { label: 'Plain', value: 'y' },
          ],
        },
      ],
      actions: [
        { id: 'copyId', label: 'Copy ID', link: { kind: 'command', command: 'opsConfig.authentik.copyId', args: ['authentik:provider:4'] } },
        { id: 'edit', label: 'Edit…', link: { kind: 'command', command: 'opsConfig.edit', args: [{ kindId: 'authentik.application', address: { id: 'expenses' }, name: 'expenses' }] } },
        { id: 'openMetadata', label: 'Open metadata (XML)', link: { kind: 'command', command: 'opsConfig.authentik.openSamlMetadata', args: [4, 'Expense portal'] } },
        { id: 'viewJson', label: 'View as JSON' },
      ],
    };
    assert.strictEqual(modelInConnection(model, 'default'), model, 'the default connection’s records are untouched');
    const moved = modelInConnection(model, 'staging');
    assert.equal(moved.key, 'authentik:staging/provider:4');
    assert.deepEqual(
      moved.sections[0].fields.map((f) => f.link),
      [{ kind: 'record', key: 'authentik:staging/application:expenses' }, { kind: 'url', url: 'https://auth.example.com/if/admin/' }, undefined],
    );
    assert.deepEqual(
      moved.actions!.map((a) => (a.link && 'args' in a.link ? a.link.args : undefined)),
      [['authentik:staging/provider:4'], [{ kindId: 'authentik.application@staging', address: { id: 'expenses' }, name: 'expenses' }], [4, 'Expense portal', 'staging'], undefined],
    );
    assert.equal(model.key, 'authentik:provider:4', 'the builder’s model is not changed in place');
  });
});
