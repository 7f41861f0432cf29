/**
 * Suppression list costs on the local stack:
 *  - DynamoDB requests and capacity per list call as the list grows (100 → 1,000 → 10,000);
 *  - the time (and requests) to check 1,000 addresses against a list of 10,000.
 *   npm run bench -- suppressions
 */
import { startBenchCloud } from './support/local-cloud.ts';
import { summarize, timeEach } from './support/stats.ts';

const cloud = await startBenchCloud();
try {
  const { dynamoUsage } = await import('#dynamo/client.ts');
  const { createOrganization } = await import('#accounts/accounts.service.ts');
  const { addSuppression, findSuppressedAddresses, listSuppressions } = await import(
    '#suppressions/suppressions.service.ts'
  );
  const organization = await createOrganization({ name: 'bench' });

  let size = 0;
  async function growTo(target: number) {
    const concurrency = 32;
    while (size < target) {
      const batch = Array.from({ length: Math.min(concurrency, target - size) }, (_, i) => size + i);
      await Promise.all(
        batch.map((n) =>
          addSuppression(organization.id, { email: `s${n}@example.com`, reason: 'hard_bounce', source: 'manual' }),
        ),
      );
      size += batch.length;
    }
  }

  async function cost(work: () => Promise<unknown>, runs = 20) {
    const before = dynamoUsage();
    const samples = await timeEach(runs, work);
    const after = dynamoUsage();
    return {
      requests_per_call: (after.requests - before.requests) / runs,
      capacity_units_per_call: Math.round(((after.capacityUnits - before.capacityUnits) / runs) * 100) / 100,
      latency_ms: summarize(samples),
    };
  }

  const listing: Record<string, unknown> = {};
  for (const target of [100, 1000, 10_000]) {
    const started = performance.now();
    await growTo(target);
    process.stderr.write(`list size ${target} (filled in ${Math.round(performance.now() - started)} ms)\n`);
    listing[`size_${target}`] = {
      page1_limit20: await cost(() => listSuppressions(organization.id, { page: 1, limit: 20 })),
      page1_limit100: await cost(() => listSuppressions(organization.id, { page: 1, limit: 100 })),
      page_past_end: await cost(() => listSuppressions(organization.id, { page: 1000, limit: 100 })),
    };
  }
  (listing.size_10000 as Record<string, unknown>).page10_limit100 = await cost(() =>
    listSuppressions(organization.id, { page: 10, limit: 100 }),
  );

  // 1,000 recipients, 100 of them suppressed, against the 10,000-entry list.
  const addresses = Array.from({ length: 1000 }, (_, i) =>
    i % 10 === 0 ? `s${i * 7}@example.com` : `fresh${i}@example.net`,
  );
  const check = await cost(async () => {
    const found = await findSuppressedAddresses(organization.id, addresses);
    if (found.length !== 100) throw new Error(`expected 100 suppressed, found ${found.length}`);
  }, 30);

  const results = { list_calls: listing, check_1000_against_10000: check };
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
} finally {
  await cloud.stop();
}
