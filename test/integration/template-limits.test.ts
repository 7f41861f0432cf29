/**
 * What a template may make Postbox do, bounded before the work (shared/templates/template-source-check.ts,
 * template-engine.ts): sources with too many comments, tags or else-if links are refused at once
 * with their position; a render stops as soon as a part passes its limit; a rendered subject obeys
 * the rules of an inline one; an email that renders empty is refused; encoded words cannot smuggle
 * what the display-name and subject rules refuse. Through HTTP on the local stack.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSender, createTestOrganization } from '../support/factories.ts';
import { expectError } from '../support/http.ts';

type Api = Awaited<ReturnType<typeof createTestOrganization>>['api'];

async function template(api: Api, body: Record<string, unknown>) {
  const response = await api.post('/api/v1/templates', { name: 'T', subject: 'S', ...body });
  expect(response.status, response.text).toBe(201);
  return response.body.data.id as string;
}

/** An answer within `ms`, as measured here (the work is bounded, so this is far from the limit). */
async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

describe('template sources beyond the limits', () => {
  it('are refused at once with the position, never an internal message', async () => {
    const { api } = await createTestOrganization();
    const cases: Array<[string, string, RegExp]> = [
      ['20,000 comments', '{{!-- x --}}'.repeat(20_000), /line 1, column 1201: more than 100 comments$/],
      ['100,000 unclosed {{', '{{'.repeat(100_000), /line 1, column 1: a \{\{ is never closed with \}\}$/],
      [
        '3,000 else-if links',
        `{{#if a}}x${'{{else if b}}y'.repeat(3_000)}{{/if}}`,
        /nested more than 100 levels deep$/,
      ],
      [
        '5,000 else-if links',
        `{{#if a}}x${'{{else if b}}y'.repeat(5_000)}{{/if}}`,
        /nested more than 100 levels deep$/,
      ],
      ['1,001 tags', `{{x}}\n${'{{x}}'.repeat(1_000)}`, /line 2, column 4996: more than 1000 tags/],
    ];
    for (const [label, html, message] of cases) {
      const { result, ms } = await timed(() => api.post('/api/v1/templates', { name: 'T', subject: 'S', html }));
      expectError(result, 400, 'VALIDATION_ERROR');
      expect(result.body.error.details, label).toEqual([
        { field: 'html', message: expect.stringMatching(/^Template does not compile at line \d+, column \d+: /) },
      ]);
      expect(result.body.error.details[0].message, label).toMatch(message);
      expect(result.text, label).not.toMatch(/call stack|Maximum|Parse error/);
      expect(ms, label).toBeLessThan(5_000);
    }
  });

  it('at the limits are accepted', async () => {
    const { api } = await createTestOrganization();
    await template(api, {
      html: `${'{{!-- x --}}'.repeat(100)}${'{{x}}'.repeat(900)}`,
      text: `{{#if a}}x${'{{else if b}}y'.repeat(99)}{{/if}}`,
    });
  });
});

