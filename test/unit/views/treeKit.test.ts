import * as assert from 'node:assert/strict';
import { ServiceError } from '../../../src/core/errors';
import { presentError } from '../../../src/views/tree/errorPresentation';
import { filterMessage, matchesFilter } from '../../../src/views/tree/filterMatch';
import { PageLoader, loadMoreLabel } from '../../../src/views/tree/pageLoader';

describe('tree kit (editor-independent parts)', () => {
  describe('PageLoader', () => {
    it('loads nothing until asked, then one page per call, and knows the total', async () => {
      const calls: Array<number | undefined> = [];
      const loader = new PageLoader<string, number>(async (cursor) => {
        calls.push(cursor);
        const page = cursor ?? 1;
        return { items: [`a${page}`, `b${page}`], total: 5, next: page < 3 ? page + 1 : undefined };
      });
      assert.deepEqual(calls, []);
      assert.equal(loader.hasMore, true);
      await loader.loadNext();
      assert.deepEqual(loader.items, ['a1', 'b1']);
      assert.equal(loader.total, 5);
      await loader.loadNext();
      await loader.loadNext();
      assert.equal(loader.hasMore, false);
      await loader.loadNext();
      assert.deepEqual(calls, [undefined, 2, 3]);
      assert.equal(loader.items.length, 6);
    });

    it('shares one request between concurrent calls (a double click loads one page)', async () => {
      let calls = 0;
      const loader = new PageLoader<number, number>(async () => {
        calls++;
        await new Promise((r) => setTimeout(r, 20));
        return { items: [calls], next: 2 };
      });
      await Promise.all([loader.loadNext(), loader.loadNext(), loader.loadNext()]);
      assert.equal(calls, 1);
    });

    it('keeps loaded items when a later page fails, and retries that page', async () => {
      let fail = true;
      const loader = new PageLoader<string, number>(async (cursor) => {
        if (cursor === 2 && fail) throw new Error('boom');
        return { items: [`p${cursor ?? 1}`], next: cursor === 2 ? undefined : 2 };
      });
      await loader.loadNext();
      await assert.rejects(loader.loadNext(), /boom/);
      assert.deepEqual(loader.items, ['p1']);
      assert.ok(loader.error);
      fail = false;
      await loader.loadNext();
      assert.deepEqual(loader.items, ['p1', 'p2']);
      assert.equal(loader.error, undefined);
      loader.reset();
      assert.deepEqual(loader.items, []);
      assert.equal(loader.hasLoadedFirstPage, false);
    });

    it('labels Load more with counts', () => {
      assert.equal(loadMoreLabel(100, 52310), 'Load more (100 of 52,310)');
      assert.equal(loadMoreLabel(20, undefined), 'Load more (20 loaded)');
    });
  });

  describe('filter', () => {
    it('matches every word, case-insensitively', () => {
      assert.equal(matchesFilter('SLO latency (production)', 'prod slo'), true);
      assert.equal(matchesFilter('SLO latency (production)', 'prod errors'), false);
      assert.equal(matchesFilter('anything', '   '), true);
      assert.equal(filterMessage('api', 3, 1200), 'Filter “api”: showing 3 of 1,200 loaded items');
    });
  });

  describe('error presentation', () => {
    const error = (kind: ServiceError['kind'], extra: Partial<ConstructorParameters<typeof ServiceError>[0]> = {}): ServiceError =>
      new ServiceError({ kind, service: 'Honeycomb', operation: 'getDatasets', summary: 'something', ...extra });

    it('offers Sign in again for a refused credential', () => {
      const p = presentError(error('auth'), 'opsConfig.honeycomb.setApiKey');
      assert.equal(p.label, 'Honeycomb refused the credential');
      assert.equal(p.description, 'Sign in again…');
      assert.equal(p.primary, 'signIn');
    });

    it('says the host could not be reached, with Retry', () => {
      const p = presentError(error('network'));
      assert.equal(p.label, 'Could not reach Honeycomb');
      assert.equal(p.primary, 'retry');
      assert.equal(presentError(error('timeout')).description, 'timed out — Retry');
    });

    it('says how long to wait when rate limited', () => {
      assert.equal(presentError(error('rateLimited', { retryAfterMs: 41_200 })).description, 'Retry in 42 s');
    });

    it('keeps the full message in the tooltip and handles plain errors', () => {
      const p = presentError(error('server', { serverMessage: 'boom' }));
      assert.match(p.tooltip, /The server said: "boom"/);
      assert.equal(presentError(new Error('odd')).label, 'Failed to load');
    });
  });
});
