import { describe, expect, it } from 'vitest';
import type { ErrorDetail } from '#core/errors.ts';
import { MAX_SUBJECT_LENGTH, subjectProblems } from '#core/message-text.ts';
import {
  buildSendEmailBody,
  MAX_BODY_BYTES,
  MAX_HEADER_NAME_LENGTH,
  MAX_HEADER_VALUE_LENGTH,
  MAX_HEADERS,
  MAX_RECIPIENTS,
  MAX_SCHEDULE_AHEAD_MS,
  MAX_TAGS,
  sendEmailBody,
} from '#emails/send-request.ts';
import { issuesToDetails } from '#http/zod-details.ts';

const NOW = new Date('2030-01-01T00:00:00.000Z');
const schema = buildSendEmailBody(() => NOW);

function valid(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    from: { email: 'sender@acme.test' },
    to: [{ email: 'rcpt@example.com' }],
    subject: 'Hi',
    text: 'Hello',
    ...extra,
  };
}

function details(body: unknown, parser = schema): ErrorDetail[] {
  const result = parser.safeParse(body);
  if (result.success) return [];
  return issuesToDetails(result.error.issues, 'body');
}

function fields(body: unknown): string[] {
  return details(body).map((detail) => detail.field);
}

function parsed(body: unknown) {
  const result = schema.safeParse(body);
  if (!result.success) throw new Error(JSON.stringify(issuesToDetails(result.error.issues, 'body')));
  return result.data;
}

function addresses(count: number, prefix: string) {
  return Array.from({ length: count }, (_, index) => ({ email: `${prefix}${index}@example.com` }));
}

const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

describe('send request: valid bodies', () => {
  it('accepts a minimal request and fills the defaults', () => {
    expect(parsed(valid())).toEqual({
      from: { email: 'sender@acme.test' },
      to: [{ email: 'rcpt@example.com' }],
      subject: 'Hi',
      text: 'Hello',
      priority: 'normal',
    });
  });

  it('returns a normalised object for a full request', () => {
    const data = parsed({
      from: { email: '  Sender@ACME.test ', name: '  Acme Support  ' },
      to: [{ email: 'Rcpt@Example.COM', name: 'Ann Example' }],
      cc: [{ email: 'CC@example.com' }],
      bcc: [{ email: 'bcc@Example.com', name: ' Audit ' }],
      reply_to: ['Help@Acme.test'],
      subject: 'Your order ✓\tshipped',
      html: '<p>Hello</p>',
      text: 'Hello',
      headers: { 'X-Campaign': 'spring', 'List-Unsubscribe': '<https://acme.test/u/1>' },
      priority: 'high',
      scheduled_at: '2030-01-02T10:30:00+02:00',
      tags: { category: 'order_shipped', 'tenant-id': 'T-42' },
    });
    expect(data).toEqual({
      from: { email: 'sender@acme.test', name: 'Acme Support' },
      to: [{ email: 'rcpt@example.com', name: 'Ann Example' }],
      cc: [{ email: 'cc@example.com' }],
      bcc: [{ email: 'bcc@example.com', name: 'Audit' }],
      reply_to: ['help@acme.test'],
      subject: 'Your order ✓\tshipped',
      html: '<p>Hello</p>',
      text: 'Hello',
      headers: { 'X-Campaign': 'spring', 'List-Unsubscribe': '<https://acme.test/u/1>' },
      priority: 'high',
      scheduled_at: '2030-01-02T08:30:00.000Z',
      tags: { category: 'order_shipped', 'tenant-id': 'T-42' },
    });
  });

  it('accepts a template send with template_data and no inline content', () => {
    const data = parsed({
      from: { email: 'sender@acme.test' },
      to: [{ email: 'rcpt@example.com' }],
      subject: 'Welcome',
      template_id: 'tmpl_abc',
      template_data: { user: { name: 'Ann' }, items: [1, 2] },
    });
    expect(data.template_id).toBe('tmpl_abc');
    expect(data.template_data).toEqual({ user: { name: 'Ann' }, items: [1, 2] });
  });

  it.each(['html', 'text'])('accepts %s alone as the content', (field) => {
    const body = valid({ [field]: 'x' });
    if (field === 'html') delete body.text;
    expect(details(body)).toEqual([]);
  });

  it('accepts low priority and empty cc, bcc and reply_to lists', () => {
    expect(parsed(valid({ priority: 'low', cc: [], bcc: [], reply_to: [] }))).toMatchObject({
      priority: 'low',
      cc: [],
      bcc: [],
      reply_to: [],
    });
  });

  it('sendEmailBody reads the real clock', () => {
    const inOneHour = new Date(Date.now() + 3_600_000).toISOString();
    expect(details(valid({ scheduled_at: inOneHour }), sendEmailBody)).toEqual([]);
    expect(details(valid({ scheduled_at: '2001-01-01T00:00:00Z' }), sendEmailBody)).toEqual([
      { field: 'scheduled_at', message: 'Must be in the future' },
    ]);
  });
});

