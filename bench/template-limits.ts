/**
 * Template requests at the worst inputs the limits allow, and at inputs past them, through HTTP on a
 * fresh local stack: the time of each request (the slowest of `runs`, every route warmed up first) and
 * the peak memory of the process that runs the handlers (sampled every 5 ms, relative to before the
 * request). Target: every request ≤ 1 s, memory far below the function's 512 MB.
 *   npm run bench -- template-limits [runs]
 */
import { benchOrganization, startBenchCloud } from './support/local-cloud.ts';

const runs = Number(process.argv[2] ?? 3);
// Worst allowed: every part at its size limit with the most tags (1,000), comments (100, placed at the
// end, where Handlebars' lexer copies the most per comment) and nesting the checks allow, each render
// stopped at its output limit, a batch of 1,000 recipients.
const MAX_BODY = 262_144;
const TAGS = 1_000;
const COMMENTS = 100;

/** A part at its size limit: padding, then 100 comments and 900 `lookup` calls at the end. */
function worstPart(): string {
  const tail = `${'{{!-- c --}}'.repeat(COMMENTS)}${'{{lookup a b}}'.repeat(TAGS - COMMENTS)}`;
  return `${'p'.repeat(MAX_BODY - tail.length)}${tail}`;
}
const worstSubject = `${'{{a.b}}'.repeat(142)}!`; // 995 characters, 142 tags

