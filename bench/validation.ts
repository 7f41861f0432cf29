/**
 * validateMany over 1,000 addresses spread over 20 domains (the defaults), against an in-process dns2
 * server on 127.0.0.1 (test/support/dns-server.ts) serving MX records for every domain: the wall time
 * of a cold run (empty cache) and a warm one, and the DNS queries each made, counted by the client and
 * by the server. Then the same addresses through HTTP on the local stack. Target: one MX query per
 * distinct domain, under 2 s.
 *   npm run bench -- validation [addresses] [domains]
 */
import { createAddressValidator } from '#validation/address-validation.service.ts';
import { createMailDnsResolver } from '#validation/mail-dns.store.ts';
import { startTestDnsServer } from '../test/support/dns-server.ts';
import { startBenchCloud } from './support/local-cloud.ts';

const addressCount = Number(process.argv[2] ?? 1000);
const domainCount = Number(process.argv[3] ?? 20);

const server = await startTestDnsServer({ port: 0 });
try {
  const domains = Array.from({ length: domainCount }, (_, i) => `bench-${i}.test`);
  for (const domain of domains) server.setMx(domain, [{ exchange: `mx.${domain}`, priority: 10 }]);
  const emails = Array.from({ length: addressCount }, (_, i) => `user${i}@${domains[i % domainCount]}`);

  const dns = createMailDnsResolver({ servers: [server.address], timeoutMs: 3000 });
  // Suppressions from an in-memory fake (one call per batch, as with DynamoDB's BatchGetItem): this
  // measures the engine and its DNS traffic.
  let suppressionCalls = 0;
  const validator = createAddressValidator({
    dns,
    findSuppressed: async (_organizationId, addresses) => {
      suppressionCalls += 1;
      return addresses.filter((_, i) => i % 100 === 0);
    },
  });

  const report = (label: string, ms: number, results: { verdict: string }[]) => {
    const counts = dns.queryCounts();
    const verdicts: Record<string, number> = {};
    for (const result of results) verdicts[result.verdict] = (verdicts[result.verdict] ?? 0) + 1;
    const serverQueries = server.queryLog().length;
    process.stdout.write(
      `${label.padEnd(5)} ${addressCount} addresses / ${domainCount} domains: ${ms.toFixed(1)} ms; ` +
        `DNS queries (client) MX ${counts.mx}, A ${counts.a}, AAAA ${counts.aaaa}, total ${counts.total}; ` +
        `(server) ${serverQueries}; suppression look-ups ${suppressionCalls}; verdicts ${JSON.stringify(verdicts)}\n`,
    );
  };

  let started = performance.now();
  let results = await validator.validateMany(emails, 'org_bench');
  report('cold', performance.now() - started, results);
  const cold = dns.queryCounts();

  dns.resetQueryCounts();
  server.clear();
  for (const domain of domains) server.setMx(domain, [{ exchange: `mx.${domain}`, priority: 10 }]);
  suppressionCalls = 0;
  started = performance.now();
  results = await validator.validateMany(emails, 'org_bench');
  report('warm', performance.now() - started, results);

  const ok = cold.mx === domainCount && cold.total === domainCount;
  process.stdout.write(`engine: target one MX query per distinct domain: ${ok ? 'met' : 'NOT met'}\n`);

  // The same through HTTP on the local stack: POST /emails/validate/batch, suppressions in DynamoDB
  // Local, the handler resolving through this DNS server (DNS_SERVERS).
  server.clear();
  for (const domain of domains) server.setMx(domain, [{ exchange: `mx.${domain}`, priority: 10 }]);
  const cloud = await startBenchCloud({
    env: { DNS_SERVERS: server.address },
    runConsumers: false,
    scheduleIntervalMs: 0,
  });
  try {
    const { createApiKey, createOrganization, setOrganizationRateLimit } = await import(
      '#accounts/accounts.service.ts'
    );
    const organization = await createOrganization({ name: 'validation bench' });
    await setOrganizationRateLimit(organization.id, 1000);
    const { secret } = await createApiKey({ organizationId: organization.id, name: 'v', environment: 'test' });
    const post = async () => {
      const began = performance.now();
      const response = await fetch(`${cloud.apiUrl}/api/v1/emails/validate/batch`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ emails }),
      });
      const body = (await response.json()) as { data: { verdict: string }[] };
      if (response.status !== 200) throw new Error(`validate/batch answered ${response.status}`);
      return { ms: performance.now() - began, results: body.data };
    };
    const first = await post();
    const queriesCold = server.queryLog().length;
    server.clear();
    for (const domain of domains) server.setMx(domain, [{ exchange: `mx.${domain}`, priority: 10 }]);
    const second = await post();
    const queriesWarm = server.queryLog().length;
    const verdicts: Record<string, number> = {};
    for (const result of first.results) verdicts[result.verdict] = (verdicts[result.verdict] ?? 0) + 1;
    process.stdout.write(
      `http  ${addressCount} addresses / ${domainCount} domains over HTTP on the local stack: ` +
        `first ${first.ms.toFixed(1)} ms (${queriesCold} DNS queries at the server), ` +
        `again ${second.ms.toFixed(1)} ms (${queriesWarm} DNS queries: cached); verdicts ${JSON.stringify(verdicts)}\n`,
    );
    const met = queriesCold === domainCount && first.ms < 2000;
    process.stdout.write(`http: target one MX query per distinct domain, under 2 s: ${met ? 'met' : 'NOT met'}\n`);
  } finally {
    await cloud.stop();
  }
} finally {
  await server.close();
}
