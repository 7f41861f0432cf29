/**
 * The capacity model of `npm run bench -- capacity` (bench/capacity.ts): what one email writes and reads
 * (WRITE_SET, READ_SET: edit these when the data model changes), replayed through the real key builders
 * for a scenario's organizations, and each partition's load at a rate.
 */
import { consumers } from '#app/routes.ts';
import {
  DUE_INDEX_SHARDS,
  EMAIL_COUNTER_SHARDS,
  EMAIL_LIST_SHARDS,
  emailShard,
  keys,
  METRIC_SHARDS,
} from '#dynamo/keys.ts';
import type { ConsumerDefinition } from '#platform/routes.ts';
import type { IndexName } from '#platform/table.ts';

export interface Entry {
  stage: 'accept' | 'stream' | 'delivery' | 'events' | 'scheduler' | 'webhooks';
  what: string;
  index: IndexName | 'table';
  /** The partition key written (table PK or the index's partition key), built by a `keys.*` builder. */
  key: (c: KeyContext) => string;
  /** Units per occurrence: write units (WRITE_SET) or read units (READ_SET); 2 per item of a transaction. */
  units: number;
  /** Each email (a batch's too), each API request, each stream batch holding the organization, each SES slot claim. */
  per: 'email' | 'request' | 'streamBatch' | 'sesClaim';
  /** The writer picks one of this many shards per write (Math.random, or per batch). */
  pickedShards?: number;
  /** The shards are sort keys under one partition key: only DynamoDB splitting the collection spreads them. */
  sortKeyShards?: number;
  /** streamBatch: an email's records that make this write (insert + status change; hand-over + the delivered change). */
  recordsPerEmail?: number;
  /** Written once per webhook endpoint of the organization (scenario.webhookEndpoints, 0 by default). */
  perWebhook?: boolean;
}

/** Usage counter items per month (USAGE_SHARDS, shared/emails/usage.store.ts, which needs TABLE_NAME to load). */
export const USAGE_SHARDS = 10;

