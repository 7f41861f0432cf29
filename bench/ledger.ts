/**
 * The fault ledger (test/support/fault-ledger.ts) on a fresh local cloud: emails through the
 * real pipeline while the consumer crashes on 20% of deliveries (half before the SES call, half
 * after SES accepted) and SES throttles 30% of calls; prints the ledger (accepted, delivered,
 * failed, lost, SES copies, duplicates, injected faults). Exits 1 if an invariant broke.
 *   npm run bench -- ledger [count, default 2000] [seed]
 */
import { startBenchCloud } from './support/local-cloud.ts';

const count = Number(process.argv[2] ?? 2_000);
const seed = process.argv[3] === undefined ? undefined : Number(process.argv[3]);
if (!Number.isInteger(count) || count < 1) throw new Error(`count must be a positive integer, got ${process.argv[2]}`);

const cloud = await startBenchCloud();
try {
  // Loaded after the cloud set the environment; the ledger points SEND_QUEUE_URL at its own queue.
  const { formatLedger, runFaultLedger } = await import('../test/support/fault-ledger.ts');
  const ledger = await runFaultLedger({
    count,
    sqsEndpoint: cloud.env.SQS_ENDPOINT ?? '',
    sesUrl: cloud.sesUrl,
    ...(seed === undefined ? {} : { seed }),
    timeoutMs: Math.max(120_000, count * 200),
    log: (line) => process.stderr.write(`${line}\n`),
  });
  process.stdout.write(formatLedger(ledger));
  if (ledger.violations.length > 0) process.exitCode = 1;
} finally {
  await cloud.stop();
}