const cloud = await startBenchCloud({ runConsumers: false, scheduleIntervalMs: 0 });
try {
  const { secret } = await benchOrganization('template limits bench', 'limits.test');

  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const call = async (method: string, path: string, body?: unknown) => {
    global.gc?.();
    const before = process.memoryUsage().rss;
    peak = before;
    const started = performance.now();
    const response = await fetch(`${cloud.apiUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    peak = Math.max(peak, process.memoryUsage().rss);
    return { status: response.status, text, ms, peakMb: (peak - before) / 1e6 };
  };

  const results: Array<{ request: string; status: number; worst_ms: number; peak_rss_mb: number; note: string }> = [];
  const measure = async (request: string, make: () => Promise<Awaited<ReturnType<typeof call>>>, note = '') => {
    let worst = { status: 0, ms: 0, peakMb: 0, text: '' };
    for (let run = 0; run < runs; run += 1) {
      const outcome = await make();
      if (outcome.ms >= worst.ms) worst = outcome;
      worst.peakMb = Math.max(worst.peakMb, outcome.peakMb);
    }
    const answer = note || worst.text.slice(0, 90);
    results.push({
      request,
      status: worst.status,
      worst_ms: Math.round(worst.ms),
      peak_rss_mb: Math.round(worst.peakMb),
      note: answer,
    });
  };

  // Every route once with a small input first: the measured requests are warm (a cold start's module
  // load is the bundle bench's subject).
  const warm = await call('POST', '/api/v1/templates', { name: 'warm', subject: 'Hi {{n}}', text: 'x {{n}}' });
  const warmId = JSON.parse(warm.text).data.id as string;
  await call('PUT', `/api/v1/templates/${warmId}`, { name: 'warm 2' });
  await call('POST', `/api/v1/templates/${warmId}/preview`, { data: { n: 1 } });
  const warmSend = { template_id: warmId, from: { email: 'hi@limits.test' } };
  await call('POST', '/api/v1/emails/send', { ...warmSend, to: [{ email: 'w@example.com' }], subject: 'Hi' });
  await call('POST', '/api/v1/emails/batch', {
    ...warmSend,
    recipients: [{ to: { email: 'w@example.com' }, data: {} }],
  });

  const part = worstPart();
  const worst = { name: 'worst', subject: worstSubject, html: part, text: part };
  let templateId = '';
  await measure(
    'POST /templates (worst allowed)',
    async () => {
      const outcome = await call('POST', '/api/v1/templates', worst);
      templateId = JSON.parse(outcome.text).data?.id ?? templateId;
      return outcome;
    },
    `${Math.round(JSON.stringify(worst).length / 1024)} KB body`,
  );
  await measure('PUT /templates/:id (worst allowed)', () =>
    call('PUT', `/api/v1/templates/${templateId}`, { html: part, text: part }),
  );
  // Every preview after a PUT compiles again (a new version): the PUT before each measured preview.
  const data = { a: { b: 'v'.repeat(1000), k: 'w'.repeat(1000) }, b: 'k' };
  await measure('POST /templates/:id/preview (compile + render to the limit)', async () => {
    await call('PUT', `/api/v1/templates/${templateId}`, { name: `worst ${Math.random()}` });
    return call('POST', `/api/v1/templates/${templateId}/preview`, { data });
  });
  const send = {
    from: { email: 'hi@limits.test' },
    to: [{ email: 'r@example.com' }],
    subject: worstSubject,
    template_id: templateId,
  };
  await measure('POST /emails/send (new version: compile + render to the limit)', async () => {
    await call('PUT', `/api/v1/templates/${templateId}`, { name: `worst ${Math.random()}` });
    return call('POST', '/api/v1/emails/send', { ...send, template_data: data });
  });
  const fitting = { a: { b: 'v', k: 'w'.repeat(10) }, b: 'k' };
  await measure('POST /emails/batch (1,000 × a render stopped at 256 KB)', () =>
    call('POST', '/api/v1/emails/batch', {
      template_id: templateId,
      from: { email: 'hi@limits.test' },
      recipients: Array.from({ length: 1000 }, (_, index) => ({ to: { email: `r${index}@example.com` }, data })),
    }),
  );
  await measure('POST /emails/batch (1,000 × 505 KB, stopped at 25 M characters)', () =>
    call('POST', '/api/v1/emails/batch', {
      template_id: templateId,
      from: { email: 'hi@limits.test' },
      recipients: Array.from({ length: 1000 }, (_, index) => ({
        to: { email: `s${index}@example.com` },
        data: fitting,
      })),
    }),
  );
  const small = await call('POST', '/api/v1/templates', {
    name: 'small',
    subject: 'Hi {{n}}',
    html: `<p>${'x'.repeat(24_000)} {{n}}</p>`,
  });
  const smallId = JSON.parse(small.text).data.id as string;
  await measure('POST /emails/batch (1,000 × 24 KB accepted: 24 M characters)', () =>
    call('POST', '/api/v1/emails/batch', {
      template_id: smallId,
      from: { email: 'hi@limits.test' },
      recipients: Array.from({ length: 1000 }, (_, index) => ({
        to: { email: `t${index}-${Math.random()}@example.com` },
        data: { n: index },
      })),
    }),
  );
  const refused: Array<[string, string]> = [
    ['20,000 comments', '{{!-- x --}}'.repeat(20_000)],
    ['3,000 else-if', `{{#if a}}x${'{{else if b}}y'.repeat(3_000)}{{/if}}`],
    ['5,000 else-if', `{{#if a}}x${'{{else if b}}y'.repeat(5_000)}{{/if}}`],
    ['{{ × 100,000', '{{'.repeat(100_000)],
    ['{{x}} × 50,000', '{{x}}'.repeat(50_000)],
  ];
  for (const [label, html] of refused) {
    await measure(`POST /templates refused: ${label}`, () =>
      call('POST', '/api/v1/templates', { name: 'x', subject: 's', html }),
    );
  }
  clearInterval(sampler);
  console.table(results);
  const slowest = Math.max(...results.map((result) => result.worst_ms));
  const heaviest = Math.max(...results.map((result) => result.peak_rss_mb));
  console.log(JSON.stringify({ runs, slowest_ms: slowest, peak_rss_mb: heaviest, target_ms: 1000 }));
} finally {
  await cloud.stop();
}