// ── WHAT ONE EMAIL WRITES — one line per write; `units` per occurrence, `per` says what an occurrence is ──
// Edit, add or delete lines as the data model changes (the unit test pins the `queued` entries at 2 writes an email, none in the due index).
// biome-ignore format: a table, one line per write
export const WRITE_SET: Entry[] = [
  // accept: POST /emails/send and /emails/batch
  { stage: 'accept',   per: 'request',     units: 1,  index: 'table', what: 'rate-limit window',                                  key: (c) => keys.rateLimitWindow('org', c.org, c.second).PK },
  { stage: 'accept',   per: 'request',     units: 1,  index: 'table', what: 'usage counter',                                      sortKeyShards: USAGE_SHARDS, pickedShards: USAGE_SHARDS, key: (c) => keys.usageCounter(c.org, c.env, c.month, c.shard).PK },
  { stage: 'accept',   per: 'email',       units: 1,  index: 'table', what: 'email put',                                          key: (c) => keys.email(c.org, c.id).PK },
  { stage: 'accept',   per: 'email',       units: 1,  index: 'GSI3',  what: 'list entry by time',                                 key: (c) => keys.emailListEntry(c.org, c.env, 'queued', c.id, c.createdAt).GSI3PK },
  { stage: 'accept',   per: 'email',       units: 1,  index: 'GSI4',  what: 'status entry (queued)',                              key: (c) => keys.emailStatusEntry(c.org, c.env, 'queued', c.id).GSI4PK ?? '' },
  // (no due entry for an email sent now: the scheduler finds a lost one through its `queued` entry; the sender registry SENDERS#<hour> is one write per function instance and hour)
  // stream: the stream-counters reader; per-batch lines are items of its transaction per run and organization
  { stage: 'stream',   per: 'email',       units: 1,  index: 'table', what: '`to` pointer',                                       key: (c) => keys.emailToPointer(c.org, c.env, c.to, c.id, c.createdAt).PK },
  { stage: 'stream',   per: 'email',       units: 1,  index: 'table', what: 'tag pointer (every email: one tag, the same)',       key: (c) => keys.emailTagPointer(c.org, c.env, c.tag, c.id, c.createdAt).PK },
  { stage: 'stream',   per: 'streamBatch', units: 2,  index: 'table', what: 'email counter (transaction)',                        recordsPerEmail: 2, pickedShards: EMAIL_COUNTER_SHARDS, key: (c) => keys.emailCounter(c.org, c.env, c.shard).PK },
  // delivery: the send consumer
  { stage: 'delivery', per: 'sesClaim',    units: 1,  index: 'table', what: 'SES send window',                                    key: (c) => keys.sesSendWindow(c.second).PK },
  { stage: 'delivery', per: 'email',       units: 1,  index: 'table', what: 'claim',                                              key: (c) => keys.email(c.org, c.id).PK },
  { stage: 'delivery', per: 'email',       units: 1,  index: 'table', what: 'hand-over',                                          key: (c) => keys.email(c.org, c.id).PK },
  // (an organization that receives email also writes its GSI5 entry here: keys.emailBySesMessageId, 1 WU, one partition per email)
  // events: the ses-events function, per delivery notification; then the metrics in the reader's transaction
  { stage: 'events',   per: 'email',       units: 1,  index: 'table', what: 'status update + its delivered event',                key: (c) => keys.email(c.org, c.id).PK },
  { stage: 'events',   per: 'email',       units: 1,  index: 'GSI4',  what: 'status entry removed',                               key: (c) => keys.emailStatusEntry(c.org, c.env, 'queued', c.id).GSI4PK ?? '' },
  { stage: 'events',   per: 'streamBatch', units: 2,  index: 'table', what: 'hour counter (transaction; a day: its hours)',        recordsPerEmail: 2, sortKeyShards: METRIC_SHARDS, pickedShards: METRIC_SHARDS, key: (c) => keys.metricCounter(c.org, c.env, c.hour, c.shard).PK },
  { stage: 'events',   per: 'streamBatch', units: 2,  index: 'table', what: 'hour sender directory (transaction)',                recordsPerEmail: 2, sortKeyShards: METRIC_SHARDS, pickedShards: METRIC_SHARDS, key: (c) => keys.metricDirectory(c.env, c.hour, c.org, c.shard).PK },
  // scheduler: nothing for an email sent now (a scheduled one: its due entry moved once, at release)
  // webhooks, per endpoint (--webhooks n; none by default), 2 events an email (sent, delivered)
  { stage: 'webhooks', per: 'email',       units: 18, index: 'table', what: 'deliveries + counters: 2 × (put 4, claim 1, end 4)', perWebhook: true, key: (c) => keys.webhookDelivery(c.org, c.webhook, `msg-${c.id}`).PK },
  { stage: 'webhooks', per: 'email',       units: 4,  index: 'table', what: 'attempt slots: 2 × (put 1, delete 1)',               perWebhook: true, key: (c) => keys.webhookSlot(c.org, c.webhook, 0).PK },
];

// ── WHAT ONE EMAIL READS on the partitions it shares (consistent reads of ≤ 4 KB: 1 read unit each) ──
// biome-ignore format: a table, one line per read
export const READ_SET: Entry[] = [
  { stage: 'accept', per: 'request', units: 1, index: 'table', what: 'API key (auth)',               key: (c) => keys.apiKey(c.keyHash).PK },
  { stage: 'accept', per: 'request', units: 1, index: 'table', what: 'organization',                 key: (c) => keys.organization(c.org).PK },
  { stage: 'accept', per: 'request', units: 1, index: 'table', what: 'sender domain claim',          key: (c) => keys.domainClaim(c.domain).PK },
  { stage: 'accept', per: 'request', units: 1, index: 'table', what: 'usage (Query of the month)',   key: (c) => keys.usageCounterPartition(c.org, c.env, c.month).PK },
  { stage: 'accept', per: 'email',   units: 1, index: 'table', what: 'suppression of the recipient', key: (c) => keys.suppression(c.org, c.to).PK },
];

export interface Scenario {
  name: string;
  organizations: number;
  emailsPerSecondPerOrganization: number;
  /** Emails per API request: 1 for POST /emails/send, n for POST /emails/batch. */
  batchSize: number;
  /** Share of an organization's emails to its most frequent recipient (the rest: one address each). */
  hotRecipientShare: number;
  webhookEndpoints: number;
}

