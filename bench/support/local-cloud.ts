/** A local cloud on free ports for the benchmarks, and counting of the SQS calls they cause. */
import { ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import getPort from 'get-port';
import { type LocalCloud, type LocalCloudOptions, startLocalCloud } from '../../infra/local/cloud.ts';

type BenchCloudOptions = Pick<
  LocalCloudOptions,
  'runConsumers' | 'scheduleIntervalMs' | 'env' | 'sesThrottlePerSecond'
> & {
  /** Quiet by default; a bench that reads the access log asks for INFO. */
  logLevel?: string;
};

export async function startBenchCloud(options: BenchCloudOptions = {}): Promise<LocalCloud> {
  const { logLevel = 'SILENT', ...cloudOptions } = options;
  process.env.POWERTOOLS_LOG_LEVEL = logLevel;
  return startLocalCloud({
    ...cloudOptions,
    apiPort: 0,
    sesPort: await getPort(),
    dynamodbPort: await getPort(),
    sqsPort: await getPort(),
  });
}

/**
 * Counts every SQS call of this process from now on, by command (all clients share the
 * prototype), and the ReceiveMessage calls that returned messages.
 */
export function countSqsCalls(): { calls: Record<string, number>; nonEmptyReceives: () => number } {
  const calls: Record<string, number> = {};
  let nonEmptyReceives = 0;
  const originalSend = SQSClient.prototype.send;
  SQSClient.prototype.send = async function (this: SQSClient, command: { constructor: { name: string } }) {
    const name = command.constructor.name.replace(/Command$/, '');
    calls[name] = (calls[name] ?? 0) + 1;
    // biome-ignore lint/suspicious/noExplicitAny: forwarding the overloaded send as is
    const output = await (originalSend as any).call(this, command);
    if (command instanceof ReceiveMessageCommand && (output?.Messages?.length ?? 0) > 0) nonEmptyReceives += 1;
    return output;
  } as typeof SQSClient.prototype.send;
  return { calls, nonEmptyReceives: () => nonEmptyReceives };
}

/**
 * An organization for a bench (after the cloud started): a high request rate limit and daily sending
 * limit, `domain` marked verified, and a test key.
 */
export async function benchOrganization(name: string, domain: string, dailyLimit = 10_000_000) {
  const { createApiKey, createOrganization, setOrganizationRateLimit, setSendingLimits } = await import(
    '#accounts/accounts.service.ts'
  );
  const { addVerifiedDomainForDevelopment } = await import('#domains/domains.service.ts');
  const organization = await createOrganization({ name });
  await setOrganizationRateLimit(organization.id, 1000);
  await setSendingLimits(organization.id, { environment: 'test', daily: dailyLimit });
  await addVerifiedDomainForDevelopment(organization.id, domain);
  const { secret } = await createApiKey({ organizationId: organization.id, name, environment: 'test' });
  return { organization, secret };
}

/**
 * POSTs JSON to the cloud's API with `secret`; throws unless it answers 201. Resolves to the request's
 * wall time and the parsed body.
 */
export function apiPoster(cloud: LocalCloud, secret: string) {
  return async (path: string, body: unknown) => {
    const started = performance.now();
    const response = await fetch(`${cloud.apiUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status !== 201) throw new Error(`${path} failed: ${response.status} ${text.slice(0, 300)}`);
    return { ms: performance.now() - started, body: JSON.parse(text) };
  };
}

/** DynamoDB usage as `dynamoUsage()` of `#dynamo/client.ts` counts it. */
interface Usage {
  requests: number;
  readUnits: number;
  writeUnits: number;
}

/**
 * Polls `done` every `intervalMs` until it says so (rejects after `timeoutMs`), adding the DynamoDB
 * usage of the polling itself to `spent`, so the bench can take its own reads out of what it measures.
 * Each poll runs in its own usage scope (withDynamoUsage): only its own calls are counted, not the
 * pipeline's work that runs in the same process meanwhile (the global totals' difference around a
 * poll would take that out too, and under-report what the bench measures).
 */
export async function pollUntil(
  done: () => Promise<boolean>,
  options: { spent: Usage; intervalMs: number; timeoutMs?: number },
): Promise<void> {
  // Loaded at the first poll: the module reads its configuration when imported, after the cloud started.
  const { currentDynamoUsage, withDynamoUsage } = await import('#dynamo/client.ts');
  const deadline = Date.now() + (options.timeoutMs ?? Number.POSITIVE_INFINITY);
  for (;;) {
    const finished = await withDynamoUsage(async () => {
      const result = await done();
      const own = currentDynamoUsage();
      options.spent.requests += own?.requests ?? 0;
      options.spent.readUnits += own?.readUnits ?? 0;
      options.spent.writeUnits += own?.writeUnits ?? 0;
      return result;
    });
    if (finished) return;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs));
  }
}

/**
 * The two paths the send benches compare (bench/send.ts, bench/throughput.ts), on a started cloud:
 * `rawIo`, the unavoidable I/O of a send (a consistent GetItem, a PutItem and an SQS SendMessage,
 * sequential), and `httpSend`, POST /api/v1/emails/send with `secret` from `from`.
 */
export async function sendPaths(cloud: LocalCloud, secret: string, from: { email: string; name: string }) {
  const { GetCommand, PutCommand } = await import('@aws-sdk/lib-dynamodb');
  const { SendMessageCommand, SQSClient } = await import('@aws-sdk/client-sqs');
  const { db, tableName } = await import('#dynamo/client.ts');
  const sqs = new SQSClient({ endpoint: cloud.env.SQS_ENDPOINT });
  const queueUrl = cloud.queues.send.url;
  const body = (i: number) =>
    JSON.stringify({
      from,
      to: [{ email: `user${i}@example.com` }],
      subject: `Bench ${i}`,
      html: '<p>Hello</p>',
      text: 'Hello',
    });
  const rawIo = async (i: number) => {
    await db.send(new GetCommand({ TableName: tableName, Key: { PK: `BENCH#${i}`, SK: 'X' }, ConsistentRead: true }));
    await db.send(new PutCommand({ TableName: tableName, Item: { PK: `BENCH#${i}`, SK: 'X', payload: body(i) } }));
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify({ bench: i }) }));
  };
  const httpSend = async (i: number) => {
    const response = await fetch(`${cloud.apiUrl}/api/v1/emails/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: body(i),
    });
    const text = await response.text();
    if (response.status !== 201) throw new Error(`send failed: ${response.status} ${text}`);
  };
  return { body, rawIo, httpSend };
}
