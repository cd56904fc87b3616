import * as assert from 'assert';
import { EarlySecrets } from '../../../src/startup/earlySecrets';
import { CountingSecrets } from '../helpers/countingSecrets';

describe('EarlySecrets (reads started while the features load)', () => {
  it('answers the first read of a key from the read started early, and later ones from the storage', async () => {
    const storage = new CountingSecrets();
    storage.values.set('a', 'one');
    const secrets = new EarlySecrets(storage);
    secrets.readAhead(['a', 'b']);
    assert.equal(storage.reads, 2);
    assert.equal(await secrets.get('a'), 'one');
    assert.equal(await secrets.get('b'), undefined);
    assert.equal(storage.reads, 2, 'no second read for the keys read ahead');
    assert.deepEqual(await secrets.keys(), ['a']);
    assert.equal(storage.keyLists, 1);
    assert.equal(await secrets.get('a'), 'one');
    await secrets.keys();
    assert.deepEqual([storage.reads, storage.keyLists], [3, 2], 'the early answers are used once');
  });

  it('never hands out a value changed after the early read (in another window, or through it)', async () => {
    const storage = new CountingSecrets();
    storage.values.set('a', 'old');
    storage.values.set('b', 'old');
    const secrets = new EarlySecrets(storage);
    secrets.readAhead(['a', 'b']);
    storage.changeElsewhere('a', 'new');
    await secrets.store('b', 'mine');
    assert.equal(await secrets.get('a'), 'new');
    assert.equal(await secrets.get('b'), 'mine');
    assert.deepEqual((await secrets.keys()).sort(), ['a', 'b']);
    assert.equal(storage.keyLists, 2, 'the early list of names was dropped too');
  });

  it('lets the start-up chunk look at the early answers without taking them from the features', async () => {
    const storage = new CountingSecrets();
    storage.values.set('a', 'one');
    const secrets = new EarlySecrets(storage);
    secrets.readAhead(['a']);
    const look = secrets.peek();
    assert.equal(await look.get('a'), 'one');
    assert.deepEqual(await look.keys(), ['a']);
    assert.equal(await look.get('c'), undefined, 'a key not read ahead is read now');
    assert.deepEqual([storage.reads, storage.keyLists], [2, 1]);
    assert.equal(await secrets.get('a'), 'one');
    assert.equal(await secrets.get('c'), undefined);
    assert.deepEqual(await secrets.keys(), ['a']);
    assert.deepEqual([storage.reads, storage.keyLists], [2, 1], 'the features take the answers the look saw, with no read of their own');
  });

  it('passes a failed early read to the one who takes it, and to no one else', async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown): void => {
      unhandled.push(reason);
    };
    process.on('unhandledRejection', record);
    try {
      const storage = new CountingSecrets();
      storage.get = () => Promise.reject(new Error('no keyring'));
      const secrets = new EarlySecrets(storage);
      secrets.readAhead(['a', 'b']);
      await assert.rejects(Promise.resolve(secrets.get('a')), /no keyring/);
      // 'b' is never taken: its failure is nobody's to report.
      await new Promise((resolve) => setTimeout(resolve, 10));
      assert.deepEqual(unhandled, []);
    } finally {
      process.off('unhandledRejection', record);
    }
  });
});