describe('send request: required fields and shapes', () => {
  it('names every missing required field and the missing content', () => {
    expect(details({})).toEqual([
      { field: 'from', message: 'Required' },
      { field: 'to', message: 'Required' },
      { field: 'subject', message: 'Required' },
      { field: 'html', message: 'Provide html, text or template_id' },
    ]);
  });

  it.each([['a string'], [[]], [null], [42]])('refuses a body that is not an object: %j', (body) => {
    expect(fields(body)).toEqual(['body']);
  });

  it('requires at least one recipient in to', () => {
    expect(details(valid({ to: [] }))).toEqual([{ field: 'to', message: 'At least one recipient is required' }]);
  });

  it.each([
    ['to', { email: 'rcpt@example.com' }],
    ['to', 'rcpt@example.com'],
    ['cc', { email: 'cc@example.com' }],
    ['bcc', 'bcc@example.com'],
    ['reply_to', 'help@acme.test'],
  ])('refuses %s that is not an array (%j)', (field, value) => {
    expect(fields(valid({ [field]: value }))).toEqual([field]);
  });

  it('reports a wrong type once, without length problems on top', () => {
    expect(details(valid({ to: '' }))).toEqual([
      { field: 'to', message: 'Invalid input: expected array, received string' },
    ]);
    expect(fields(valid({ reply_to: 'a-long-string@acme.test' }))).toEqual(['reply_to']);
    expect(fields(valid({ template_id: [], text: undefined }))).toEqual(['template_id']);
    expect(fields(valid({ subject: [] }))).toEqual(['subject']);
    expect(fields(valid({ template_id: 'tmpl_a', text: undefined, template_data: 'x'.repeat(300) }))).toEqual([
      'template_data',
    ]);
  });

  it('refuses a from that is not an object', () => {
    expect(fields(valid({ from: 'sender@acme.test' }))).toEqual(['from']);
  });

  it('requires from.email and to[].email', () => {
    expect(details(valid({ from: { name: 'Acme' }, to: [{ name: 'Ann' }] }))).toEqual([
      { field: 'from.email', message: 'Required' },
      { field: 'to[0].email', message: 'Required' },
    ]);
  });

  it('reports invalid addresses at their exact path', () => {
    expect(
      fields(
        valid({
          from: { email: 'not-an-address' },
          to: [{ email: 'ok@example.com' }, { email: 'a@@b' }],
          cc: [{ email: 'ok2@example.com' }, { email: '"quoted"@example.com' }],
          bcc: [{ email: 'no-at-sign' }],
          reply_to: ['fine@acme.test', 'broken@'],
        }),
      ),
    ).toEqual(['from.email', 'to[1].email', 'cc[1].email', 'bcc[0].email', 'reply_to[1]']);
  });

  it.each([
    ['subject', 42],
    ['html', 1],
    ['text', false],
    ['template_id', 7],
    ['priority', 'urgent'],
    ['template_data', [1, 2]],
    ['template_data', 'x'],
    ['headers', ['X-A', 'b']],
    ['tags', 'a=b'],
    ['scheduled_at', 1_900_000_000],
    ['html', null],
  ])('refuses %s = %j with one detail on that field', (field, value) => {
    const body = field.startsWith('template_') ? valid({ template_id: 'tmpl_a', text: undefined }) : valid();
    body[field] = value;
    expect(fields(body)).toEqual([field]);
  });

  it('refuses null for optional fields (leave them out instead)', () => {
    expect(fields(valid({ cc: null, scheduled_at: null }))).toEqual(['cc', 'scheduled_at']);
  });
});

describe('send request: unknown fields', () => {
  it('refuses unknown fields at every level, one detail each', () => {
    expect(
      details(
        valid({
          inline_images: [],
          from: { email: 'sender@acme.test', display: 'x' },
          to: [{ email: 'rcpt@example.com', type: 'to' }],
          cc: [{ email: 'cc@example.com', nick: 'c' }],
          bcc: [{ email: 'bcc@example.com', extra: 1 }],
        }),
      ),
    ).toEqual([
      { field: 'from.display', message: 'Unknown field' },
      { field: 'to[0].type', message: 'Unknown field' },
      { field: 'cc[0].nick', message: 'Unknown field' },
      { field: 'bcc[0].extra', message: 'Unknown field' },
      { field: 'inline_images', message: 'Unknown field' },
    ]);
  });

  it('refuses a __proto__ key from JSON.parse', () => {
    const body = JSON.parse(
      '{"from":{"email":"a@acme.test","__proto__":{"x":1}},"to":[{"email":"b@example.com"}],"subject":"s","text":"t","__proto__":{"admin":true}}',
    );
    expect(fields(body)).toEqual(['from.__proto__', '__proto__']);
  });

  it('lets template_data, headers and tags carry any key names (checked by their own rules)', () => {
    expect(
      details({
        ...valid({ text: undefined }),
        template_id: 'tmpl_a',
        template_data: { anything: { nested: true } },
        headers: { 'X-Anything': 'v' },
        tags: { anything: 'v' },
      }),
    ).toEqual([]);
  });
});

