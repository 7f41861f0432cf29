/**
 * Runs `work` on every item, at most `limit` at a time, in order of start; rejects on the first
 * failure. A limit below 1 is a mistake (it would do nothing), so it throws.
 */
export async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`forEachLimited needs a limit of 1 or more, got ${limit}`);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * A budget of some quantity (bytes in memory) shared by concurrent work: `use(amount, work)` waits
 * until `amount` fits beside what is in use, in arrival order, then runs `work`. An amount larger than
 * the whole budget runs alone.
 */
export class WeightedBudget {
  #used = 0;
  readonly #waiting: Array<{ amount: number; start: () => void }> = [];

  constructor(readonly capacity: number) {}

  async use<T>(amount: number, work: () => Promise<T>): Promise<T> {
    if (amount > 0) await this.#acquire(Math.min(amount, this.capacity));
    try {
      return await work();
    } finally {
      if (amount > 0) this.#release(Math.min(amount, this.capacity));
    }
  }

  #acquire(amount: number): Promise<void> {
    if (this.#waiting.length === 0 && this.#used + amount <= this.capacity) {
      this.#used += amount;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push({ amount, start: resolve }));
  }

  #release(amount: number): void {
    this.#used -= amount;
    while (this.#waiting.length > 0) {
      const first = this.#waiting[0] as { amount: number; start: () => void };
      if (this.#used + first.amount > this.capacity) return;
      this.#waiting.shift();
      this.#used += first.amount;
      first.start();
    }
  }
}
