import { describe, expect, it } from 'vitest';
import { createTestOrganization } from '../support/factories.ts';
import { call, expectError } from '../support/http.ts';

describe('routing', () => {
  it('answers an unknown path with 404 NOT_FOUND in the envelope, with or without a key', async () => {
    const { api } = await createTestOrganization();
    for (const path of ['/api/v1/nope', '/v1/nope', '/', '/api/v2/settings/auto-validation']) {
      const response = await api.get(path);
      expectError(response, 404, 'NOT_FOUND');
      expect(response.headers['x-request-id']).toBeTruthy();
      expect(response.headers['x-ratelimit-limit']).toBe('1000');
    }
    const anonymous = await call('GET', '/api/v1/nope', { sourceIp: '127.0.0.21' });
    expectError(anonymous, 404, 'NOT_FOUND');
    expect(anonymous.headers['x-ratelimit-limit']).toBeTruthy();
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const { api } = await createTestOrganization();
    const response = await api.delete('/api/v1/settings/auto-validation');
    expectError(response, 405, 'METHOD_NOT_ALLOWED');
    expect(String(response.headers.allow).split(', ').sort()).toEqual(['GET', 'PUT']);
    expectError(await api.post('/v1/settings/auto-validation', { threshold: 'high' }), 405, 'METHOD_NOT_ALLOWED');
  });
});