describe('send request: display names', () => {
  it.each([
    ['CR', 'Acme\rBcc: x@evil.test'],
    ['LF', 'Acme\nBcc: x@evil.test'],
    ['CRLF', 'Acme\r\nBcc: x@evil.test'],
    ['U+2028', 'Acme\u2028x'],
  ])('refuses a %s in a name', (_, name) => {
    expect(details(valid({ from: { email: 'a@acme.test', name } }))).toEqual([
      { field: 'from.name', message: 'Must not contain line breaks (CR or LF)' },
    ]);
    expect(fields(valid({ to: [{ email: 'b@example.com', name }] }))).toEqual(['to[0].name']);
    expect(fields(valid({ cc: [{ email: 'c@example.com', name }] }))).toEqual(['cc[0].name']);
    expect(fields(valid({ bcc: [{ email: 'd@example.com', name }] }))).toEqual(['bcc[0].name']);
  });

  it.each([
    ['NUL', 'A\u0000B'],
    ['TAB', 'A\tB'],
    ['DEL', 'A\u007fB'],
    ['C1 (NEL)', 'A\u0085B'],
  ])('refuses a control character (%s) in a name', (_, name) => {
    expect(details(valid({ from: { email: 'a@acme.test', name } }))).toEqual([
      { field: 'from.name', message: 'Must not contain control characters' },
    ]);
  });

  it.each([[''], ['   ']])('refuses an empty name %j', (name) => {
    expect(details(valid({ to: [{ email: 'b@example.com', name }] }))).toEqual([
      { field: 'to[0].name', message: 'Must not be empty' },
    ]);
  });

  it('accepts 256 characters (after trimming, in code points) and refuses 257', () => {
    expect(parsed(valid({ from: { email: 'a@acme.test', name: `  ${'n'.repeat(256)}  ` } })).from.name).toBe(
      'n'.repeat(256),
    );
    expect(details(valid({ from: { email: 'a@acme.test', name: '😀'.repeat(256) } }))).toEqual([]);
    expect(details(valid({ from: { email: 'a@acme.test', name: 'n'.repeat(257) } }))).toEqual([
      { field: 'from.name', message: 'Must be at most 256 characters' },
    ]);
  });

  it('refuses a name that is not a string', () => {
    expect(fields(valid({ from: { email: 'a@acme.test', name: 5 } }))).toEqual(['from.name']);
  });
});

describe('send request: subject', () => {
  it(`accepts ${MAX_SUBJECT_LENGTH} characters and refuses ${MAX_SUBJECT_LENGTH + 1}`, () => {
    expect(details(valid({ subject: 's'.repeat(998) }))).toEqual([]);
    expect(details(valid({ subject: 's'.repeat(999) }))).toEqual([
      { field: 'subject', message: 'Must be at most 998 characters' },
    ]);
  });

  it('counts characters, not UTF-16 units or bytes', () => {
    expect(details(valid({ subject: '😀'.repeat(998) }))).toEqual([]);
    expect(fields(valid({ subject: 'é'.repeat(999) }))).toEqual(['subject']);
  });

  it('refuses an empty subject', () => {
    expect(details(valid({ subject: '' }))).toEqual([{ field: 'subject', message: 'Must not be empty' }]);
  });

  it.each([
    ['CR', 'Hello\rBcc: x@evil.test'],
    ['LF', 'Hello\nBcc: x@evil.test'],
    ['CRLF', 'Hello\r\nBcc: x@evil.test'],
    ['trailing LF', 'Hello\n'],
  ])('refuses a %s in the subject', (_, subject) => {
    expect(details(valid({ subject }))).toEqual([
      { field: 'subject', message: 'Must not contain line breaks (CR or LF)' },
    ]);
  });

  it('allows a tab but no other control character', () => {
    expect(details(valid({ subject: 'a\tb' }))).toEqual([]);
    expect(details(valid({ subject: 'a\u0000b' }))).toEqual([
      { field: 'subject', message: 'Must not contain control characters' },
    ]);
  });

  it('reports both the length and a line break', () => {
    expect(fields(valid({ subject: `${'s'.repeat(999)}\n` }))).toEqual(['subject', 'subject']);
  });

  it('keeps the subject as sent (no trimming)', () => {
    expect(parsed(valid({ subject: '  spaced  ' })).subject).toBe('  spaced  ');
  });
});

