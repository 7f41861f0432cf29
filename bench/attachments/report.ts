/**
 * The attachments bench's report: a table per scenario, then every figure as JSON (compared across
 * runs by its keys).
 */
import { cpus } from 'node:os';
import { BLOB_REFRESH_DAYS, STORED_ATTACHMENT_DAYS } from '#platform/buckets.ts';
import { GB_BYTES, MONTH_DAYS, PRICES } from '../support/prices.ts';
import { type LatencySummary, summarize } from '../support/stats.ts';
import type { AcceptResult } from './accept-latency.ts';
import type { MemoryResult } from './consumer-memory.ts';
import type { TimingResult, TimingRun } from './consumer-timing.ts';
import { BLOB_DAYS, BLOB_MONTHS, COST_ROWS, type CostResult, priceCosts, UPLOAD_DAYS } from './cost-per-email.ts';
import { COST_EMAILS, ONE_MB, round } from './helpers.ts';

/** The prices this bench uses, as its JSON has always listed them. */
const REPORTED_PRICES = {
  dynamoWritePerMillion: PRICES.dynamoWritePerMillion,
  dynamoReadPerMillion: PRICES.dynamoReadPerMillion,
  s3PutCopyPerThousand: PRICES.s3PutCopyPerThousand,
  s3GetPerThousand: PRICES.s3GetPerThousand,
  s3GbMonth: PRICES.s3GbMonth,
  sesAttachmentGb: PRICES.sesAttachmentGb,
};

