/**
 * Webhook delivery on the local stack: `emails` sends, each firing email.sent and email.delivered to
 * two receivers on 127.0.0.1, one answering 200, one failing 30% of attempts at random (500). Reports
 * the event → received latency (idle, then in the burst), every delivery's end (succeeded, failed or
 * still pending: none lost), attempts, duplicates (one webhook-id answered 2xx more than once), and
 * the webhooks' own DynamoDB and SQS requests per delivery, priced per 1,000.
 *   npm run bench -- webhooks [emails]
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { benchOrganization, countSqsCalls, pollUntil, startBenchCloud } from './support/local-cloud.ts';
import { dynamoUsd, PRICES } from './support/prices.ts';
import { summarize } from './support/stats.ts';

const emails = Number(process.argv[2] ?? 1000);
const concurrency = 10;
const FAILURE_RATE = 0.3;

interface Arrival {
  id: string;
  type: string;
  eventTime: number;
  receivedAt: number;
  answered: number;
}

async function receiver(failureRate: number) {
  const arrivals: Arrival[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { type: string; timestamp: string };
      const answered = Math.random() < failureRate ? 500 : 200;
      arrivals.push({
        id: String(request.headers['webhook-id']),
        type: body.type,
        eventTime: Date.parse(body.timestamp),
        receivedAt: Date.now(),
        answered,
      });
      response.writeHead(answered).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    arrivals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const sqs = countSqsCalls();
// Retries keep the real count (8 attempts) on a shortened schedule (the real one is hours): with 30%
// failures 0.3^8 ≈ 0.007% of deliveries would end failed.
const cloud = await startBenchCloud({ env: { WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,2,2,4,4,8' } });
const healthy = await receiver(0);
const flaky = await receiver(FAILURE_RATE);
try {
  const { dynamoUsage } = await import('#dynamo/client.ts');
  const { readEmailCounts } = await import('#emails/email-index.store.ts');
  const { createWebhook } = await import('#webhooks/webhooks.service.ts');
  const { readDeliveryCounts } = await import('#webhooks/webhook-delivery.store.ts');

  const sendAll = async (secret: string, domain: string) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < emails) {
          const i = next;
          next += 1;
          const response = await fetch(`${cloud.apiUrl}/api/v1/emails/send`, {
            method: 'POST',
            headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              from: { email: `orders@${domain}` },
              to: [{ email: `customer${i}@example.com` }],
              subject: `Order ${i}`,
              text: `Order ${i} confirmed.`,
              tags: { order: String(i) },
            }),
          });
          await response.text();
          if (response.status !== 201) throw new Error(`send failed: ${response.status}`);
        }
      }),
    );
  };
  /** Polls (its own reads measured and taken out) until `done` says so. */
  const pollUsage = { requests: 0, readUnits: 0, writeUnits: 0 };
  const waitUntil = (done: () => Promise<boolean>, timeoutMs: number) =>
    pollUntil(done, { spent: pollUsage, intervalMs: 500, timeoutMs });
  const usageSince = (start: ReturnType<typeof dynamoUsage>, poll: typeof pollUsage) => {
    const now = dynamoUsage();
    return {
      requests: now.requests - start.requests - poll.requests,
      readUnits: now.readUnits - start.readUnits - poll.readUnits,
      writeUnits: now.writeUnits - start.writeUnits - poll.writeUnits,
    };
  };

  // 1. The same sends without webhooks, in an organization of their own: the pipeline's own usage, taken
  // off the burst's, so what remains is the webhooks' (stream fan-out, deliveries, attempts).
  const baseline = await benchOrganization('webhooks bench baseline', 'baseline.test');
  let start = dynamoUsage();
  Object.assign(pollUsage, { requests: 0, readUnits: 0, writeUnits: 0 });
  await sendAll(baseline.secret, 'baseline.test');
  await waitUntil(async () => (await readEmailCounts(baseline.organization.id, ['test'])).delivered >= emails, 600_000);
  await cloud.drainStreams();
  const pipeline = usageSince(start, { ...pollUsage });

  // 2. Latency on an idle pipeline: one send every 100 ms, the healthy endpoint only. The latency is from
  // the event's own timestamp to its first arrival at the healthy receiver.
  const quiet = await benchOrganization('webhooks bench latency', 'latency.test');
  await cloud.drainStreams();
  const latencyEndpoint = await createWebhook(quiet.organization.id, { url: healthy.url, events: ['email.delivered'] });
  for (let i = 0; i < 100; i += 1) {
    await fetch(`${cloud.apiUrl}/api/v1/emails/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${quiet.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        from: { email: 'a@latency.test' },
        to: [{ email: `l${i}@example.com` }],
        subject: 'L',
        text: 'L',
      }),
    }).then((response) => response.text());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await waitUntil(
    async () => (await readDeliveryCounts(quiet.organization.id, latencyEndpoint.id)).succeeded >= 100,
    120_000,
  );
  const idleLatency = summarize(healthy.arrivals.map((a) => a.receivedAt - a.eventTime));
  healthy.arrivals.length = 0;

  // 3. The burst, with two endpoints (created once the organization's own events have gone by).
  const org = await benchOrganization('webhooks bench', 'hooks.test');
  await cloud.drainStreams();
  const endpoints = [
    await createWebhook(org.organization.id, { url: healthy.url }),
    await createWebhook(org.organization.id, { url: flaky.url }),
  ];
  const expected = emails * 2; // email.sent and email.delivered, per endpoint
  start = dynamoUsage();
  const sqsBefore = { ...sqs.calls };
  const receivesBefore = sqs.nonEmptyReceives();
  Object.assign(pollUsage, { requests: 0, readUnits: 0, writeUnits: 0 });
  const startedAt = performance.now();
  await sendAll(org.secret, 'hooks.test');
  const counts = async () =>
    Promise.all(endpoints.map((endpoint) => readDeliveryCounts(org.organization.id, endpoint.id)));
  await waitUntil(async () => {
    const each = await counts();
    return each.every((c) => c.succeeded + c.failed >= expected && c.pending === 0);
  }, 900_000);
  const elapsedS = (performance.now() - startedAt) / 1000;
  const withHooks = usageSince(start, { ...pollUsage });
  const final = await counts();
  // Why a delivery ended failed (with 8 attempts at 30 % failures, about 1 in 15,000 should).
  const { queryDeliveryPage } = await import('#webhooks/webhook-delivery.store.ts');
  const failedAttempts = (
    await Promise.all(
      endpoints.map((endpoint) =>
        queryDeliveryPage(org.organization.id, endpoint.id, { page: 1, limit: 100 }, 'failed'),
      ),
    )
  )
    .flat()
    .map((delivery) => delivery.attempts.map((attempt) => attempt.status_code ?? attempt.error));

  const deliveries = expected * 2;
  const webhookUsage = {
    requests: withHooks.requests - pipeline.requests,
    readUnits: withHooks.readUnits - pipeline.readUnits,
    writeUnits: withHooks.writeUnits - pipeline.writeUnits,
  };
  const perDelivery = (value: number) => Number((value / deliveries).toFixed(2));
  const sqsRequests =
    Object.entries(sqs.calls).reduce(
      (sum, [name, count]) => sum + (name === 'ReceiveMessage' ? 0 : count - (sqsBefore[name] ?? 0)),
      0,
    ) +
    (sqs.nonEmptyReceives() - receivesBefore);
  const firstArrival = new Map<string, Arrival>();
  for (const arrival of healthy.arrivals) if (!firstArrival.has(arrival.id)) firstArrival.set(arrival.id, arrival);
  const burstLatency = summarize([...firstArrival.values()].map((a) => a.receivedAt - a.eventTime));
  const duplicates = (arrivals: Arrival[]) => {
    const successes = new Map<string, number>();
    for (const a of arrivals) if (a.answered === 200) successes.set(a.id, (successes.get(a.id) ?? 0) + 1);
    return [...successes.values()].filter((n) => n > 1).length;
  };
  const attemptsFlaky = flaky.arrivals.length;
  const dollarsPer1000 = dynamoUsd(webhookUsage) * (1000 / deliveries);
  console.log(
    JSON.stringify(
      {
        emails,
        deliveries: { expected: deliveries, healthy: final[0], flaky: final[1] },
        failedDeliveriesAttempts: failedAttempts,
        lost: deliveries - final.reduce((sum, c) => sum + c.succeeded + c.failed, 0),
        received: {
          healthyUniqueIds: firstArrival.size,
          flakyAttempts: attemptsFlaky,
          flakyFailuresAnswered: flaky.arrivals.filter((a) => a.answered !== 200).length,
        },
        duplicates: { healthy: duplicates(healthy.arrivals), flaky: duplicates(flaky.arrivals) },
        eventToReceivedMs: { idle: idleLatency, burst: burstLatency },
        wallSeconds: Number(elapsedS.toFixed(1)),
        deliveriesPerSecond: Number((deliveries / elapsedS).toFixed(1)),
        dynamoPerDelivery: {
          requests: perDelivery(webhookUsage.requests),
          readUnits: perDelivery(webhookUsage.readUnits),
          writeUnits: perDelivery(webhookUsage.writeUnits),
        },
        sqsRequestsPerDelivery: Number((sqsRequests / deliveries).toFixed(2)),
        dynamoDollarsPer1000Deliveries: Number(dollarsPer1000.toFixed(5)),
        sqsDollarsPer1000Deliveries: Number(
          (((sqsRequests / deliveries) * 1000 * PRICES.sqsPerMillion) / 1e6).toFixed(5),
        ),
      },
      null,
      2,
    ),
  );
} finally {
  await healthy.close();
  await flaky.close();
  await cloud.stop();
}