describe('a render past its limits', () => {
  it('stops the preview at the body limit, with a warning instead of 300 MB', async () => {
    const { api } = await createTestOrganization();
    const id = await template(api, { html: '{{x}}'.repeat(1_000) });
    const { result, ms } = await timed(() =>
      api.post(`/api/v1/templates/${id}/preview`, { data: { x: 'y'.repeat(100_000) } }),
    );
    expect(result.status, result.text).toBe(200);
    expect(result.body.data).toMatchObject({ subject: '', html: null, text: null });
    expect(result.body.data.warnings).toEqual([
      {
        variable: '',
        message: 'Must be at most 262144 bytes (256 KB) in UTF-8 (the html as rendered with this template_data)',
      },
    ]);
    expect(result.text.length).toBeLessThan(10_000);
    expect(ms).toBeLessThan(5_000);
  });

  it('refuses a send whose rendered body passes 256 KB, naming the part', async () => {
    const { api, domain } = await createSender();
    const id = await template(api, { html: '<p>ok</p>', text: '{{#each list}}{{../x}}{{/each}}' });
    const response = await api.post('/api/v1/emails/send', {
      from: { email: `a@${domain}` },
      to: [{ email: 'r@example.com' }],
      subject: 'S',
      template_id: id,
      template_data: { x: 'z'.repeat(3_000), list: Array.from({ length: 100 }, () => 1) },
    });
    expectError(response, 400, 'VALIDATION_ERROR');
    expect(response.body.error.details).toEqual([
      {
        field: 'text',
        message: 'Must be at most 262144 bytes (256 KB) in UTF-8 (the text as rendered with this template_data)',
      },
    ]);
  });

  it('rejects the batch entries whose render passes a limit, and answers 413 for a batch too large in all', async () => {
    const { api, domain } = await createSender();
    const id = await template(api, { html: '{{x}}'.repeat(1_000) });
    const big = { to: { email: 'big@example.com' }, data: { x: 'y'.repeat(40_000) } };
    const { result, ms } = await timed(() =>
      api.post('/api/v1/emails/batch', {
        template_id: id,
        from: { email: `a@${domain}` },
        recipients: [
          { to: { email: 'small@example.com' }, data: { x: 's' } },
          ...Array.from({ length: 20 }, () => big),
        ],
      }),
    );
    expect(result.status, result.text).toBe(201);
    expect(result.body.data.accepted).toBe(1);
    expect(result.body.data.rejected[0]).toEqual({
      index: 1,
      error:
        'The rendered email cannot be sent: html Must be at most 262144 bytes (256 KB) in UTF-8 (the html as rendered with this template_data)',
    });
    expect(ms).toBeLessThan(5_000);

    // 1,000 emails of 30,000 characters each (a 3 MB body) pass the 25 million characters a batch may render.
    const wide = await template(api, { html: '{{x}}'.repeat(10) });
    const recipients = Array.from({ length: 1_000 }, (_, index) => ({
      to: { email: `w${index}@example.com` },
      data: { x: 'w'.repeat(3_000) },
    }));
    const tooLarge = await api.post('/api/v1/emails/batch', {
      template_id: wide,
      from: { email: `a@${domain}` },
      recipients,
    });
    expect(expectError(tooLarge, 413, 'PAYLOAD_TOO_LARGE').message).toBe(
      'The batch renders more than 25 million characters of content: send it in smaller batches',
    );
    expect((await api.get('/api/v1/emails')).body.pagination.total_count).toBe(1);
  });
});

describe('a rendered subject', () => {
  it('obeys the rules of an inline one: length, line breaks, controls, bidi overrides, encoded words', async () => {
    const { api, domain } = await createSender();
    const id = await template(api, { text: 'Hello' });
    const send = (subject: string, data: Record<string, unknown>) =>
      api.post('/api/v1/emails/send', {
        from: { email: `a@${domain}` },
        to: [{ email: 'r@example.com' }],
        subject,
        template_id: id,
        template_data: data,
      });
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['{{x}}'.repeat(199), { x: 'x'.repeat(1_800) }, 'Must be at most 998 characters'],
      ['{{x}}', { x: 'x'.repeat(999) }, 'Must be at most 998 characters'],
      ['Hi {{x}}', { x: 'a\r\nBcc: evil@example.com' }, 'Must not contain line breaks (CR or LF)'],
      ['Hi {{x}}', { x: 'a\u0000b' }, 'Must not contain control characters'],
      ['Hi {{x}}', { x: '\u202Efdp.exe' }, 'Must not contain bidirectional control characters'],
      ['Hi {{x}}', { x: '=?utf-8?B?4oCuZmRwLmV4ZQ==?=' }, 'Must not contain an RFC 2047 encoded word'],
      ['{{x}}', {}, 'Must not be empty'],
    ];
    for (const [subject, data, message] of cases) {
      const response = await send(subject, data);
      expectError(response, 400, 'VALIDATION_ERROR');
      expect(response.body.error.details, subject).toEqual([
        { field: 'subject', message: expect.stringContaining(message) },
      ]);
      expect(response.body.error.details[0].message).toMatch(/\(the subject as rendered with this template_data\)$/);
    }
    // Nothing was stored by the refused sends; a good one still goes.
    expect((await api.get('/api/v1/emails')).body.pagination.total_count).toBe(0);
    expect((await send('Hi {{x}}', { x: 'Ann' })).status).toBe(201);
  });

  it('rejects the batch entry, not the batch', async () => {
    const { api, domain } = await createSender();
    const id = await template(api, { text: 'Hello' });
    const response = await api.post('/api/v1/emails/batch', {
      template_id: id,
      from: { email: `a@${domain}` },
      subject: 'Hi {{x}}',
      recipients: [
        { to: { email: 'a@example.com' }, data: { x: 'Ann' } },
        { to: { email: 'b@example.com' }, data: { x: 'y'.repeat(1_000) } },
      ],
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body.data).toMatchObject({ accepted: 1, rejected: [{ index: 1 }] });
    expect(response.body.data.rejected[0].error).toBe(
      'The rendered email cannot be sent: subject Must be at most 998 characters (the subject as rendered with this template_data)',
    );
  });
});

