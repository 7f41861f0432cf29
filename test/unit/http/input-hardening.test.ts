/**
 * The pure input-hardening rules: representable dates, bodies nested too deep (cut
 * while parsing, never recursed into), webhook URLs (control characters, spaces, normal form) and the
 * SSRF rules for 6to4, Teredo and site-local IPv6 targets. Through HTTP: input-hardening.test.ts and
 * webhook-safety.test.ts (integration).
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { refusedAddressReason } from '#adapters/webhook-address-rules.ts';
import { parseDateBound } from '#core/date-query.ts';
import { isRepresentableInstant, LATEST_INSTANT_MS } from '#core/dates.ts';
import { ApiError } from '#core/errors.ts';
import { bucketRange } from '#deliverability/metrics.service.ts';
import { emailListQuery } from '#emails/list-query.ts';
import type { ApiContext } from '#http/context.ts';
import { cutTooDeep, jsonBody, MAX_JSON_DEPTH } from '#http/middleware/json-body.ts';
import { validateInput } from '#http/middleware/validate-input.ts';
import { normalWebhookUrl, webhookUrlProblem } from '#webhooks/webhook.ts';

describe('representable dates', () => {
  it('are the instants from 1970-01-01 to the end of 9999, UTC', () => {
    expect(isRepresentableInstant(0)).toBe(true);
    expect(isRepresentableInstant(-1)).toBe(false);
    expect(new Date(LATEST_INSTANT_MS).toISOString()).toBe('9999-12-31T23:59:59.999Z');
    expect(isRepresentableInstant(LATEST_INSTANT_MS + 1)).toBe(false);
  });

  it('parseDateBound refuses dates outside them instead of moving them inside', () => {
    for (const value of ['0000-01-01', '1969-12-31', '1969-12-31T23:59:59.999Z', '1970-01-01T00:30:00+01:00']) {
      expect(parseDateBound(value, 'start'), value).toBeUndefined();
      expect(parseDateBound(value, 'end'), value).toBeUndefined();
    }
    expect(parseDateBound('9999-12-31T23:59:59-00:01', 'end')).toBeUndefined();
    expect(parseDateBound('1970-01-01', 'start')).toBe('1970-01-01T00:00:00.000Z');
    expect(parseDateBound('9999-12-31', 'end')).toBe('9999-12-31T23:59:59.999Z');
  });

  it('a date filter names its field, with the range it must be in', () => {
    const result = emailListQuery.safeParse({ from_date: '0000-01-01', to_date: '0000-01-05' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['from_date', 'from_date must be between 1970-01-01 and 9999-12-31 (UTC)'],
      ['to_date', 'to_date must be between 1970-01-01 and 9999-12-31 (UTC)'],
    ]);
  });

  it('the metrics refuse a range whose last bucket ends after 9999', () => {
    const day = { granularity: 'day' as const, from_date: '9999-12-01T00:00:00.000Z' };
    expect(() => bucketRange({ ...day, to_date: '9999-12-31T23:59:59.999Z' })).toThrow(ApiError);
    expect(bucketRange({ ...day, to_date: '9999-12-30T23:59:59.999Z' }).end).toBe(LATEST_INSTANT_MS + 1 - 86_400_000);
    const hour = { granularity: 'hour' as const, from_date: '9999-12-31T20:00:00.000Z' };
    expect(() => bucketRange({ ...hour, to_date: '9999-12-31T23:00:00.000Z' })).toThrow(ApiError);
    expect(bucketRange({ ...hour, to_date: '9999-12-31T22:59:59.999Z' }).starts).toHaveLength(3);
  });
});

describe('cutTooDeep', () => {
  const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

  it('leaves text within the depth as it is', () => {
    const text = '{"a":[1,{"b":"[[[[{{"}],"c":"\\"]]"}';
    expect(cutTooDeep(text, 3)).toEqual({ text, cut: false });
    expect(cutTooDeep(nested(64), 64)).toEqual({ text: nested(64), cut: false });
  });

  it('empties every array or object that opens deeper, keeping its kind', () => {
    expect(cutTooDeep('{"a":{"b":[1,[2]],"c":{"d":1}},"e":{}}', 2)).toEqual({
      text: '{"a":{"b":[],"c":{}},"e":{}}',
      cut: true,
    });
    expect(cutTooDeep(nested(100_000), 64)).toEqual({ text: nested(65), cut: true });
  });

  it('counts no bracket inside a string, whatever the escapes before its quote', () => {
    expect(cutTooDeep('["\\\\",["[[["]]', 1)).toEqual({ text: '["\\\\",[]]', cut: true });
    expect(cutTooDeep('["\\"[",[1]]', 1)).toEqual({ text: '["\\"[",[]]', cut: true });
  });

  it('leaves text that is not JSON not JSON', () => {
    for (const text of [`{"a":${'['.repeat(100)}`, `[${'{'.repeat(100)}]`, '[[1]', '"[[[']) {
      expect(() => JSON.parse(cutTooDeep(text, 2).text), text).toThrow(SyntaxError);
    }
  });
});

describe('a JSON body nested too deep', () => {
  /** Runs the body through jsonBody and validateInput as the API's stack does; the error thrown, if any. */
  function parseBody(body: string, schema: z.ZodType): unknown {
    const request = {
      event: { body, isBase64Encoded: false, headers: { 'content-type': 'application/json' } },
      context: { input: {} },
    } as unknown as { event: APIGatewayProxyEventV2; context: ApiContext };
    try {
      // biome-ignore lint/suspicious/noExplicitAny: the middleware's before() takes Middy's request.
      (jsonBody(10_000_000).before as any)(request);
      // biome-ignore lint/suspicious/noExplicitAny: as above.
      (validateInput({ body: schema }).before as any)(request);
      return undefined;
    } catch (error) {
      return error;
    }
  }
  const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

  it('is refused on `body` even by a schema that accepts anything', () => {
    const error = parseBody(`{"x":${deep(MAX_JSON_DEPTH)}}`, z.unknown());
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).toBody().error.details).toEqual([
      { field: 'body', message: `Must not nest deeper than ${MAX_JSON_DEPTH} levels of arrays and objects` },
    ]);
    expect(parseBody(`{"x":${deep(MAX_JSON_DEPTH - 1)}}`, z.unknown())).toBeUndefined();
  });

  it('never reaches the engine’s stack limit, and never shows its message', () => {
    for (const body of [deep(200_000), `{"x":${'['.repeat(200_000)}`]) {
      const error = parseBody(body, z.unknown()) as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(JSON.stringify(error.toBody())).not.toMatch(/call stack/i);
    }
  });
});