describe('send request: html and text size', () => {
  // '€' is 3 bytes in UTF-8 and 1 UTF-16 unit; '😀' is 4 bytes and 2 units.
  const euros = '€'.repeat(Math.floor(MAX_BODY_BYTES / 3));
  const exactly = `${euros}${'a'.repeat(MAX_BODY_BYTES - Buffer.byteLength(euros))}`;

  it.each(['html', 'text'])(
    `accepts ${MAX_BODY_BYTES} UTF-8 bytes of multi-byte %s and refuses one byte more`,
    (field) => {
      expect(Buffer.byteLength(exactly)).toBe(262_144);
      expect(exactly.length).toBeLessThan(262_144);
      expect(details(valid({ [field]: exactly }))).toEqual([]);
      expect(details(valid({ [field]: `${exactly}a` }))).toEqual([
        { field, message: 'Must be at most 262144 bytes (256 KB) in UTF-8' },
      ]);
    },
  );

  it('measures 4-byte characters in bytes too', () => {
    const emoji = '😀'.repeat(MAX_BODY_BYTES / 4);
    expect(details(valid({ html: emoji }))).toEqual([]);
    expect(fields(valid({ html: `${emoji}a` }))).toEqual(['html']);
  });

  it('reports html and text separately', () => {
    const big = 'a'.repeat(MAX_BODY_BYTES + 1);
    expect(fields(valid({ html: big, text: big }))).toEqual(['html', 'text']);
  });

  it.each(['html', 'text'])('refuses an empty %s', (field) => {
    expect(details(valid({ [field]: '' }))).toEqual([
      { field, message: 'Must not be empty; leave the field out instead' },
    ]);
  });
});

describe('send request: content rules', () => {
  const noContent = { from: { email: 'a@acme.test' }, to: [{ email: 'b@example.com' }], subject: 's' };

  it('rule 1: needs html, text or template_id (detail on html)', () => {
    expect(details(noContent)).toEqual([{ field: 'html', message: 'Provide html, text or template_id' }]);
  });

  it('rule 2 goes by presence: an invalid template_id still conflicts with text', () => {
    expect(fields(valid({ template_id: 7 }))).toEqual(['template_id', 'text']);
  });

  it('rule 1 does not pile on when the content field is present but invalid', () => {
    expect(fields({ ...noContent, text: 5 })).toEqual(['text']);
    expect(fields({ ...noContent, template_id: '' })).toEqual(['template_id']);
  });

  it('rule 2: template_id with html or text names the offending fields', () => {
    const message = 'Not allowed with template_id: the template provides the content';
    expect(details({ ...noContent, template_id: 'tmpl_a', html: '<p/>' })).toEqual([{ field: 'html', message }]);
    expect(details({ ...noContent, template_id: 'tmpl_a', text: 't' })).toEqual([{ field: 'text', message }]);
    expect(details({ ...noContent, template_id: 'tmpl_a', html: '<p/>', text: 't' })).toEqual([
      { field: 'html', message },
      { field: 'text', message },
    ]);
  });

  it('template_data needs template_id', () => {
    expect(details(valid({ template_data: { name: 'Ann' } }))).toEqual([
      { field: 'template_data', message: 'Only allowed with template_id' },
    ]);
    expect(details({ ...noContent, template_data: { name: 'Ann' } })).toEqual([
      { field: 'html', message: 'Provide html, text or template_id' },
      { field: 'template_data', message: 'Only allowed with template_id' },
    ]);
  });

  it('refuses an empty or oversized template_id', () => {
    expect(details({ ...noContent, template_id: '' })).toEqual([
      { field: 'template_id', message: 'Must not be empty' },
    ]);
    expect(details({ ...noContent, template_id: 't'.repeat(257) })).toEqual([
      { field: 'template_id', message: 'Must be at most 256 characters' },
    ]);
  });
});