describe('a template that renders an empty email', () => {
  it('is refused at accept time (a rejected entry in a batch); a single empty part is left out', async () => {
    const { api, domain } = await createSender();
    const tag = randomUUID().slice(0, 8);
    const id = await template(api, { subject: `S ${tag}`, html: '{{name}}', text: '{{note}}' });
    const base = {
      from: { email: `a@${domain}` },
      to: [{ email: 'r@example.com' }],
      subject: `S ${tag}`,
      template_id: id,
    };
    const empty = await api.post('/api/v1/emails/send', base);
    expectError(empty, 400, 'VALIDATION_ERROR');
    expect(empty.body.error.details).toEqual([
      {
        field: 'html',
        message: 'The template renders an empty email with this template_data: html and text are both empty',
      },
    ]);
    const batch = await api.post('/api/v1/emails/batch', {
      template_id: id,
      from: { email: `a@${domain}` },
      recipients: [
        { to: { email: 'a@example.com' }, data: {} },
        { to: { email: 'b@example.com' }, data: { name: 'Bo' } },
      ],
    });
    expect(batch.body.data).toMatchObject({ accepted: 1, rejected: [{ index: 0 }] });
    expect(batch.body.data.rejected[0].error).toContain('html and text are both empty');

    const htmlOnly = await api.post('/api/v1/emails/send', { ...base, template_data: { name: 'Ann' } });
    expect(htmlOnly.status, htmlOnly.text).toBe(201);
    const email = (await api.get(`/api/v1/emails/${htmlOnly.body.data.message_id}`)).body.data;
    expect(email).toMatchObject({ html: 'Ann', text: null });
  });
});

describe('encoded words', () => {
  it('are refused in display names and subjects, where a mail client would decode them', async () => {
    const { api, domain } = await createSender();
    const encoded = '=?utf-8?B?4oCuZmRwLmV4ZQ==?='; // U+202E + "fdp.exe"
    const send = (fields: Record<string, unknown>) =>
      api.post('/api/v1/emails/send', {
        from: { email: `a@${domain}` },
        to: [{ email: 'r@example.com' }],
        subject: 'Hello',
        text: 'Hello',
        ...fields,
      });
    for (const [fields, field] of [
      [{ from: { email: `a@${domain}`, name: encoded } }, 'from.name'],
      [{ to: [{ email: 'r@example.com', name: `Bob ${encoded.toLowerCase()}` }] }, 'to[0].name'],
      [{ subject: `Invoice =?ISO-8859-1?Q?a=E9?=` }, 'subject'],
      [{ subject: 'Hi \u202Egnp.exe' }, 'subject'],
    ] as const) {
      const response = await send(fields);
      expectError(response, 400, 'VALIDATION_ERROR');
      expect(response.body.error.details.map((detail: { field: string }) => detail.field)).toEqual([field]);
    }
    // Text that only looks a little like one is fine.
    expect((await send({ subject: 'What is 2+2=? =?' })).status).toBe(201);
  });
});
