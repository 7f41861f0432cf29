/**
 * GET /emails through HTTP on the local stack. Emails that must go through the whole pipeline
 * (status changes by the outcome simulator) are sent through the API; emails that need a chosen
 * `created_at` (dates, pagination) are stored through the data layer exactly as the send path
 * stores them (putEmail; the stream adds their pointers and counts) and stay `queued` (no queue message).
 */
import { BatchWriteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db, tableName } from '#dynamo/client.ts';
import { keys } from '#dynamo/keys.ts';
import { recordFailed } from '#emails/delivery/delivery-state.store.ts';
import { newEmailItems } from '#emails/email.store.ts';
import { type EmailRecord, newEvent } from '#emails/email.ts';
import { MAX_FILTERED_CANDIDATES } from '#emails/list.service.ts';
import { emailRecord, seedListedEmail, untilEmailCounts } from '../support/email-records.ts';
import { createSender, createTestOrganization } from '../support/factories.ts';
import { type ApiResponse, expectError } from '../support/http.ts';
import { eventually } from '../support/ses-store.ts';

/** Organizations here store emails from 2020 on: they exist since before then. */
const HISTORIC = '2019-01-01T00:00:00.000Z';

type Org = Awaited<ReturnType<typeof createTestOrganization>>;
type Api = Org['api'];

interface Listed {
  id: string;
  status: string;
  to_addresses: string[];
  tags: Record<string, string>;
  environment: string;
  created_at: string;
}
interface ListBody {
  data: Listed[];
  pagination: { page: number; limit: number; total_count: number; total_pages: number };
}

async function list(api: Api, query: Record<string, string | number> = {}): Promise<ListBody> {
  const search = new URLSearchParams(
    Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]),
  );
  const response = await api.get(`/api/v1/emails${search.size > 0 ? `?${search}` : ''}`);
  expect(response.status, response.text).toBe(200);
  return response.body as ListBody;
}

const ids = (body: ListBody) => body.data.map((email) => email.id);

const seed = seedListedEmail;

/** `n` emails one minute apart from `start`, oldest first. */
async function seedSeries(organizationId: string, n: number, start = Date.parse('2026-01-01T00:00:00.000Z')) {
  const emails: EmailRecord[] = [];
  for (let i = 0; i < n; i += 1) {
    emails.push(await seed(organizationId, new Date(start + i * 60_000).toISOString()));
  }
  await untilEmailCounts(organizationId, { total: n });
  return emails;
}

const newestFirst = (emails: EmailRecord[]) => [...emails].reverse().map((email) => email.id);

function expectValidation(response: ApiResponse, field: string): string {
  const error = expectError(response, 400, 'VALIDATION_ERROR');
  const detail = error.details?.find((entry) => entry.field === field);
  if (!detail) throw new Error(`no detail on ${field}: ${JSON.stringify(error.details)}`);
  return detail.message;
}

