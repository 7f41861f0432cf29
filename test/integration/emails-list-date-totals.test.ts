/**
 * A date-filtered GET /emails counts `total_count` from the day counters for the days its range holds
 * whole (shared/emails/list-date-count.ts), reading the list index only for part-days: checked through
 * HTTP for exact totals, and on the list service's own DynamoDB calls for what it reads.
 */
import { describe, expect, it } from 'vitest';
import { db, withDynamoUsage } from '#dynamo/client.ts';
import { listEmails } from '#emails/list.service.ts';
import { emailListQuery } from '#emails/list-query.ts';
import { seedListedEmail } from '../support/email-records.ts';
import { createSender, createTestOrganization } from '../support/factories.ts';

/** Every Query with `Select: COUNT` this process sends, with its key bounds (the list's index counts). */
const countQueries: Array<Record<string, unknown>> = [];
db.middlewareStack.add(
  (next, context) => async (args) => {
    const input = args.input as { Select?: string; ExpressionAttributeValues?: Record<string, unknown> };
    if (context.commandName === 'QueryCommand' && input.Select === 'COUNT') {
      countQueries.push(input.ExpressionAttributeValues ?? {});
    }
    return next(args);
  },
  { step: 'initialize', name: 'recordCountQueries' },
);

/** The list's own work for `query`: its answer, and the COUNT queries and read units it took. */
async function listWork(organizationId: string, query: Record<string, string>) {
  countQueries.length = 0;
  return withDynamoUsage(async () => {
    const page = await listEmails(organizationId, emailListQuery.parse(query), 'test');
    return { total: page.pagination.total_count, counts: [...countQueries] };
  });
}

describe('date-filtered total_count', () => {
  it('sums the whole days from counters and counts only the part-days through the index', async () => {
    const { organization, api } = await createTestOrganization({ createdAt: '2026-02-01T08:00:00.000Z' });
    // 3 days of 40 emails each (every 36 minutes), the last also one on the next day.
    for (const day of ['2026-03-01', '2026-03-02', '2026-03-03']) {
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          seedListedEmail(
            organization.id,
            new Date(Date.parse(`${day}T00:00:00.000Z`) + i * 36 * 60_000).toISOString(),
          ),
        ),
      );
    }
    await seedListedEmail(organization.id, '2026-03-04T00:00:00.000Z');

    const wholeDays = await listWork(organization.id, { from_date: '2026-03-01', to_date: '2026-03-03' });
    expect(wholeDays).toEqual({ total: 120, counts: [] });
    // The same through HTTP.
    const response = await api.get('/api/v1/emails?from_date=2026-03-01&to_date=2026-03-03&limit=5');
    expect(response.status, response.text).toBe(200);
    expect(response.body.pagination).toEqual({ page: 1, limit: 5, total_count: 120, total_pages: 24 });

    // Noon to noon: the 2nd from its counter; the halves of the 1st and 3rd (20 each) through the index.
    const parts = await listWork(organization.id, {
      from_date: '2026-03-01T12:00:00.000Z',
      to_date: '2026-03-03T11:59:59.999Z',
    });
    expect(parts.total).toBe(80);
    const bounds = parts.counts.flatMap((values) => Object.values(values).map(String));
    expect(bounds.length).toBeGreaterThan(0);
    // Each COUNT stays within a part-day: none reaches into the 2nd.
    expect(bounds.filter((value) => value.startsWith('2026-03-02'))).toEqual([]);

    // Open ends: everything from the 2nd on (81), everything up to the 2nd (80: lifetime less what came after).
    expect((await listWork(organization.id, { from_date: '2026-03-02' })).total).toBe(81);
    expect((await listWork(organization.id, { to_date: '2026-03-02' })).total).toBe(80);
    expect((await listWork(organization.id, { from_date: '2026-03-05' })).total).toBe(0);
  });

  it('counts emails sent today through the API, and never a send that failed', async () => {
    const { send, api } = await createSender();
    for (let i = 0; i < 3; i += 1) expect((await send({ subject: `Day ${i}` })).status).toBe(201);
    // Two recipients are one email.
    expect((await send({ to: [{ email: 'a@example.com' }, { email: 'b@example.com' }] })).status).toBe(201);
    // A refused send counts nothing.
    expect((await send({ to: [{ email: 'not an address' }] })).status).toBe(400);
    const today = new Date().toISOString().slice(0, 10);
    const listed = await api.get(`/api/v1/emails?from_date=${today}&to_date=${today}`);
    expect(listed.body.pagination.total_count).toBe(4);
    expect(listed.body.data).toHaveLength(4);
  });
});
