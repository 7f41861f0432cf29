/**
 * What a customer's retry logic meets when it asks the local stack for a fault (`Postbox-Simulate`, on
 * the first attempt only): the SDK waits out a simulated 429 and succeeds, and an idempotent send whose
 * first attempt met a simulated 500 is retried with the same key and sent exactly once.
 */
import { describe, expect, it } from 'vitest';
import { sesMessages } from '../../test/support/ses-store.ts';
import { checkedFetch, eventually, type Fetch, recording, sdk, sdkSender, uniqueSubject } from './support/stack.ts';

/** Adds `Postbox-Simulate: <fault>` to the first request only, as a test of retry logic would. */
function faultOnFirstRequest(fault: string): Fetch {
  let first = true;
  return (input, init) => {
    const headers = { ...(init.headers as Record<string, string>), ...(first ? { 'postbox-simulate': fault } : {}) };
    first = false;
    return checkedFetch(input, { ...init, headers });
  };
}

describe('simulated faults through the SDK', () => {
  it('retries a rate_limited send after Retry-After and sends it once', async () => {
    const { key, from } = await sdkSender();
    const { fetch, attempts } = recording(faultOnFirstRequest('rate_limited'));
    const subject = uniqueSubject('SDK rate limited');
    const accepted = await sdk(key, { fetch }).emails.send({
      from: { email: from },
      to: [{ email: 'x@example.com' }],
      subject,
      text: 't',
    });
    expect(attempts.map((attempt) => attempt.status)).toEqual([429, 201]);
    const [limited, sent] = attempts as [(typeof attempts)[0], (typeof attempts)[0]];
    expect(sent.startedAt - limited.endedAt).toBeGreaterThanOrEqual(995);
    await eventually(async () =>
      (await sdk(key).emails.get(accepted.message_id)).status === 'delivered' ? true : undefined,
    );
    expect(await sesMessages(subject)).toHaveLength(1);
  });

  it('retries a send that met internal_error with the same Idempotency-Key: exactly one email', async () => {
    const { key, from } = await sdkSender();
    const { fetch, attempts } = recording(faultOnFirstRequest('internal_error'));
    const subject = uniqueSubject('SDK internal error');
    const accepted = await sdk(key, { fetch, retryBaseDelayMs: 50 }).emails.send({
      from: { email: from },
      to: [{ email: 'x@example.com' }],
      subject,
      text: 't',
    });
    expect(attempts.map((attempt) => attempt.status)).toEqual([500, 201]);
    expect(new Set(attempts.map((attempt) => attempt.headers['idempotency-key'])).size).toBe(1);
    expect((await sdk(key).emails.list()).pagination.total_count).toBe(1);
    await eventually(async () =>
      (await sdk(key).emails.get(accepted.message_id)).status === 'delivered' ? true : undefined,
    );
    expect(await sesMessages(subject)).toHaveLength(1);
  });
});
