/**
 * What deliverability metrics cost on the local stack: GET /metrics (90 days by day, 7 days by hour)
 * for an organization with 100 emails' counters and one with 100,000 emails' (DynamoDB requests, read
 * units and latency per call, over HTTP); the metrics counter's DynamoDB cost per email, through the
 * whole pipeline, priced per 1,000 emails; and the send path's guard check (its time, and the
 * DynamoDB requests of a send with and without a guard configuration).
 *   npm run bench -- metrics [sends=200]
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { benchOrganization, pollUntil, startBenchCloud } from './support/local-cloud.ts';
import { dynamoUsd } from './support/prices.ts';
import { summarize } from './support/stats.ts';

const SENDS = Number(process.argv[2] ?? 200);
const CALLS = 20;
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

const cloud = await startBenchCloud({ scheduleIntervalMs: 0 });
const { dynamoUsage, dynamoUsageByFunction } = await import('#dynamo/client.ts');
const { addToCounters } = await import('#deliverability/metric-counter.store.ts');
const { emptyCounts } = await import('#deliverability/metric-counts.ts');
const { checkNotPaused } = await import('#deliverability/sending-guard.service.ts');
const { setSendingGuard } = await import('#deliverability/sending-guard.service.ts');

const HOUR = 3_600_000;
const hourName = (ms: number) => `H#${new Date(ms).toISOString().slice(0, 13)}`;

/** Writes the hour counters `emails` sends spread over the last `hours` hours would leave, on all 4 shards. */
async function seedCounters(organizationId: string, emails: number, hours: number) {
  const now = Date.now();
  const first = Math.floor(now / HOUR) * HOUR - (hours - 1) * HOUR;
  for (let shard = 0; shard < 4; shard += 1) {
    const additions: Array<{
      organizationId: string;
      environment: string;
      bucket: string;
      counts: ReturnType<typeof emptyCounts>;
    }> = [];
    for (let index = 0; index < hours; index += 1) {
      const share = Math.floor(emails / (hours * 4)) + (index * 4 + shard < emails % (hours * 4) ? 1 : 0);
      if (share === 0) continue;
      const counts = emptyCounts();
      counts.sent = share;
      counts.bounced = Math.floor(share * 0.02);
      counts.bounced_hard = counts.bounced;
      counts.delivered = share - counts.bounced;
      counts.opened = Math.floor(share * 0.3);
      const start = first + index * HOUR;
      additions.push({ organizationId, environment: 'test', bucket: hourName(start), counts });
    }
    for (let start = 0; start < additions.length; start += 33) {
      await addToCounters(additions.slice(start, start + 33), shard, randomUUID());
    }
  }
}

async function call(key: string, path: string) {
  const before = dynamoUsage();
  const started = performance.now();
  const response = await fetch(`${cloud.apiUrl}${path}`, { headers: { authorization: `Bearer ${key}` } });
  const body = (await response.json()) as { data?: { series: unknown[]; totals: { sent: number } } };
  const ms = performance.now() - started;
  const after = dynamoUsage();
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  return { ms, requests: after.requests - before.requests, readUnits: after.readUnits - before.readUnits, body };
}

