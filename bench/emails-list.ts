/**
 * GET /emails cost on the local stack as an organization's email count grows (100 → 100,000): for
 * page 1, page 10, and filtered by status, to, tag and date, the DynamoDB requests and read capacity
 * of the list itself and the p50/p95 latency of the whole HTTP request. Prints the targets: page 1
 * at the largest size within 1.5× its p50 at the smallest, a rare status (1% bounced) within 50 read
 * units a page, and the read units of a date-filtered total_count.
 *   npm run bench -- emails-list [runs per case] [sizes, comma-separated; default 100,1000,10000,100000]
 */
import { startBenchCloud } from './support/local-cloud.ts';
import { summarize, timeEach } from './support/stats.ts';

const runs = Number(process.argv[2] ?? 30);
const sizes = (process.argv[3] ?? '100,1000,10000,100000').split(',').map(Number);
// The bench writes each email's pointers and counts itself (as the stream's reader would): no consumers.
const cloud = await startBenchCloud({ runConsumers: false });
try {
  const { BatchWriteCommand, UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { db, tableName, withDynamoUsage, currentDynamoUsage } = await import('#dynamo/client.ts');
  const { EMAIL_COUNTER_SHARDS, emailShard, keys } = await import('#dynamo/keys.ts');
  const { newEmailId } = await import('#emails/email.ts');
  const { newEmailItems } = await import('#emails/email.store.ts');
  const { addUsage } = await import('#emails/usage.store.ts');
  const { createApiKey, createOrganization, setOrganizationRateLimit } = await import('#accounts/accounts.service.ts');
  const { listEmails } = await import('#emails/list.service.ts');
  const { emailListQuery } = await import('#emails/list-query.ts');

  const organization = await createOrganization({ name: 'bench' });
  // Its emails are from 2026-01-01 on: the organization exists since before then.
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.organization(organization.id),
      UpdateExpression: 'SET created_at = :at',
      ExpressionAttributeValues: { ':at': '2025-12-01T00:00:00.000Z' },
    }),
  );
  await setOrganizationRateLimit(organization.id, 1000);
  const { secret } = await createApiKey({ organizationId: organization.id, name: 'bench', environment: 'test' });
  const org = organization.id;
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  const statusOf = (i: number) =>
    i % 100 === 0 ? 'bounced' : i % 100 <= 5 ? 'opened' : i % 100 <= 10 ? 'queued' : 'delivered';
  const html = (i: number) =>
    `<html><body>${Array.from({ length: 40 }, (_, line) => `<p>Line ${line} of email ${i}: ${Math.random().toString(36)}</p>`).join('')}</body></html>`;

  async function batchWrite(items: Record<string, unknown>[]) {
    const chunks: Record<string, unknown>[][] = [];
    for (let at = 0; at < items.length; at += 25) chunks.push(items.slice(at, at + 25));
    for (let at = 0; at < chunks.length; at += 32) {
      await Promise.all(
        chunks.slice(at, at + 32).map(async (chunk) => {
          let pending = chunk.map((Item) => ({ PutRequest: { Item } }));
          while (pending.length > 0) {
            const out = await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
            pending = (out.UnprocessedItems?.[tableName] ?? []) as typeof pending;
          }
        }),
      );
    }
  }

  /**
   * The emails are written straight to the table with BatchWriteItem, item for item as the send path
   * and the stream's reader write them (newEmailItems: the email item with its GSI3/GSI4 keys and, its
   * bodies being too big to be inline, its content item; the to/tag pointers; the counts), with ~1.5 KB
   * of gzip bodies each, one minute apart from 2026-01-01, 100 distinct recipients, 10 tags, statuses
   * 89% delivered, 1% bounced (the rare status), 5% opened, 5% queued.
   */
  let written = 0;
  async function growTo(target: number) {
    const items: Record<string, unknown>[] = [];
    const counts = new Map<number, Record<string, number>>();
    const perDay = new Map<string, number>();
    for (let i = written; i < target; i += 1) {
      const id = newEmailId();
      const createdAt = new Date(start + i * 60_000).toISOString();
      const status = statusOf(i);
      const to = `user${i % 100}@example.com`;
      const tag = `campaign:c${i % 10}`;
      const body = html(i);
      const stored = newEmailItems({
        id,
        organization_id: org,
        environment: 'test',
        status,
        priority: 'normal',
        from: { email: 'news@bench.test', name: 'Bench' },
        to: [{ email: to }],
        cc: [],
        bcc: [],
        reply_to: [],
        subject: `Bench email ${i}`,
        html: body,
        text: body.replace(/<[^>]+>/g, ' '),
        headers: {},
        tags: { campaign: `c${i % 10}` },
        template_id: null,
        scheduled_at: null,
        created_at: createdAt,
        updated_at: createdAt,
      });
      items.push(stored.email, ...(stored.content ? [stored.content] : []));
      items.push({ ...keys.emailToPointer(org, 'test', to, id, createdAt), type: 'email_pointer', email_id: id });
      items.push({ ...keys.emailTagPointer(org, 'test', tag, id, createdAt), type: 'email_pointer', email_id: id });
      perDay.set(createdAt.slice(0, 10), (perDay.get(createdAt.slice(0, 10)) ?? 0) + 1);
      const shard = emailShard(id, EMAIL_COUNTER_SHARDS);
      const count = counts.get(shard) ?? {};
      count.total = (count.total ?? 0) + 1;
      count[status] = (count[status] ?? 0) + 1;
      counts.set(shard, count);
    }
    await batchWrite(items);
    for (const [shard, count] of counts) {
      const names = Object.keys(count);
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.emailCounter(org, 'test', shard),
          UpdateExpression: `ADD ${names.map((_, n) => `#n${n} :v${n}`).join(', ')}`,
          ExpressionAttributeNames: Object.fromEntries(names.map((name, n) => [`#n${n}`, name])),
          ExpressionAttributeValues: Object.fromEntries(names.map((name, n) => [`:v${n}`, count[name]])),
        }),
      );
    }
    // The day counters the send path adds to (usage.store.ts), a day at a time.
    for (const [day, count] of perDay) await addUsage(org, 'test', count, Date.parse(`${day}T12:00:00.000Z`), count);
    written = target;
  }

  const cases: Record<string, Record<string, string>> = {
    page1: {},
    page1_one_environment: { environment: 'test' },
    page10: { page: '10' },
    page1_limit100: { limit: '100' },
    page100_limit100: { page: '100', limit: '100' },
    status_bounced: { status: 'bounced' },
    status_delivered: { status: 'delivered' },
    to_one_address: { to: 'user7@example.com' },
    tag: { tag: 'campaign:c3' },
    date_one_day: { from_date: '2026-01-01', to_date: '2026-01-01' },
    date_30_days: { from_date: '2026-01-01', to_date: '2026-01-30' },
    date_part_days: { from_date: '2026-01-01T12:00:00Z', to_date: '2026-01-03T12:00:00Z' },
    status_and_date: { status: 'bounced', from_date: '2026-01-01', to_date: '2026-01-01' },
    to_and_status: { to: 'user7@example.com', status: 'delivered' },
  };

  async function measure(query: Record<string, string>) {
    const parsed = emailListQuery.parse(query);
    // The list's own DynamoDB work, in its own usage scope: the scheduler's timer and the middleware are
    // not counted (every HTTP request adds 2 requests, ~1.5 units, for auth and the rate limit).
    const cost = await withDynamoUsage(async () => {
      const page = await listEmails(org, parsed, 'test');
      return {
        usage: { ...(currentDynamoUsage() ?? { requests: 0, capacityUnits: 0, readUnits: 0, writeUnits: 0 }) },
        page,
      };
    });
    const url = `${cloud.apiUrl}/api/v1/emails?${new URLSearchParams(query)}`;
    const get = async () => {
      const response = await fetch(url, { headers: { authorization: `Bearer ${secret}` } });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`${response.status} ${text}`);
    };
    for (let i = 0; i < 3; i += 1) await get();
    const latency = summarize(await timeEach(runs, get));
    return {
      items: cost.page.items.length,
      total_count: cost.page.pagination.total_count,
      dynamodb_requests: cost.usage.requests,
      read_units: Math.round(cost.usage.capacityUnits * 100) / 100,
      http_p50_ms: Math.round(latency.p50 * 10) / 10,
      http_p95_ms: Math.round(latency.p95 * 10) / 10,
    };
  }

  const results: Record<string, Record<string, unknown>> = {};
  for (const size of sizes) {
    const began = performance.now();
    await growTo(size);
    process.stderr.write(`${size} emails written in ${Math.round(performance.now() - began)} ms\n`);
    const row: Record<string, unknown> = {};
    for (const [name, query] of Object.entries(cases)) {
      if (name === 'page100_limit100' && size < 10_000) continue;
      row[name] = await measure(query);
    }
    results[`emails_${size}`] = row;
  }
  const first = results[`emails_${sizes[0]}`] as Record<string, { http_p50_ms: number; read_units: number }>;
  const last = results[`emails_${sizes.at(-1)}`] as Record<string, { http_p50_ms: number; read_units: number }>;
  const ratio = (last.page1?.http_p50_ms ?? Number.NaN) / (first.page1?.http_p50_ms ?? Number.NaN);
  const targets = {
    page1_p50_ratio: `${ratio.toFixed(2)} (page 1 p50 at ${sizes.at(-1)} emails ÷ at ${sizes[0]}; target ≤ 1.5: ${ratio <= 1.5 ? 'met' : 'not met'})`,
    rare_status_read_units: `${last.status_bounced?.read_units} (status=bounced, 1% of ${sizes.at(-1)} emails, one page; target ≤ 50: ${(last.status_bounced?.read_units ?? Number.POSITIVE_INFINITY) <= 50 ? 'met' : 'not met'})`,
    date_one_day_read_units: `${last.date_one_day?.read_units} at ${sizes.at(-1)} emails (target: a total_count without reading the range)`,
    date_30_days_read_units: `${last.date_30_days?.read_units} at ${sizes.at(-1)} emails`,
  };
  process.stdout.write(`${JSON.stringify({ runs_per_case: runs, targets, results }, null, 2)}\n`);
} finally {
  await cloud.stop();
}
