/**
 * Scenario 3: the send consumer's peak memory with PARALLEL_DELIVERIES messages, each with one 10 MB
 * attachment, in one invocation (processed in parallel). Runs in the consumer's own process
 * (bench/attachments/child.ts, with --expose-gc), so the memory is its own, not the emulators'.
 */
import { setAwsCallSink } from '#core/aws-call-recording.ts';
import { type ConsumerInput, consumerHandler } from './consumer.ts';
import { clearSesStore, mb, round } from './helpers.ts';

export interface MemoryFigures {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  heapUsedPlusExternal: number;
}

export async function consumerMemory(input: ConsumerInput) {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  const peak: MemoryFigures = { rss: 0, heapUsed: 0, external: 0, arrayBuffers: 0, heapUsedPlusExternal: 0 };
  let sampling = false;
  let samples = 0;
  const sample = () => {
    if (!sampling) return;
    const now = process.memoryUsage();
    samples += 1;
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
    peak.external = Math.max(peak.external, now.external);
    peak.arrayBuffers = Math.max(peak.arrayBuffers, now.arrayBuffers);
    peak.heapUsedPlusExternal = Math.max(peak.heapUsedPlusExternal, now.heapUsed + now.external);
  };
  // Sampled on a timer and at every point of the delivery (each AWS call, around the SES call): a
  // timer alone misses what a synchronous step (the SDK's base64 and JSON) holds while it runs.
  setAwsCallSink(sample);
  let sesAccepted = 0;
  const deliver = await consumerHandler({
    beforeSend: sample,
    sesStart: sample,
    sesEnd: () => {
      sample();
      sesAccepted += 1;
    },
  });
  await deliver(input, [input.warmUpEmailId]);
  await clearSesStore();
  for (let i = 0; i < 3; i += 1) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const before = process.memoryUsage();
  const baseline: MemoryFigures = {
    rss: before.rss,
    heapUsed: before.heapUsed,
    external: before.external,
    arrayBuffers: before.arrayBuffers,
    heapUsedPlusExternal: before.heapUsed + before.external,
  };
  const maxRssBefore = process.resourceUsage().maxRSS * 1024;
  sampling = true;
  const timer = setInterval(sample, 2);
  const started = performance.now();
  await deliver(input, input.emailIds);
  const elapsedMs = performance.now() - started;
  sample();
  clearInterval(timer);
  sampling = false;
  const maxRss = process.resourceUsage().maxRSS * 1024;
  if (sesAccepted !== input.emailIds.length + 1) throw new Error(`SES accepted ${sesAccepted - 1} of 5`);
  await clearSesStore();
  const inMb = (figures: MemoryFigures) =>
    Object.fromEntries(Object.entries(figures).map(([name, value]) => [name, mb(value)])) as unknown as MemoryFigures;
  return {
    deliveries: input.emailIds.length,
    elapsed_ms: round(elapsedMs, 0),
    samples,
    baseline_mb: inMb(baseline),
    peak_mb: inMb(peak),
    peak_above_baseline_mb: inMb({
      rss: peak.rss - baseline.rss,
      heapUsed: peak.heapUsed - baseline.heapUsed,
      external: peak.external - baseline.external,
      arrayBuffers: peak.arrayBuffers - baseline.arrayBuffers,
      heapUsedPlusExternal: peak.heapUsedPlusExternal - baseline.heapUsedPlusExternal,
    }),
    // The kernel's high-water mark of the process's resident set (exact, not sampled).
    max_rss_mb: mb(maxRss),
    max_rss_before_mb: mb(maxRssBefore),
    max_rss_above_baseline_mb: mb(maxRss - baseline.rss),
  };
}

export type MemoryResult = Awaited<ReturnType<typeof consumerMemory>>;