async function metricsCost(label: string, emails: number) {
  const domain = `m${randomBytes(4).toString('hex')}.test`;
  const { organization, secret } = await benchOrganization(`metrics ${label}`, domain);
  const seededAt = performance.now();
  await seedCounters(organization.id, emails, emails >= 2_160 ? 2_160 : 24);
  const seedMs = performance.now() - seededAt;
  const today = new Date();
  const day = (offset: number) => new Date(today.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
  const queries = {
    '90 days by day': `/api/v1/metrics?environment=test&from_date=${day(89)}&to_date=${day(0)}`,
    '7 days by hour': `/api/v1/metrics?environment=test&granularity=hour&from_date=${encodeURIComponent(
      new Date(Math.floor(Date.now() / HOUR) * HOUR - 167 * HOUR).toISOString(),
    )}&to_date=${encodeURIComponent(new Date().toISOString())}`,
  };
  const rows = [];
  for (const [name, path] of Object.entries(queries)) {
    await call(secret, path); // warm
    const runs = [];
    for (let index = 0; index < CALLS; index += 1) runs.push(await call(secret, path));
    const last = runs.at(-1);
    rows.push({
      organization: label,
      query: name,
      buckets: last?.body.data?.series.length,
      sent_in_range: last?.body.data?.totals.sent,
      ddb_requests: last?.requests,
      read_units: round(last?.readUnits ?? 0, 1),
      latency_ms: summarize(runs.map((run) => run.ms)),
    });
  }
  return { seed_ms: Math.round(seedMs), rows };
}

// 1. GET /metrics at 100 and at 100,000 emails' counters (the latter on every hour of 90 days, all 4
// shards: the busiest shape the counter writes), seeded with the counter's own write function. The reads
// depend on the buckets, not on the emails.
const small = await metricsCost('100 emails', 100);
const large = await metricsCost('100,000 emails', 100_000);

// 2. The counting's cost per email, through the pipeline: the DynamoDB usage of the stream-counters
// function alone (its counter transactions — the metrics' and the email list's —, the list pointers, the
// emails it reads, the guard's judgement).
const domain = `c${randomBytes(4).toString('hex')}.test`;
const { secret: key } = await benchOrganization('metrics counter cost', domain);
const counter = 'functions/consumers/stream-counters.ts';
const before = dynamoUsageByFunction()[counter] ?? { requests: 0, readUnits: 0, writeUnits: 0, capacityUnits: 0 };
const sendStarted = performance.now();
for (let index = 0; index < SENDS; index += 1) {
  const response = await fetch(`${cloud.apiUrl}/api/v1/emails/send`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      from: { email: `bench@${domain}` },
      to: [{ email: `r${index}@example.com` }],
      subject: 'Metrics bench',
      text: 'Hello',
    }),
  });
  if (response.status !== 201) throw new Error(`send: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
}
const spent = { requests: 0, readUnits: 0, writeUnits: 0 };
await pollUntil(
  async () => {
    const { body } = await call(key, '/api/v1/metrics?environment=test&granularity=hour');
    const totals = body.data?.totals as { sent: number; delivered: number } | undefined;
    return totals?.sent === SENDS && totals.delivered === SENDS;
  },
  { spent, intervalMs: 500, timeoutMs: 300_000 },
);
await cloud.drainStreams();
const pipelineMs = performance.now() - sendStarted;
const after = dynamoUsageByFunction()[counter] ?? before;
const perEmail = {
  requests: (after.requests - before.requests) / SENDS,
  read_units: (after.readUnits - before.readUnits) / SENDS,
  write_units: (after.writeUnits - before.writeUnits) / SENDS,
};

// 3. The guard check on the send path: it reads nothing (the pause is on the organization item the send
// already reads).
const organization = { sendingPaused: {} };
const checks = 1_000_000;
const checkStarted = performance.now();
for (let index = 0; index < checks; index += 1) checkNotPaused(organization, 'test');
const checkNs = ((performance.now() - checkStarted) * 1e6) / checks;
async function sendRequests(sender: string, from: string) {
  const runs = [];
  for (let index = 0; index < 30; index += 1) {
    // The send function's own requests (the pipeline runs meanwhile in this process).
    const sendFunction = () => dynamoUsageByFunction()['functions/emails/send.ts']?.requests ?? 0;
    const beforeSend = sendFunction();
    const started = performance.now();
    const response = await fetch(`${cloud.apiUrl}/api/v1/emails/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sender}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        from: { email: from },
        to: [{ email: `g${index}@example.com` }],
        subject: 'G',
        text: 'G',
      }),
    });
    await response.arrayBuffer();
    runs.push({ ms: performance.now() - started, requests: sendFunction() - beforeSend });
  }
  return runs;
}
const plainDomain = `p${randomBytes(4).toString('hex')}.test`;
const plain = await benchOrganization('no guard configuration', plainDomain);
const guardedDomain = `g${randomBytes(4).toString('hex')}.test`;
const guarded = await benchOrganization('guard configured', guardedDomain);
await setSendingGuard(guarded.organization.id, 'test', {
  bounce_rate: 0.02,
  complaint_rate: 0.0005,
  min_volume: 50,
  enabled: true,
});
const plainRuns = await sendRequests(plain.secret, `a@${plainDomain}`);
const guardedRuns = await sendRequests(guarded.secret, `a@${guardedDomain}`);

const result = {
  metrics_reads: [...small.rows, ...large.rows],
  seed_ms: { small: small.seed_ms, large: large.seed_ms },
  counter_per_email: {
    sends: SENDS,
    pipeline_ms: Math.round(pipelineMs),
    requests: round(perEmail.requests, 3),
    read_units: round(perEmail.read_units, 3),
    write_units: round(perEmail.write_units, 3),
    usd_per_1000_emails: round(
      dynamoUsd({ readUnits: perEmail.read_units, writeUnits: perEmail.write_units }) * 1000,
      6,
    ),
  },
  guard_check: {
    ns_per_check: round(checkNs, 1),
    send_without_guard_configuration: {
      ddb_requests: summarize(plainRuns.map((run) => run.requests)).p50,
      latency_ms: summarize(plainRuns.map((run) => run.ms)),
    },
    send_with_guard_configuration: {
      ddb_requests: summarize(guardedRuns.map((run) => run.requests)).p50,
      latency_ms: summarize(guardedRuns.map((run) => run.ms)),
    },
  },
};

console.log('\nGET /metrics: DynamoDB per call (auth and rate limit included) and latency over HTTP');
for (const row of result.metrics_reads) {
  console.log(
    `  ${row.organization.padEnd(16)} ${row.query.padEnd(15)} ${String(row.buckets).padStart(4)} buckets, ${String(row.sent_in_range).padStart(7)} sent in range: ${row.ddb_requests} requests, ${row.read_units} read units, p50 ${round(row.latency_ms.p50, 1)} ms, p95 ${round(row.latency_ms.p95, 1)} ms`,
  );
}
console.log(
  `\nMetrics counter, ${SENDS} emails accept → delivered: ${result.counter_per_email.requests} requests, ${result.counter_per_email.read_units} read units, ${result.counter_per_email.write_units} write units per email = $${result.counter_per_email.usd_per_1000_emails} per 1,000 emails`,
);
console.log(
  `\nGuard check on the send path: ${result.guard_check.ns_per_check} ns; a send reads ${result.guard_check.send_without_guard_configuration.ddb_requests} / ${result.guard_check.send_with_guard_configuration.ddb_requests} DynamoDB requests (without / with a guard configuration), p50 ${round(result.guard_check.send_without_guard_configuration.latency_ms.p50, 1)} / ${round(result.guard_check.send_with_guard_configuration.latency_ms.p50, 1)} ms`,
);
console.log(JSON.stringify(result, null, 2));
await cloud.stop();
