/**
 * No two entities of the single table can be read as each other: within one index, two entities whose
 * partition keys can be equal never have sort keys one of which can begin the other, and every
 * begins_with or whole-partition query reads only the entities it is meant for.
 */
import { describe, expect, it } from 'vitest';
import { keys } from '#dynamo/keys.ts';

type Builder = (...args: never[]) => object;
type Builders = Record<string, unknown>;
/** Sample arguments of a builder, as a function of a run (two runs with different ids and numbers). */
type Samples = Record<string, (id: string, n: number) => unknown[]>;

/** The part of a key that all values share (the literal prefix), and whether the key varies at all. */
interface KeyShape {
  literal: string;
  varies: boolean;
}
interface Read {
  builder: string;
  index: string;
  partition: KeyShape;
  sort?: KeyShape;
  kind: 'item' | 'prefix' | 'partition';
  /** For a prefix query: the prefix. */
  prefix?: string;
}

function shape(a: string, b: string): KeyShape {
  if (a === b) return { literal: a, varies: false };
  let i = 0;
  while (i < a.length && a[i] === b[i]) i += 1;
  return { literal: a.slice(0, i), varies: true };
}

/** Whether some value of one key shape can equal some value of the other. */
function overlap(x: KeyShape, y: KeyShape): boolean {
  if (!x.varies && !y.varies) return x.literal === y.literal;
  if (!x.varies) return x.literal.startsWith(y.literal);
  if (!y.varies) return y.literal.startsWith(x.literal);
  return x.literal.startsWith(y.literal) || y.literal.startsWith(x.literal);
}

/** Whether some value of a key shape begins with `prefix`. */
function canBeginWith(x: KeyShape, prefix: string): boolean {
  return x.literal.startsWith(prefix) || (x.varies && prefix.startsWith(x.literal));
}

function readsOf(builders: Builders, samples: Samples): Read[] {
  const reads: Read[] = [];
  for (const [name, builder] of Object.entries(builders)) {
    if (typeof builder !== 'function') continue;
    const sample = samples[name];
    if (!sample) throw new Error(`no sample arguments for keys.${name}`);
    const a = (builder as Builder)(...(sample('a~', 1) as never[])) as Record<string, string>;
    const b = (builder as Builder)(...(sample('b~', 2) as never[])) as Record<string, string>;
    for (const [index, pk, sk] of [
      ['table', 'PK', 'SK'],
      ['GSI1', 'GSI1PK', 'GSI1SK'],
      ['GSI2', 'GSI2PK', 'GSI2SK'],
      ['GSI3', 'GSI3PK', 'GSI3SK'],
      ['GSI4', 'GSI4PK', 'GSI3SK'],
      ['GSI5', 'GSI5PK', 'GSI5SK'],
    ] as const) {
      const pa = a[pk];
      const pb = b[pk];
      if (pa === undefined || pb === undefined) continue;
      const partition = shape(pa, pb);
      const sa = a[sk];
      const sb = b[sk];
      if (sa !== undefined && sb !== undefined) {
        reads.push({ builder: name, index, partition, sort: shape(sa, sb), kind: 'item' });
      } else if (index === 'table' && a.SKPrefix !== undefined) {
        reads.push({ builder: name, index, partition, kind: 'prefix', prefix: a.SKPrefix });
      } else if (!(`${sk}Below` in a)) {
        reads.push({ builder: name, index, partition, kind: 'partition' });
      }
    }
  }
  return reads;
}

/** Every way one entity's keys can be read as another's; empty when the key layout is sound. */
function collisions(builders: Builders, samples: Samples, owners: Record<string, string[]>): string[] {
  const reads = readsOf(builders, samples);
  const items = reads.filter((read) => read.kind === 'item');
  const found: string[] = [];
  for (const [i, x] of items.entries()) {
    for (const y of items.slice(i + 1)) {
      if (x.builder === y.builder || x.index !== y.index || !overlap(x.partition, y.partition)) continue;
      if (x.sort && y.sort && overlap(x.sort, y.sort)) found.push(`${x.builder} and ${y.builder} (${x.index})`);
    }
  }
  for (const query of reads.filter((read) => read.kind !== 'item')) {
    const meant = owners[query.builder];
    if (!meant) throw new Error(`no owner entities for the query keys.${query.builder}`);
    for (const item of items) {
      if (item.index !== query.index || !overlap(item.partition, query.partition)) continue;
      const read = query.kind === 'partition' || (item.sort && canBeginWith(item.sort, query.prefix as string));
      if (read && !meant.includes(item.builder)) found.push(`${query.builder} reads ${item.builder} (${query.index})`);
    }
  }
  return found;
}

