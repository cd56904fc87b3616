/**
 * `items.map(run)` with at most `limit` runs at a time, results in the items' order. For work that
 * waits on a server (verifying many images): a few at once hide each request's latency without
 * flooding the server. A run that throws rejects the whole map; runs already started finish.
 */
export async function mapBounded<T, R>(items: readonly T[], limit: number, run: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await run(items[index], index);
    }
  };
  const workers = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker);
  await Promise.all(workers);
  return results;
}
