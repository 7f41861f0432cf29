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

describe('WeightedBudget', () => {
  it('runs work while its amounts fit the capacity, the rest in arrival order, and never more at once', async () => {
    const { WeightedBudget } = await import('#core/concurrency.ts');
    const budget = new WeightedBudget(10);
    let inUse = 0;
    let most = 0;
    const order: string[] = [];
    const job = (name: string, amount: number) =>
      budget.use(amount, async () => {
        if (amount > 10) expect(inUse).toBe(0);
        else expect(inUse + amount).toBeLessThanOrEqual(10);
        inUse += amount;
        most = Math.max(most, inUse);
        order.push(name);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inUse -= amount;
      });
    await Promise.all([job('a', 6), job('b', 6), job('c', 3), job('d', 25), job('e', 0)]);
    // Within the capacity, except the oversized job, which ran with nothing else holding any.
    expect(most).toBe(25);
    // b waits for a; c waits behind b (arrival order) although it would fit; d (over capacity) runs alone.
    expect(new Set(order.slice(0, 2))).toEqual(new Set(['a', 'e']));
    expect(order.indexOf('b')).toBeLessThan(order.indexOf('c'));
    expect(order.indexOf('c')).toBeLessThan(order.indexOf('d'));
  });

  it('gives the budget back when the work fails', async () => {
    const { WeightedBudget } = await import('#core/concurrency.ts');
    const budget = new WeightedBudget(10);
    await expect(budget.use(10, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await budget.use(10, async () => 'ran')).toBe('ran');
  });
});
