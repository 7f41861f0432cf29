/**
 * The capacity model's arithmetic (bench/support/capacity-model.ts, `npm run bench -- capacity`): loads
 * of partitions replayed through the real key builders, per-batch counters, the bisection, and the
 * constants it restates from modules it cannot load.
 */
import { describe, expect, it } from 'vitest';
import { EMAIL_LIST_SHARDS, keys } from '#dynamo/keys.ts';
import { createSendPacer } from '#emails/delivery/send-pacer.service.ts';
import { USAGE_SHARDS as STORE_USAGE_SHARDS } from '#emails/usage.store.ts';
import {
  batchWritesPerSecond,
  bindingScale,
  buildModel,
  DEFAULT_PARAMS,
  type Entry,
  partitionLoads,
  partitionUse,
  sendConsumer,
  sesClaimSize,
  USAGE_SHARDS,
  WRITE_SET,
} from '../../../bench/support/capacity-model.ts';

const scenario = (organizations: number, rate: number, batchSize = 1) => ({
  name: 'test',
  organizations,
  emailsPerSecondPerOrganization: rate,
  batchSize,
  hotRecipientShare: 0,
  webhookEndpoints: 0,
});
const loadsOf = (model: ReturnType<typeof buildModel>, scale: number, index: string, prefix: string) =>
  partitionLoads(model, scale).filter(({ partition }) => partition.index === index && partition.key.startsWith(prefix));

describe('capacity model', () => {
  it('writes no due entry for an email sent now, and two `queued` entries (in, out) over each organization’s shards', () => {
    // Three organizations at 100 emails/s: the due index is off an immediate send's path.
    const model = buildModel(scenario(3, 100));
    expect(loadsOf(model, 1, 'GSI2', 'DUE#')).toEqual([]);
    const queued = loadsOf(model, 1, 'GSI4', 'ORG#').filter(({ partition }) =>
      partition.key.includes('#STATUS#queued#'),
    );
    expect(queued).toHaveLength(3 * EMAIL_LIST_SHARDS);
    for (const load of queued) expect(load.writeUnits).toBeCloseTo((2 * 100) / EMAIL_LIST_SHARDS, 9);
    // …and they bind at 1,000 write units/s: 500 × EMAIL_LIST_SHARDS emails/s per organization.
    const scale = bindingScale((s) =>
      Math.max(...loadsOf(model, s, 'GSI4', 'ORG#').map((l) => partitionUse(DEFAULT_PARAMS, l))),
    );
    expect((scale ?? 0) * 100).toBeCloseTo(500 * EMAIL_LIST_SHARDS, 3);
  });

  it('charges request-level writes once per batch, and binds the rate-limit window at 1,000 requests/s', () => {
    const window: Entry[] = WRITE_SET.filter((entry) => entry.what === 'rate-limit window');
    for (const batchSize of [1, 100]) {
      const model = buildModel(scenario(1, 50, batchSize), DEFAULT_PARAMS, window, []);
      const [load] = partitionLoads(model, 1);
      const second = Number(load?.partition.key.split('#').at(-1));
      expect(load?.partition.key).toBe(keys.rateLimitWindow('org', 'org_00000', second).PK);
      expect(load?.writeUnits).toBeCloseTo(50 / batchSize, 9);
      const scale = bindingScale((s) =>
        Math.max(...partitionLoads(model, s).map((l) => partitionUse(DEFAULT_PARAMS, l))),
      );
      expect((scale ?? 0) * 50).toBeCloseTo(1000 * batchSize, 3);
    }
  });

  it('adds reads and writes of one partition as DynamoDB does: 1,000 WU or 3,000 RU a second, or a mix', () => {
    // The usage partition: one write and one read (the month's Query) per request → 750 requests/s.
    const model = buildModel(scenario(1, 300));
    const [usage] = loadsOf(model, 1, 'table', 'USAGE#');
    expect(usage?.writeUnits).toBeCloseTo(300, 9);
    expect(usage?.readUnits).toBeCloseTo(300, 9);
    expect(usage && partitionUse(DEFAULT_PARAMS, usage)).toBeCloseTo(300 / 1000 + 300 / 3000, 9);
    expect(usage?.partition.splitBySortKey).toBe(true);
  });

  it('counts a per-batch counter once per stream batch holding the organization', () => {
    const p = { ...DEFAULT_PARAMS, streamBatchSize: 100, streamWindowSeconds: 1 };
    // One busy organization: full batches of 100 → a write per 100 records.
    expect(batchWritesPerSecond(1000, 1000, 4, p)).toBeCloseTo(10, 6);
    // A quiet one among many: nearly each of its records lands in a batch of its own.
    expect(batchWritesPerSecond(0.01, 4000, 16, p)).toBeCloseTo(0.01, 4);
    // A slow trickle: one-second windows, so never more than a write per shard a second.
    expect(batchWritesPerSecond(100, 100, 4, p)).toBeLessThanOrEqual(4);
    expect(batchWritesPerSecond(0, 1000, 4, p)).toBe(0);
  });

  it('claims SES send slots as the pacer does, and restates the usage shards of the store', async () => {
    for (const rate of [1, 14, 100, 1000]) {
      const claimed: number[] = [];
      const pacer = createSendPacer({
        ratePerSecond: rate,
        claim: async (_second, count) => {
          claimed.push(count);
          return count;
        },
        now: () => 1_000_000,
        sleep: async () => {},
      });
      await pacer.acquire();
      expect(claimed[0]).toBe(sesClaimSize(rate));
    }
    const model = buildModel(scenario(1, 1000));
    const [window] = loadsOf(model, 1, 'table', 'SESRATE#');
    expect(window?.writeUnits).toBeCloseTo(1000 / sesClaimSize(1000) + sendConsumer.maxConcurrency, 9);
    expect(USAGE_SHARDS).toBe(STORE_USAGE_SHARDS);
  });
});
