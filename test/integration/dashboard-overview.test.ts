/**
 * The dashboard's Overview over HTTP on the local stack, as a signed-in member sees it: the page a
 * member lands on; a known mix of sends (through the outcome simulator's addresses) shown in its
 * totals, rates and data tables; a paused environment's banner; 90 days of hourly counters read by
 * day (90 rows) and 7 days by hour (168 rows); another organization's member sees none of it; an
 * unknown period is a 400 page.
 */
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '#accounts/accounts.service.ts';
import { emptyCounts, type MetricCounts } from '#deliverability/metric-counts.ts';
import { db, tableName } from '#dynamo/client.ts';
import { keys } from '#dynamo/keys.ts';
import { admin } from '../support/admin-cli.ts';
import { DashboardBrowser, dashboardMember, type PageResponse } from '../support/dashboard.ts';
import { verifiedDomainFor } from '../support/factories.ts';
import { acceptedId, client } from '../support/http.ts';
import { eventually } from '../support/ses-store.ts';

type Member = Awaited<ReturnType<typeof dashboardMember>>;

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

async function ok(page: Promise<PageResponse>): Promise<PageResponse> {
  const response = await page;
  expect(response.status, response.text.slice(0, 500)).toBe(200);
  return response;
}

/** The page's totals, by count name (`sent`, `bounced_hard`…). */
function totalsOf(page: PageResponse): Record<string, number> {
  const found = [...page.text.matchAll(/data-count="(\w+)"><dt>[^<]+<\/dt><dd>([\d,]+)<\/dd>/g)];
  return Object.fromEntries(found.map((match) => [match[1], Number((match[2] ?? '').replaceAll(',', ''))]));
}

/** The body rows of the chart `id`'s data table, each as its cells' text. */
function tableRows(page: PageResponse, id: 'sends-chart' | 'outcomes-chart'): string[][] {
  const details = new RegExp(`<details id="${id}-data">([\\s\\S]*?)</details>`).exec(page.text)?.[1] ?? '';
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(details)?.[1] ?? '';
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...(row[1] ?? '').matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) =>
      (cell[1] ?? '').replace(/<[^>]+>/g, ''),
    ),
  );
}

/** A column of a data table, summed (cells as `1,234`). */
const columnSum = (rows: string[][], column: number) =>
  rows.reduce((sum, row) => sum + Number((row[column] ?? '0').replaceAll(',', '')), 0);

const rateRow = (page: PageResponse, rate: 'bounce_rate' | 'complaint_rate') =>
  new RegExp(`<tr data-rate="${rate}">([\\s\\S]*?)</tr>`).exec(page.text)?.[1] ?? '';

/** The mix: 7 recipients in 7 emails of the test environment. */
const MIX = {
  ...emptyCounts(),
  sent: 7,
  delivered: 4, // a, b, complained, opened
  bounced: 3,
  bounced_hard: 2,
  bounced_soft: 1,
  complained: 1,
  opened: 1,
};

async function sendMix(member: Member, domain: string): Promise<void> {
  const tag = randomUUID().slice(0, 8);
  for (const local of ['a', 'b', 'bounced', 'bounced', 'soft-bounce', 'complained', 'opened']) {
    const sent = await member.api.post('/api/v1/emails/send', {
      from: { email: `hello@${domain}` },
      to: [{ email: `${local}+${tag}${randomUUID().slice(0, 4)}@example.com` }],
      subject: 'Overview mix',
      text: 'Hello',
      tracking: { opens: true },
    });
    acceptedId(sent);
  }
}

/** Stores counters as the metrics counter leaves them (shard 0), 25 to a batch. */
async function seedCounters(organizationId: string, environment: 'live' | 'test', buckets: Map<string, MetricCounts>) {
  const items = [...buckets].map(([bucket, counts]) => ({
    ...keys.metricCounter(organizationId, environment, bucket, 0),
    type: 'metric_counter',
    expires_at: Math.floor(Date.now() / 1000) + 86_400,
    ...counts,
  }));
  const batches = Array.from({ length: Math.ceil(items.length / 25) }, (_, index) =>
    items.slice(index * 25, index * 25 + 25),
  );
  const write = async (batch: Array<Record<string, unknown>>) => {
    let pending: Array<Record<string, unknown>> = batch.map((Item) => ({ PutRequest: { Item } }));
    while (pending.length > 0) {
      const result = await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
      pending = (result.UnprocessedItems?.[tableName] ?? []) as Array<Record<string, unknown>>;
    }
  };
  for (let index = 0; index < batches.length; index += 8) {
    await Promise.all(batches.slice(index, index + 8).map(write));
  }
}

