/**
 * No list can outgrow Lambda's 6 MB response, whatever is stored: before rendered subjects were
 * bounded, a template send could store a subject of ~358 KB, and 20 of them made GET /emails and
 * the dashboard's email list answer 500. The worst case here: a full page (100) of emails with
 * 300 KB subjects and 50 recipients each, written straight into the table.
 */
import { describe, expect, it } from 'vitest';
import { dashboardMember } from '../support/dashboard.ts';
import { seedListedEmail } from '../support/email-records.ts';

const LAMBDA_RESPONSE_LIMIT = 6 * 1024 * 1024;

describe('email lists over the largest stored emails', () => {
  it('answer 200 within the response limit, long subjects cut with a marker', async () => {
    const { organization, api, browser } = await dashboardMember();
    const recipients = Array.from({ length: 50 }, (_, index) => ({
      email: `r${index}-${'x'.repeat(200)}@example.com`,
    }));
    const start = Date.parse('2026-01-01T00:00:00Z');
    for (let index = 0; index < 100; index += 10) {
      await Promise.all(
        Array.from({ length: 10 }, (_, offset) =>
          seedListedEmail(organization.id, new Date(start + (index + offset) * 1000).toISOString(), {
            subject: `${index + offset} ${'é'.repeat(150_000)}`,
            to: recipients,
            html: null,
          }),
        ),
      );
    }
    const list = await api.get('/api/v1/emails?limit=100');
    expect(list.status, list.text.slice(0, 300)).toBe(200);
    expect(list.body.data).toHaveLength(100);
    expect(Buffer.byteLength(list.text)).toBeLessThan(LAMBDA_RESPONSE_LIMIT / 2);
    for (const item of list.body.data as Array<{ subject: string }>) {
      expect(Array.from(item.subject)).toHaveLength(999);
      expect(item.subject.endsWith('…')).toBe(true);
    }
    // The email itself keeps its whole subject.
    const one = await api.get(`/api/v1/emails/${list.body.data[0].id}`);
    expect(one.status).toBe(200);
    expect(one.body.data.subject).toHaveLength(150_003);

    const page = await browser.get('/dashboard/emails?environment=test');
    expect(page.status).toBe(200);
    expect(Buffer.byteLength(page.text)).toBeLessThan(LAMBDA_RESPONSE_LIMIT / 2);
  }, 120_000);
});
