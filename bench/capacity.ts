/**
 * Capacity, computed (nothing here reaches AWS): per scenario, a day of steady traffic — every partition
 * written with its peak units/s against DynamoDB's 1,000 WU/s (3,000 RU/s) per partition, and every limit
 * (hot partitions, SES, Lambda, API Gateway, the table, the send consumer, settings) with the rate where it
 * binds, by bisection. Usage and how to edit the write set (capacity-model.ts's WRITE_SET): bench/README.md.
 *   npm run bench -- capacity [orgs rate] [--batch n] [--ses-rate n] [--webhooks n] [--hot-share x]
 *     [--stream-batch n] [--stream-window s]
 */
import { MAX_EMAILS_PER_MESSAGE } from '#adapters/send-queue-message.ts';
import { consumers, streamHandlers } from '#app/routes.ts';
import { queueDefinitions } from '#platform/queues.ts';
import {
  bindingScale,
  buildModel,
  DEFAULT_PARAMS,
  type Model,
  occurrences,
  type Params,
  type Partition,
  partitionLoads,
  partitionUse,
  rates,
  type Scenario,
  sendConsumer,
  WRITE_SET,
} from './support/capacity-model.ts';

interface Limit {
  name: string;
  kind: 'partition' | 'quota' | 'code' | 'setting';
  scope: 'organization' | 'deployment';
  /** Load ÷ capacity at a scale of the scenario's rate: it binds at 1. */
  use: (scale: number) => number;
  /** A volume per day or month (binds on a day of steady traffic), not a rate. */
  perDay?: boolean;
}

/** Emails one send-consumer record delivers at once (DELIVERIES_IN_PARALLEL, send-consumer.service.ts). */
const DELIVERIES_IN_PARALLEL = 5;
const webhookConsumer = consumers.find((consumer) => consumer.queue === 'webhooks') ?? { maxConcurrency: 10 };

