/**
 * Input hardening rules, through HTTP: dates the service cannot represent
 * (before 1970, past 9999) are 400 naming the field on every date filter; a body nested thousands of
 * levels deep is answered by the field's own depth rule (never the engine's stack overflow); webhook
 * URLs with control characters or surrounding spaces are refused and the rest stored normalised.
 * (The SSRF rules for 6to4, Teredo and site-local targets: webhook-safety.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { createTestOrganization } from '../support/factories.ts';
import { type ApiResponse, expectError } from '../support/http.ts';

const REPRESENTABLE = 'must be between 1970-01-01 and 9999-12-31 (UTC)';

/** `levels` objects, each inside the previous one: `{"a":{"a":…1…}}`. */
const nestedObjects = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

describe('dates the service cannot represent', () => {
  it('GET /metrics refuses a range before 1970 or ending after 9999, naming the field', async () => {
    const { api } = await createTestOrganization();
    const metrics = (query: string) => api.get(`/api/v1/metrics?${query}`);

    const ancient = expectError(await metrics('from_date=0000-01-01&to_date=0000-01-05'), 400, 'VALIDATION_ERROR');
    expect(ancient.details).toEqual([
      { field: 'from_date', message: `from_date ${REPRESENTABLE}` },
      { field: 'to_date', message: `to_date ${REPRESENTABLE}` },
    ]);
    const justBefore = expectError(
      await metrics('from_date=1969-12-31T23:59:59.999Z&to_date=1970-01-02'),
      400,
      'VALIDATION_ERROR',
    );
    expect(justBefore.details).toEqual([{ field: 'from_date', message: `from_date ${REPRESENTABLE}` }]);
    // A time zone can move a date of 1970 before the epoch.
    const shifted = expectError(
      await metrics(`from_date=${encodeURIComponent('1970-01-01T00:00:00+01:00')}`),
      400,
      'VALIDATION_ERROR',
    );
    expect(shifted.details).toEqual([{ field: 'from_date', message: `from_date ${REPRESENTABLE}` }]);

    // The answer's `to` is the end of the last bucket: 10000-01-01 cannot be written as an ISO date-time.
    const lastDay = expectError(await metrics('from_date=9999-12-01&to_date=9999-12-31'), 400, 'VALIDATION_ERROR');
    expect(lastDay.details).toEqual([{ field: 'to_date', message: expect.stringMatching(/^to_date must be before/) }]);
    const lastHour = expectError(
      await metrics('from_date=9999-12-31T20:00:00Z&to_date=9999-12-31T23:00:00Z&granularity=hour'),
      400,
      'VALIDATION_ERROR',
    );
    expect(lastHour.details?.map((detail) => detail.field)).toEqual(['to_date']);

    // The edges themselves are fine.
    const first = await metrics('from_date=1970-01-01&to_date=1970-01-02');
    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toMatchObject({ from: '1970-01-01T00:00:00.000Z', to: '1970-01-03T00:00:00.000Z' });
    const last = await metrics('from_date=9999-12-01&to_date=9999-12-30');
    expect(last.status, last.text).toBe(200);
    expect(last.body.data).toMatchObject({ from: '9999-12-01T00:00:00.000Z', to: '9999-12-31T00:00:00.000Z' });
  });

  it('GET /emails refuses the same dates on from_date and to_date', async () => {
    const { api } = await createTestOrganization();
    const emails = (query: string) => api.get(`/api/v1/emails?${query}`);
    const details = async (query: string) => expectError(await emails(query), 400, 'VALIDATION_ERROR').details;

    expect(await details('from_date=0000-01-01')).toEqual([
      { field: 'from_date', message: `from_date ${REPRESENTABLE}` },
    ]);
    expect(await details('to_date=1969-12-31T23:59:59Z')).toEqual([
      { field: 'to_date', message: `to_date ${REPRESENTABLE}` },
    ]);
    // The last second of 9999 at UTC−14:00 is in 10000 UTC.
    expect(await details(`to_date=${encodeURIComponent('9999-12-31T23:59:59-14:00')}`)).toEqual([
      { field: 'to_date', message: `to_date ${REPRESENTABLE}` },
    ]);
    // Not a date at all keeps its own message.
    expect(await details('from_date=yesterday')).toEqual([
      { field: 'from_date', message: expect.stringMatching(/^from_date must be an ISO 8601 date/) },
    ]);

    const widest = await emails('from_date=1970-01-01&to_date=9999-12-31');
    expect(widest.status, widest.text).toBe(200);
    expect(widest.body.data).toEqual([]);
  });
});

