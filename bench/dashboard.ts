/**
 * Time to first byte of the dashboard's email list (GET /dashboard/emails) on the local stack, for an
 * organization holding n emails: page 1, a status filter, a date filter and a deep page, each requested
 * `runs` times by a signed-in member over one keep-alive connection; with the DynamoDB requests of one
 * page view and the read units of the list service alone. The local gateway writes the headers once
 * the handler has returned, so TTFB (to node:http's 'response' event) is the page's server time.
 *   npm run bench -- dashboard [n=10000] [runs=50]
 */
import { Agent, request } from 'node:http';
import { benchOrganization, startBenchCloud } from './support/local-cloud.ts';
import { summarize } from './support/stats.ts';

const n = Number(process.argv[2] ?? 10_000);
const runs = Number(process.argv[3] ?? 50);
const BATCH = 1000;
const PASSWORD = 'dashboard bench password';

// Each page's access log line carries its own DynamoDB request count (its session read included): read
// it instead of printing it.
const pageLog: Array<{ route: string; status: number; dynamodb_requests: number }> = [];
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
  const text = chunk.toString();
  if (text.startsWith('{"level"') || text.includes('"service":')) {
    for (const line of text.split('\n')) {
      if (!line.includes('"message":"page"')) continue;
      const entry = JSON.parse(line) as { route: string; status: number; dynamodb_requests: number };
      pageLog.push({ route: entry.route, status: entry.status, dynamodb_requests: entry.dynamodb_requests });
    }
    return true;
  }
  return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
}) as typeof process.stdout.write;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  ttfbMs: number;
  totalMs: number;
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function send(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(new URL(path, base), { method, headers, agent }, (res) => {
      const ttfbMs = performance.now() - started;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          ttfbMs,
          totalMs: performance.now() - started,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const cookiesOf = (answer: Answer): string[] =>
  ((answer.headers['set-cookie'] as string[] | undefined) ?? []).map((cookie) => cookie.split(';')[0] ?? '');

// Back-to-back page views of one member would meet the per-member page limit (20/s): the bench
// measures the page, not the limiter (whose UpdateItem is still made and counted on every view).
const cloud = await startBenchCloud({
  runConsumers: false,
  scheduleIntervalMs: 0,
  logLevel: 'INFO',
  env: { DASHBOARD_RATE_LIMIT_PER_SECOND: '100000' },
});
try {
  const { createMember } = await import('#accounts/members.service.ts');
  const { withDynamoUsage, currentDynamoUsage } = await import('#dynamo/client.ts');
  const { listEmails } = await import('#emails/list.service.ts');
  const { emailsPageQuery } = await import('#dashboard/emails/emails.schemas.ts');

  const { organization, secret } = await benchOrganization('dashboard bench', 'dashboard-bench.test');
  const memberEmail = 'bench-member@example.com';
  await createMember(organization.id, memberEmail, PASSWORD);

  const api = async (path: string, payload: unknown) => {
    const answer = await send(
      cloud.apiUrl,
      'POST',
      path,
      { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      JSON.stringify(payload),
    );
    if (answer.status !== 201) throw new Error(`${path}: ${answer.status} ${answer.body.slice(0, 300)}`);
    return JSON.parse(answer.body).data;
  };

  // n emails through the real accept path, the batch API, consumers off: nothing is delivered, so every
  // email is `queued` (the status filter `queued` selects all n, the worst case of the status index).
  const began = performance.now();
  const template = await api('/api/v1/templates', {
    name: 'Receipt',
    subject: 'Receipt {{order_id}}',
    html: `<h1>Hi {{name}}</h1>${'<p>Thank you for your order. It ships soon.</p>'.repeat(10)}`,
    text: 'Hi {{name}}, order {{order_id}}.',
  });
  let written = 0;
  while (written < n) {
    const size = Math.min(BATCH, n - written);
    const result = await api('/api/v1/emails/batch', {
      template_id: template.id,
      from: { email: 'receipts@dashboard-bench.test', name: 'Bench' },
      tags: { campaign: `c${(written / BATCH) % 10}` },
      recipients: Array.from({ length: size }, (_, i) => ({
        to: { email: `r${written + i}@example.com` },
        data: { name: `N${written + i}`, order_id: written + i },
      })),
    });
    if (result.accepted !== size) throw new Error(`batch accepted ${result.accepted} of ${size}`);
    written += size;
  }
  process.stderr.write(`${n} emails accepted in ${Math.round(performance.now() - began)} ms\n`);

  // Sign in through the real form: its double-submit cookie and token, then the session cookie.
  const form = await send(cloud.apiUrl, 'GET', '/dashboard/sign-in');
  const token = /name="csrf_token" value="([^"]+)"/.exec(form.body)?.[1];
  if (!token) throw new Error('no sign-in token');
  const signedIn = await send(
    cloud.apiUrl,
    'POST',
    '/dashboard/sign-in',
    { 'content-type': 'application/x-www-form-urlencoded', cookie: cookiesOf(form).join('; ') },
    new URLSearchParams({ email: memberEmail, password: PASSWORD, csrf_token: token }).toString(),
  );
  const session = cookiesOf(signedIn).find((cookie) => cookie.startsWith('postbox_session='));
  if (signedIn.status !== 303 || !session) throw new Error(`sign-in failed: ${signedIn.status}`);

  const today = new Date().toISOString().slice(0, 10);
  const cases: Array<[string, Record<string, string>]> = [
    ['page 1', { environment: 'test' }],
    ['status=queued, page 1', { environment: 'test', status: 'queued' }],
    ['status=bounced (none)', { environment: 'test', status: 'bounced' }],
    ['from/to = today, page 1', { environment: 'test', from_date: today, to_date: today }],
    ['page 100', { environment: 'test', page: '100' }],
    ['status=queued, page 100', { environment: 'test', status: 'queued', page: '100' }],
  ];

  const rows: Array<Record<string, string | number>> = [];
  for (const [name, query] of cases) {
    const path = `/dashboard/emails?${new URLSearchParams(query)}`;
    const get = async () => {
      const answer = await send(cloud.apiUrl, 'GET', path, { cookie: session });
      if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.body.slice(0, 300)}`);
      return answer;
    };
    for (let i = 0; i < 5; i += 1) await get(); // warm-up
    const logged = pageLog.length;
    const ttfb: number[] = [];
    const total: number[] = [];
    let bytes = 0;
    let listed = 0;
    for (let i = 0; i < runs; i += 1) {
      const answer = await get();
      ttfb.push(answer.ttfbMs);
      total.push(answer.totalMs);
      bytes = Buffer.byteLength(answer.body);
      listed = (answer.body.match(/<tr>\n<td>/g) ?? []).length;
    }
    const requests = pageLog.slice(logged).filter((entry) => entry.route === 'GET /dashboard/emails');
    const perView = [...new Set(requests.map((entry) => entry.dynamodb_requests))];
    // The list service alone, in its own usage scope: its read units.
    const parsed = emailsPageQuery.parse(query);
    if (!parsed.ok) throw new Error(`invalid case ${name}`);
    const listCost = await withDynamoUsage(async () => {
      const result = await listEmails(organization.id, parsed.list, 'test');
      return { usage: { ...currentDynamoUsage() }, total: result.pagination.total_count };
    });
    const ttfbSummary = summarize(ttfb);
    const totalSummary = summarize(total);
    rows.push({
      case: name,
      rows: listed,
      total_count: listCost.total,
      ttfb_p50_ms: Math.round(ttfbSummary.p50 * 10) / 10,
      ttfb_p95_ms: Math.round(ttfbSummary.p95 * 10) / 10,
      full_p50_ms: Math.round(totalSummary.p50 * 10) / 10,
      kb: Math.round(bytes / 102.4) / 10,
      ddb_requests_per_view: perView.join('/'),
      list_read_units: Math.round((listCost.usage.capacityUnits ?? 0) * 10) / 10,
    });
  }

  const columns = Object.keys(rows[0] ?? {});
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => String(row[column]).length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
  process.stdout.write(
    [
      `GET /dashboard/emails — ${n} emails (test environment, all queued), ${runs} requests per case, keep-alive`,
      line(columns),
      line(widths.map((width) => '-'.repeat(width))),
      ...rows.map((row) => line(columns.map((column) => String(row[column])))),
      '',
      'ttfb: request sent → response headers; full: → last byte. ddb_requests_per_view: from the page access log',
      '(session GetItem included). list_read_units: the list service alone (RCU, eventually consistent reads).',
      '',
    ].join('\n'),
  );
} finally {
  agent.destroy();
  await cloud.stop();
}