/** Every limit of a scenario: the hottest key of each partition pattern, AWS's quotas, Postbox's code and settings. */
function limits(model: Model): Limit[] {
  const { scenario, params: p } = model;
  const at = (scale: number) => rates(model, scale);
  const limit = (name: string, kind: Limit['kind'], scope: Limit['scope'], use: Limit['use'], perDay = false) => ({
    name,
    kind,
    scope,
    use,
    perDay,
  });
  // Each pattern's hottest key at the offered rate: its keys carry the same mix of writes (every
  // organization of a scenario sends alike), so it stays the hottest at any rate.
  const hottest = new Map<string, { partition: Partition; use: number }>();
  for (const load of partitionLoads(model, 1)) {
    const name = `${load.partition.index} ${load.partition.pattern}`;
    const use = partitionUse(p, load);
    if (load.partition.scope !== 'per email' && use >= (hottest.get(name)?.use ?? -1))
      hottest.set(name, { partition: load.partition, use });
  }
  const partitions = [...hottest].map(([name, { partition }]) =>
    limit(name, 'partition', partition.scope === 'organization' ? 'organization' : 'deployment', (s) =>
      partitionUse(p, partitionLoads(model, s, [partition])[0] ?? { writeUnits: 0, readUnits: 0 }),
    ),
  );
  // The send consumer: maxConcurrency invocations of batchSize messages, each message's emails 5 at a time.
  const perMessage = scenario.batchSize / Math.ceil(scenario.batchSize / MAX_EMAILS_PER_MESSAGE);
  const rounds = Math.ceil(perMessage / DELIVERIES_IN_PARALLEL);
  const perInvocation = (sendConsumer.batchSize * perMessage) / (rounds * p.deliverySeconds);
  const apiSeconds = p.apiSendSeconds + (scenario.batchSize > 1 ? scenario.batchSize * p.apiBatchEmailSeconds : 0);
  // One invocation per stream shard and reader (parallelization factor 1).
  const readers = streamHandlers.length;
  const concurrency = (s: number) =>
    at(s).requests * apiSeconds +
    Math.min(sendConsumer.maxConcurrency, at(s).emails / perInvocation) +
    2 * at(s).emails * p.sesEventSeconds +
    at(s).streamShards * readers +
    (scenario.webhookEndpoints > 0 ? webhookConsumer.maxConcurrency : 0) +
    1;
  const recipients = (s: number) => at(s).emails * p.recipientsPerEmail;
  const own = (s: number) => at(s).perOrganization * p.recipientsPerEmail;
  // biome-ignore format: a table, one line per limit
  return [
    ...partitions,
    limit(`SES sending rate (${p.sesSendRate} recipients/s)`, 'quota', 'deployment', (s) => recipients(s) / p.sesSendRate),
    limit(`SES 24-hour quota (${p.sesDailyQuota} recipients)`, 'quota', 'deployment', (s) => (recipients(s) * 86_400) / p.sesDailyQuota, true),
    limit(`Lambda concurrency (${p.lambdaConcurrency})`, 'quota', 'deployment', (s) => concurrency(s) / p.lambdaConcurrency),
    limit(`API Gateway account throttle (${p.apiGatewayRequestsPerSecond} req/s)`, 'quota', 'deployment', (s) => at(s).requests / p.apiGatewayRequestsPerSecond),
    limit(`DynamoDB table throughput (${p.tableWriteUnits} WU/s)`, 'quota', 'deployment', (s) => at(s).tableWrites / p.tableWriteUnits),
    limit(`send consumer (maxConcurrency ${sendConsumer.maxConcurrency} × ${sendConsumer.batchSize} messages)`, 'code', 'deployment', (s) => at(s).emails / (sendConsumer.maxConcurrency * perInvocation)),
    limit(`ApiThrottleRateLimit (${p.apiStageRequestsPerSecond} req/s)`, 'setting', 'deployment', (s) => at(s).requests / p.apiStageRequestsPerSecond),
    limit(`organization rate limit (${p.organizationRequestsPerSecond} req/s)`, 'setting', 'organization', (s) => at(s).perOrganization / scenario.batchSize / p.organizationRequestsPerSecond),
    limit(`organization daily recipients (${p.organizationDailyRecipients})`, 'setting', 'organization', (s) => (own(s) * 86_400) / p.organizationDailyRecipients, true),
    limit(`organization monthly recipients (${p.organizationMonthlyRecipients})`, 'setting', 'organization', (s) => (own(s) * 30 * 86_400) / p.organizationMonthlyRecipients, true),
  ];
}

const round = (n: number, digits = 3) => Number(n.toPrecision(digits));
const show = (n: number | undefined) =>
  n === undefined ? 'never' : n >= 100 ? Math.round(n).toLocaleString('en-US') : String(round(n));
const percent = (n: number) => `${n >= 10 ? Math.round(n * 100).toLocaleString('en-US') : round(n * 100)}%`;