describe('bodies nested too deep', () => {
  const postRaw = (api: Awaited<ReturnType<typeof createTestOrganization>>['api'], path: string, raw: string) =>
    api.post(path, undefined, { raw, headers: { 'content-type': 'application/json' } });
  const sendBody = (templateData: string) =>
    `{"from":{"email":"hello@example.com"},"to":[{"email":"b@example.com"}],"subject":"Hi","template_id":"tpl_x","template_data":${templateData}}`;
  const expectNoEngineMessage = (response: ApiResponse) => {
    expect(response.status).toBeLessThan(500);
    expect(response.text).not.toMatch(/call stack|Maximum|RangeError/i);
  };

  it('answers template_data of any depth beyond 32 levels with the documented limit on template_data', async () => {
    const { api } = await createTestOrganization();
    const TOO_DEEP = [{ field: 'template_data', message: 'Must not nest deeper than 32 levels' }];

    const justTooDeep = await postRaw(api, '/api/v1/emails/send', sendBody(nestedObjects(33)));
    expect(expectError(justTooDeep, 400, 'VALIDATION_ERROR').details).toEqual(TOO_DEEP);
    for (const levels of [3_000, 100_000]) {
      const response = await postRaw(api, '/api/v1/emails/send', sendBody(nestedObjects(levels)));
      expectNoEngineMessage(response);
      expect(response.body).toEqual(justTooDeep.body);
    }
    // 32 levels pass validation (the template does not exist: 404).
    expectError(await postRaw(api, '/api/v1/emails/send', sendBody(nestedObjects(32))), 404, 'NOT_FOUND');

    const preview = await postRaw(api, '/api/v1/templates/tpl_x/preview', `{"data":${nestedObjects(3_000)}}`);
    expectNoEngineMessage(preview);
    expect(expectError(preview, 400, 'VALIDATION_ERROR').details).toEqual([
      { field: 'data', message: 'Must not nest deeper than 32 levels' },
    ]);
  });

  it('refuses any other body nested too deep without the engine message', async () => {
    const { api } = await createTestOrganization();
    // A batch entry's data is checked entry by entry; a body past 64 levels is refused whole.
    const batch = await postRaw(
      api,
      '/api/v1/emails/batch',
      `{"from":{"email":"hello@example.com"},"template_id":"tpl_x","recipients":[{"to":{"email":"b@example.com"},"data":${nestedObjects(3_000)}}]}`,
    );
    expectNoEngineMessage(batch);
    expect(expectError(batch, 400, 'VALIDATION_ERROR').details).toEqual([
      { field: 'body', message: 'Must not nest deeper than 64 levels of arrays and objects' },
    ]);

    const arrays = await postRaw(api, '/api/v1/webhooks', `${'['.repeat(500_000)}${']'.repeat(500_000)}`);
    expectNoEngineMessage(arrays);
    expect(expectError(arrays, 400, 'VALIDATION_ERROR').details).toEqual([
      { field: 'body', message: expect.stringMatching(/expected object/) },
    ]);

    // Unbalanced: still "not valid JSON", with the parser's position, not a stack overflow.
    const unclosed = await postRaw(api, '/api/v1/webhooks', `{"url":${'['.repeat(3_000)}`);
    expectNoEngineMessage(unclosed);
    expect(expectError(unclosed, 400, 'VALIDATION_ERROR').message).toBe('The request body is not valid JSON');
  });
});

describe('webhook URLs as stored', () => {
  const CONTROL = [{ field: 'url', message: 'Must not contain control characters (such as CR, LF or tab)' }];
  const SPACES = [{ field: 'url', message: 'Must not begin or end with spaces' }];

  it('refuses control characters and surrounding spaces on create and on update', async () => {
    const { api } = await createTestOrganization();
    const problems = async (response: Promise<ApiResponse>) =>
      expectError(await response, 400, 'VALIDATION_ERROR').details;

    const injected = 'http://127.0.0.1:9/crlf\r\nX-Injected: 1';
    expect(await problems(api.post('/api/v1/webhooks', { url: injected }))).toEqual(CONTROL);
    expect(await problems(api.post('/api/v1/webhooks', { url: 'http://127.0.0.1:9/a\tb' }))).toEqual(CONTROL);
    expect(await problems(api.post('/api/v1/webhooks', { url: 'http://127.0.0.1:9/nul\u0000' }))).toEqual(CONTROL);
    expect(await problems(api.post('/api/v1/webhooks', { url: ' http://127.0.0.1:9/sp' }))).toEqual(SPACES);
    expect(await problems(api.post('/api/v1/webhooks', { url: 'http://127.0.0.1:9/sp ' }))).toEqual(SPACES);

    const created = await api.post('/api/v1/webhooks', { url: 'http://127.0.0.1:9/hooks' });
    expect(created.status, created.text).toBe(201);
    const { id } = created.body.data;
    expect(await problems(api.patch(`/api/v1/webhooks/${id}`, { url: injected }))).toEqual(CONTROL);
    expect(await problems(api.patch(`/api/v1/webhooks/${id}`, { url: '\nhttp://127.0.0.1:9/x' }))).toEqual(CONTROL);
    expect(await problems(api.patch(`/api/v1/webhooks/${id}`, { url: 'http://127.0.0.1:9/x\u00a0' }))).toEqual(SPACES);
    const listed = await api.get('/api/v1/webhooks');
    expect(listed.body.data.map((webhook: { url: string }) => webhook.url)).toEqual(['http://127.0.0.1:9/hooks']);
  });

  it('stores, shows and lists the URL in its normal form', async () => {
    const { api } = await createTestOrganization();
    const created = await api.post('/api/v1/webhooks', { url: 'HTTP://127.0.0.1:9/a/../hooks path?x=1 2' });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data.url).toBe('http://127.0.0.1:9/hooks%20path?x=1%202');
    const { id } = created.body.data;
    const changed = await api.patch(`/api/v1/webhooks/${id}`, { url: 'http://LOCALHOST:80/./b/c/..' });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data.url).toBe('http://localhost/b/');
    expect((await api.get(`/api/v1/webhooks/${id}`)).body.data.url).toBe('http://localhost/b/');
    expect((await api.get('/api/v1/webhooks')).body.data.map((webhook: { url: string }) => webhook.url)).toEqual([
      'http://localhost/b/',
    ]);
  });
});
