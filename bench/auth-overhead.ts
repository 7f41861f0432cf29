/**
 * Per-request cost of the shared middleware on the local stack, measured in one run:
 *   bare GetItem        – one consistent GetItem (the floor of any DynamoDB access)
 *   auth + rate limit   – what the middleware adds to every request (in-process)
 *   HTTP GET settings   – a whole request through the local gateway
 * plus the DynamoDB requests and capacity units each request costs.
 *   npm run bench -- auth [iterations]
 */
import { startBenchCloud } from './support/local-cloud.ts';
import { summarize, timeEach } from './support/stats.ts';

const iterations = Number(process.argv[2] ?? 500);

const cloud = await startBenchCloud();
try {
  const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
  const { db, dynamoUsage, tableName } = await import('#dynamo/client.ts');
  const { keys } = await import('#dynamo/keys.ts');
  const { createApiKey, createOrganization, setOrganizationRateLimit } = await import('#accounts/accounts.service.ts');
  const { resolveIdentity } = await import('#http/middleware/authenticate.ts');
  const { countRequest } = await import('#http/rate-limit.store.ts');

  const organization = await createOrganization({ name: 'bench' });
  await setOrganizationRateLimit(organization.id, 1000);
  const { secret } = await createApiKey({ organizationId: organization.id, name: 'bench', environment: 'test' });
  const authorization = `Bearer ${secret}`;
  const url = `${cloud.apiUrl}/api/v1/settings/auto-validation`;

  const bareGetItem = () =>
    db.send(new GetCommand({ TableName: tableName, Key: keys.organization(organization.id), ConsistentRead: true }));
  const authAndRateLimit = async () => {
    const caller = await resolveIdentity(authorization);
    if (!('organizationId' in caller)) throw new Error('auth failed');
    await countRequest('org', caller.organizationId, caller.rateLimitPerSecond ?? 10);
  };
  const httpGet = async () => {
    const response = await fetch(url, { headers: { authorization } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`status ${response.status}`);
  };

  // Warm up connections, the JIT and the handler module.
  for (let i = 0; i < 50; i += 1) await Promise.all([bareGetItem(), authAndRateLimit(), httpGet()]);

  const measure = async (work: () => Promise<unknown>) => {
    const before = dynamoUsage();
    const samples = await timeEach(iterations, work);
    const after = dynamoUsage();
    return {
      latency_ms: summarize(samples),
      dynamodb_requests_per_call: (after.requests - before.requests) / iterations,
      capacity_units_per_call: Math.round(((after.capacityUnits - before.capacityUnits) / iterations) * 1000) / 1000,
    };
  };
  const results = {
    iterations,
    bare_get_item: await measure(bareGetItem),
    auth_plus_rate_limit: await measure(authAndRateLimit),
    http_get_settings: await measure(httpGet),
  };
  const overhead = results.auth_plus_rate_limit.latency_ms.p50 - results.bare_get_item.latency_ms.p50;
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write(
    `\nauth + rate limit p50 ${results.auth_plus_rate_limit.latency_ms.p50} ms vs bare GetItem p50 ${results.bare_get_item.latency_ms.p50} ms ` +
      `(${(results.auth_plus_rate_limit.latency_ms.p50 / results.bare_get_item.latency_ms.p50).toFixed(2)}×, +${overhead.toFixed(3)} ms); ` +
      `whole HTTP request p50 ${results.http_get_settings.latency_ms.p50} ms\n`,
  );
} finally {
  await cloud.stop();
}
