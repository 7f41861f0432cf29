/**
 * Attachments on the local stack: accept latency with a 1 MB attachment; the send consumer's time and
 * peak memory with 10 MB ones; S3 and DynamoDB cost per email (one file a scenario in bench/attachments/).
 * This process runs the local cloud with its consumers off (1); the consumer of 2 and 3 runs as a process
 * of its own, as a Lambda instance is (the emulators stay here: its time and memory are its own); 4 runs
 * in a process with a cloud of its own, consumers on.
 *   npm run bench -- attachments [sends=100] [consumer-runs=7]
 */
import { type AcceptResult, acceptLatency } from './attachments/accept-latency.ts';
import { queueConsumerEmails } from './attachments/consumer.ts';
import type { MemoryResult } from './attachments/consumer-memory.ts';
import type { TimingResult } from './attachments/consumer-timing.ts';
import type { CostResult } from './attachments/cost-per-email.ts';
import { runChild } from './attachments/helpers.ts';
import { report } from './attachments/report.ts';
import { startBenchCloud } from './support/local-cloud.ts';

const sends = Number(process.argv[2] ?? 100);
const consumerRuns = Number(process.argv[3] ?? 7);

const startEnv = { ...process.env };
const started = performance.now();
const cloud = await startBenchCloud({ runConsumers: false, scheduleIntervalMs: 0 });
let accept: AcceptResult;
let timing: TimingResult;
let memory: MemoryResult;
try {
  // 1. Accept latency.
  accept = await acceptLatency(cloud, sends);
  // 2 and 3: emails with a 10 MB upload, queued (no consumer runs), delivered by the consumer's process.
  const inputs = await queueConsumerEmails(cloud, consumerRuns);
  timing = await runChild('consumer-timing', inputs.timing, process.env);
  memory = await runChild('consumer-memory', inputs.memory, process.env, ['--expose-gc']);
} finally {
  await cloud.stop();
}
// 4. With the first cloud stopped: a process of its own, with its own cloud.
const cost = await runChild<CostResult>('cost', {}, startEnv);
report({ sends, consumerRuns, accept, timing, memory, cost, seconds: (performance.now() - started) / 1000 });
