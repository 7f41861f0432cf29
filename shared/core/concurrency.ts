/**
 * Runs `work` on every item, at most `limit` at a time, in order of start; rejects on the first
 * failure. A limit below 1 is a mistake (it would do nothing), so it throws.
 */
export async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`forEachLimited needs a limit of 1 or more, got ${limit}`);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
