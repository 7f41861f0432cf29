/**
 * Send latency on the local stack against its unavoidable I/O, in one run:
 *   raw I/O     one GetItem + one PutItem + one SQS SendMessage, sequential (the floor of
 *               any design that authenticates, stores and enqueues)
 *   HTTP send   POST /api/v1/emails/send through the gateway and the whole middleware stack
 * plus the DynamoDB requests/capacity and SQS messages per accepted email.
 *   npm run bench -- send [iterations] [accept-only|with-consumers] [domain-key (a sending key, one domain)]
 */
import { sendPaths, startBenchCloud } from './support/local-cloud.ts';
import { summarize, timeEach } from './support/stats.ts';

const iterations = Number(process.argv[2] ?? 300);
/** `accept-only`: no consumer in this process (in AWS it runs on other machines), no accept → delivered. */
const acceptOnly = process.argv[3] === 'accept-only';
const domainKey = process.argv[4] === 'domain-key';

const cloud = await startBenchCloud({ runConsumers: !acceptOnly });
try {
  const { dynamoUsage } = await import('#dynamo/client.ts');
  const { createApiKey, createOrganization, setOrganizationRateLimit } = await import('#accounts/accounts.service.ts');
  const { addVerifiedDomainForDevelopment } = await import('#domains/domains.service.ts');

  const organization = await createOrganization({ name: 'bench' });
  await setOrganizationRateLimit(organization.id, 1000);
  const domainId = await addVerifiedDomainForDevelopment(organization.id, 'bench.test');
  const { secret } = await createApiKey({
    organizationId: organization.id,
    name: 'bench',
    environment: 'test',
    ...(domainKey ? { permission: 'sending_access' as const, domainIds: [domainId] } : {}),
  });
  const { body, rawIo, httpSend } = await sendPaths(cloud, secret, { email: 'news@bench.test', name: 'Bench' });

  for (let i = 0; i < 30; i += 1) {
    await rawIo(100_000 + i);
    await httpSend(100_000 + i);
  }
  // Interleave the two measurements so both see the same machine load (the consumer runs too).
  const raw: number[] = [];
  const send: number[] = [];
  const before = dynamoUsage();
  for (let i = 0; i < iterations; i += 1) {
    raw.push(...(await timeEach(1, () => rawIo(i))));
    send.push(...(await timeEach(1, () => httpSend(i))));
  }
  const after = dynamoUsage();

  // Accept → delivered: POST, then poll GET /emails/:id until the status is delivered.
  const acceptToDelivered: number[] = [];
  for (let i = 0; i < (acceptOnly ? 0 : 30); i += 1) {
    const started = performance.now();
    const response = await fetch(`${cloud.apiUrl}/api/v1/emails/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: body(200_000 + i),
    });
    const { data } = (await response.json()) as { data: { message_id: string } };
    for (let polls = 0; polls < 1000; polls += 1) {
      const got = await fetch(`${cloud.apiUrl}/api/v1/emails/${data.message_id}`, {
        headers: { authorization: `Bearer ${secret}` },
      });
      const email = (await got.json()) as { data: { status: string } };
      if (email.data.status === 'delivered') break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    acceptToDelivered.push(performance.now() - started);
  }
  const rawSummary = summarize(raw);
  const sendSummary = summarize(send);
  const results = {
    iterations,
    raw_io_ms: rawSummary,
    http_send_ms: sendSummary,
    ratio_p50: Math.round((sendSummary.p50 / rawSummary.p50) * 100) / 100,
    ratio_p95: Math.round((sendSummary.p95 / rawSummary.p95) * 100) / 100,
    target_ratio: `≤ 3 at p50: ${sendSummary.p50 / rawSummary.p50 <= 3 ? 'met' : 'not met'}`,
    consumers_running: !acceptOnly,
    api_key: domainKey ? 'sending_access, limited to the sender’s domain' : 'full_access',
    ...(acceptOnly ? {} : { accept_to_delivered_ms: summarize(acceptToDelivered) }),
    note: 'DynamoDB counts below include the raw I/O (2 requests per iteration), the consumer delivering the emails, and simulated delivery events',
    dynamodb_requests_per_iteration: (after.requests - before.requests) / iterations,
    dynamodb_capacity_per_iteration:
      Math.round(((after.capacityUnits - before.capacityUnits) / iterations) * 100) / 100,
  };
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
} finally {
  await cloud.stop();
}