function analyse(scenario: Scenario, params: Params, writeSet = WRITE_SET) {
  const model = buildModel(scenario, params, writeSet);
  const r = rates(model, 1);
  // Each pattern's hottest key (one per email: its own units over its life).
  const rows = new Map<string, { partition: Partition; writeUnits: number; readUnits: number; keys: number }>();
  for (const load of partitionLoads(model, 1)) {
    const name = `${load.partition.index} ${load.partition.pattern} ${load.partition.scope}`;
    const row = rows.get(name);
    if (!row || partitionUse(params, load) > partitionUse(params, row))
      rows.set(name, { ...load, keys: (row?.keys ?? 0) + 1 });
    else row.keys += 1;
  }
  const bound = limits(model)
    .map((limit) => ({ ...limit, now: limit.use(1), scale: bindingScale(limit.use) }))
    .sort((a, b) => (a.scale ?? Infinity) - (b.scale ?? Infinity));
  const rated = bound.filter((l) => !l.perDay && l.kind !== 'setting');
  const at = (limit: (typeof bound)[number] | undefined) =>
    limit && {
      limit: limit.name,
      kind: limit.kind,
      emailsPerSecond: limit.scale === undefined ? null : round(limit.scale * r.emails),
      perOrganization: limit.scale === undefined ? null : round(limit.scale * r.perOrganization),
    };
  const unitsPerEmail = writeSet.reduce((sum, entry) => {
    const endpoints = entry.perWebhook ? scenario.webhookEndpoints : 1;
    const organizations = entry.per === 'sesClaim' ? 1 : scenario.organizations;
    return sum + (occurrences(model, entry, 1) * entry.units * endpoints * organizations) / r.emails;
  }, 0);
  // SQS (standard) has no throughput limit: what the offered rate does to it is a backlog, where delivery
  // (SES or the consumer) is slower, kept messageRetentionSeconds.
  const delivery = bound.filter((l) => l.name.startsWith('SES sending rate') || l.kind === 'code');
  const delivered = Math.min(r.emails, ...delivery.map((l) => (l.scale ?? Infinity) * r.emails));
  const queue = {
    inFlightAtMost: sendConsumer.maxConcurrency * sendConsumer.batchSize,
    backlogAfterADay: Math.round((r.emails - delivered) * 86_400),
    retentionDays: queueDefinitions.send.messageRetentionSeconds / 86_400,
  };
  return {
    scenario,
    emailsPerSecond: r.emails,
    emailsPerDay: r.emails * 86_400,
    requestsPerSecond: round(r.requests),
    writeUnitsPerEmail: round(unitsPerEmail),
    streamShards: r.streamShards,
    queue,
    partitions: [...rows.values()]
      .sort((a, b) => partitionUse(params, b) - partitionUse(params, a))
      .map((row) => ({
        index: row.partition.index,
        pattern: row.partition.pattern,
        scope: row.partition.scope,
        keys: row.partition.scope === 'per email' ? 'one per email' : row.keys,
        writtenBy: [...row.partition.what],
        peakWriteUnitsPerSecond: round(row.writeUnits),
        peakReadUnitsPerSecond: round(row.readUnits),
        percentOfPartition: round(partitionUse(params, row) * 100),
        splitBySortKey: row.partition.splitBySortKey,
        bindsAtEmailsPerSecond:
          at(bound.find((l) => l.name === `${row.partition.index} ${row.partition.pattern}`))?.emailsPerSecond ?? null,
      })),
    limits: bound.map((limit) => ({
      ...at(limit),
      scope: limit.scope,
      perDay: limit.perDay,
      percentAtOfferedRate: round(limit.now * 100),
    })),
    // Settings are yours to raise, quotas AWS's; partitions and code are the design's.
    firstLimit: at(rated[0]),
    dailyVolume: at(bound.find((l) => l.perDay && l.kind === 'quota')),
    firstHotPartition: at(bound.find((l) => l.kind === 'partition')),
    perOrganizationCeiling: at(rated.find((l) => l.scope === 'organization')),
    deploymentCeiling: at(rated.find((l) => l.scope === 'deployment')),
    ceilingWithQuotasRaised: at(rated.find((l) => l.kind === 'partition' || l.kind === 'code')),
  };
}

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function print(result: ReturnType<typeof analyse>) {
  const { scenario: s } = result;
  const out = [
    `\n## ${s.name}: ${s.organizations.toLocaleString('en-US')} organization(s) × ${s.emailsPerSecondPerOrganization} emails/s` +
      `${s.batchSize > 1 ? ` in batches of ${s.batchSize}` : ''} = ${show(result.emailsPerSecond)} emails/s, ` +
      `${show(result.emailsPerDay)} a day; ${show(result.requestsPerSecond)} API requests/s; ` +
      `${result.writeUnitsPerEmail} write units per email; ${result.streamShards} stream shards\n`,
    table([
      ['index', 'partition key', 'scope', 'keys', 'WU/s', 'RU/s', '% of 1', 'binds at emails/s', 'written by'],
      ...result.partitions.map((p) => [
        p.index,
        `${p.pattern}${p.splitBySortKey ? ' (*)' : ''}`,
        p.scope,
        String(p.keys),
        p.scope === 'per email' && p.peakWriteUnitsPerSecond > 0
          ? `≤ ${p.peakWriteUnitsPerSecond}`
          : show(p.peakWriteUnitsPerSecond),
        p.scope === 'per email' && p.peakReadUnitsPerSecond > 0
          ? `≤ ${p.peakReadUnitsPerSecond}`
          : show(p.peakReadUnitsPerSecond),
        `${p.percentOfPartition}%`,
        p.scope === 'per email' ? '—' : show(p.bindsAtEmailsPerSecond ?? undefined),
        p.writtenBy.join('; '),
      ]),
    ]),
    '(*) its shards are sort keys under one partition key: beyond 1,000 WU/s it relies on DynamoDB splitting the collection\n',
    table([
      ['kind', 'scope', 'limit', 'at offered rate', 'binds at emails/s', 'per organization'],
      ...result.limits.map((l) => [
        `${l.kind ?? ''}${l.perDay ? ' (volume)' : ''}`,
        l.scope,
        l.limit ?? '',
        percent(l.percentAtOfferedRate / 100),
        show(l.emailsPerSecond ?? undefined),
        show(l.perOrganization ?? undefined),
      ]),
    ]),
    `\nSQS send queue: no throughput limit; at most ${result.queue.inFlightAtMost} messages in flight ` +
      `(the consumer's maxConcurrency × batchSize); backlog after a day at this rate: ${show(result.queue.backlogAfterADay)} ` +
      `emails (kept ${result.queue.retentionDays} days)\n`,
    ...(
      [
        ['first limit (a rate)', result.firstLimit],
        ['a day at the rate', result.dailyVolume],
        ['first hot partition', result.firstHotPartition],
        ['per organization', result.perOrganizationCeiling],
        ['per deployment', result.deploymentCeiling],
        ['AWS quotas raised', result.ceilingWithQuotasRaised],
      ] as const
    ).map(
      ([label, c]) =>
        `${label.padEnd(21)} ${c ? `${show(c.emailsPerSecond ?? undefined)} emails/s (${show(c.perOrganization ?? undefined)} per organization): ${c.limit}` : 'none'}`,
    ),
  ];
  process.stdout.write(`${out.join('\n')}\n`);
}