/** AWS quotas (defaults as published when written), Postbox settings, and assumptions (durations in AWS, seconds). */
export const DEFAULT_PARAMS = {
  partitionWriteUnits: 1000,
  partitionReadUnits: 3000,
  tableWriteUnits: 40_000, // on-demand throughput per table (adjustable)
  sesSendRate: 14,
  sesDailyQuota: 50_000,
  recipientsPerEmail: 1, // SES's quotas count recipients
  lambdaConcurrency: 1000,
  apiGatewayRequestsPerSecond: 10_000,
  apiStageRequestsPerSecond: 100, // the stack's ApiThrottleRateLimit
  organizationRequestsPerSecond: 10, // RATE_LIMIT_PER_SECOND; set-rate-limit raises it up to 1,000
  organizationDailyRecipients: 50_000,
  organizationMonthlyRecipients: 1_000_000,
  streamBatchSize: 100,
  streamWindowSeconds: 1,
  streamRecordsPerEmail: 3, // what the stream-counters reader gets: insert, hand-over, status change (its delivered event)
  minStreamShards: 4, // and one shard per 1,000 table write units/s (a shard per table partition)
  apiSendSeconds: 0.08, // an API send; a batch adds apiBatchEmailSeconds per email
  apiBatchEmailSeconds: 0.004,
  deliverySeconds: 0.25, // one delivery: claim, SES call, hand-over
  sesEventSeconds: 0.05, // one SES notification
};
export type Params = typeof DEFAULT_PARAMS;

/** The send queue's consumer as the route table declares it (shared/emails/routes.ts). */
export const sendConsumer = consumers.find((consumer) => consumer.queue === 'send') as ConsumerDefinition;
/** Slots claimed per table write (createSendPacer, shared/emails/delivery/send-pacer.service.ts). */
export const sesClaimSize = (rate: number) => Math.max(1, Math.min(5, Math.floor(rate / 5)));

/**
 * Writes per second of a per-batch counter of one organization: the stream batches that hold at least
 * one of its `ownRecords` (records arrive at random over `shards` shards; a batch spans the batching
 * window or `streamBatchSize` of the reader's `allRecords` on its shard, whichever is shorter).
 */
export function batchWritesPerSecond(ownRecords: number, allRecords: number, shards: number, p: Params): number {
  if (ownRecords <= 0) return 0;
  const span = Math.min(p.streamWindowSeconds, (p.streamBatchSize * shards) / allRecords);
  return (shards / span) * (1 - Math.exp(-(ownRecords * span) / shards));
}

type Use = [entry: Entry, organization: number, weight: number, read: boolean];
/** One partition key (with its index), and who writes or reads it how much. */
export interface Partition {
  index: string;
  key: string;
  pattern: string;
  scope: 'organization' | 'deployment' | 'per email';
  what: Set<string>;
  splitBySortKey: boolean;
  uses: Use[];
}
export type Model = { scenario: Scenario; params: Params; writeSet: Entry[]; partitions: Partition[] };

/** Email ids on every residue of the lcm of the id-sharded counts: each shard of each gets its exact share. */
function residueIds(): string[] {
  const gcd = (x: number, y: number): number => (y === 0 ? x : gcd(y, x % y));
  const shardCounts = [EMAIL_LIST_SHARDS, EMAIL_COUNTER_SHARDS, DUE_INDEX_SHARDS, METRIC_SHARDS];
  const lcm = shardCounts.reduce((a, b) => (a * b) / gcd(a, b));
  const ids: string[] = [];
  for (let n = 0; ids.filter(Boolean).length < lcm; n += 1) {
    const id = `0195e0c0-${n.toString(16).padStart(4, '0')}-7000-8000-000000000000`;
    ids[emailShard(id, lcm)] ??= id;
  }
  return ids;
}

const AT = Date.UTC(2026, 2, 2, 12, 30, 0);
const NOW = new Date(AT).toISOString();
const DEADLINE = new Date(AT + 16 * 60_000).toISOString();
const HOT = 'hot@example.net';
/**
 * What a key builder is given: one email of one organization at a second of the day (traffic is steady,
 * so every second and hour writes alike). `shard` is the shard a writer picks itself (`pickedShards`).
 */
