/**
 * Fault injection on the local stack (`Postbox-Simulate`, infra/local/gateway/simulate.ts): a request
 * asking for a fault gets it on any API route, in the API's envelope (or API Gateway's own answer), and
 * the route's function never runs: nothing is stored or sent. The 30 s gateway timeout is covered in
 * test/unit/local/gateway.test.ts with a shorter wait.
 */
import { describe, expect, it } from 'vitest';
import { createSender } from '../support/factories.ts';
import { acceptedId, call, expectError } from '../support/http.ts';

describe('Postbox-Simulate', () => {
  it('answers 429 RATE_LIMITED with Retry-After: 1 and stores nothing', async () => {
    const { api, send } = await createSender();
    acceptedId(await send());
    const response = await api.post(
      '/api/v1/emails/send',
      { to: [{ email: 'a@example.com' }] },
      { headers: { 'Postbox-Simulate': 'rate_limited' } },
    );
    expectError(response, 429, 'RATE_LIMITED');
    expect(response.headers['retry-after']).toBe('1');
    expect(response.headers['x-ratelimit-remaining']).toBe('0');
    expect(response.headers['x-request-id']).toEqual(response.headers['apigw-requestid']);
    const list = await api.get('/api/v1/emails');
    expect(list.body.pagination.total_count).toBe(1);
  });

  it('answers 500 INTERNAL_ERROR in the envelope, on the /v1 alias too, and sends nothing', async () => {
    const { api, domain } = await createSender();
    const body = { from: { email: `a@${domain}` }, to: [{ email: 'b@example.com' }], subject: 's', text: 't' };
    for (const path of ['/api/v1/emails/send', '/v1/emails/send']) {
      const response = await api.post(path, body, { headers: { 'postbox-simulate': 'INTERNAL_ERROR' } });
      expectError(response, 500, 'INTERNAL_ERROR');
      expect(response.body.error.message).toContain(String(response.headers['x-request-id']));
    }
    expect((await api.get('/api/v1/emails')).body.pagination.total_count).toBe(0);
    // The same request without the header is sent.
    acceptedId(await api.post('/api/v1/emails/send', body));
  });

  it('refuses a value it does not know with 400 naming the header, before authentication', async () => {
    const { api } = await createSender();
    const error = expectError(
      await api.post('/api/v1/emails/send', {}, { headers: { 'Postbox-Simulate': 'slow' } }),
      400,
      'VALIDATION_ERROR',
    );
    expect(error.details).toEqual([
      { field: 'Postbox-Simulate', message: 'Must be one of rate_limited, internal_error, gateway_timeout' },
    ]);
    expectError(
      await call('GET', '/api/v1/domains', { headers: { 'Postbox-Simulate': 'rate_limited' } }),
      429,
      'RATE_LIMITED',
    );
  });

  it('leaves paths outside the API alone: no route (404) and the dashboard', async () => {
    expectError(
      await call('GET', '/api/v1/nowhere', { headers: { 'Postbox-Simulate': 'internal_error' } }),
      404,
      'NOT_FOUND',
    );
    const page = await call('GET', '/dashboard/sign-in', { headers: { 'Postbox-Simulate': 'internal_error' } });
    expect(page.status).toBe(200);
  });
});