describe('send request: recipients', () => {
  it(`accepts ${MAX_RECIPIENTS} recipients across to, cc and bcc`, () => {
    const body = valid({ to: addresses(20, 'to'), cc: addresses(20, 'cc'), bcc: addresses(10, 'bcc') });
    expect(details(body)).toEqual([]);
    expect(details(valid({ to: addresses(50, 'to') }))).toEqual([]);
  });

  it(`refuses ${MAX_RECIPIENTS + 1} with one detail on to`, () => {
    const message = 'At most 50 recipients in to, cc and bcc together (got 51)';
    expect(details(valid({ to: addresses(20, 'to'), cc: addresses(20, 'cc'), bcc: addresses(11, 'bcc') }))).toEqual([
      { field: 'to', message },
    ]);
    expect(details(valid({ to: addresses(1, 'to'), bcc: addresses(50, 'bcc') }))).toEqual([{ field: 'to', message }]);
    expect(details(valid({ to: addresses(51, 'to') }))).toEqual([{ field: 'to', message }]);
  });

  it('counts invalid entries too', () => {
    const to = [...addresses(50, 'to'), { email: 'bad' }];
    expect(fields(valid({ to }))).toEqual(['to[50].email', 'to']);
  });

  it('refuses the same address twice across to, cc and bcc (after normalisation)', () => {
    expect(
      details(
        valid({
          to: [{ email: 'Ann@Example.com' }],
          cc: [{ email: 'other@example.com' }, { email: ' ann@example.COM ' }],
        }),
      ),
    ).toEqual([{ field: 'cc[1].email', message: 'Duplicate recipient: ann@example.com is already in to[0].email' }]);
    expect(fields(valid({ to: [{ email: 'a@example.com' }], bcc: [{ email: 'A@example.com' }] }))).toEqual([
      'bcc[0].email',
    ]);
    expect(
      fields(
        valid({
          to: [{ email: 'x@example.com' }],
          cc: [{ email: 'c@example.com' }],
          bcc: [{ email: 'C@EXAMPLE.COM' }],
        }),
      ),
    ).toEqual(['bcc[0].email']);
  });

  it('refuses a duplicate inside one list, naming each later copy', () => {
    expect(
      fields(
        valid({
          to: [
            { email: 'a@example.com' },
            { email: 'b@example.com' },
            { email: 'a@example.com', name: 'A' },
            { email: 'A@example.com' },
          ],
        }),
      ),
    ).toEqual(['to[2].email', 'to[3].email']);
  });

  it('does not call two invalid addresses duplicates', () => {
    expect(fields(valid({ to: [{ email: 'bad' }], cc: [{ email: 'bad' }] }))).toEqual(['to[0].email', 'cc[0].email']);
  });

  it('allows the sender among the recipients and a reply_to that is also a recipient', () => {
    expect(
      details(
        valid({
          to: [{ email: 'sender@acme.test' }],
          reply_to: ['sender@acme.test'],
          cc: [{ email: 'x@example.com' }],
        }),
      ),
    ).toEqual([]);
  });
});

describe('send request: reply_to', () => {
  const replyTos = (count: number) => Array.from({ length: count }, (_, index) => `reply${index}@acme.test`);

  it('accepts 10 addresses and refuses 11', () => {
    expect(details(valid({ reply_to: replyTos(10) }))).toEqual([]);
    expect(details(valid({ reply_to: replyTos(11) }))).toEqual([
      { field: 'reply_to', message: 'At most 10 addresses' },
    ]);
  });

  it('takes plain strings, not {email, name} objects', () => {
    expect(fields(valid({ reply_to: [{ email: 'help@acme.test' }] }))).toEqual(['reply_to[0]']);
  });

  it('refuses the same address twice', () => {
    expect(details(valid({ reply_to: ['help@acme.test', 'HELP@acme.test'] }))).toEqual([
      { field: 'reply_to[1]', message: 'Duplicate address: help@acme.test' },
    ]);
  });
});

