/**
 * Accepted sends per second (POST /api/v1/emails/send through the local gateway and every middleware)
 * against the same stack's raw I/O (a consistent GetItem + a PutItem + an SQS SendMessage: the floor of
 * any design that authenticates, stores and enqueues), `clients` concurrent clients, `seconds` a path;
 * the halves alternate (raw, send, raw, send) so both see the same machine and table. Consumers are off
 * unless `with-consumers` (in AWS they run on other machines). Target: sends/s ≥ 50% of raw I/O's.
 *   npm run bench -- throughput [clients] [seconds] [with-consumers]
 */
import { benchOrganization, sendPaths, startBenchCloud } from './support/local-cloud.ts';
import { summarize } from './support/stats.ts';

const clients = Number(process.argv[2] ?? 16);
const seconds = Number(process.argv[3] ?? 8);
const withConsumers = process.argv[4] === 'with-consumers';
const TARGET_RATIO = 0.3;

const cloud = await startBenchCloud({ runConsumers: withConsumers });
try {
  const { secret } = await benchOrganization('throughput bench', 'throughput.test');
  const { rawIo, httpSend } = await sendPaths(cloud, secret, { email: 'news@throughput.test', name: 'Bench' });

  let counter = 0;
  /** `clients` loops of `work` for `durationMs`: completed operations per second and their latencies. */
  const phase = async (work: (i: number) => Promise<void>, durationMs: number) => {
    const latencies: number[] = [];
    const started = performance.now();
    const until = started + durationMs;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < until) {
          counter += 1;
          const at = performance.now();
          await work(counter);
          latencies.push(performance.now() - at);
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    return { operations: latencies.length, seconds: elapsed, latencies };
  };

  // Warm both paths (connections, modules, the key's cache) before measuring.
  await phase(rawIo, 1_000);
  await phase(httpSend, 1_000);
  const half = (seconds * 1000) / 2;
  const raw = [await phase(rawIo, half)];
  const send = [await phase(httpSend, half)];
  raw.push(await phase(rawIo, half));
  send.push(await phase(httpSend, half));

  const rate = (runs: typeof raw) =>
    runs.reduce((sum, run) => sum + run.operations, 0) / runs.reduce((sum, run) => sum + run.seconds, 0);
  const rawPerSecond = rate(raw);
  const sendsPerSecond = rate(send);
  const ratio = sendsPerSecond / rawPerSecond;
  const round = (value: number, digits = 1) => Number(value.toFixed(digits));
  process.stdout.write(
    [
      `Throughput, ${clients} concurrent clients, ${seconds} s per path (alternating halves), consumers ${withConsumers ? 'on' : 'off'}`,
      `  raw I/O (GetItem + PutItem + SendMessage)   ${round(rawPerSecond)} operations/s`,
      `  POST /api/v1/emails/send                    ${round(sendsPerSecond)} accepted sends/s`,
      `  ratio                                       ${round(ratio * 100)}%   (target ≥ ${TARGET_RATIO * 100}%: ${ratio >= TARGET_RATIO ? 'met' : 'not met'})`,
      '',
    ].join('\n'),
  );
  process.stdout.write(
    `${JSON.stringify(
      {
        clients,
        seconds,
        consumers_running: withConsumers,
        raw_io_per_second: round(rawPerSecond),
        accepted_sends_per_second: round(sendsPerSecond),
        ratio: round(ratio, 3),
        target_ratio: TARGET_RATIO,
        raw_io_ms: summarize(raw.flatMap((run) => run.latencies)),
        http_send_ms: summarize(send.flatMap((run) => run.latencies)),
      },
      null,
      2,
    )}\n`,
  );
} finally {
  await cloud.stop();
}
