import { describe, expect, it } from 'vitest';
import { createTestOrganization } from '../support/factories.ts';
import { call, expectError } from '../support/http.ts';

const PATH = '/api/v1/settings/auto-validation';

describe('auto-validation setting', () => {
  it('defaults to off and stores each allowed value', async () => {
    const { api } = await createTestOrganization();
    const initial = await api.get(PATH);
    expect(initial.status).toBe(200);
    expect(initial.body).toEqual({ data: { auto_validation_threshold: 'off' } });

    for (const threshold of ['high', 'managed', 'medium', 'off'] as const) {
      const updated = await api.put(PATH, { threshold });
      expect(updated.status).toBe(200);
      expect(updated.body).toEqual({ data: { auto_validation_threshold: threshold } });
      expect((await api.get(PATH)).body.data.auto_validation_threshold).toBe(threshold);
    }
  });

  it('answers the same under the /v1 alias', async () => {
    const { api } = await createTestOrganization();
    expect((await api.put('/v1/settings/auto-validation', { threshold: 'high' })).status).toBe(200);
    const viaAlias = await api.get('/v1/settings/auto-validation');
    const viaCanonical = await api.get(PATH);
    expect(viaAlias.status).toBe(200);
    expect(viaAlias.body).toEqual({ data: { auto_validation_threshold: 'high' } });
    expect(viaCanonical.body).toEqual(viaAlias.body);
  });

  it('keeps organizations apart', async () => {
    const a = await createTestOrganization();
    const b = await createTestOrganization();
    await a.api.put(PATH, { threshold: 'high' });
    expect((await b.api.get(PATH)).body.data.auto_validation_threshold).toBe('off');
    await b.api.put(PATH, { threshold: 'medium' });
    expect((await a.api.get(PATH)).body.data.auto_validation_threshold).toBe('high');
  });

  it('rejects an unknown threshold with details', async () => {
    const { api } = await createTestOrganization();
    const response = await api.put(PATH, { threshold: 'extreme' });
    const error = expectError(response, 400, 'VALIDATION_ERROR');
    expect(error.details).toHaveLength(1);
    expect(error.details?.[0]?.field).toBe('threshold');
    expect((await api.get(PATH)).body.data.auto_validation_threshold).toBe('off');
  });

  it('reports every problem: a missing field, an unknown field, a wrong type', async () => {
    const { api } = await createTestOrganization();
    const missing = expectError(await api.put(PATH, { mode: 'high', other: 1 }), 400, 'VALIDATION_ERROR');
    expect(missing.details?.map((d) => d.field).sort()).toEqual(['mode', 'other', 'threshold']);
    expect(missing.details?.find((d) => d.field === 'threshold')?.message).toBe('Required');
    expect(missing.details?.find((d) => d.field === 'mode')?.message).toBe('Unknown field');

    const wrongType = expectError(await api.put(PATH, { threshold: 3 }), 400, 'VALIDATION_ERROR');
    expect(wrongType.details?.[0]?.field).toBe('threshold');

    const notAnObject = expectError(await api.put(PATH, ['high']), 400, 'VALIDATION_ERROR');
    expect(notAnObject.details?.[0]?.field).toBe('body');
  });

  it('caps the details of a body with thousands of problems and cuts long field names', async () => {
    const { api } = await createTestOrganization();
    const body: Record<string, unknown> = { threshold: 'high', ['k'.repeat(5000)]: 1 };
    for (let i = 0; i < 5000; i += 1) body[`unknown_${i}`] = i;
    const response = await api.put(PATH, body);
    const error = expectError(response, 400, 'VALIDATION_ERROR');
    expect(error.details).toHaveLength(101);
    expect(error.details?.[100]).toEqual({ field: 'body', message: '…and 4901 more problems not listed' });
    expect(Math.max(...(error.details ?? []).map((d) => d.field.length))).toBeLessThanOrEqual(201);
    expect(response.text.length).toBeLessThan(20_000);
  });

  it('rejects malformed JSON, a missing body, a wrong content type and an oversized body', async () => {
    const { key } = await createTestOrganization();
    const malformed = await call('PUT', PATH, {
      key,
      raw: '{"threshold": "high"',
      headers: { 'content-type': 'application/json' },
    });
    expect(expectError(malformed, 400, 'VALIDATION_ERROR').details?.[0]?.field).toBe('body');

    const empty = await call('PUT', PATH, { key, headers: { 'content-type': 'application/json' } });
    expectError(empty, 400, 'VALIDATION_ERROR');

    const text = await call('PUT', PATH, { key, raw: 'threshold=high', headers: { 'content-type': 'text/plain' } });
    expectError(text, 415, 'UNSUPPORTED_MEDIA_TYPE');

    const withCharset = await call('PUT', PATH, {
      key,
      raw: '{"threshold":"high"}',
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(withCharset.status).toBe(200);

    const huge = await call('PUT', PATH, { key, json: { threshold: 'high', padding: 'x'.repeat(1_100_000) } });
    expectError(huge, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('puts the request id and rate-limit headers on successes and errors alike', async () => {
    const { api } = await createTestOrganization();
    const responses = [await api.get(PATH), await api.put(PATH, { threshold: 'nope' })];
    const ids = new Set<string>();
    for (const response of responses) {
      expect(response.headers['x-request-id']).toMatch(/\S{8,}/);
      ids.add(String(response.headers['x-request-id']));
      expect(response.headers['x-ratelimit-limit']).toBe('1000');
      expect(Number(response.headers['x-ratelimit-remaining'])).toBeLessThan(1000);
      expect(response.headers['x-ratelimit-reset']).toBe('1');
      expect(response.headers['retry-after']).toBeUndefined();
    }
    expect(ids.size).toBe(2);
  });
});
