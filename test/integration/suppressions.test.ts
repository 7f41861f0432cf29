import { describe, expect, it } from 'vitest';
import { dynamoUsage } from '#dynamo/client.ts';
import { findSuppressedAddresses, listSuppressions } from '#suppressions/suppressions.service.ts';
import { createTestOrganization } from '../support/factories.ts';
import { expectError } from '../support/http.ts';

type Api = Awaited<ReturnType<typeof createTestOrganization>>['api'];

async function addMany(api: Api, count: number, prefix = 'user') {
  for (let start = 0; start < count; start += 25) {
    await Promise.all(
      Array.from({ length: Math.min(25, count - start) }, (_, i) =>
        api.post('/api/v1/suppressions', { email: `${prefix}${start + i}@example.com`, reason: 'hard_bounce' }),
      ).map(async (pending) => expect((await pending).status).toBe(201)),
    );
  }
}

describe('suppressions', () => {
  it('adds a manual suppression in normal form', async () => {
    const { api } = await createTestOrganization();
    const response = await api.post('/api/v1/suppressions', {
      email: '  Jane.Doe@Example.COM ',
      reason: 'unsubscribe',
    });
    expect(response.status).toBe(201);
    expect(response.body.data).toEqual({
      id: expect.stringMatching(/^sup_[0-9A-Za-z]+$/),
      email: 'jane.doe@example.com',
      reason: 'unsubscribe',
      source: 'manual',
      created_at: expect.any(String),
    });
  });

  it('returns the existing entry with the new reason when the address is already suppressed', async () => {
    const { api } = await createTestOrganization();
    const first = (await api.post('/api/v1/suppressions', { email: 'a@example.com', reason: 'complaint' })).body.data;
    const again = await api.post('/api/v1/suppressions', { email: 'A@EXAMPLE.com', reason: 'manual' });
    expect(again.status).toBe(201);
    expect(again.body.data).toEqual({ ...first, reason: 'manual' });
    const list = await api.get('/api/v1/suppressions');
    expect(list.body.pagination.total_count).toBe(1);
    expect(list.body.data).toEqual([{ ...first, reason: 'manual' }]);
  });

  it('rejects an invalid email or reason with details for each', async () => {
    const { api } = await createTestOrganization();
    const both = expectError(
      await api.post('/api/v1/suppressions', { email: 'not-an-email', reason: 'angry' }),
      400,
      'VALIDATION_ERROR',
    );
    expect(both.details?.map((d) => d.field).sort()).toEqual(['email', 'reason']);
    for (const email of ['a@b', '"quoted"@example.com', 'a..b@example.com', `${'x'.repeat(65)}@example.com`, '']) {
      const error = expectError(
        await api.post('/api/v1/suppressions', { email, reason: 'manual' }),
        400,
        'VALIDATION_ERROR',
      );
      expect(error.details?.[0]?.field, email).toBe('email');
    }
    expectError(await api.post('/api/v1/suppressions', { email: 'a@example.com' }), 400, 'VALIDATION_ERROR');
  });

  it('deletes by id, then answers 404; other organizations and malformed ids get 404', async () => {
    const a = await createTestOrganization();
    const b = await createTestOrganization();
    const entry = (await a.api.post('/api/v1/suppressions', { email: 'x@example.com', reason: 'manual' })).body.data;
    expectError(await b.api.delete(`/api/v1/suppressions/${entry.id}`), 404, 'NOT_FOUND');
    expect((await b.api.get('/api/v1/suppressions')).body).toEqual({
      data: [],
      pagination: { page: 1, limit: 20, total_count: 0, total_pages: 0 },
    });
    const deleted = await a.api.delete(`/api/v1/suppressions/${entry.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ data: { id: entry.id, deleted: true } });
    expectError(await a.api.delete(`/api/v1/suppressions/${entry.id}`), 404, 'NOT_FOUND');
    expectError(await a.api.delete(`/api/v1/suppressions/sup_${'y'.repeat(3000)}`), 404, 'NOT_FOUND');
    expectError(await a.api.delete('/api/v1/suppressions/dom_abc'), 404, 'NOT_FOUND');
    expect((await a.api.get('/api/v1/suppressions')).body.pagination.total_count).toBe(0);
  });

  it('paginates 250 entries: page 3 of limit 100 holds 50, newest first, with correct totals', async () => {
    const { api, organization } = await createTestOrganization();
    await addMany(api, 250);
    const page3 = await api.get('/api/v1/suppressions?page=3&limit=100');
    expect(page3.status).toBe(200);
    expect(page3.body.data).toHaveLength(50);
    expect(page3.body.pagination).toEqual({ page: 3, limit: 100, total_count: 250, total_pages: 3 });

    const all = [
      ...(await api.get('/api/v1/suppressions?page=1&limit=100')).body.data,
      ...(await api.get('/api/v1/suppressions?page=2&limit=100')).body.data,
      ...page3.body.data,
    ];
    expect(new Set(all.map((s: { id: string }) => s.id)).size).toBe(250);
    const created = all.map((s: { created_at: string }) => s.created_at);
    expect(created).toEqual([...created].sort().reverse());

    const defaults = await api.get('/api/v1/suppressions');
    expect(defaults.body.data).toHaveLength(20);
    expect(defaults.body.pagination).toEqual({ page: 1, limit: 20, total_count: 250, total_pages: 13 });

    const pastEnd = await api.get('/api/v1/suppressions?page=4&limit=100');
    expect(pastEnd.body).toEqual({ data: [], pagination: { page: 4, limit: 100, total_count: 250, total_pages: 3 } });

    // The cost of a page does not depend on the list beyond the page: a counter read plus one query.
    const before = dynamoUsage().requests;
    await listSuppressions(organization.id, { page: 1, limit: 20 });
    expect(dynamoUsage().requests - before).toBe(2);
  });

  it('refuses bad page and limit values', async () => {
    const { api } = await createTestOrganization();
    for (const query of ['limit=101', 'page=0', 'limit=0', 'page=abc', 'page=1.5', 'limit=-1', 'page=1e2', 'limit=']) {
      const error = expectError(await api.get(`/api/v1/suppressions?${query}`), 400, 'VALIDATION_ERROR');
      expect(error.details?.[0]?.field, query).toBe(query.split('=')[0]);
    }
    const unknown = expectError(await api.get('/api/v1/suppressions?pages=2'), 400, 'VALIDATION_ERROR');
    expect(unknown.details?.[0]).toEqual({ field: 'pages', message: 'Unknown field' });
  });

  it('finds the suppressed among 1,000 addresses in at most 10 BatchGetItem calls', async () => {
    const { api, organization } = await createTestOrganization();
    await addMany(api, 30, 'blocked');
    const addresses = Array.from({ length: 1000 }, (_, i) =>
      i % 50 === 0 ? `Blocked${i / 50}@Example.com` : `ok${i}@example.com`,
    );
    const before = dynamoUsage().requests;
    const suppressed = await findSuppressedAddresses(organization.id, addresses);
    expect(dynamoUsage().requests - before).toBeLessThanOrEqual(10);
    expect(suppressed).toEqual(Array.from({ length: 20 }, (_, i) => `Blocked${i}@Example.com`));
    const other = await createTestOrganization();
    expect(await findSuppressedAddresses(other.organization.id, addresses)).toEqual([]);
  });
});

describe('concurrent writes', () => {
  it('adding the same address 10 times at once keeps one entry and counts it once', async () => {
    const { api } = await createTestOrganization();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        api.post('/api/v1/suppressions', { email: 'race@example.com', reason: 'manual' }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(responses.map((r) => r.body.data.id)).size).toBe(1);
    expect((await api.get('/api/v1/suppressions')).body.pagination.total_count).toBe(1);
  });

  it('adding and deleting many addresses at once keeps the count exact', async () => {
    const { api } = await createTestOrganization();
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api.post('/api/v1/suppressions', { email: `c${i}@example.com`, reason: 'manual' }),
      ),
    );
    await Promise.all(created.slice(0, 10).map((r) => api.delete(`/api/v1/suppressions/${r.body.data.id}`)));
    const deletedTwice = await Promise.all(
      created.slice(0, 10).map((r) => api.delete(`/api/v1/suppressions/${r.body.data.id}`)),
    );
    expect(deletedTwice.every((r) => r.status === 404)).toBe(true);
    expect((await api.get('/api/v1/suppressions')).body.pagination.total_count).toBe(10);
  });
});
