import * as assert from 'node:assert/strict';
import { ServiceError } from '../../../src/core/errors';
import { presentError } from '../../../src/views/tree/errorPresentation';
import type * as vscode from 'vscode';
import { ChildrenLoader } from '../../../src/views/tree/childrenLoader';
import { filterMessage, matchesFilter } from '../../../src/views/tree/filterMatch';
import type { TreeNode } from '../../../src/views/tree/node';
import { Page, PageLoader, loadMoreLabel } from '../../../src/views/tree/pageLoader';
import { MAX_LABEL_CHARS, neutraliseBidi, presentTreeItem, shorten } from '../../../src/views/tree/treeText';

/** A promise settled from outside, for answers that arrive when the test says. */
function deferred<T>(): { promise: Promise<T>; resolve(value: T): void; reject(error: unknown): void } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A fetcher whose answers the test hands out one by one; like a slow server, it ignores aborts. */
function scriptedFetcher<T>(): {
  fetch(cursor: number | undefined, signal: AbortSignal): Promise<Page<T, number>>;
  calls: Array<{ cursor: number | undefined; signal: AbortSignal; answer: ReturnType<typeof deferred<Page<T, number>>> }>;
} {
  const calls: Array<{ cursor: number | undefined; signal: AbortSignal; answer: ReturnType<typeof deferred<Page<T, number>>> }> = [];
  return {
    calls,
    fetch(cursor, signal) {
      const answer = deferred<Page<T, number>>();
      calls.push({ cursor, signal, answer });
      return answer.promise;
    },
  };
}

