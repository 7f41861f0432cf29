/**
 * GET /inbound's filters, pages and totals on the local stack: `to` (any envelope recipient), `from`,
 * both, dates; `total_count` from the day counters for whole days and from the records for part-days,
 * moved by a delete; a page past the end; bad filters are 400.
 */
import { describe, expect, it } from 'vitest';
import { expectError } from '../support/http.ts';
import { receivingOrganization, sendRaw, sesReceipt, waitForInbound } from '../support/inbound.ts';
import { composedMessage } from '../support/raw-messages.ts';

const DAY_MS = 86_400_000;

/** A message SES received at `receivedAt` (a past day's, which SMTP cannot make), through the queue. */
async function receivedAt(receivedAt: string, from: string, to: string[]) {
  const raw = await composedMessage({ from, to, subject: 'Earlier', text: 'earlier', html: '<p>earlier</p>' });
  const receipt = await sesReceipt(raw, {
    from,
    to,
    receivedAt,
    idPrefix: 'past',
    verdicts: { spam: 'pass', virus: 'pass', spf: 'gray', dkim: 'gray', dmarc: 'gray' },
  });
  await receipt.deliver();
}

describe('GET /inbound', () => {
  it('filters by envelope recipient, sender, both and dates, pages newest first, and counts what it selects', async () => {
    const org = await receivingOrganization();
    const [sales, help] = [`sales@${org.domain}`, `help@${org.domain}`];
    const message = (from: string, to: string[], subject: string) =>
      composedMessage({ from, to, subject, text: subject, html: `<p>${subject}</p>` });
    await sendRaw(await message('ann@a.test', [sales], 'one'), 'ann@a.test', [sales]);
    await sendRaw(await message('bob@b.test', [help], 'two'), 'bob@b.test', [help]);
    await sendRaw(await message('ann@a.test', [help], 'three'), 'ann@a.test', [help, sales]);
    const twoDaysAgo = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - 2 * DAY_MS + 3_600_000).toISOString();
    await receivedAt(twoDaysAgo, 'old@c.test', [sales]);

    const all = await waitForInbound(org.api, 4);
    expect(all.pagination.total_count).toBe(4);
    const received = all.data.map((item) => item.received_at as string);
    expect([...received].sort().reverse()).toEqual(received);
    expect(all.data.at(-1)?.subject).toBe('Earlier');

    const count = async (query: string) => {
      const response = await org.api.get(`/api/v1/inbound?${query}`);
      expect(response.status, response.text).toBe(200);
      return {
        total: response.body.pagination.total_count as number,
        subjects: response.body.data.map((item: { subject: string }) => item.subject),
      };
    };
    const toSales = await count(`to=${sales}`);
    expect(toSales.total).toBe(3);
    expect(toSales.subjects.sort()).toEqual(['Earlier', 'one', 'three']);
    expect((await count('from=ann@a.test')).subjects.sort()).toEqual(['one', 'three']);
    expect(await count(`to=${help}&from=ann@a.test`)).toEqual({ total: 1, subjects: ['three'] });
    const day = twoDaysAgo.slice(0, 10);
    // A whole day: its counter.
    expect(await count(`from_date=${day}&to_date=${day}`)).toEqual({ total: 1, subjects: ['Earlier'] });
    // Part-days at both ends: read.
    expect((await count(`from_date=${twoDaysAgo}`)).total).toBe(4);
    expect((await count(`to_date=${new Date(Date.parse(twoDaysAgo) + 1000).toISOString()}`)).total).toBe(1);
    expect(await count(`from_date=${new Date(Date.now() + DAY_MS).toISOString().slice(0, 10)}`)).toEqual({
      total: 0,
      subjects: [],
    });

    const paged = await org.api.get('/api/v1/inbound?limit=3&page=2');
    expect(paged.body.pagination).toEqual({ page: 2, limit: 3, total_count: 4, total_pages: 2 });
    expect(paged.body.data.map((item: { subject: string }) => item.subject)).toEqual(['Earlier']);
    expect((await org.api.get('/api/v1/inbound?page=9')).body.data).toEqual([]);

    // A delete moves its day's count (the whole-day path) and its pointers.
    const earlier = all.data.at(-1)?.id;
    expect((await org.api.delete(`/api/v1/inbound/${earlier}`)).status).toBe(200);
    expect(await count(`from_date=${day}&to_date=${day}`)).toEqual({ total: 0, subjects: [] });
    expect((await count(`to=${sales}`)).total).toBe(2);
    expect((await count('')).total).toBe(3);
  });

  it('refuses bad filters with 400, and an id that cannot be ours with 404', async () => {
    const org = await receivingOrganization();
    expectError(await org.api.get('/api/v1/inbound?to=not-an-address'), 400, 'VALIDATION_ERROR');
    expectError(await org.api.get('/api/v1/inbound?from_date=yesterday'), 400, 'VALIDATION_ERROR');
    expectError(await org.api.get('/api/v1/inbound?from_date=2026-11-20&to_date=2026-11-10'), 400, 'VALIDATION_ERROR');
    expectError(await org.api.get('/api/v1/inbound?limit=101'), 400, 'VALIDATION_ERROR');
    expectError(await org.api.get('/api/v1/inbound?colour=red'), 400, 'VALIDATION_ERROR');
    expectError(await org.api.get('/api/v1/inbound/inb_nope'), 404, 'NOT_FOUND');
    expectError(await org.api.get('/api/v1/inbound/..%2Fetc'), 404, 'NOT_FOUND');
    expectError(await org.api.delete('/api/v1/inbound/inb_nope'), 404, 'NOT_FOUND');
  });
});
