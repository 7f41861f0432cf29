/**
 * The SES send pacer (shared/emails/delivery/send-pacer.service.ts): several instances sharing one count
 * per second (as the table's item is shared) never let more than the rate through in any second,
 * spread their sends over the second,
 * every delivery gets its turn, and a delivery that cannot get a slot in time is refused with a
 * throttling error before SES is called.
 */
import { describe, expect, it } from 'vitest';
import { classifySesError } from '#adapters/ses-sender.ts';
import { createSendPacer, MAX_WAIT_MS, SendRateWaitExceeded } from '#emails/delivery/send-pacer.service.ts';

/** The table's per-second counts, shared by every pacer (claimSendSlots' semantics: ADD, return the total). */
function sharedCounts() {
  const counts = new Map<number, number>();
  let claims = 0;
  return {
    claim: async (second: number, count: number) => {
      claims += 1;
      await new Promise((resolve) => setTimeout(resolve, 2)); // a round trip
      const total = (counts.get(second) ?? 0) + count;
      counts.set(second, total);
      return total;
    },
    claims: () => claims,
  };
}

describe('the send pacer', () => {
  it('lets at most the rate through per second across instances, and everyone through in time', async () => {
    const rate = 10;
    const store = sharedCounts();
    const instances = Array.from({ length: 3 }, () => createSendPacer({ ratePerSecond: rate, claim: store.claim }));
    const sendsPerSecond = new Map<number, number>();
    const sentAt: number[] = [];
    const started = Date.now();
    // 35 deliveries in one burst, spread over the instances: 3.5 s of sending at the rate.
    await Promise.all(
      Array.from({ length: 35 }, async (_, index) => {
        await (instances[index % instances.length] as (typeof instances)[number]).acquire();
        sentAt.push(Date.now());
        const second = Math.floor(Date.now() / 1000);
        sendsPerSecond.set(second, (sendsPerSecond.get(second) ?? 0) + 1);
      }),
    );
    expect(Math.max(...sendsPerSecond.values())).toBeLessThanOrEqual(rate);
    expect([...sendsPerSecond.values()].reduce((a, b) => a + b, 0)).toBe(35);
    expect(Date.now() - started).toBeLessThan(6_000);
    // Once there is a backlog (from the first whole second on), sends are spread over each second
    // rather than fired at its start: at 10/s, no 300 ms holds more than 3 (+2 for timer jitter). The
    // burst's first, partial second may use its remaining slots at once, as SES allows short bursts.
    const firstWholeSecond = (Math.floor(started / 1000) + 1) * 1000;
    const backlog = sentAt.filter((t) => t >= firstWholeSecond).sort((a, b) => a - b);
    expect(backlog.length).toBeGreaterThan(20);
    const densest = Math.max(...backlog.map((t, i) => backlog.filter((u, j) => j >= i && u < t + 300).length));
    expect(densest).toBeLessThanOrEqual(5);
    // Slots are claimed a few at a time, not one write per send.
    expect(store.claims()).toBeLessThan(35);
  });

  it('refuses a delivery that gets no slot within MAX_WAIT_MS, as a throttling error SES retries', async () => {
    let clock = 0;
    const pacer = createSendPacer({
      ratePerSecond: 1,
      claim: async () => 99, // every second is already full
      now: () => clock,
      sleep: async (ms) => {
        clock += ms;
      },
    });
    const refused = await pacer.acquire().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SendRateWaitExceeded);
    expect(clock).toBeGreaterThanOrEqual(MAX_WAIT_MS);
    expect(classifySesError(refused)).toBe('retry');
  });
});