const node = (id: string): TreeNode => ({ id, getTreeItem: () => ({}), getParent: () => undefined });

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

    it('drops a slow page 1 of the old generation that arrives after a refresh, in either order', async () => {
      for (const oldFirst of [true, false]) {
        const server = scriptedFetcher<string>();
        const loader = new PageLoader<string, number>((cursor, signal) => server.fetch(cursor, signal));
        const old = loader.loadNext();
        loader.reset(); // Refresh while page 1 is on its way
        assert.equal(server.calls[0].signal.aborted, true, 'the old request is aborted');
        const fresh = loader.loadNext();
        assert.equal(server.calls.length, 2, 'the refresh asks again instead of sharing the old request');
        const answerOld = () => server.calls[0].answer.resolve({ items: ['old row'], total: 1 });
        const answerNew = () => server.calls[1].answer.resolve({ items: ['new row'], total: 1 });
        const settle = () => new Promise((r) => setImmediate(r));
        if (oldFirst) {
          answerOld();
          await settle();
          assert.equal(loader.loading, true, 'the old answer does not end the new load');
          void loader.loadNext();
          assert.equal(server.calls.length, 2, 'a second look shares the new request');
        }
        answerNew();
        if (!oldFirst) answerOld();
        assert.equal(await old, false, 'the old answer did not count');
        assert.equal(await fresh, true);
        await settle();
        assert.deepEqual(loader.items, ['new row'], `old answer ${oldFirst ? 'first' : 'last'}`);
        assert.equal(loader.total, 1);
      }
    });

    it('drops a "Load more" page that arrives after a refresh (no page 2 without its page 1)', async () => {
      const server = scriptedFetcher<string>();
      const loader = new PageLoader<string, number>((cursor, signal) => server.fetch(cursor, signal));
      const first = loader.loadNext();
      server.calls[0].answer.resolve({ items: ['a1'], total: 2, next: 2 });
      await first;
      const more = loader.loadNext();
      loader.reset();
      server.calls[1].answer.resolve({ items: ['a2'], total: 2 });
      assert.equal(await more, false);
      assert.deepEqual(loader.items, []);
      assert.equal(loader.hasLoadedFirstPage, false, 'the next expand starts at page 1');
      const again = loader.loadNext();
      assert.equal(server.calls[2].cursor, undefined);
      server.calls[2].answer.resolve({ items: ['b1'], total: 1 });
      await again;
      assert.deepEqual(loader.items, ['b1']);
    });

    it('cancel aborts the page on its way, keeps the loaded ones, and drops a late answer or failure', async () => {
      const server = scriptedFetcher<string>();
      const loader = new PageLoader<string, number>((cursor, signal) => server.fetch(cursor, signal));
      const first = loader.loadNext();
      server.calls[0].answer.resolve({ items: ['p1'], total: 3, next: 2 });
      await first;
      const second = loader.loadNext();
      assert.equal(loader.cancel(), true);
      assert.equal(server.calls[1].signal.aborted, true);
      server.calls[1].answer.reject(new Error('socket hang up'));
      assert.equal(await second, false, 'a cancelled load is not a failure');
      assert.equal(loader.error, undefined);
      assert.deepEqual(loader.items, ['p1']);
      assert.equal(loader.cancel(), false, 'nothing left to cancel');
      const retry = loader.loadNext();
      assert.equal(server.calls[2].cursor, 2, 'the same page is asked for again');
      server.calls[2].answer.resolve({ items: ['p2'], total: 3, next: 3 });
      await retry;
      assert.deepEqual(loader.items, ['p1', 'p2']);
    });

    it('labels Load more with counts', () => {
      assert.equal(loadMoreLabel(100, 52310), 'Load more (100 of 52,310)');
      assert.equal(loadMoreLabel(20, undefined), 'Load more (20 loaded)');
    });
  });

  describe('ChildrenLoader', () => {
    it('gives whoever waited on a load from before a refresh the new children, never the old ones', async () => {
      const answers: Array<{ signal: AbortSignal; answer: ReturnType<typeof deferred<TreeNode[]>> }> = [];
      const loader = new ChildrenLoader(
        (signal) => {
          const answer = deferred<TreeNode[]>();
          answers.push({ signal, answer });
          return answer.promise;
        },
        () => node('error'),
      );
      const before = loader.children();
      loader.reset();
      assert.equal(answers[0].signal.aborted, true, 'the old request is aborted');
      const after = loader.children();
      answers[0].answer.resolve([node('old')]);
      answers[1].answer.resolve([node('new')]);
      assert.deepEqual(
        (await before).map((n) => n.id),
        ['new'],
      );
      assert.deepEqual(
        (await after).map((n) => n.id),
        ['new'],
      );
      assert.deepEqual(
        loader.loaded?.map((n) => n.id),
        ['new'],
      );
      assert.equal(answers.length, 2);
    });

    it('cancel aborts the load and answers nothing; the next look loads again; failures are not kept', async () => {
      let calls = 0;
      const signals: AbortSignal[] = [];
      const loader = new ChildrenLoader(
        (signal) => {
          calls++;
          signals.push(signal);
          return new Promise((resolve, reject) => {
            signal.addEventListener('abort', () => reject(new Error('aborted')));
            if (calls === 2) reject(new Error('boom'));
            if (calls === 3) resolve([node('row')]);
          });
        },
        (error) => node(`error: ${(error as Error).message}`),
      );
      const collapsed = loader.children();
      assert.equal(loader.cancel(), true);
      assert.equal(signals[0].aborted, true);
      assert.deepEqual(await collapsed, [], 'no error node for a cancelled load');
      assert.deepEqual(
        (await loader.children()).map((n) => n.id),
        ['error: boom'],
      );
      assert.deepEqual(
        (await loader.children()).map((n) => n.id),
        ['row'],
        'the failure was not kept',
      );
      assert.equal(loader.cancel(), false, 'a finished load is not cancelled');
      assert.deepEqual(
        (await loader.children()).map((n) => n.id),
        ['row'],
      );
      assert.equal(calls, 3);
    });
  });

  describe('tree text from servers', () => {
    const item = (fields: Partial<vscode.TreeItem>): vscode.TreeItem => ({ ...fields });

    it('shows bidirectional controls instead of letting them reorder a name', () => {
      const spoof = 'invoice\u202Efdp.exe';
      assert.equal(neutraliseBidi(spoof), 'invoice[U+202E]fdp.exe');
      assert.equal(neutraliseBidi('a\u2066b\u2069c\u202Ad'), 'a[U+2066]b[U+2069]c[U+202A]d');
      assert.equal(neutraliseBidi('שלום\u200F world'), 'שלום\u200F world', 'marks that right-to-left text needs stay');
      const shown = presentTreeItem(item({ label: spoof, description: 'by \u202Eevil', tooltip: `${spoof}\nowner`, accessibilityInformation: { label: spoof } }));
      assert.equal(shown.label, 'invoice[U+202E]fdp.exe');
      assert.equal(shown.description, 'by [U+202E]evil');
      assert.equal(shown.tooltip, 'invoice[U+202E]fdp.exe\nowner');
      assert.equal(shown.accessibilityInformation?.label, 'invoice[U+202E]fdp.exe');
    });

    it('shortens very long labels and descriptions, keeping the full text in the tooltip', () => {
      const name = `${'very-long-dataset-name-'.repeat(20)}end`;
      const shown = presentTreeItem(item({ label: name, description: 'd'.repeat(500) }));
      assert.equal(Array.from(String(shown.label)).length, MAX_LABEL_CHARS);
      assert.match(String(shown.label), /^very-long-dataset-name-very.*…$/);
      assert.match(String(shown.description), /^d+…$/);
      assert.equal(shown.tooltip, `${name}\n${'d'.repeat(500)}`);
      const withTooltip = presentTreeItem(item({ label: name, tooltip: `${name}\nLast written just now` }));
      assert.equal(withTooltip.tooltip, `${name}\nLast written just now`, 'a tooltip that names it already is kept');
      const other = presentTreeItem(item({ label: name, tooltip: 'Designation: authentication' }));
      assert.equal(other.tooltip, `${name}\nDesignation: authentication`);
      const short = presentTreeItem(item({ label: 'api-gateway', description: 'api-gateway · written just now' }));
      assert.equal(short.label, 'api-gateway');
      assert.equal(short.tooltip, undefined, 'nothing added when nothing was cut');
      assert.equal(shorten('😀'.repeat(100), 10), `${'😀'.repeat(9)}…`, 'no emoji is cut in half');
    });

    it('keeps $(…) in labels and descriptions literal (the tree draws them as text)', () => {
      const shown = presentTreeItem(item({ label: '$(alert) pwned', description: '$(key) $(lock)' }));
      assert.equal(shown.label, '$(alert) pwned');
      assert.equal(shown.description, '$(key) $(lock)');
      const markdown = { value: 'group \u202Eadmins', supportThemeIcons: false } as vscode.MarkdownString;
      assert.equal((presentTreeItem(item({ label: 'x', tooltip: markdown })).tooltip as vscode.MarkdownString).value, 'group [U+202E]admins');
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