const two = (id: string) => [id, id];
const samples: Samples = {
  organization: (id) => [id],
  apiKey: (id) => [id],
  apiKeyOfOrganization: two,
  apiKeysOfOrganizationPrefix: (id) => [id],
  member: (id) => [id],
  memberOfOrganization: two,
  membersOfOrganizationPrefix: (id) => [id],
  signInFailures: (id) => [id],
  session: (id) => [id],
  sessionOfMember: two,
  sessionsOfMemberPrefix: (id) => [id],
  serverSecret: (id) => [id],
  domain: two,
  domainsOfOrganizationPrefix: (id) => [id],
  domainNameInOrganization: two,
  domainCount: (id) => [id],
  domainClaim: (id) => [id],
  email: two,
  emailContent: two,
  emailCollection: two,
  emailEvent: (id) => [id, id, id, id],
  emailListEntry: (id) => [id, id, 'queued', id, id],
  emailStatusEntry: (id) => [id, id, 'queued', id],
  emailsByTime: (id, n) => [id, id, n],
  emailsByStatus: (id, n) => [id, id, 'queued', n],
  emailToPointer: (id) => [id, id, id, id, id],
  emailsToPartition: (id, n) => [id, id, id, n],
  emailTagPointer: (id) => [id, id, id, id, id],
  emailsTagPartition: (id, n) => [id, id, id, n],
  emailCounter: (id, n) => [id, id, n],
  emailBySesMessageId: two,
  emailsBySesMessageId: (id) => [id],
  inboundMessage: two,
  inboundContent: two,
  inboundTombstone: two,
  inboundMessages: (id) => [id],
  inboundToPointer: (id) => [id, id, id],
  inboundToPartition: two,
  inboundFromPointer: (id) => [id, id, id],
  inboundFromPartition: two,
  inboundDayCounter: two,
  inboundDayCounters: (id) => [id],
  dueEntry: two,
  dueUpTo: (_id, n) => [n, n],
  activeSender: (id) => [id, id, id],
  activeSendersOfHour: (id) => [id],
  unindexedSweepMark: (id) => [id],
  usageCounter: (id, n) => [id, id, id, n],
  usageCounterPartition: (id) => [id, id, id],
  emailDayCountsMarker: () => [],
  softBounces: two,
  sesSendWindow: (_id, n) => [n],
  template: two,
  templatesPrefix: (id) => [id],
  templateBodies: two,
  templateCount: (id) => [id],
  templateUsageDay: (id) => [id, id, id],
  templateUsagePartition: two,
  suppression: two,
  suppressionsList: (id) => [id, id, id],
  suppressionPointer: two,
  counterShard: (id, n) => [id, 'suppressions', n],
  counterShardsPrefix: (id) => [id, 'suppressions'],
  attachmentUpload: two,
  webhook: two,
  webhooksOfOrganizationPrefix: (id) => [id],
  webhookCount: (id) => [id],
  webhookDelivery: (id) => [id, id, id],
  webhookDeliveriesPrefix: two,
  webhookDeliveryCounter: (id, n) => [id, id, n],
  webhookDeliveryCountersPrefix: two,
  webhookSlot: (id, n) => [id, id, n],
  webhookSlotsPrefix: two,
  metricCounter: (id, n) => [id, id, id, n],
  metricCounters: two,
  metricDirectory: (id, n) => [id, id, id, n],
  metricDirectoryOfHour: (id, n) => [id, id, n],
  idempotency: two,
  rateLimitWindow: (id, n) => ['org', id, n],
};
/** The entities each query is meant to read (a whole-partition query reads every entity listed). */
const owners: Record<string, string[]> = {
  apiKeysOfOrganizationPrefix: ['apiKeyOfOrganization'],
  membersOfOrganizationPrefix: ['memberOfOrganization'],
  sessionsOfMemberPrefix: ['sessionOfMember'],
  domainsOfOrganizationPrefix: ['domain'],
  counterShardsPrefix: ['counterShard'],
  templatesPrefix: ['template'],
  webhooksOfOrganizationPrefix: ['webhook'],
  webhookDeliveriesPrefix: ['webhookDelivery'],
  webhookDeliveryCountersPrefix: ['webhookDeliveryCounter'],
  webhookSlotsPrefix: ['webhookSlot'],
  emailCollection: ['email', 'emailContent', 'emailEvent'],
  emailStatusEntry: ['emailListEntry'],
  emailsByTime: ['emailListEntry'],
  emailsByStatus: ['emailListEntry'],
  emailsToPartition: ['emailToPointer'],
  emailsTagPartition: ['emailTagPointer'],
  dueUpTo: ['dueEntry'],
  activeSendersOfHour: ['activeSender'],
  usageCounterPartition: ['usageCounter'],
  templateUsagePartition: ['templateUsageDay'],
  metricCounters: ['metricCounter'],
  metricDirectoryOfHour: ['metricDirectory'],
  suppressionsList: ['suppression'],
  emailsBySesMessageId: ['emailBySesMessageId'],
  inboundMessages: ['inboundMessage'],
  inboundToPartition: ['inboundToPointer'],
  inboundFromPartition: ['inboundFromPointer'],
  inboundDayCounters: ['inboundDayCounter'],
};

describe('the key prefixes of the single table', () => {
  it('let no entity be read as another', () => {
    expect(collisions(keys, samples, owners)).toEqual([]);
  });

  it('cover every key builder', () => {
    const builders = Object.entries(keys).filter(([, value]) => typeof value === 'function');
    expect(builders.map(([name]) => name).sort()).toEqual(Object.keys(samples).sort());
  });

  it('would catch a sort key that begins another, and a prefix query that reads a stranger', () => {
    const clashing = {
      tag: (org: string, id: string) => ({ PK: `ORG#${org}`, SK: `TAG#${id}` }),
      tagName: (org: string, id: string) => ({ PK: `ORG#${org}`, SK: `TAG#NAME#${id}` }),
      count: (org: string) => ({ PK: `ORG#${org}`, SK: 'COUNT#tags' }),
      counts: (org: string) => ({ PK: `ORG#${org}`, SKPrefix: 'COUNT#' }),
      shard: (org: string, n: number) => ({ PK: `ORG#${org}`, SK: `COUNT#${n}` }),
    };
    const clashingSamples: Samples = {
      tag: two,
      tagName: two,
      count: (id) => [id],
      counts: (id) => [id],
      shard: (id, n) => [id, n],
    };
    expect(collisions(clashing, clashingSamples, { counts: ['shard'] })).toEqual([
      'tag and tagName (table)',
      'count and shard (table)',
      'counts reads count (table)',
    ]);
  });
});
