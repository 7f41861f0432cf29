/** Peak memory of one piece of work: RSS sampled every 5 ms from a collected heap, and its wall time. */
export async function measurePeak<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; rssGrowthMb: number }> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { result, ms, rssGrowthMb: (peak - before) / 1024 / 1024 };
}