describe('send request: custom headers', () => {
  const allowed = [
    'X-Campaign',
    'x-lower-case',
    'X-Entity-Ref-ID',
    'List-Unsubscribe',
    'list-unsubscribe-post',
    'Reply-To',
    'In-Reply-To',
    'REFERENCES',
  ];

  it.each(allowed)('accepts the header %s', (name) => {
    expect(details(valid({ headers: { [name]: 'value' } }))).toEqual([]);
  });

  it.each([
    'Bcc',
    'From',
    'Content-Type',
    'To',
    'Cc',
    'Subject',
    'Sender',
    'Return-Path',
    'Message-ID',
    'DKIM-Signature',
    'MIME-Version',
    'X-',
    'List-Id',
  ])('refuses the header %s', (name) => {
    expect(details(valid({ headers: { [name]: 'x' } }))).toEqual([
      {
        field: `headers.${name}`,
        message:
          'Header not allowed: use X-… headers or one of List-Unsubscribe, List-Unsubscribe-Post, Reply-To, In-Reply-To, References',
      },
    ]);
  });

  it.each(['X-SES-CONFIGURATION-SET', 'x-ses-source-arn', 'X-SES-MESSAGE-TAGS', 'X-Postbox-Email-Id'])(
    'refuses the reserved header %s',
    (name) => {
      expect(details(valid({ headers: { [name]: 'x' } }))).toEqual([
        { field: `headers.${name}`, message: 'X-SES-* and X-Postbox-* headers are reserved' },
      ]);
    },
  );

  it.each([
    ['CRLF', 'b\r\nBcc: x@evil.test'],
    ['LF', 'b\nBcc: x@evil.test'],
    ['CR', 'b\rBcc: x@evil.test'],
    ['trailing CRLF', 'b\r\n'],
  ])('refuses a header value with a %s (header injection)', (_, value) => {
    expect(details(valid({ headers: { 'X-A': value } }))).toEqual([
      { field: 'headers.X-A', message: 'Header values must not contain line breaks (CR or LF)' },
    ]);
  });

  it.each([
    ['CRLF', 'X-A: b\r\nBcc'],
    ['colon', 'X-A:b'],
    ['space', 'X-A B'],
    ['non-ASCII', 'X-Émoji'],
    ['tab', 'X-A\tB'],
  ])('refuses a header name with a %s', (_, name) => {
    expect(details(valid({ headers: { [name]: 'b' } }))).toEqual([
      {
        field: `headers.${name}`,
        message: 'Header names must be printable ASCII without spaces, colons or line breaks',
      },
    ]);
  });

  it.each([
    ['non-ASCII', 'café'],
    ['tab', 'a\tb'],
    ['NUL', 'a\u0000b'],
  ])('refuses a %s header value', (_, value) => {
    expect(details(valid({ headers: { 'X-A': value } }))).toEqual([
      { field: 'headers.X-A', message: 'Header values must be printable ASCII (encode other text first)' },
    ]);
  });

  it('refuses an empty value and a value that is not a string', () => {
    expect(details(valid({ headers: { 'X-A': '' } }))).toEqual([
      { field: 'headers.X-A', message: 'Header values must not be empty' },
    ]);
    expect(fields(valid({ headers: { 'X-A': 1, 'X-B': 'ok' } }))).toEqual(['headers.X-A']);
  });

  it(`accepts names of ${MAX_HEADER_NAME_LENGTH} characters and values of ${MAX_HEADER_VALUE_LENGTH}, not one more`, () => {
    const name = `X-${'n'.repeat(MAX_HEADER_NAME_LENGTH - 2)}`;
    const value = 'v'.repeat(MAX_HEADER_VALUE_LENGTH);
    expect(details(valid({ headers: { [name]: value } }))).toEqual([]);
    expect(details(valid({ headers: { [`${name}n`]: 'v' } }))).toEqual([
      { field: `headers.${name}n`, message: 'Header names must be at most 126 characters' },
    ]);
    expect(details(valid({ headers: { 'X-A': `${value}v` } }))).toEqual([
      { field: 'headers.X-A', message: 'Header values must be at most 870 characters' },
    ]);
  });

  it(`accepts ${MAX_HEADERS} headers and refuses ${MAX_HEADERS + 1}`, () => {
    const many = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`X-H${i}`, 'v']));
    expect(details(valid({ headers: many(MAX_HEADERS) }))).toEqual([]);
    expect(details(valid({ headers: many(MAX_HEADERS + 1) }))).toEqual([
      { field: 'headers', message: `At most ${MAX_HEADERS} headers` },
    ]);
  });

  it('refuses the same header twice in different case', () => {
    expect(details(valid({ headers: { 'X-Trace': 'a', 'x-trace': 'b' } }))).toEqual([
      { field: 'headers.x-trace', message: 'Same header as X-Trace (names are case-insensitive)' },
    ]);
  });

  it('refuses a Reply-To header together with the reply_to field', () => {
    const message = 'Use either the reply_to field or a Reply-To header, not both';
    expect(details(valid({ reply_to: ['help@acme.test'], headers: { 'Reply-To': 'help@acme.test' } }))).toEqual([
      { field: 'headers.Reply-To', message },
    ]);
    expect(details(valid({ reply_to: [], headers: { 'reply-to': 'help@acme.test' } }))).toEqual([
      { field: 'headers.reply-to', message },
    ]);
  });

  it('reports every bad header of one request', () => {
    expect(
      fields(
        valid({
          headers: { Bcc: 'x@evil.test', 'X-A': 'b\r\nBcc: x@evil.test', From: 'ceo@acme.test', 'X-Ok': 'fine' },
        }),
      ),
    ).toEqual(['headers.X-A', 'headers.Bcc', 'headers.From']);
  });
});

describe('send request: priority', () => {
  it.each(['high', 'normal', 'low'])('accepts %s', (priority) => {
    expect(parsed(valid({ priority })).priority).toBe(priority);
  });

  it('defaults to normal and refuses other values', () => {
    expect(parsed(valid()).priority).toBe('normal');
    expect(fields(valid({ priority: 'HIGH' }))).toEqual(['priority']);
  });
});

