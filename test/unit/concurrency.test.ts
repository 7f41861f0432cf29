import { describe, expect, it } from 'vitest';
import { forEachLimited } from '#core/concurrency.ts';

describe('forEachLimited', () => {
  it('runs every item, never more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await forEachLimited([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      done.push(item);
      running -= 1;
    });
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it('refuses a limit that would do nothing instead of silently doing nothing', async () => {
    for (const limit of [0, -1, 1.5, Number.NaN]) {
      await expect(forEachLimited([1], limit, async () => {})).rejects.toThrow(RangeError);
    }
  });
});