export function report(results: {
  sends: number;
  consumerRuns: number;
  accept: AcceptResult;
  timing: TimingResult;
  memory: MemoryResult;
  cost: CostResult;
  seconds: number;
}) {
  const { accept, timing, memory, cost } = results;
  const lines: string[] = [];
  const pad = (value: unknown, width: number) => String(value).padStart(width);
  const cpu = cpus();
  lines.push(`Attachments bench — local stack, ${cpu.length} × ${cpu[0]?.model ?? 'CPU'}, Node ${process.version}`);
  lines.push('');
  lines.push(
    `1. Accept latency, POST /api/v1/emails/send over HTTP, consumers off, ${results.sends} sends each, interleaved (ms)`,
  );
  lines.push(`   ${''.padEnd(34)}${pad('p50', 9)}${pad('p95', 9)}${pad('mean', 9)}${pad('body bytes', 12)}`);
  const acceptRow = (label: string, summary: LatencySummary, bytes: number) =>
    `   ${label.padEnd(34)}${pad(round(summary.p50, 1), 9)}${pad(round(summary.p95, 1), 9)}${pad(round(summary.mean, 1), 9)}${pad(bytes, 12)}`;
  lines.push(acceptRow('no attachment', accept.plain, accept.plainBodyBytes));
  lines.push(acceptRow('one 1 MB attachment (inline base64)', accept.attached, accept.attachedBodyBytes));
  lines.push(
    `   ${'added by the attachment'.padEnd(34)}${pad(round(accept.attached.p50 - accept.plain.p50, 1), 9)}${pad(round(accept.attached.p95 - accept.plain.p95, 1), 9)}${pad(round(accept.attached.mean - accept.plain.mean, 1), 9)}`,
  );
  lines.push('');
  lines.push(
    `2. Send consumer, one email with a 10 MB attachment (uploaded), consumer in its own process, ${timing.runs.length} runs (ms)`,
  );
  lines.push(`   ${''.padEnd(44)}${pad('p50', 9)}${pad('max', 9)}${pad('first', 9)}`);
  const stages: Array<[keyof TimingRun, string]> = [
    ['receive_to_ses_accepted_ms', 'receive → SES accepted'],
    ['claim_and_checks_ms', '  claim, suppression check'],
    ['s3_read_and_pacing_ms', '  S3 GetObject of the 10 MB blob, send-rate slot'],
    ['ses_sdk_serialize_ms', '  SES SDK: base64 + JSON request body'],
    ['ses_http_and_emulator_ms', '  SES call: HTTP + emulator accepting'],
    ['record_and_simulated_events_ms', 'then: record sent + simulated events'],
    ['total_ms', 'whole invocation'],
  ];
  for (const [key, label] of stages) {
    const summary = summarize(timing.runs.map((run) => run[key]));
    lines.push(
      `   ${label.padEnd(44)}${pad(round(summary.p50, 1), 9)}${pad(round(Math.max(...timing.runs.map((run) => run[key])), 1), 9)}${pad(timing.first[key], 9)}`,
    );
  }
  lines.push('   (first: the first delivery of the process, a cold start of the path; not in p50/max)');
  lines.push('');
  lines.push(
    `3. Consumer memory, ${memory.deliveries} emails × 10 MB attachment in one invocation (in parallel), ${memory.elapsed_ms} ms (MB)`,
  );
  lines.push(`   ${''.padEnd(34)}${pad('baseline', 10)}${pad('peak', 10)}${pad('above', 10)}`);
  for (const key of ['rss', 'heapUsed', 'external', 'arrayBuffers', 'heapUsedPlusExternal'] as const) {
    lines.push(
      `   ${(key === 'heapUsedPlusExternal' ? 'heapUsed + external' : key).padEnd(34)}${pad(memory.baseline_mb[key], 10)}${pad(memory.peak_mb[key], 10)}${pad(memory.peak_above_baseline_mb[key], 10)}`,
    );
  }
  lines.push(
    `   ${'rss high-water mark (kernel)'.padEnd(34)}${pad(memory.baseline_mb.rss, 10)}${pad(memory.max_rss_mb, 10)}${pad(memory.max_rss_above_baseline_mb, 10)}`,
  );
  lines.push(
    `   (${memory.samples} samples; external includes arrayBuffers; the S3 and SES emulators run in another process: not included; the function has 512 MB)`,
  );
  lines.push('');

  // 4. Cost.
  const priced = priceCosts(cost);
  lines.push(
    `4. Requests per email, accept → delivered, and USD per 1,000 emails (${COST_EMAILS} emails per single scenario; 1 MB = 1,000,000 bytes)`,
  );
  lines.push(
    `   ${''.padEnd(38)}${pad('S3 PUT/', 8)}${pad('S3', 6)}${pad('DDB', 7)}${pad('RCU', 7)}${pad('WCU', 7)}${pad('$ S3 req', 10)}${pad('$ storage', 11)}${pad('$ DDB', 10)}${pad('$ total', 10)}${pad('$ added', 10)}`,
  );
  lines.push(`   ${''.padEnd(38)}${pad('COPY', 8)}${pad('GET', 6)}${pad('req', 7)}`);
  for (const [key, label, baseline] of COST_ROWS) {
    const scenario = cost[key];
    const price = priced[key];
    const added = baseline ? round(price.total - priced[baseline].total, 6) : '';
    lines.push(
      `   ${label.padEnd(38)}${pad(scenario.s3_put_copy, 8)}${pad(scenario.s3_get, 6)}${pad(scenario.dynamodb_requests, 7)}${pad(scenario.read_units, 7)}${pad(scenario.write_units, 7)}${pad(price.s3_requests.toFixed(5), 10)}${pad(price.s3_storage.toFixed(5), 11)}${pad(price.dynamodb.toFixed(5), 10)}${pad(price.total.toFixed(5), 10)}${pad(typeof added === 'number' ? added.toFixed(5) : added, 10)}`,
    );
  }
  lines.push(
    '   * 1st use includes POST /attachments and the customer’s PUT to the presigned URL; the send reads the upload (a GET), hashes those bytes and creates their blob from them (a HEAD, then a PUT); a 2nd use HEADs the upload and the blob, and writes nothing.',
  );
  lines.push(
    `   Prices: S3 PUT/COPY $${PRICES.s3PutCopyPerThousand} and GET $${PRICES.s3GetPerThousand} per 1,000, storage $${PRICES.s3GbMonth} per GB-month (2^30 bytes, 30-day months); DynamoDB on demand $${PRICES.dynamoWritePerMillion} per million WRU, $${PRICES.dynamoReadPerMillion} per million RRU.`,
  );
  lines.push(
    `   Storage: every email of a single-send scenario carries its own 1 MB content, a blob kept ${BLOB_DAYS} days after the last send that created or refreshed it (${round(BLOB_MONTHS, 2)} GB-months per GB); an upload object lives ${UPLOAD_DAYS} days more. A 2nd use of an upload never rewrites its blob: a HEAD of the upload and of the blob, and a copy of the blob onto itself (up to ${STORED_ATTACHMENT_DAYS} more days of it) only when it is over ${BLOB_REFRESH_DAYS} day old. The batch's 100 emails share one blob.`,
  );
  lines.push(
    `   SES itself is left out (as in bench/cost.ts); for reference SES charges $${PRICES.sesAttachmentGb} per GB of attachments sent: $${round((1000 * ONE_MB * PRICES.sesAttachmentGb) / GB_BYTES, 4)} per 1,000 emails with 1 MB.`,
  );
  lines.push('');
  lines.push(`Whole run: ${round(results.seconds, 1)} s`);
  process.stdout.write(`${lines.join('\n')}\n\n`);
  process.stdout.write(
    `${JSON.stringify(
      {
        accept_latency_ms: {
          sends_each: results.sends,
          no_attachment: accept.plain,
          one_1mb_inline_attachment: accept.attached,
          body_bytes: { no_attachment: accept.plainBodyBytes, one_1mb_inline_attachment: accept.attachedBodyBytes },
          consumers_running: false,
        },
        consumer_10mb_ms: {
          runs: timing.runs.length,
          p50: Object.fromEntries(
            stages.map(([key]) => [key, round(summarize(timing.runs.map((run) => run[key])).p50, 1)]),
          ),
          first_delivery_of_the_process: timing.first,
          runs_detail: timing.runs,
        },
        consumer_memory_5_parallel_10mb: {
          ...memory,
          note: 'The consumer in a process of its own; the S3 and SES emulators run in another process, their memory is not included.',
        },
        cost_per_email: cost,
        usd_per_1000_emails: priced,
        usd_per_1000_emails_added_by_attachment: Object.fromEntries(
          COST_ROWS.flatMap(([key, , baseline]) =>
            baseline ? [[key, round(priced[key].total - priced[baseline].total, 6)]] : [],
          ),
        ),
        assumptions: {
          attachment_bytes: ONE_MB,
          blob_days: BLOB_DAYS,
          upload_days: UPLOAD_DAYS,
          gb_bytes: GB_BYTES,
          month_days: MONTH_DAYS,
          prices: REPORTED_PRICES,
        },
        seconds: round(results.seconds, 1),
      },
      null,
      2,
    )}\n`,
  );
}