describe('send request: scheduled_at', () => {
  const format = 'Must be an ISO 8601 date and time with a time zone (Z or ±HH:MM), e.g. 2030-01-31T09:00:00Z';

  it('accepts a future time and returns it in UTC', () => {
    expect(parsed(valid({ scheduled_at: '2030-01-01T01:00:00Z' })).scheduled_at).toBe('2030-01-01T01:00:00.000Z');
    expect(parsed(valid({ scheduled_at: '2030-01-01T12:00:00+02:00' })).scheduled_at).toBe('2030-01-01T10:00:00.000Z');
    expect(parsed(valid({ scheduled_at: '2029-12-31T20:00:00-05:30' })).scheduled_at).toBe('2030-01-01T01:30:00.000Z');
    expect(parsed(valid({ scheduled_at: '2030-01-01T09:00Z' })).scheduled_at).toBe('2030-01-01T09:00:00.000Z');
    expect(parsed(valid({ scheduled_at: '2030-01-01T00:00:00.5Z' })).scheduled_at).toBe('2030-01-01T00:00:00.500Z');
  });

  it('accepts exactly 30 days ahead and refuses 30 days and 1 second', () => {
    expect(MAX_SCHEDULE_AHEAD_MS).toBe(30 * 86_400_000);
    expect(parsed(valid({ scheduled_at: '2030-01-31T00:00:00Z' })).scheduled_at).toBe('2030-01-31T00:00:00.000Z');
    expect(details(valid({ scheduled_at: '2030-01-31T00:00:01Z' }))).toEqual([
      { field: 'scheduled_at', message: 'Must be at most 30 days ahead' },
    ]);
    expect(fields(valid({ scheduled_at: at(MAX_SCHEDULE_AHEAD_MS + 1) }))).toEqual(['scheduled_at']);
  });

  it('refuses now and the past', () => {
    for (const scheduledAt of [at(0), at(-1000), '2020-06-01T00:00:00Z', '2030-01-01T01:00:00+02:00']) {
      expect(details(valid({ scheduled_at: scheduledAt }))).toEqual([
        { field: 'scheduled_at', message: 'Must be in the future' },
      ]);
    }
    expect(details(valid({ scheduled_at: at(1) }))).toEqual([]);
  });

  it.each([
    ['no time zone', '2030-01-02T10:00:00'],
    ['a date only', '2030-01-02'],
    ['a space instead of T', '2030-01-02 10:00:00Z'],
    ['lower-case z', '2030-01-02T10:00:00z'],
    ['an offset without colon', '2030-01-02T10:00:00+0200'],
    ['an hour-only offset', '2030-01-02T10:00:00+02'],
    ['an impossible date', '2030-02-30T10:00:00Z'],
    ['hour 24', '2030-01-02T24:00:00Z'],
    ['second 60', '2030-01-02T10:00:60Z'],
    ['offset hour 24', '2030-01-02T10:00:00+24:00'],
    ['a timestamp string', '1893456000'],
    ['free text', 'tomorrow'],
    ['an empty string', ''],
  ])('refuses %s', (_, scheduledAt) => {
    expect(details(valid({ scheduled_at: scheduledAt }))).toEqual([{ field: 'scheduled_at', message: format }]);
  });

  it('reads the injected clock at every parse', () => {
    let now = new Date('2030-01-01T00:00:00Z');
    const clocked = buildSendEmailBody(() => now);
    const body = valid({ scheduled_at: '2030-01-10T00:00:00Z' });
    expect(clocked.safeParse(body).success).toBe(true);
    now = new Date('2030-01-11T00:00:00Z');
    expect(clocked.safeParse(body).success).toBe(false);
    now = new Date('2029-12-01T00:00:00Z');
    expect(clocked.safeParse(body).success).toBe(false);
  });

  it('knows leap days', () => {
    const leap = buildSendEmailBody(() => new Date('2032-02-20T00:00:00Z'));
    expect(details(valid({ scheduled_at: '2032-02-29T12:00:00Z' }), leap)).toEqual([]);
    const notLeap = buildSendEmailBody(() => new Date('2031-02-20T00:00:00Z'));
    expect(details(valid({ scheduled_at: '2031-02-29T12:00:00Z' }), notLeap)).toEqual([
      { field: 'scheduled_at', message: format },
    ]);
  });
});

