/**
 * GET /metrics on the local stack: a known mix of sends (through the outcome simulator's addresses)
 * counted exactly, per day and per hour, per environment; SES's repeated notifications counted once;
 * the query's validation; another organization sees none of it.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { simulateOutcomes } from '#emails/delivery/outcome-simulator.service.ts';
import { getEmailWithEvents } from '#emails/email.store.ts';
import { admin } from '../support/admin-cli.ts';
import { createSender } from '../support/factories.ts';
import { acceptedId, expectError } from '../support/http.ts';
import { eventually } from '../support/ses-store.ts';

type Sender = Awaited<ReturnType<typeof createSender>>;

const ZERO = {
  sent: 0,
  delivered: 0,
  bounced: 0,
  bounced_hard: 0,
  bounced_soft: 0,
  complained: 0,
  opened: 0,
  clicked: 0,
  failed: 0,
  unsubscribed: 0,
};

/** The metrics once `check` holds of them (the counters follow the table's stream). */
async function metricsWhen(org: Sender, query: string, check: (data: { totals: typeof ZERO }) => boolean) {
  return eventually(async () => {
    const response = await org.api.get(`/api/v1/metrics${query}`);
    expect(response.status, response.text).toBe(200);
    return check(response.body.data) ? response.body.data : undefined;
  }, 20_000);
}

/** Sends the mix: 10 recipients in 9 emails; returns the ids. */
async function sendMix(org: Sender) {
  const tag = randomUUID().slice(0, 8);
  const to = (...addresses: string[]) => addresses.map((email) => ({ email }));
  const sends = [
    to(`a+${tag}@example.com`),
    to(`b+${tag}@example.com`),
    to(`c+${tag}@example.com`),
    to(`bounced+${tag}1@example.com`),
    to(`bounced+${tag}2@example.com`),
    to(`soft-bounce+${tag}@example.com`),
    to(`complained+${tag}@example.com`),
    to(`opened+${tag}1@example.com`),
  ];
  const ids = [];
  // Opens happen only where tracked (tracking is off by default).
  const tracking = { opens: true };
  for (const recipients of sends) ids.push(acceptedId(await org.send({ to: recipients, tracking })));
  ids.push(
    acceptedId(await org.send({ to: to(`opened+${tag}2@example.com`), cc: to(`d+${tag}@example.com`), tracking })),
  );
  return ids;
}

describe('GET /metrics', () => {
  it('counts a known mix exactly, by day and by hour, and repeated notifications once', async () => {
    const org = await createSender();
    const ids = await sendMix(org);
    const expected = {
      ...ZERO,
      sent: 10,
      delivered: 7, // a, b, c, complained, opened ×2, d
      bounced: 3,
      bounced_hard: 2,
      bounced_soft: 1,
      complained: 1,
      opened: 2,
    };
    // Waits for every count to arrive, then compares exactly (a count over the mix would fail below).
    const arrived = (totals: typeof ZERO) =>
      (Object.keys(expected) as Array<keyof typeof ZERO>).every((name) => totals[name] >= expected[name]);
    const byDay = await metricsWhen(org, '', (data) => arrived(data.totals));
    expect(byDay.totals).toEqual(expected);
    expect(byDay.rates).toEqual({ bounce_rate: 0.3, complaint_rate: 0.1 });
    expect(byDay).toMatchObject({ environment: 'test', granularity: 'day' });
    expect(byDay.series).toHaveLength(30);
    // The buckets end now and add up to the totals (read back from their own counters).
    const sum = (series: Array<typeof ZERO>) =>
      Object.fromEntries(
        Object.keys(ZERO).map((name) => [
          name,
          series.reduce((total, bucket) => total + bucket[name as keyof typeof ZERO], 0),
        ]),
      );
    expect(sum(byDay.series)).toEqual(expected);
    expect(Date.parse(byDay.to) - Date.parse(byDay.series.at(-1).start)).toBe(86_400_000);
    expect(Date.parse(byDay.to)).toBeGreaterThan(Date.now() - 60_000);

    const byHour = (await org.api.get('/api/v1/metrics?granularity=hour')).body.data;
    expect(byHour.series).toHaveLength(24);
    expect(byHour.totals).toEqual(expected);
    expect(sum(byHour.series)).toEqual(expected);
    expect(Date.parse(byHour.to) - Date.parse(byHour.series.at(-1).start)).toBe(3_600_000);

    // The operator's view across organizations: this one among the test environment's senders.
    const top = await admin('top-senders', '--env', 'test', '--by', 'bounce_rate', '--limit', '100000');
    expect(top.organizations).toContainEqual({
      organization_id: org.organization.id,
      sent: 10,
      bounced: 3,
      complained: 1,
      bounce_rate: 0.3,
      complaint_rate: 0.1,
    });
    const rates = top.organizations.map((row: { bounce_rate: number }) => row.bounce_rate);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));

    // SES repeats its notifications: the stored events are not written again, so nothing is recounted.
    for (const id of ids.slice(3)) {
      const found = await getEmailWithEvents(org.organization.id, id);
      const email = found?.email;
      if (!email?.ses_message_id || !email.sent_at) throw new Error('email not sent');
      await simulateOutcomes(email, email.ses_message_id, Date.parse(email.sent_at));
    }
    // One more email, counted after the repeats were read from the stream.
    acceptedId(await org.send({ to: [{ email: `marker-${randomUUID().slice(0, 8)}@example.com` }] }));
    const after = await metricsWhen(org, '', (data) => data.totals.delivered === 8);
    expect(after.totals).toEqual({ ...expected, sent: 11, delivered: 8 });

    // The live environment of the same organization has nothing.
    const live = (await org.api.get('/api/v1/metrics?environment=live')).body.data;
    expect(live.totals).toEqual(ZERO);
  });

  it('keeps organizations apart', async () => {
    const org = await createSender();
    const other = await createSender();
    acceptedId(await org.send());
    await metricsWhen(org, '', (data) => data.totals.delivered === 1);
    expect((await other.api.get('/api/v1/metrics')).body.data.totals).toEqual(ZERO);
  });

  it('validates the range and the granularity', async () => {
    const org = await createSender();
    const problem = async (query: string) =>
      expectError(await org.api.get(`/api/v1/metrics${query}`), 400, 'VALIDATION_ERROR').details?.[0]?.field;
    expect(await problem('?granularity=week')).toBe('granularity');
    expect(await problem('?from_date=yesterday')).toBe('from_date');
    expect(await problem('?from_date=2026-01-01&to_date=2026-06-01')).toBe('from_date');
    expect(await problem('?granularity=hour&from_date=2026-11-01&to_date=2026-11-09')).toBe('from_date');
    expect(await problem('?from_date=2026-11-10&to_date=2026-11-09')).toBe('to_date');
    // from_date alone, after now: not an empty range starting then.
    expect(await problem('?from_date=2100-01-01')).toBe('from_date');
    expect(await problem(`?granularity=hour&from_date=${new Date(Date.now() + 7_200_000).toISOString()}`)).toBe(
      'from_date',
    );
    expect(await problem('?environment=staging')).toBe('environment');
    const ninety = await org.api.get('/api/v1/metrics?from_date=2026-08-28&to_date=2026-11-25');
    expect(ninety.status, ninety.text).toBe(200);
    expect(ninety.body.data.series).toHaveLength(90);
    const week = await org.api.get(
      '/api/v1/metrics?granularity=hour&from_date=2026-11-18T00:00Z&to_date=2026-11-24T23:59Z',
    );
    expect(week.body.data.series).toHaveLength(168);
  });
});