describe('dashboard overview', () => {
  let member: Member;
  let other: Member;

  beforeAll(async () => {
    [member, other] = await Promise.all([dashboardMember(), dashboardMember()]);
    const domain = await verifiedDomainFor(member.api);
    await sendMix(member, domain);
    // The counters follow the table's stream: wait until every count of the mix has arrived.
    await eventually(async () => {
      const response = await member.api.get('/api/v1/metrics?granularity=hour&environment=test');
      const totals = response.body?.data?.totals as MetricCounts | undefined;
      return totals && (Object.keys(MIX) as Array<keyof MetricCounts>).every((name) => totals[name] >= MIX[name])
        ? true
        : undefined;
    }, 20_000);
  });

  it('is where a member lands: /dashboard and a sign-in without a `next` lead to it, first in the navigation', async () => {
    const home = await member.browser.get('/dashboard');
    expect(home.status).toBe(303);
    expect(home.location).toBe('/dashboard/overview');
    const signedOut = await new DashboardBrowser().get('/dashboard/overview?period=7d');
    expect(signedOut.status).toBe(303);
    expect(signedOut.location).toBe(`/dashboard/sign-in?next=${encodeURIComponent('/dashboard/overview?period=7d')}`);
    const page = await ok(member.browser.get('/dashboard/overview'));
    expect(page.text).toMatch(
      /<nav aria-label="Main"><ul><li><a href="\/dashboard\/overview" aria-current="page">Overview<\/a><\/li>/,
    );
  });

  it("shows the mix in the test environment's totals, rates and tables, exactly", async () => {
    const page = await ok(member.browser.get('/dashboard/overview?environment=test&period=24h'));
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const { bounced: _bounced, ...shown } = MIX;
    expect(totalsOf(page)).toEqual(shown);
    // 3 of 7 bounced, 1 of 7 complained: over the default guard's 4% and 0.08% and SES's 5% and 0.1%.
    expect(rateRow(page, 'bounce_rate')).toContain('<strong>42.86%</strong> <span class="muted">(3 of 7 sent)</span>');
    expect(rateRow(page, 'bounce_rate')).toContain('Over the guard&#39;s threshold and SES&#39;s review level');
    expect(rateRow(page, 'bounce_rate')).toContain('<td class="num">4%</td><td class="num">5%</td>');
    expect(rateRow(page, 'complaint_rate')).toContain(
      '<strong>14.29%</strong> <span class="muted">(1 of 7 sent)</span>',
    );
    expect(rateRow(page, 'complaint_rate')).toContain('<td class="num">0.08%</td><td class="num">0.1%</td>');
    // The guard is off for test keys by default (rates past its thresholds pause nothing): said so.
    expect(page.text).toContain('id="sending-guard" data-status="off"');
    expect(page.text).toContain('--env test --on</code>');
    expect(page.text).not.toContain('role="alert"');

    // Two charts, each an image with a title and description, and a table of every hour behind it.
    expect(
      page.text.match(
        /<svg class="chart" [^>]*role="img" aria-labelledby="(sends|outcomes)-chart-title \1-chart-desc"/g,
      ),
    ).toHaveLength(2);
    expect(page.text).toMatch(
      /<p class="summary" id="sends-chart-summary">7 sent over the last 24 hours, peak [1-7] in the hour from \d{4}-\d{2}-\d{2} \d{2}:00 UTC\.<\/p>/,
    );
    const sends = tableRows(page, 'sends-chart');
    expect(sends).toHaveLength(24);
    expect(columnSum(sends, 1)).toBe(7);
    const outcomes = tableRows(page, 'outcomes-chart');
    expect(outcomes).toHaveLength(24);
    expect(outcomes[0]).toHaveLength(5); // the hour, delivered, bounced, complained, opened
    expect([1, 2, 3, 4].map((column) => columnSum(outcomes, column))).toEqual([4, 3, 1, 1]);

    // The live environment sent nothing; the default period is 30 days by day.
    const live = await ok(member.browser.get('/dashboard/overview?environment=live'));
    expect(totalsOf(live).sent).toBe(0);
    expect(live.text).toContain('Nothing sent over the last 30 days.');
    expect(tableRows(live, 'sends-chart')).toHaveLength(30);
    const monthOfTest = await ok(member.browser.get('/dashboard/overview?environment=test'));
    expect(totalsOf(monthOfTest).sent).toBe(7);
  });

  it('opens on the environment of the most recent email unless the address names one, and says which', async () => {
    const newcomer = await dashboardMember();
    const shown = async (path: string) => {
      const page = await ok(newcomer.browser.get(path));
      const lead =
        /<p class="lead" id="overview-shown" data-environment="(\w+)" data-choice="([\w-]+)">([\s\S]*?)<\/p>/.exec(
          page.text,
        );
      const selected = /<select id="overview-environment"[\s\S]*?<option value="(\w+)" selected>/.exec(page.text)?.[1];
      return { environment: lead?.[1], choice: lead?.[2], text: lead?.[3] ?? '', selected, sent: totalsOf(page).sent };
    };

    // Nothing sent yet: live, and the page says why.
    expect(await shown('/dashboard/overview')).toMatchObject({
      environment: 'live',
      choice: 'default',
      selected: 'live',
    });
    expect((await shown('/dashboard/overview')).text).toContain('Shown: Live, as no email has been sent yet');

    // A newcomer's first email, with the test key: the page opens on test and shows it.
    const domain = await verifiedDomainFor(newcomer.api);
    const first = {
      from: { email: `hello@${domain}` },
      to: [{ email: 'a@example.com' }],
      subject: 'First',
      text: 'Hi',
    };
    acceptedId(await newcomer.api.post('/api/v1/emails/send', first));
    await eventually(async () => {
      const metrics = await newcomer.api.get('/api/v1/metrics?granularity=hour&environment=test');
      return metrics.body?.data?.totals?.sent === 1 ? true : undefined;
    }, 20_000);
    const opened = await shown('/dashboard/overview?period=24h');
    expect(opened).toMatchObject({ environment: 'test', choice: 'latest-email', selected: 'test', sent: 1 });
    expect(opened.text).toContain('<strong>test</strong> emails');
    expect(opened.text).toContain('Shown: Test, the environment of the most recent email');
    // An explicit choice wins, and needs no explaining.
    const named = await shown('/dashboard/overview?period=24h&environment=live');
    expect(named).toMatchObject({ environment: 'live', choice: 'chosen', selected: 'live', sent: 0 });
    expect(named.text).not.toContain('Shown:');

    // Then a live email: the most recent is live now.
    const { secret: liveKey } = await createApiKey({
      organizationId: newcomer.organization.id,
      name: 'live key',
      environment: 'live',
    });
    acceptedId(await client(liveKey).post('/api/v1/emails/send', { ...first, subject: 'Live' }));
    expect(await shown('/dashboard/overview?period=24h')).toMatchObject({
      environment: 'live',
      choice: 'latest-email',
    });
    expect(await shown('/dashboard/overview?period=24h&environment=test')).toMatchObject({
      environment: 'test',
      choice: 'chosen',
      sent: 1,
    });
  });

  it("never shows another organization's numbers", async () => {
    const page = await ok(other.browser.get('/dashboard/overview?environment=test&period=24h'));
    expect(Object.values(totalsOf(page)).every((value) => value === 0)).toBe(true);
    expect(columnSum(tableRows(page, 'sends-chart'), 1)).toBe(0);
    expect(page.text).toContain(other.organization.id);
    expect(page.text).not.toContain(member.organization.id);
  });

  it('puts a banner on the page when the sending guard pauses an environment, and only for that organization', async () => {
    const paused = await dashboardMember();
    const domain = await verifiedDomainFor(paused.api);
    // 75%: one bounce of two sent (50%) does not trip it, so the pause is judged with both counted.
    await admin(
      'set-sending-guard',
      ...['--org', paused.organization.id, '--env', 'test', '--on', '--bounce-rate', '0.75', '--min-volume', '2'],
    );
    const tag = randomUUID().slice(0, 8);
    for (const index of [1, 2]) {
      acceptedId(
        await paused.api.post('/api/v1/emails/send', {
          from: { email: `hello@${domain}` },
          to: [{ email: `bounced+${tag}${index}@example.com` }],
          subject: 'Bounce',
          text: 'Hello',
        }),
      );
    }
    await eventually(async () => {
      const sending = await paused.api.get('/api/v1/settings/sending');
      return sending.body?.data?.status === 'paused' ? true : undefined;
    }, 20_000);

    const page = await ok(paused.browser.get('/dashboard/overview?environment=test&period=24h'));
    const main = page.text.slice(page.text.indexOf('<main id="main">'));
    const banner = /<div class="notice error paused" role="alert" data-paused="test">([\s\S]*?)<\/div>/.exec(main)?.[1];
    expect(banner).toBeDefined();
    expect(main.indexOf('role="alert"')).toBeLessThan(main.indexOf('<h1>'));
    expect(banner).toContain('Sending from the Test environment is paused');
    expect(banner).toMatch(/since <time datetime="\d{4}-\d{2}-\d{2}T[\d:.]+Z">/);
    expect(banner).toContain('Why: bounce rate 100% ≥ 75% over the last 24 hours (2 sent).');
    expect(banner).toContain(`<code>npm run admin -- resume-sending --org ${paused.organization.id} --env test</code>`);
    expect(page.text).toContain('id="sending-guard" data-status="paused"');
    expect(rateRow(page, 'bounce_rate')).toContain('<td class="num">75%</td><td class="num">5%</td>');
    // The live environment is not paused, but its page shows the test environment's banner.
    const live = await ok(paused.browser.get('/dashboard/overview?environment=live'));
    expect(live.text).toContain('data-paused="test"');
    expect(live.text).toContain('id="sending-guard" data-status="active"');
    // Other organizations see no banner.
    const others = await ok(member.browser.get('/dashboard/overview?environment=test&period=24h'));
    expect(others.text).not.toContain('role="alert"');
  });

  it('reads 90 days of hourly counters by day (90 rows) and 7 days by hour (168 rows)', async () => {
    const heavy = await dashboardMember();
    const now = Date.now();
    const day = Math.floor(now / DAY_MS) * DAY_MS;
    const buckets = new Map<string, MetricCounts>();
    // Every hour of the last 90 UTC days and of tomorrow (2 sent, 2 delivered each: a day's counts are its
    // hours', 48), so a new hour or day starting during the test keeps the totals.
    for (let index = -89 * 24; index < 2 * 24; index += 1) {
      buckets.set(`H#${new Date(day + index * HOUR_MS).toISOString().slice(0, 13)}`, {
        ...emptyCounts(),
        sent: 2,
        delivered: 2,
      });
    }
    await seedCounters(heavy.organization.id, 'live', buckets);

    const quarter = await ok(heavy.browser.get('/dashboard/overview?environment=live&period=90d'));
    expect(totalsOf(quarter)).toMatchObject({ sent: 90 * 48, delivered: 90 * 48, bounced_hard: 0 });
    const days = tableRows(quarter, 'sends-chart');
    expect(days).toHaveLength(90);
    expect(days.every((row) => row[1] === '48')).toBe(true);
    expect(quarter.text).toContain('4,320 sent over the last 90 days, peak 48 on');
    // One path per series, however many buckets: the sends' bars, the four outcomes' lines.
    const pathsPerChart = [...quarter.text.matchAll(/<svg class="chart"[\s\S]*?<\/svg>/g)].map(
      (chart) => chart[0].match(/<path /g)?.length,
    );
    expect(pathsPerChart).toEqual([1, 4]);

    const week = await ok(heavy.browser.get('/dashboard/overview?environment=live&period=7d'));
    expect(totalsOf(week)).toMatchObject({ sent: 168 * 2, delivered: 168 * 2 });
    const hours = tableRows(week, 'outcomes-chart');
    expect(hours).toHaveLength(168);
    expect(hours.every((row) => row[1] === '2')).toBe(true);
  });

  it('answers an unknown period or environment with the form and the problem (400)', async () => {
    const page = await member.browser.get('/dashboard/overview?period=1y&environment=test');
    expect(page.status).toBe(400);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.text).toContain('period must be one of 24h, 7d, 30d, 90d');
    expect(page.text).toContain('<select id="overview-period" name="period" aria-invalid="true"');
    expect(page.text).not.toContain('<svg class="chart"');
    const environment = await member.browser.get('/dashboard/overview?environment=%3Cstaging%3E');
    expect(environment.status).toBe(400);
    expect(environment.text).toContain('environment must be live or test');
    expect(environment.text).not.toContain('<staging>');
  });
});