describe('webhook URLs', () => {
  it('refuse control characters anywhere and spaces around', () => {
    const control = 'Must not contain control characters (such as CR, LF or tab)';
    for (const url of [
      'http://127.0.0.1:9/crlf\r\nX-Injected: 1',
      'https://example.com/a\tb',
      'https://exa\nmple.com/',
      'https://example.com/\u0000',
      'https://example.com/\u007f',
      'https://example.com/\u0085',
      '\nhttps://example.com/',
    ]) {
      expect(webhookUrlProblem(url, true), JSON.stringify(url)).toBe(control);
    }
    for (const url of [
      ' https://example.com/',
      'https://example.com/ ',
      'https://example.com/\u00a0',
      '\u2028https://example.com/',
    ]) {
      expect(webhookUrlProblem(url, true), JSON.stringify(url)).toBe('Must not begin or end with spaces');
    }
    expect(webhookUrlProblem('https://example.com/a b', false)).toBeUndefined();
  });

  it('are at most 2,048 characters once normalised too', () => {
    const url = `https://example.com/${'é'.repeat(400)}`;
    expect(url.length).toBeLessThan(2048);
    expect(webhookUrlProblem(url, false)).toMatch(/^Must be at most 2048 characters once normalised/);
  });

  it('are stored in their normal form', () => {
    expect(normalWebhookUrl('HTTPS://Example.COM:443/a/../b c?x=1 2#f')).toBe('https://example.com/b%20c?x=1%202#f');
    expect(normalWebhookUrl('https://api.acme.example/hooks?x=1')).toBe('https://api.acme.example/hooks?x=1');
  });
});

describe('refusedAddressReason: IPv6 tunnels and site-local', () => {
  it.each([
    // 6to4: the IPv4 address in bits 16–48.
    ['2002:7f00:1::', 'loopback'],
    ['[2002:7f00:0001:0000::1]', 'loopback'],
    ['2002:a00:1::1', 'private'],
    ['2002:c0a8:101::', 'private'],
    ['2002:a9fe:a9fe::', 'metadata'],
    ['2002:6440:1::', 'carrier-grade NAT'],
    ['2002::', 'unspecified'],
    // Teredo: the client's IPv4 inverted in the last 32 bits, the server's in bits 32–64.
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'], // client 192.0.2.45 (RFC 4380's example)
    ['2001:0:a00:1::f7f7:f7f7', 'private'], // server 10.0.0.1
    ['2001:0:4136:e378::5601:5601', 'metadata'], // client 169.254.169.254
    // Site-local (deprecated, fec0::/10).
    ['fec0::1', 'site-local'],
    ['feff:ffff::1', 'site-local'],
  ])('refuses %s (%s)', (address, category) => {
    expect(refusedAddressReason(address)).toBe(category);
  });

  it.each([
    '2002:808:808::1', // 6to4 to 8.8.8.8
    '2001:0:4136:e378:8000:63bf:f7f7:f7f7', // Teredo: server 65.54.227.120, client 8.8.8.8
    '2001:4860:4860::8888', // 2001:4860::/32 is not Teredo
    '2003::1',
  ])('allows %s', (address) => {
    expect(refusedAddressReason(address)).toBeUndefined();
  });
});
