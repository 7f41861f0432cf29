/**
 * Retries against the local stack: real 429s waited out for Retry-After, and a send whose first
 * attempt is lost after reaching the server, retried with the same Idempotency-Key: one email.
 */
import { describe, expect, it } from 'vitest';
import { createTestOrganization } from '../../test/support/factories.ts';
import { sesMessages } from '../../test/support/ses-store.ts';
import { PostboxError } from '../src/index.ts';
import { checkedFetch, eventually, type Fetch, recording, sdk, sdkSender, uniqueSubject } from './support/stack.ts';

describe('rate limits', () => {
  it('throws RATE_LIMITED without retries, and waits for Retry-After before each retry', async () => {
    const { key } = await createTestOrganization({ rateLimitPerSecond: 2 });
    const bare = sdk(key, { maxRetries: 0 });
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, () => bare.settings.getAutoValidation()));
    const limited = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    // 8 requests at once may straddle one window boundary: at most 2 × 2 pass.
    expect(limited.length).toBeGreaterThanOrEqual(4);
    for (const error of limited) {
      expect(error).toBeInstanceOf(PostboxError);
      expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfter: 1, requestId: expect.any(String) });
    }

    const callers = Array.from({ length: 6 }, () => {
      const { fetch, attempts } = recording();
      return { attempts, postbox: sdk(key, { fetch, maxRetries: 8 }) };
    });
    const results = await Promise.all(callers.map(({ postbox }) => postbox.settings.getAutoValidation()));
    expect(results).toEqual(Array(6).fill({ auto_validation_threshold: 'off' }));
    let waits = 0;
    for (const { attempts } of callers) {
      expect(attempts.at(-1)?.status).toBe(200);
      attempts.forEach((attempt, index) => {
        const next = attempts[index + 1];
        if (attempt.status !== 429 || !next) return;
        waits += 1;
        // Retry-After: 1, plus up to 20% jitter (and a busy machine's timer delays).
        expect(next.startedAt - attempt.endedAt).toBeGreaterThanOrEqual(995);
        expect(next.startedAt - attempt.endedAt).toBeLessThan(2500);
      });
    }
    expect(waits).toBeGreaterThanOrEqual(2);
  });
});

describe('Idempotency-Key', () => {
  /** Forwards every attempt to the stack; the first POST's answer is lost (after or before it comes). */
  function losingFirstPost(mode: 'after the answer' | 'before the answer') {
    let lost = false;
    const replayed: (string | null)[] = [];
    const inner: Fetch = async (input, init) => {
      if (init.method !== 'POST') return checkedFetch(input, init);
      if (lost) {
        const response = await checkedFetch(input, init);
        replayed.push(response.headers.get('idempotent-replayed'));
        return response;
      }
      lost = true;
      const forwarded = checkedFetch(input, init);
      if (mode === 'after the answer') await (await forwarded).body?.cancel();
      else void forwarded.catch(() => undefined);
      throw new TypeError(`socket hang up (simulated, ${mode})`);
    };
    return { ...recording(inner), replayed };
  }

  for (const mode of ['after the answer', 'before the answer'] as const) {
    it(`retries a send whose first answer was lost ${mode} with the same key: one email`, async () => {
      const { key, from } = await sdkSender();
      const { fetch, attempts, replayed } = losingFirstPost(mode);
      const postbox = sdk(key, { fetch, maxRetries: 5 });
      const subject = uniqueSubject('SDK idempotent');
      const accepted = await postbox.emails.send({
        from: { email: from },
        to: [{ email: 'x@example.com' }],
        subject,
        text: 't',
      });

      const posts = attempts.filter((attempt) => attempt.method === 'POST');
      expect(posts.length).toBeGreaterThanOrEqual(2);
      const keys = new Set(posts.map((attempt) => attempt.headers['idempotency-key']));
      expect(keys.size).toBe(1);
      expect([...keys][0]).toMatch(/^[0-9a-f-]{36}$/);
      // The successful retry is the first request's answer, replayed.
      expect(replayed.at(-1)).toBe('true');

      const page = await postbox.emails.list();
      expect(page.pagination.total_count).toBe(1);
      await eventually(async () =>
        (await postbox.emails.get(accepted.message_id)).status === 'delivered' ? true : undefined,
      );
      expect(await sesMessages(subject)).toHaveLength(1);
    });
  }

  it('does not retry a POST without a key (a template create) after its answer is lost', async () => {
    const { key } = await createTestOrganization();
    const { fetch, attempts } = losingFirstPost('after the answer');
    const error = await sdk(key, { fetch })
      .templates.create({ name: 'Once', subject: 's', text: 't' })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(attempts).toHaveLength(1);
    // The lost request did create it: a retry would have made a second one.
    const templates = await eventually(async () => {
      const page = await sdk(key).templates.list();
      return page.data.length > 0 ? page : undefined;
    });
    expect(templates.pagination.total_count).toBe(1);
  });
});