const context = (org: number, id: string, over: Partial<KeyContext> = {}) => ({
  org: `org_${String(org).padStart(5, '0')}`,
  env: 'live',
  id,
  createdAt: NOW,
  second: AT / 1000,
  hour: `H#${NOW.slice(0, 13)}`,
  month: NOW.slice(0, 7),
  deadline: DEADLINE,
  to: `r-${id}@example.net`,
  tag: 'category:receipt',
  sesId: `ses-${id}`,
  shard: 0,
  webhook: 'wh_0',
  keyHash: `hash-of-key-${org}`,
  domain: `mail${org}.example.com`,
  ...over,
});
export type KeyContext = {
  [name in 'org' | 'env' | 'id' | 'createdAt' | 'hour' | 'month' | 'deadline' | 'to' | 'tag' | 'sesId']: string;
} & { [name in 'webhook' | 'keyHash' | 'domain']: string } & { second: number; shard: number };

/** A key with the context's values named, so that every organization's, email's and second's keys read as one. */
function patternOf(key: string, c: KeyContext): string {
  const names: Array<[string, string]> = [
    [c.to, '<address>'],
    [c.sesId, '<ses message id>'],
    [c.id, '<email id>'],
    [c.keyHash, '<key hash>'],
    [c.domain, '<domain>'],
    [c.tag, '<tag>'],
    [c.webhook, '<webhook>'],
    [c.org, '<org>'],
    [c.hour.slice(2), '<yyyy-mm-ddThh>'],
    [c.month, '<yyyy-mm>'],
    [String(c.second), '<epoch second>'],
  ];
  const named = names.reduce((text, [value, name]) => text.split(value).join(name), key);
  return named.replace(new RegExp(`#${c.env}(?=#|$)`), '#<env>');
}
const SHARD_NUMBER = /\d+$/;

/**
 * Replays every entry's key builder for each organization of the scenario over what its key depends
 * on — email ids covering every shard residue, the hot recipient and one address per email, the shards
 * a writer picks, the webhook endpoints — each key weighted by its share of the entry's occurrences.
 */
export function buildModel(scenario: Scenario, params = DEFAULT_PARAMS, writeSet = WRITE_SET, readSet = READ_SET) {
  const ids = residueIds();
  const byKey = new Map<string, Partition>();
  const uses = new Map<string, Use>();
  const shardsOfPattern = new Map<string, Set<string>>();
  for (const [number, entry] of [...writeSet, ...readSet].entries()) {
    const read = number >= writeSet.length;
    const endpoints = entry.perWebhook ? scenario.webhookEndpoints : 1;
    const probe = context(0, ids[0] as string);
    const byId = new Set(ids.map((id) => entry.key(context(0, id, { to: HOT })))).size > 1 ? ids : [probe.id];
    const share = entry.key(probe) === entry.key({ ...probe, to: HOT }) ? 0 : scenario.hotRecipientShare;
    const picked = entry.pickedShards ?? 1;
    // One recipient per email (the context's own), or the hot one for its share.
    const recipients = [{ part: 1 - share }, { to: HOT, part: share }].filter(({ part }) => part > 0);
    const variants: Array<[Partial<KeyContext>, number]> = [];
    for (const id of byId) {
      for (const { to, part } of recipients) {
        for (let shard = 0; shard < picked; shard += 1) {
          for (let n = 0; n < endpoints; n += 1)
            variants.push([{ id, shard, webhook: `wh_${n}`, ...(to && { to }) }, part / byId.length / picked]);
        }
      }
    }
    // What each variant's key is like, from the first organization: its pattern, and whether it is an
    // email's own (merged into one row), an organization's, or the deployment's (built once).
    const kinds = variants.map(([over, weight]) => {
      const c = context(0, over.id as string, over);
      const key = entry.key(c);
      const pattern = patternOf(key, c);
      const byOrganization = entry.key(context(1, c.id, over)) !== key;
      const scope = key.includes(c.id) ? 'per email' : byOrganization ? 'organization' : 'deployment';
      const bare = `${entry.index}|${pattern.replace(SHARD_NUMBER, '')}`;
      shardsOfPattern.set(bare, (shardsOfPattern.get(bare) ?? new Set()).add(pattern));
      return { over, weight, key, pattern, scope } as const;
    });
    // The SES send windows are the deployment's: one organization stands for all.
    for (let org = 0; org < (entry.per === 'sesClaim' ? 1 : scenario.organizations); org += 1) {
      for (const { over, weight, key: first, pattern, scope } of kinds) {
        if (scope === 'per email' && org > 0) continue;
        const key = scope === 'organization' && org > 0 ? entry.key(context(org, over.id as string, over)) : first;
        const where = `${entry.index}|${scope === 'per email' ? pattern : key}`;
        let partition = byKey.get(where);
        if (!partition) {
          partition = { index: entry.index, key, pattern, scope, what: new Set(), splitBySortKey: false, uses: [] };
          byKey.set(where, partition);
        }
        partition.what.add(entry.what);
        partition.splitBySortKey ||= (entry.sortKeyShards ?? 0) > 1;
        const useKey = `${where}|${number}|${org}`;
        const use = uses.get(useKey);
        if (use) use[2] += weight;
        else uses.set(useKey, partition.uses[partition.uses.push([entry, org, weight, read]) - 1] as Use);
      }
    }
  }
  // Keys that differ only by a trailing shard number read as one pattern: `DUE#<0–3>`.
  for (const partition of byKey.values()) {
    const shards = shardsOfPattern.get(`${partition.index}|${partition.pattern.replace(SHARD_NUMBER, '')}`)?.size ?? 1;
    if (shards > 1) partition.pattern = partition.pattern.replace(SHARD_NUMBER, `<0–${shards - 1}>`);
  }
  return { scenario, params, writeSet, partitions: [...byKey.values()] } satisfies Model;
}