describe('GET /emails', () => {
  it('lists sent emails newest first, each as GET /emails/:id without events, scheduled_at and bodies', async () => {
    const org = await createSender();
    const { domain } = org;
    const sent: string[] = [];
    for (const [index, to] of ['first@example.com', 'Second@Example.com', 'third@example.com'].entries()) {
      const response = await org.api.post('/api/v1/emails/send', {
        from: { email: `news@${domain}`, name: 'News' },
        to: [{ email: to, name: 'Reader' }],
        cc: [{ email: `cc${index}@example.com` }],
        reply_to: ['support@example.com'],
        subject: `List ${index}`,
        html: '<p>Hi</p>',
        text: 'Hi',
        tags: { campaign: 'launch', position: String(index) },
        priority: index === 0 ? 'high' : 'normal',
      });
      expect(response.status, response.text).toBe(201);
      sent.push(response.body.data.message_id);
    }
    // Wait until every email has its final status, so the list and GET read the same state.
    const body = await eventually(async () => {
      const listed = await list(org.api);
      return listed.data.length === 3 && listed.data.every((email) => email.status === 'delivered')
        ? listed
        : undefined;
    });
    expect(ids(body)).toEqual([...sent].reverse());
    expect(body.pagination).toEqual({ page: 1, limit: 20, total_count: 3, total_pages: 1 });
    for (const item of body.data) {
      const {
        events,
        scheduled_at,
        html,
        text,
        attachments,
        tracking,
        list_unsubscribe,
        internet_message_id,
        ...expected
      } = (await org.api.get(`/api/v1/emails/${item.id}`)).body.data;
      expect(attachments).toEqual([]);
      // Detail only: set once handed over (these may still be queued).
      expect(internet_message_id === null || /^<.+@email\.amazonses\.com>$/.test(internet_message_id)).toBe(true);
      expect(tracking).toEqual({ opens: false, clicks: false });
      expect(list_unsubscribe).toBeNull();
      expect(events.length).toBeGreaterThan(0);
      expect(item).toEqual(expected);
    }
    expect(body.data[2]).toMatchObject({
      from_address: `news@${domain}`,
      to_addresses: ['first@example.com'],
      cc: ['cc0@example.com'],
      bcc: [],
      reply_to: ['support@example.com'],
      priority: 'high',
      tags: { campaign: 'launch', position: '0' },
      template_id: null,
      environment: 'test',
    });
    // The send path wrote the to and tag pointers.
    expect(ids(await list(org.api, { to: 'second@example.com' }))).toEqual([sent[1]]);
    expect(ids(await list(org.api, { tag: 'position:2' }))).toEqual([sent[2]]);
    expect((await list(org.api, { tag: 'campaign:launch' })).pagination.total_count).toBe(3);
    // The /v1 alias answers the same.
    const alias = await org.api.get('/v1/emails?limit=2');
    expect(alias.status).toBe(200);
    expect(alias.body.data.map((email: Listed) => email.id)).toEqual(ids(body).slice(0, 2));
  });

  it('pages with total_count and total_pages, and answers an empty page past the end', async () => {
    const { api, organization } = await createTestOrganization({ createdAt: HISTORIC });
    const emails = await seedSeries(organization.id, 25);
    const order = newestFirst(emails);

    const pages = [1, 2, 3].map((page) => list(api, { page, limit: 10 }));
    const [one, two, three] = await Promise.all(pages);
    expect(ids(one as ListBody)).toEqual(order.slice(0, 10));
    expect(ids(two as ListBody)).toEqual(order.slice(10, 20));
    expect(ids(three as ListBody)).toEqual(order.slice(20));
    for (const [index, body] of [one, two, three].entries()) {
      expect(body?.pagination).toEqual({ page: index + 1, limit: 10, total_count: 25, total_pages: 3 });
    }
    expect(await list(api, { page: 4, limit: 10 })).toEqual({
      data: [],
      pagination: { page: 4, limit: 10, total_count: 25, total_pages: 3 },
    });
    const defaults = await list(api);
    expect(ids(defaults)).toEqual(order.slice(0, 20));
    expect(defaults.pagination).toEqual({ page: 1, limit: 20, total_count: 25, total_pages: 2 });
    expect(ids(await list(api, { page: 7, limit: 4 }))).toEqual(order.slice(24));
    expect(ids(await list(api, { limit: 100 }))).toEqual(order);
  });

  it('answers a page past the end with empty data and the totals however deep, and refuses only a deep page that holds emails', async () => {
    const { api, organization } = await createTestOrganization({ createdAt: HISTORIC });
    await seedSeries(organization.id, 3);
    for (const query of [
      { page: 1_000_000 },
      { page: 101, limit: 100 },
      { page: 1_000_000, status: 'queued' },
      { page: 1_000_000, from_date: '2026-01-01' },
      { page: 1_000_000, to: 'someone@example.com' },
    ]) {
      const search = new URLSearchParams(
        Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]),
      );
      const response = await api.get(`/api/v1/emails?${search}`);
      expect(response.status, `${JSON.stringify(query)}: ${response.text}`).toBe(200);
      expect(response.body.data).toEqual([]);
      expect(response.body.pagination.total_count).toBe(3);
    }
    // 20,000 emails by the counters: page 101 of 100 holds emails beyond the window.
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.emailCounter(organization.id, 'test', 0),
        UpdateExpression: 'ADD #total :n, #queued :n',
        ExpressionAttributeNames: { '#total': 'total', '#queued': 'queued' },
        ExpressionAttributeValues: { ':n': 20_000 },
      }),
    );
    const deep = await api.get('/api/v1/emails?page=101&limit=100');
    expect(expectError(deep, 400, 'VALIDATION_ERROR').details).toEqual([
      {
        field: 'page',
        message: expect.stringMatching(/^page × limit may be at most 10000 for a page that holds emails/),
      },
    ]);
    // 20,003 emails in all: page 202 of 100 is past the end.
    expect((await api.get('/api/v1/emails?page=202&limit=100')).body.data).toEqual([]);
  });

  it('filters by date, both bounds inclusive; a date alone means the whole UTC day', async () => {
    const { api, organization } = await createTestOrganization({ createdAt: HISTORIC });
    const at = async (iso: string) => (await seed(organization.id, iso)).id;
    const dayBefore = await at('2026-11-21T23:59:59.999Z');
    const dayStart = await at('2026-11-22T00:00:00.000Z');
    const noon = await at('2026-11-22T12:00:00.000Z');
    const dayEnd = await at('2026-11-22T23:59:59.999Z');
    const dayAfter = await at('2026-11-23T00:00:00.000Z');
    await untilEmailCounts(organization.id, { total: 5 });

    const day = await list(api, { from_date: '2026-11-22', to_date: '2026-11-22' });
    expect(ids(day)).toEqual([dayEnd, noon, dayStart]);
    expect(day.pagination.total_count).toBe(3);
    expect(ids(await list(api, { to_date: '2026-11-22' }))).toEqual([dayEnd, noon, dayStart, dayBefore]);
    expect(ids(await list(api, { from_date: '2026-11-22T12:00:00Z' }))).toEqual([dayAfter, dayEnd, noon]);
    expect(ids(await list(api, { to_date: '2026-11-22T12:00:00.000Z' }))).toEqual([noon, dayStart, dayBefore]);
    expect(ids(await list(api, { from_date: '2026-11-22T12:00:00Z', to_date: '2026-11-22T12:00:00Z' }))).toEqual([
      noon,
    ]);
    // 14:00 at +02:00 is noon UTC; the offset's `+` sent unencoded arrives as a space and still works.
    expect(
      ids(await list(api, { from_date: '2026-11-22T14:00:00+02:00', to_date: '2026-11-22T14:00:00+02:00' })),
    ).toEqual([noon]);
    const unencoded = await api.get(
      '/api/v1/emails?from_date=2026-11-22T14:00:00+02:00&to_date=2026-11-22T14:00:00+02:00',
    );
    expect(unencoded.body.data.map((email: Listed) => email.id)).toEqual([noon]);
    // Paging inside a range: totals count the range only.
    const second = await list(api, { from_date: '2026-11-22', limit: 2, page: 2 });
    expect(ids(second)).toEqual([noon, dayStart]);
    expect(second.pagination).toEqual({ page: 2, limit: 2, total_count: 4, total_pages: 2 });
    expect(await list(api, { from_date: '2026-11-22', limit: 2, page: 3 })).toMatchObject({
      data: [],
      pagination: { total_count: 4 },
    });
    expect(await list(api, { from_date: '2027-01-01' })).toMatchObject({ data: [], pagination: { total_count: 0 } });
  });

  it('filters by status, following status changes (bounce, delivery, failure) with their counts', async () => {
    const org = await createSender();
    const { domain } = org;
    const send = async (to: string) => {
      const response = await org.api.post('/api/v1/emails/send', {
        from: { email: `news@${domain}` },
        to: [{ email: to }],
        subject: 'Status',
        text: 'Hi',
        tracking: { opens: true },
      });
      expect(response.status, response.text).toBe(201);
      return response.body.data.message_id as string;
    };
    const bounced = await send('bounced@example.com');
    const delivered = await send('reader@example.com');
    const opened = await send('opened@example.com');
    const failed = (await seed(org.organization.id, new Date().toISOString())).id;
    await recordFailed(org.organization.id, failed, [newEvent('failed', { detail: 'test' })]);

    const byStatus = async (status: string) => list(org.api, { status });
    await eventually(async () => ((await byStatus('queued')).data.length === 0 ? true : undefined));
    await eventually(async () => ((await byStatus('opened')).data.length === 1 ? true : undefined));
    await untilEmailCounts(org.organization.id, {
      total: 4,
      queued: 0,
      bounced: 1,
      delivered: 1,
      opened: 1,
      failed: 1,
    });
    expect(ids(await byStatus('bounced'))).toEqual([bounced]);
    expect(ids(await byStatus('delivered'))).toEqual([delivered]);
    expect(ids(await byStatus('opened'))).toEqual([opened]);
    expect(ids(await byStatus('failed'))).toEqual([failed]);
    for (const status of ['bounced', 'delivered', 'opened', 'failed']) {
      expect((await byStatus(status)).pagination.total_count, status).toBe(1);
    }
    expect((await byStatus('queued')).pagination).toEqual({ page: 1, limit: 20, total_count: 0, total_pages: 0 });
    expect((await list(org.api)).pagination.total_count).toBe(4);
    // Status with a date range is counted through the status index.
    const today = new Date().toISOString().slice(0, 10);
    const ranged = await list(org.api, { status: 'bounced', from_date: today, to_date: today });
    expect(ids(ranged)).toEqual([bounced]);
    expect(ranged.pagination.total_count).toBe(1);
    expect(await list(org.api, { status: 'bounced', to_date: '2020-01-01' })).toMatchObject({
      data: [],
      pagination: { total_count: 0 },
    });
    // Delivered is left out of the status index (one write unit less per delivery), listed all the same.
    const deliveredItem = await db.send(
      new GetCommand({ TableName: tableName, Key: keys.email(org.organization.id, delivered), ConsistentRead: true }),
    );
    expect(deliveredItem.Item).not.toHaveProperty('GSI4PK');
    const openedItem = await db.send(
      new GetCommand({ TableName: tableName, Key: keys.email(org.organization.id, opened), ConsistentRead: true }),
    );
    expect(openedItem.Item?.GSI4PK).toMatch(/#STATUS#opened#/);
    const deliveredToday = await list(org.api, { status: 'delivered', from_date: today, to_date: today });
    expect(ids(deliveredToday)).toEqual([delivered]);
    expect(deliveredToday.pagination.total_count).toBe(1);
  });

  it('pages the delivered emails among others, newest first, with their totals', async () => {
    const { api, organization } = await createTestOrganization({ createdAt: HISTORIC });
    const statuses = ['delivered', 'bounced', 'delivered', 'queued', 'delivered', 'opened', 'delivered'];
    const seeded: Array<{ id: string; status: string }> = [];
    for (let i = 0; i < 35; i += 1) {
      const status = statuses[i % statuses.length] as string;
      const email = await seed(
        organization.id,
        new Date(Date.parse('2026-04-01T00:00:00.000Z') + i * 60_000).toISOString(),
      );
      if (status !== 'queued') {
        // As the event path stores a status: the item (its status keys) and the list's counts.
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: keys.email(organization.id, email.id),
            UpdateExpression:
              status === 'delivered' ? 'SET #status = :status REMOVE GSI4PK' : 'SET #status = :status, GSI4PK = :key',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':status': status,
              ...(status === 'delivered'
                ? {}
                : { ':key': keys.emailStatusEntry(organization.id, 'test', status, email.id).GSI4PK }),
            },
          }),
        );
      }
      seeded.push({ id: email.id, status });
    }
    const delivered = seeded
      .filter((email) => email.status === 'delivered')
      .map((email) => email.id)
      .reverse();
    expect(delivered).toHaveLength(20);
    await untilEmailCounts(organization.id, { total: 35, delivered: 20, bounced: 5 });
    const first = await list(api, { status: 'delivered', limit: 8 });
    const second = await list(api, { status: 'delivered', limit: 8, page: 2 });
    const third = await list(api, { status: 'delivered', limit: 8, page: 3 });
    expect([...ids(first), ...ids(second), ...ids(third)]).toEqual(delivered);
    expect(first.pagination).toEqual({ page: 1, limit: 8, total_count: 20, total_pages: 3 });
    const ranged = await list(api, { status: 'delivered', from_date: '2026-04-01T00:10:00Z', limit: 100 });
    expect(ids(ranged)).toEqual(delivered.filter((id) => seeded.findIndex((email) => email.id === id) >= 10));
    expect(ranged.pagination.total_count).toBe(ids(ranged).length);
    expect(ids(await list(api, { status: 'bounced' }))).toHaveLength(5);
  });

  it('filters by exact to address (normalised, to list only) and by exact tag', async () => {
    const { api, organization } = await createTestOrganization({ createdAt: HISTORIC });
    const org = organization.id;
    const janeOld = await seed(org, '2026-03-01T10:00:00.000Z', {
      to: [{ email: 'jane@example.com' }, { email: 'bob@example.com' }],
      tags: { campaign: 'launch' },
    });
    const janeNew = await seed(org, '2026-03-02T10:00:00.000Z', {
      to: [{ email: 'jane@example.com', name: 'Jane' }],
      tags: { campaign: 'Launch' },
    });
    await seed(org, '2026-03-03T10:00:00.000Z', {
      to: [{ email: 'bob@example.com' }],
      cc: [{ email: 'jane@example.com' }],
      bcc: [{ email: 'janet@example.com' }],
      tags: { campaign: 'launch', kind: 'receipt' },
    });
    await untilEmailCounts(org, { total: 3 });

    const jane = await list(api, { to: ' JANE@Example.com ' });
    expect(ids(jane)).toEqual([janeNew.id, janeOld.id]);
    expect(jane.pagination.total_count).toBe(2);
    expect(jane.data[0]?.to_addresses).toEqual(['jane@example.com']);
    expect((await list(api, { to: 'janet@example.com' })).pagination.total_count).toBe(0);
    expect((await list(api, { to: 'jan@example.com' })).data).toEqual([]);
    const page2 = await list(api, { to: 'jane@example.com', limit: 1, page: 2 });
    expect(ids(page2)).toEqual([janeOld.id]);
    expect(page2.pagination).toEqual({ page: 2, limit: 1, total_count: 2, total_pages: 2 });
    expect(await list(api, { to: 'jane@example.com', limit: 1, page: 3 })).toMatchObject({
      data: [],
      pagination: { total_count: 2 },
    });
    expect(ids(await list(api, { to: 'jane@example.com', from_date: '2026-03-02' }))).toEqual([janeNew.id]);

    // Tags are exact: name and value, case included.
    const launch = await list(api, { tag: 'campaign:launch' });
    expect(launch.data.map((email) => email.created_at)).toEqual([
      '2026-03-03T10:00:00.000Z',
      '2026-03-01T10:00:00.000Z',
    ]);
    expect(launch.pagination.total_count).toBe(2);
    expect(ids(await list(api, { tag: 'campaign:Launch' }))).toEqual([janeNew.id]);
    expect((await list(api, { tag: 'kind:receipt' })).pagination.total_count).toBe(1);
    expect((await list(api, { tag: 'campaign:launc' })).pagination.total_count).toBe(0);
    expect((await list(api, { tag: 'launch:campaign' })).pagination.total_count).toBe(0);
    expect(ids(await list(api, { tag: 'campaign:launch', to_date: '2026-03-02' }))).toEqual([janeOld.id]);
  });

  it('combines filters: to or tag with status, to with tag, each with dates', async () => {
    const { api, organization } = await createTestOrganization({ createdAt: HISTORIC });
    const org = organization.id;
    const a = await seed(org, '2026-05-01T00:00:00.000Z', { to: [{ email: 'x@example.com' }], tags: { t: '1' } });
    const b = await seed(org, '2026-05-02T00:00:00.000Z', { to: [{ email: 'x@example.com' }], tags: { t: '2' } });
    const c = await seed(org, '2026-05-03T00:00:00.000Z', { to: [{ email: 'x@example.com' }], tags: { t: '1' } });
    const d = await seed(org, '2026-05-04T00:00:00.000Z', { to: [{ email: 'y@example.com' }], tags: { t: '1' } });
    await recordFailed(org, b.id, [newEvent('failed')]);
    await recordFailed(org, d.id, [newEvent('failed')]);
    await untilEmailCounts(org, { total: 4, failed: 2 });

    const check = async (query: Record<string, string | number>, expected: EmailRecord[]) => {
      const body = await list(api, query);
      expect(ids(body), JSON.stringify(query)).toEqual(expected.map((email) => email.id));
      expect(body.pagination.total_count, JSON.stringify(query)).toBe(expected.length);
    };
    await check({ to: 'x@example.com', status: 'queued' }, [c, a]);
    await check({ to: 'x@example.com', status: 'failed' }, [b]);
    await check({ tag: 't:1', status: 'failed' }, [d]);
    await check({ tag: 't:1', status: 'queued' }, [c, a]);
    await check({ to: 'x@example.com', tag: 't:1' }, [c, a]);
    await check({ to: 'x@example.com', tag: 't:1', status: 'queued', from_date: '2026-05-02' }, [c]);
    await check({ to: 'y@example.com', tag: 't:2' }, []);
    await check({ status: 'failed', from_date: '2026-05-03' }, [d]);
    await check({ status: 'queued', to_date: '2026-05-02' }, [a]);
    // Paging applies after the filters, with their totals.
    const second = await list(api, { to: 'x@example.com', status: 'queued', limit: 1, page: 2 });
    expect(ids(second)).toEqual([a.id]);
    expect(second.pagination).toEqual({ page: 2, limit: 1, total_count: 2, total_pages: 2 });
  });

  it("lists the calling key's environment unless one is asked for, with separate counts", async () => {
    const { api, organization } = await createTestOrganization({ createdAt: HISTORIC });
    const org = organization.id;
    const live1 = await seed(org, '2026-06-01T00:00:00.000Z', { environment: 'live', tags: { k: 'v' } });
    const test1 = await seed(org, '2026-06-02T00:00:00.000Z', { environment: 'test', tags: { k: 'v' } });
    const live2 = await seed(org, '2026-06-03T00:00:00.000Z', { environment: 'live', tags: { k: 'v' } });
    await untilEmailCounts(org, { total: 1 });
    await untilEmailCounts(org, { total: 2 }, 'live');

    // The key is a test key: by default only test emails (docs/api.md), never the live ones.
    const byDefault = await list(api);
    expect(ids(byDefault)).toEqual([test1.id]);
    expect(byDefault.pagination.total_count).toBe(1);
    const live = await list(api, { environment: 'live' });
    expect(ids(live)).toEqual([live2.id, live1.id]);
    expect(live.data.every((email) => email.environment === 'live')).toBe(true);
    expect(live.pagination.total_count).toBe(2);
    expect(ids(await list(api, { environment: 'test' }))).toEqual([test1.id]);
    expect((await list(api, { environment: 'test', status: 'queued' })).pagination.total_count).toBe(1);
    expect(ids(await list(api, { environment: 'live', tag: 'k:v' }))).toEqual([live2.id, live1.id]);
    expect(ids(await list(api, { environment: 'test', to: 'someone@example.com' }))).toEqual([test1.id]);
    expect(ids(await list(api, { environment: 'live', from_date: '2026-06-02' }))).toEqual([live2.id]);
  });

  it("never lists another organization's emails, and counts each organization apart", async () => {
    const mine = await createTestOrganization({ createdAt: HISTORIC });
    const theirs = await createTestOrganization({ createdAt: HISTORIC });
    const fields = { to: [{ email: 'shared@example.com' }], tags: { campaign: 'shared' } };
    const own = await seed(mine.organization.id, '2026-07-01T00:00:00.000Z', fields);
    for (const day of ['02', '03']) await seed(theirs.organization.id, `2026-07-${day}T00:00:00.000Z`, fields);
    await recordFailed(
      theirs.organization.id,
      (await seed(theirs.organization.id, '2026-07-04T00:00:00.000Z', fields)).id,
      [newEvent('failed')],
    );
    await untilEmailCounts(mine.organization.id, { total: 1 });
    await untilEmailCounts(theirs.organization.id, { total: 3, failed: 1 });

    const queries: Record<string, string>[] = [
      {},
      { to: 'shared@example.com' },
      { tag: 'campaign:shared' },
      { status: 'queued' },
      { from_date: '2026-07-01' },
      { to: 'shared@example.com', status: 'queued' },
    ];
    for (const query of queries) {
      const body = await list(mine.api, query);
      expect(ids(body), JSON.stringify(query)).toEqual([own.id]);
      expect(body.pagination.total_count, JSON.stringify(query)).toBe(1);
    }
    expect((await list(mine.api, { status: 'failed' })).pagination.total_count).toBe(0);
    expect((await list(theirs.api)).pagination.total_count).toBe(3);
    expect((await list(theirs.api, { status: 'failed' })).pagination.total_count).toBe(1);
  });

  it('refuses invalid query values with one detail per problem', async () => {
    const { api } = await createTestOrganization({ createdAt: HISTORIC });
    const get = (query: string) => api.get(`/api/v1/emails?${query}`);
    expect(expectValidation(await get('status=sent'), 'status')).toMatch(/queued, delivered, bounced, failed, opened/);
    expect(expectValidation(await get('from_date=yesterday'), 'from_date')).toMatch(/ISO 8601/);
    expectValidation(await get('to_date=2026-02-30'), 'to_date');
    expectValidation(await get('from_date=2026-11-22T10:00:00'), 'from_date'); // no time zone
    expect(expectValidation(await get('from_date=2026-11-23&to_date=2026-11-22'), 'to_date')).toBe(
      'to_date must not be before from_date',
    );
    expectValidation(await get('to=nobody'), 'to');
    expectValidation(await get('to='), 'to');
    expect(expectValidation(await get('tag=campaign'), 'tag')).toBe('tag must be name:value');
    expectValidation(await get('tag=a.b:c'), 'tag');
    expectValidation(await get('tag=a:'), 'tag');
    expectValidation(await get('environment=prod'), 'environment');
    expectValidation(await get('page=0'), 'page');
    expectValidation(await get('limit=101'), 'limit');
    expectValidation(await get('limit=1.5'), 'limit');
    expect(expectValidation(await get('pages=2'), 'pages')).toBe('Unknown field');
    // Past the end of an empty list: 200 however deep (the window applies to pages that hold emails).
    expect((await get('page=101&limit=100')).body.data).toEqual([]);
    expect((await get('page=100&limit=100')).status).toBe(200);
    const many = expectError(await get('status=x&environment=y&tag=z'), 400, 'VALIDATION_ERROR');
    expect(many.details?.map((detail) => detail.field).sort()).toEqual(['environment', 'status', 'tag']);
  });

  it('refuses to post-filter more than 1,000 emails of one address, asking for a narrower range', async () => {
    const { api, organization } = await createTestOrganization({ createdAt: HISTORIC });
    // Pointers alone are enough: the limit is checked before any email is fetched.
    const pointers = Array.from({ length: MAX_FILTERED_CANDIDATES + 1 }, (_, i) => ({
      PutRequest: {
        Item: {
          ...keys.emailToPointer(
            organization.id,
            'test',
            'busy@example.com',
            `00000000-0000-7000-8000-${String(i).padStart(12, '0')}`,
            new Date(Date.parse('2026-01-01T00:00:00Z') + i * 1000).toISOString(),
          ),
          email_id: 'x',
        },
      },
    }));
    const chunks = Array.from({ length: Math.ceil(pointers.length / 25) }, (_, i) =>
      pointers.slice(i * 25, i * 25 + 25),
    );
    for (let i = 0; i < chunks.length; i += 40) {
      await Promise.all(
        chunks.slice(i, i + 40).map(async (chunk) => {
          let pending = chunk;
          while (pending.length > 0) {
            const out = await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
            pending = (out.UnprocessedItems?.[tableName] ?? []) as typeof chunk;
          }
        }),
      );
    }
    expect(expectValidation(await api.get('/api/v1/emails?to=busy@example.com&status=queued'), 'to')).toMatch(
      /narrow the date range/,
    );
    // A narrower range is fine.
    const narrow = await list(api, { to: 'busy@example.com', status: 'queued', to_date: '2026-01-01T00:10:00Z' });
    expect(narrow.pagination.total_count).toBe(0); // the pointed-to emails do not exist
    // Without the extra filter, the address's list pages and counts whatever its size.
    expect((await list(api, { to: 'busy@example.com', limit: 1 })).pagination.total_count).toBe(
      MAX_FILTERED_CANDIDATES + 1,
    );
  }, 60_000);

  it('refuses status=delivered when more than 1,000 emails of other statuses come before the page', async () => {
    const { api, organization } = await createTestOrganization({ createdAt: HISTORIC });
    const oldest = await seed(organization.id, '2026-02-01T00:00:00.000Z');
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.email(organization.id, oldest.id),
        UpdateExpression: 'SET #status = :delivered REMOVE GSI4PK',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':delivered': 'delivered' },
      }),
    );
    // 1,001 newer bounced emails, written as the event path leaves them (status and status key).
    const items = Array.from({ length: MAX_FILTERED_CANDIDATES + 1 }, (_, i) => {
      const createdAt = new Date(Date.parse('2026-02-02T00:00:00.000Z') + i * 1000).toISOString();
      const email = emailRecord(organization.id, { created_at: createdAt, updated_at: createdAt });
      return newEmailItems({ ...email, status: 'bounced' }).email;
    });
    for (let at = 0; at < items.length; at += 25) {
      let pending = items.slice(at, at + 25).map((Item) => ({ PutRequest: { Item } }));
      while (pending.length > 0) {
        const out = await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
        pending = (out.UnprocessedItems?.[tableName] ?? []) as typeof pending;
      }
    }
    expect(expectValidation(await api.get('/api/v1/emails?status=delivered'), 'status')).toMatch(
      /narrow the date range/,
    );
    // Narrowed to before the bounces, the delivered email is listed.
    expect(ids(await list(api, { status: 'delivered', to_date: '2026-02-01' }))).toEqual([oldest.id]);
  }, 60_000);
});