describe('send request: tags', () => {
  const many = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`tag${i}`, `v${i}`]));

  it(`accepts ${MAX_TAGS} tags and refuses ${MAX_TAGS + 1}`, () => {
    expect(details(valid({ tags: many(10) }))).toEqual([]);
    expect(details(valid({ tags: many(11) }))).toEqual([{ field: 'tags', message: 'At most 10 tags' }]);
  });

  it('accepts names and values of 256 characters, not 257', () => {
    const long = 'a'.repeat(256);
    expect(details(valid({ tags: { [long]: long } }))).toEqual([]);
    // issuesToDetails cuts field names to 200 characters.
    expect(details(valid({ tags: { [`${long}a`]: 'v' } }))).toEqual([
      { field: `tags.${'a'.repeat(195)}…`, message: 'Tag names must be 1–256 characters' },
    ]);
    expect(details(valid({ tags: { t: `${long}a` } }))).toEqual([
      { field: 'tags.t', message: 'Tag values must be 1–256 characters' },
    ]);
  });

  it.each(['a.b', 'user@x', 'a b', 'a:b', 'é', 'a/b'])('refuses the name %j (SES tag characters only)', (name) => {
    expect(details(valid({ tags: { [name]: 'v' } }))).toEqual([
      { field: `tags.${name}`, message: 'Tag names may only contain ASCII letters, digits, _ and -' },
    ]);
  });

  it.each(['a.b', 'user@example.com', 'two words', 'a\r\nb'])('refuses the value %j', (value) => {
    expect(details(valid({ tags: { t: value } }))).toEqual([
      { field: 'tags.t', message: 'Tag values may only contain ASCII letters, digits, _ and -' },
    ]);
  });

  it.each(['organization_id', 'email_id', 'Email_ID'])('refuses the reserved tag name %s', (name) => {
    expect(details(valid({ tags: { [name]: 'x' } }))).toEqual([
      { field: `tags.${name}`, message: 'Tag names organization_id and email_id are reserved' },
    ]);
  });

  it('refuses empty names and values, and values that are not strings', () => {
    expect(details(valid({ tags: { '': 'v' } }))).toEqual([
      { field: 'tags.', message: 'Tag names must be 1–256 characters' },
    ]);
    expect(details(valid({ tags: { t: '' } }))).toEqual([
      { field: 'tags.t', message: 'Tag values must be 1–256 characters' },
    ]);
    expect(fields(valid({ tags: { t: 1 } }))).toEqual(['tags.t']);
  });
});

describe('send request: many problems at once', () => {
  it('gives one detail per problem, field rules and cross-field rules together', () => {
    expect(
      fields({
        from: { email: 'bad' },
        to: [{ email: 'a@example.com' }, { email: 'A@example.com', name: 'x\ny' }],
        subject: 'line\nbreak',
        template_data: {},
        reply_to: ['r@acme.test'],
        headers: { 'Reply-To': 'r@acme.test', Bcc: 'x' },
        priority: 'urgent',
        scheduled_at: '2030-01-02T00:00:00',
        tags: { 'a.b': 'c' },
        unknown: true,
      }),
    ).toEqual([
      'from.email',
      'to[1].name',
      'subject',
      'headers.Bcc',
      'priority',
      'scheduled_at',
      'tags.a.b',
      'unknown',
      'html',
      'template_data',
      'to[1].email',
      'headers.Reply-To',
    ]);
  });
});

describe('send request: text that would be accepted and then fail later', () => {
  it('refuses lone surrogates in the subject and in display names', () => {
    expect(fields(valid({ subject: 'a\ud800b' }))).toEqual(['subject']);
    expect(fields(valid({ from: { email: 'sender@acme.test', name: 'x\udc00' } }))).toEqual(['from.name']);
    expect(fields(valid({ subject: 'emoji 😀 is fine' }))).toEqual([]);
  });

  it('refuses bidirectional overrides in display names (sender spoofing)', () => {
    expect(fields(valid({ from: { email: 'sender@acme.test', name: 'Bank\u202Emoc.evil' } }))).toEqual(['from.name']);
    expect(fields(valid({ to: [{ email: 'r@example.com', name: '\u2066x' }] }))).toEqual(['to[0].name']);
  });

  it('refuses bidirectional controls and RFC 2047 encoded words in the subject, encoded words in names', () => {
    expect(fields(valid({ subject: 'Invoice \u202Efdp.exe' }))).toEqual(['subject']);
    expect(fields(valid({ subject: '=?utf-8?B?4oCuZmRwLmV4ZQ==?=' }))).toEqual(['subject']);
    expect(fields(valid({ subject: 'x =?iso-8859-1?q?a=E9?= y' }))).toEqual(['subject']);
    expect(fields(valid({ from: { email: 'sender@acme.test', name: '=?UTF-8?Q?=E2=80=AE?=' } }))).toEqual([
      'from.name',
    ]);
    // Not encoded words: no encoding letter, a space inside, nothing but the delimiters.
    for (const subject of ['2+2=?', 'a =?utf-8?X?abc?= b', '=?utf 8?B?abc?=', 'ask =? and ?=']) {
      expect(fields(valid({ subject })), subject).toEqual([]);
    }
    expect(subjectProblems(`${'x'.repeat(999)}\n\u202E`)).toEqual([
      'Must be at most 998 characters',
      'Must not contain line breaks (CR or LF)',
      'Must not contain bidirectional control characters',
    ]);
  });

  it('refuses template_data nested deeper than the limit, without exhausting the stack', () => {
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 5000; i += 1) deep = { next: deep };
    expect(fields({ ...valid(), text: undefined, template_id: 'tmpl_x', template_data: deep })).toEqual([
      'template_data',
    ]);
    let shallow: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 20; i += 1) shallow = { next: shallow };
    expect(fields({ ...valid(), text: undefined, template_id: 'tmpl_x', template_data: shallow })).toEqual([]);
  });
});