/** The scenario's rates at `scale` (1 = as offered); stream shards follow the table's writes. */
export function rates(model: Model, scale: number) {
  const { scenario, params: p, writeSet } = model;
  const perOrganization = scenario.emailsPerSecondPerOrganization * scale;
  const emails = perOrganization * scenario.organizations;
  const requests = emails / scenario.batchSize;
  const units = (per: Entry['per']) =>
    writeSet
      .filter((e) => e.per === per && e.index === 'table')
      .reduce((sum, e) => sum + e.units * (e.perWebhook ? scenario.webhookEndpoints : 1), 0);
  const tableWrites = emails * units('email') + requests * units('request');
  const streamShards = Math.max(p.minStreamShards, Math.ceil(tableWrites / p.partitionWriteUnits));
  return { perOrganization, emails, requests, tableWrites, streamShards };
}

/** Occurrences per second of an entry in one organization (the deployment's, for the SES send windows). */
export function occurrences(model: Model, entry: Entry, scale: number): number {
  const { scenario, params: p } = model;
  const r = rates(model, scale);
  if (entry.per === 'email') return r.perOrganization;
  if (entry.per === 'request') return r.perOrganization / scenario.batchSize;
  if (entry.per === 'streamBatch') {
    const all = r.emails * p.streamRecordsPerEmail;
    return batchWritesPerSecond(r.perOrganization * (entry.recordsPerEmail ?? 1), all, r.streamShards, p);
  }
  // The pacer at the SES rate (raised to the offered rate where that is higher), and a claim a second
  // per consumer instance that finds the second full.
  const sendRate = Math.max(p.sesSendRate, r.emails * p.recipientsPerEmail);
  return r.emails / sesClaimSize(sendRate) + sendConsumer.maxConcurrency;
}

/** Write and read units per second of each partition at `scale`; a partition of one email: its units. */
export function partitionLoads(model: Model, scale: number, partitions = model.partitions) {
  const cache = new Map<Entry, number>();
  const rate = (entry: Entry) => cache.get(entry) ?? cache.set(entry, occurrences(model, entry, scale)).get(entry) ?? 0;
  return partitions.map((partition) => {
    const load = { partition, writeUnits: 0, readUnits: 0 };
    for (const [entry, , weight, read] of partition.uses) {
      const units = partition.scope === 'per email' ? entry.units : rate(entry) * entry.units * weight;
      if (read) load.readUnits += units;
      else load.writeUnits += units;
    }
    return load;
  });
}

/** A partition serves 1,000 write units or 3,000 read units a second, or a linear mix of both. */
export const partitionUse = (p: Params, load: { writeUnits: number; readUnits: number }) =>
  load.writeUnits / p.partitionWriteUnits + load.readUnits / p.partitionReadUnits;

/** The scale at which `use` (growing with the scale) reaches 1, by bisection; undefined past 10⁷. */
export function bindingScale(use: (scale: number) => number): number | undefined {
  let high = 1;
  for (; use(high) < 1; high *= 2) if (high > 1e7) return undefined;
  let low = 0;
  for (let step = 0; step < 40; step += 1) {
    const middle = (low + high) / 2;
    if (use(middle) < 1) low = middle;
    else high = middle;
  }
  return high;
}