// `orgs rate` positionally; every `--name` takes the value after it.
const options = new Map<string, string>();
const positional: string[] = [];
for (const args = process.argv.slice(2); args.length > 0; ) {
  const arg = args.shift() as string;
  if (arg.startsWith('--')) options.set(arg.slice(2), args.shift() ?? '');
  else positional.push(arg);
}
const option = (name: string) => (options.has(name) ? Number(options.get(name)) : undefined);
const params: Params = {
  ...DEFAULT_PARAMS,
  sesSendRate: option('ses-rate') ?? DEFAULT_PARAMS.sesSendRate,
  streamBatchSize: option('stream-batch') ?? DEFAULT_PARAMS.streamBatchSize,
  streamWindowSeconds: option('stream-window') ?? DEFAULT_PARAMS.streamWindowSeconds,
};
const common = { hotRecipientShare: option('hot-share') ?? 0.01, webhookEndpoints: option('webhooks') ?? 0 };
const scenarios: Scenario[] =
  positional.length >= 2
    ? [
        {
          name: 'custom',
          organizations: Number(positional[0]),
          emailsPerSecondPerOrganization: Number(positional[1]),
          batchSize: option('batch') ?? 1,
          ...common,
        },
      ]
    : [
        {
          name: '1. one organization, single sends',
          organizations: 1,
          emailsPerSecondPerOrganization: 500,
          batchSize: 1,
          ...common,
        },
        {
          name: '2. 1,000 organizations, single sends',
          organizations: 1000,
          emailsPerSecondPerOrganization: 2,
          batchSize: 1,
          ...common,
        },
        {
          name: '3. one organization, batches of 100',
          organizations: 1,
          emailsPerSecondPerOrganization: 500,
          batchSize: 100,
          ...common,
        },
      ];
process.stdout.write(
  `# Capacity model: ${WRITE_SET.length} writes of an email (WRITE_SET); SES ${params.sesSendRate}/s\n`,
);
const results = scenarios.map((scenario) => analyse(scenario, params));
for (const result of results) print(result);
process.stdout.write(`\n${JSON.stringify({ params, scenarios: results }, null, 2)}\n`);
