/** Latency statistics for the benchmarks. */
export interface LatencySummary {
  n: number;
  mean: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
}

export function summarize(samplesMs: number[]): LatencySummary {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return {
    n: sorted.length,
    mean: round(sorted.reduce((a, b) => a + b, 0) / sorted.length),
    p50: round(at(0.5)),
    p90: round(at(0.9)),
    p95: round(at(0.95)),
    p99: round(at(0.99)),
  };
}

export async function timeEach(n: number, work: (i: number) => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const start = performance.now();
    await work(i);
    samples.push(performance.now() - start);
  }
  return samples;
}
