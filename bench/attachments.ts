/**
 * Attachments on the local stack (issue 17, "Measure and report"):
 *   1. accept latency of POST /emails/send with one 1 MB attachment (inline base64) against the same
 *      send without, interleaved in one run, through HTTP, with no consumer running (in AWS it runs on
 *      other machines; here it would share this machine's cores);
 *   2. the send consumer's time to build and hand over a message with one 10 MB attachment (uploaded:
 *      POST /attachments, then the presigned PUT; a 10 MB file cannot be inline under the 5 MiB body
 *      limit), split into claim and checks, S3 read, SES call (the SDK's serialization apart);
 *   3. the consumer's peak memory with 5 such messages in one invocation (processed in parallel);
 *   4. S3 and DynamoDB requests and consumed capacity per email, accept to delivered, priced per 1,000
 *      emails: one inline attachment, one by attachment_id (first use of the upload and second), a
 *      batch of 100 recipients sharing one attachment, each against the same email without.
 *
 * Processes: this one runs the local cloud with its consumers off (1), and starts the consumer of 2
 * and 3 as a process of its own, as a Lambda instance is: the emulators (S3 and SES included) stay in
 * this process, so the consumer's time is not shared with them and its memory is its own. 4 runs in a
 * process with a cloud of its own, consumers on.
 *   npm run bench -- attachments [sends=100] [consumer-runs=7]
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { type AwsCall, runAsFunction, setAwsCallSink } from '#core/aws-call-recording.ts';
import { STORED_ATTACHMENT_DAYS, UPLOAD_USABLE_DAYS } from '#platform/buckets.ts';
import { localLambdaContext } from '../infra/local/lambda-context.ts';
import { benchOrganization, pollUntil, startBenchCloud } from './local-cloud.ts';
import { type LatencySummary, summarize } from './stats.ts';

const ONE_MB = 1_000_000;
const TEN_MB = 10_000_000;
/** Emails per single-send scenario of the cost phase, and recipients of its batch. */
const COST_EMAILS = 20;
const BATCH_RECIPIENTS = 100;
const PARALLEL_DELIVERIES = 5;
const CONSUMER_HANDLER = 'functions/consumers/send-email.ts';
const INPUT_ENV = 'POSTBOX_ATTACHMENTS_BENCH_INPUT';

/** What bench/cost.ts and bench/webhooks.ts price DynamoDB at; S3 Standard, us-east-1. */
const PRICES = {
  dynamoWritePerMillion: 0.625,
  dynamoReadPerMillion: 0.125,
  s3PutCopyPerThousand: 0.005,
  s3GetPerThousand: 0.0004,
  s3GbMonth: 0.023,
  /** For reference only (SES is left out of the totals, as in bench/cost.ts). */
  sesAttachmentGb: 0.12,
};
/** S3 bills GB-months of 2^30 bytes; a month is taken as 30 days. */
const GB = 2 ** 30;
const MONTH_DAYS = 30;

const round = (value: number, digits = 2) => Number(value.toFixed(digits));
const mb = (bytes: number) => round(bytes / 1024 / 1024, 1);

/** Bytes of `size`, distinct per `seed` (their SHA-256 differs), so that no two emails share a blob. */
function distinctBytes(base: Buffer, seed: string): Buffer {
  const bytes = Buffer.from(base);
  bytes.write(seed.padEnd(40, '.'), 0, 'latin1');
  return bytes;
}

/** Runs this file in `mode` as a child process; resolves with the JSON of its last stdout line. */
function runChild<T>(mode: string, input: unknown, env: NodeJS.ProcessEnv, nodeArgs: string[] = []): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', fileURLToPath(import.meta.url), mode], {
      env: { ...env, [INPUT_ENV]: JSON.stringify(input) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = output.trim().split('\n').at(-1) ?? '';
      if (code !== 0) reject(new Error(`${mode} exited with ${code}: ${output.slice(-2000)}`));
      else resolve(JSON.parse(line) as T);
    });
  });
}

async function api(apiUrl: string, secret: string, path: string, body: unknown): Promise<{ data: never }> {
  const response = await fetch(`${apiUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`${path} failed: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as { data: never };
}

/** POST /attachments and the PUT it presigned; the upload's id. */
async function upload(apiUrl: string, secret: string, filename: string, bytes: Buffer): Promise<string> {
  const created = (await api(apiUrl, secret, '/api/v1/attachments', { filename, size: bytes.length })) as {
    data: { id: string; upload_url: string; upload_headers: Record<string, string> };
  };
  const put = await fetch(created.data.upload_url, {
    method: 'PUT',
    headers: created.data.upload_headers,
    body: bytes,
  });
  const text = await put.text();
  if (put.status !== 200) throw new Error(`upload PUT failed: ${put.status} ${text.slice(0, 300)}`);
  return created.data.id;
}

// ---------------------------------------------------------------------------------------------------
// The consumer's process (2 and 3): the send queue consumer's handler, invoked as Lambda would.

interface ConsumerInput {
  organizationId: string;
  queueArn: string;
  /** A small email with a small attachment: loads every module of the path first. */
  warmUpEmailId: string;
  emailIds: string[];
}

function sqsEvent(input: ConsumerInput, emailIds: string[]): SQSEvent {
  const now = String(Date.now());
  return {
    Records: emailIds.map(
      (emailId): SQSRecord => ({
        messageId: randomUUID(),
        receiptHandle: randomUUID(),
        body: JSON.stringify({ organization_id: input.organizationId, email_id: emailId }),
        attributes: {
          ApproximateReceiveCount: '1',
          SentTimestamp: now,
          SenderId: 'bench',
          ApproximateFirstReceiveTimestamp: now,
        },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: input.queueArn,
        awsRegion: process.env.AWS_REGION ?? 'us-east-1',
      }),
    ),
  };
}

/** The consumer handler as deployed (withLambdaLogging), its SES call and hooks observed. */
async function consumerHandler(observe: { beforeSend?: () => void; sesStart?: () => void; sesEnd?: () => void }) {
  const { createSendEmailHandler } = await import('#emails/delivery/send-consumer.service.ts');
  const { withLambdaLogging } = await import('#core/lambda-logging.ts');
  const { sendWithSes } = await import('#adapters/ses-sender.ts');
  const handler = withLambdaLogging(
    createSendEmailHandler({
      delivery: {
        send: async (message) => {
          observe.sesStart?.();
          const result = await sendWithSes(message);
          observe.sesEnd?.();
          return result;
        },
        hooks: { beforeSend: () => observe.beforeSend?.() },
      },
    }),
  );
  return async (input: ConsumerInput, emailIds: string[]) => {
    const context = localLambdaContext({
      functionName: 'postbox-bench-send-consumer',
      region: process.env.AWS_REGION ?? 'us-east-1',
      account: '000000000000',
      deadline: Date.now() + 30_000,
    });
    const result = await runAsFunction(CONSUMER_HANDLER, () => handler(sqsEvent(input, emailIds), context));
    if (result.batchItemFailures.length > 0) throw new Error(`deliveries failed: ${JSON.stringify(result)}`);
  };
}

const clearSesStore = async () => {
  await (await fetch(`${process.env.SES_ENDPOINT}/clear-store`, { method: 'POST' })).text();
};

interface TimingRun {
  total_ms: number;
  receive_to_ses_accepted_ms: number;
  claim_and_checks_ms: number;
  s3_read_and_pacing_ms: number;
  ses_sdk_serialize_ms: number;
  ses_http_and_emulator_ms: number;
  record_and_simulated_events_ms: number;
}

async function consumerTiming(input: ConsumerInput): Promise<{ first: TimingRun; runs: TimingRun[] }> {
  const marks: Record<string, number> = {};
  const mark = (name: string) => {
    marks[name] ??= performance.now();
  };
  setAwsCallSink((call: AwsCall) => {
    if (call.command === 'GetObjectCommand') mark('s3Start');
    if (call.command === 'SendEmailCommand') mark('sesSerialized');
  });
  let sesAccepted = 0;
  const deliver = await consumerHandler({
    beforeSend: () => mark('beforeSend'),
    sesStart: () => mark('sesStart'),
    sesEnd: () => {
      mark('sesEnd');
      sesAccepted += 1;
    },
  });
  const one = async (emailId: string): Promise<TimingRun> => {
    for (const name of Object.keys(marks)) delete marks[name];
    const started = performance.now();
    await deliver(input, [emailId]);
    const ended = performance.now();
    const at = (name: string) => {
      const value = marks[name];
      if (value === undefined) throw new Error(`no ${name} mark: was the attachment read and sent?`);
      return value;
    };
    const run = {
      total_ms: ended - started,
      receive_to_ses_accepted_ms: at('sesEnd') - started,
      // The consumer reads the blobs after the claim and checks (beforeSend), then takes a send-rate
      // slot and calls SES: the S3 read and the pacing are measured together.
      claim_and_checks_ms: at('s3Start') - started,
      s3_read_and_pacing_ms: at('sesStart') - at('s3Start'),
      ses_sdk_serialize_ms: at('sesSerialized') - at('sesStart'),
      ses_http_and_emulator_ms: at('sesEnd') - at('sesSerialized'),
      record_and_simulated_events_ms: ended - at('sesEnd'),
    };
    await clearSesStore();
    return Object.fromEntries(
      Object.entries(run).map(([name, value]) => [name, round(value, 1)]),
    ) as unknown as TimingRun;
  };
  const [firstId, ...rest] = input.emailIds;
  if (!firstId) throw new Error('no emails');
  const first = await one(firstId);
  const runs: TimingRun[] = [];
  for (const emailId of rest) {
    // A pause between deliveries, so one's leftovers (the emulators' garbage in the other process) do
    // not land on the next one's clock.
    await new Promise((resolve) => setTimeout(resolve, 300));
    runs.push(await one(emailId));
  }
  if (sesAccepted !== input.emailIds.length) throw new Error(`SES accepted ${sesAccepted} of ${input.emailIds.length}`);
  return { first, runs };
}

interface MemoryFigures {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  heapUsedPlusExternal: number;
}

async function consumerMemory(input: ConsumerInput) {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  const peak: MemoryFigures = { rss: 0, heapUsed: 0, external: 0, arrayBuffers: 0, heapUsedPlusExternal: 0 };
  let sampling = false;
  let samples = 0;
  const sample = () => {
    if (!sampling) return;
    const now = process.memoryUsage();
    samples += 1;
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
    peak.external = Math.max(peak.external, now.external);
    peak.arrayBuffers = Math.max(peak.arrayBuffers, now.arrayBuffers);
    peak.heapUsedPlusExternal = Math.max(peak.heapUsedPlusExternal, now.heapUsed + now.external);
  };
  // Sampled on a timer and at every point of the delivery (each AWS call, around the SES call): a
  // timer alone misses what a synchronous step (the SDK's base64 and JSON) holds while it runs.
  setAwsCallSink(sample);
  let sesAccepted = 0;
  const deliver = await consumerHandler({
    beforeSend: sample,
    sesStart: sample,
    sesEnd: () => {
      sample();
      sesAccepted += 1;
    },
  });
  await deliver(input, [input.warmUpEmailId]);
  await clearSesStore();
  for (let i = 0; i < 3; i += 1) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const before = process.memoryUsage();
  const baseline: MemoryFigures = {
    rss: before.rss,
    heapUsed: before.heapUsed,
    external: before.external,
    arrayBuffers: before.arrayBuffers,
    heapUsedPlusExternal: before.heapUsed + before.external,
  };
  const maxRssBefore = process.resourceUsage().maxRSS * 1024;
  sampling = true;
  const timer = setInterval(sample, 2);
  const started = performance.now();
  await deliver(input, input.emailIds);
  const elapsedMs = performance.now() - started;
  sample();
  clearInterval(timer);
  sampling = false;
  const maxRss = process.resourceUsage().maxRSS * 1024;
  if (sesAccepted !== input.emailIds.length + 1) throw new Error(`SES accepted ${sesAccepted - 1} of 5`);
  await clearSesStore();
  const inMb = (figures: MemoryFigures) =>
    Object.fromEntries(Object.entries(figures).map(([name, value]) => [name, mb(value)])) as unknown as MemoryFigures;
  return {
    deliveries: input.emailIds.length,
    elapsed_ms: round(elapsedMs, 0),
    samples,
    baseline_mb: inMb(baseline),
    peak_mb: inMb(peak),
    peak_above_baseline_mb: inMb({
      rss: peak.rss - baseline.rss,
      heapUsed: peak.heapUsed - baseline.heapUsed,
      external: peak.external - baseline.external,
      arrayBuffers: peak.arrayBuffers - baseline.arrayBuffers,
      heapUsedPlusExternal: peak.heapUsedPlusExternal - baseline.heapUsedPlusExternal,
    }),
    // The kernel's high-water mark of the process's resident set (exact, not sampled).
    max_rss_mb: mb(maxRss),
    max_rss_before_mb: mb(maxRssBefore),
    max_rss_above_baseline_mb: mb(maxRss - baseline.rss),
  };
}

// ---------------------------------------------------------------------------------------------------
// The cost process (4): a cloud of its own with its consumers on, accept through delivery.

interface ScenarioResult {
  emails: number;
  s3_put_copy: number;
  s3_get: number;
  s3_by_kind: Record<string, number>;
  dynamodb_requests: number;
  read_units: number;
  write_units: number;
  dynamodb_by_command: Record<string, { requests: number; units: number }>;
}

async function costPhase() {
  // S3 requests as the functions make them (the call sink sees each command once, retries aside). A
  // presigned URL is no request (the sink sees each presign twice: getSignedUrl runs the client's
  // middleware, and recordPresignedCall reports it): the customer's PUT is counted where it is made.
  const s3: Record<string, number> = {};
  const count = (kind: string) => {
    s3[kind] = (s3[kind] ?? 0) + 1;
  };
  setAwsCallSink((call: AwsCall) => {
    if (call.client !== 'S3Client') return;
    const input = call.input as { Body?: unknown };
    if (call.command === 'PutObjectCommand') count(input.Body === undefined ? 'presign_not_a_request' : 'PutObject');
    else count(call.command.replace(/Command$/, ''));
  });
  const cloud = await startBenchCloud({ scheduleIntervalMs: 0 });
  try {
    const { dynamoUsage, dynamoUsageByCommand } = await import('#dynamo/client.ts');
    const { readEmailCounts } = await import('#emails/email-index.store.ts');
    const orgs = {
      plain: await benchOrganization('attachments cost plain', 'plain.test'),
      inline: await benchOrganization('attachments cost inline', 'inline.test'),
      upload: await benchOrganization('attachments cost upload', 'upload.test'),
      batchPlain: await benchOrganization('attachments cost batch plain', 'batch-plain.test'),
      batch: await benchOrganization('attachments cost batch', 'batch.test'),
    };
    const template = async (secret: string) =>
      (
        (await api(cloud.apiUrl, secret, '/api/v1/templates', {
          name: 'Invoice',
          subject: 'Your invoice {{number}}',
          html: '<p>Hi {{name}}, your invoice {{number}} is attached.</p>',
          text: 'Hi {{name}}, your invoice {{number}} is attached.',
          variable_schema: [
            { name: 'name', type: 'string', required: true },
            { name: 'number', type: 'number', required: true },
          ],
        })) as { data: { id: string } }
      ).data.id;
    const templates = { batchPlain: await template(orgs.batchPlain.secret), batch: await template(orgs.batch.secret) };
    const base = randomBytes(ONE_MB);
    const single = (domain: string, i: number, attachments?: unknown[]) => ({
      from: { email: `invoices@${domain}`, name: 'Acme' },
      to: [{ email: `customer${i}@example.com` }],
      subject: `Your invoice ${i}`,
      html: `<p>Your invoice ${i} is attached.</p>`,
      text: `Your invoice ${i} is attached.`,
      ...(attachments ? { attachments } : {}),
    });
    const batch = (domain: string, templateId: string, attachments?: unknown[]) => ({
      template_id: templateId,
      from: { email: `invoices@${domain}`, name: 'Acme' },
      recipients: Array.from({ length: BATCH_RECIPIENTS }, (_, i) => ({
        to: { email: `member${i}@example.com` },
        data: { name: `Member ${i}`, number: i },
      })),
      ...(attachments ? { attachments } : {}),
    });

    const pollUsage = { requests: 0, readUnits: 0, writeUnits: 0 };
    /** Runs `act` (which accepts `emails` emails of `organizationId`) until `delivered` are delivered. */
    const measure = async (
      organizationId: string,
      emails: number,
      delivered: number,
      act: () => Promise<void>,
    ): Promise<ScenarioResult> => {
      await cloud.drainStreams();
      Object.assign(pollUsage, { requests: 0, readUnits: 0, writeUnits: 0 });
      const before = dynamoUsage();
      const beforeByCommand = dynamoUsageByCommand();
      const s3Before = { ...s3 };
      await act();
      await pollUntil(
        async () => {
          await clearSesStore(); // the SES emulator keeps every message (and its attachments) in memory
          return (await readEmailCounts(organizationId, ['test'])).delivered >= delivered;
        },
        { spent: pollUsage, intervalMs: 200, timeoutMs: 120_000 },
      );
      // What follows a delivery (the simulated events' stream fan-out) belongs to the email too.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await cloud.drainStreams();
      const after = dynamoUsage();
      // By command; the polling's reads (readEmailCounts: BatchGetItem only) taken out of BatchGetItem's.
      const byCommand = Object.fromEntries(
        Object.entries(dynamoUsageByCommand()).flatMap(([name, entry]) => {
          const polled = name === 'BatchGetItemCommand' ? pollUsage : { requests: 0, readUnits: 0 };
          const requests = entry.requests - (beforeByCommand[name]?.requests ?? 0) - polled.requests;
          const units = entry.capacityUnits - (beforeByCommand[name]?.capacityUnits ?? 0) - polled.readUnits;
          return requests > 0
            ? [[name.replace(/Command$/, ''), { requests: round(requests / emails), units: round(units / emails) }]]
            : [];
        }),
      );
      const byKind = Object.fromEntries(
        Object.entries(s3)
          .map(([kind, value]) => [kind, round((value - (s3Before[kind] ?? 0)) / emails, 3)] as const)
          .filter(([, value]) => value > 0),
      );
      return {
        emails,
        s3_put_copy: round((byKind.PutObject ?? 0) + (byKind.CopyObject ?? 0) + (byKind.customer_upload_put ?? 0), 3),
        s3_get: round(byKind.GetObject ?? 0, 3),
        s3_by_kind: byKind,
        dynamodb_requests: round((after.requests - before.requests - pollUsage.requests) / emails),
        read_units: round((after.readUnits - before.readUnits - pollUsage.readUnits) / emails),
        write_units: round((after.writeUnits - before.writeUnits - pollUsage.writeUnits) / emails),
        dynamodb_by_command: byCommand,
      };
    };
    const sendEach = (secret: string, bodies: (i: number) => unknown) => async () => {
      for (let i = 0; i < COST_EMAILS; i += 1) await api(cloud.apiUrl, secret, '/api/v1/emails/send', bodies(i));
    };

    const plain = await measure(
      orgs.plain.organization.id,
      COST_EMAILS,
      COST_EMAILS,
      sendEach(orgs.plain.secret, (i) => single('plain.test', i)),
    );
    const inline = await measure(
      orgs.inline.organization.id,
      COST_EMAILS,
      COST_EMAILS,
      sendEach(orgs.inline.secret, (i) =>
        single('inline.test', i, [
          { filename: `invoice-${i}.pdf`, content: distinctBytes(base, `inline ${i}`).toString('base64') },
        ]),
      ),
    );
    const uploadIds: string[] = [];
    const byIdFirst = await measure(orgs.upload.organization.id, COST_EMAILS, COST_EMAILS, async () => {
      for (let i = 0; i < COST_EMAILS; i += 1) {
        const id = await upload(
          cloud.apiUrl,
          orgs.upload.secret,
          `invoice-${i}.pdf`,
          distinctBytes(base, `upload ${i}`),
        );
        count('customer_upload_put');
        uploadIds.push(id);
        await api(
          cloud.apiUrl,
          orgs.upload.secret,
          '/api/v1/emails/send',
          single('upload.test', i, [{ filename: `invoice-${i}.pdf`, attachment_id: id }]),
        );
      }
    });
    const byIdSecond = await measure(
      orgs.upload.organization.id,
      COST_EMAILS,
      2 * COST_EMAILS,
      sendEach(orgs.upload.secret, (i) =>
        single('upload.test', COST_EMAILS + i, [{ filename: `invoice-${i}.pdf`, attachment_id: uploadIds[i] }]),
      ),
    );
    const batchPlain = await measure(orgs.batchPlain.organization.id, BATCH_RECIPIENTS, BATCH_RECIPIENTS, async () => {
      await api(
        cloud.apiUrl,
        orgs.batchPlain.secret,
        '/api/v1/emails/batch',
        batch('batch-plain.test', templates.batchPlain),
      );
    });
    const batchShared = await measure(orgs.batch.organization.id, BATCH_RECIPIENTS, BATCH_RECIPIENTS, async () => {
      await api(
        cloud.apiUrl,
        orgs.batch.secret,
        '/api/v1/emails/batch',
        batch('batch.test', templates.batch, [
          { filename: 'terms.pdf', content: distinctBytes(base, 'batch').toString('base64') },
        ]),
      );
    });
    return { plain, inline, byIdFirst, byIdSecond, batchPlain, batchShared };
  } finally {
    setAwsCallSink(undefined);
    await cloud.stop();
  }
}

// ---------------------------------------------------------------------------------------------------
// This process: the local cloud with its consumers off, 1; then 2 and 3 in the consumer's process, 4
// in its own.

async function main(sends: number, consumerRuns: number) {
  const startEnv = { ...process.env };
  const started = performance.now();
  const cloud = await startBenchCloud({ runConsumers: false, scheduleIntervalMs: 0 });
  let accept: { plain: LatencySummary; attached: LatencySummary; plainBodyBytes: number; attachedBodyBytes: number };
  let timing: Awaited<ReturnType<typeof consumerTiming>>;
  let memory: Awaited<ReturnType<typeof consumerMemory>>;
  try {
    // 1. Accept latency.
    const { secret } = await benchOrganization('attachments accept', 'accept.test');
    const base = randomBytes(ONE_MB);
    const body = (i: number, attached: boolean) =>
      JSON.stringify({
        from: { email: 'invoices@accept.test', name: 'Acme' },
        to: [{ email: `customer${i}@example.com` }],
        subject: `Your invoice ${i}`,
        html: `<p>Your invoice ${i} is attached.</p>`,
        text: `Your invoice ${i} is attached.`,
        ...(attached
          ? {
              attachments: [
                { filename: `invoice-${i}.pdf`, content: distinctBytes(base, `accept ${i}`).toString('base64') },
              ],
            }
          : {}),
      });
    const timed = async (payload: string) => {
      const at = performance.now();
      await api(cloud.apiUrl, secret, '/api/v1/emails/send', payload);
      return performance.now() - at;
    };
    for (let i = 0; i < 10; i += 1) {
      await timed(body(100_000 + i, false));
      await timed(body(100_000 + i, true));
    }
    const plain: number[] = [];
    const attached: number[] = [];
    for (let i = 0; i < sends; i += 1) {
      // Bodies built before the clock starts; the order alternates so neither always goes first.
      const plainBody = body(i, false);
      const attachedBody = body(i, true);
      if (i % 2 === 0) {
        plain.push(await timed(plainBody));
        attached.push(await timed(attachedBody));
      } else {
        attached.push(await timed(attachedBody));
        plain.push(await timed(plainBody));
      }
    }
    accept = {
      plain: summarize(plain),
      attached: summarize(attached),
      plainBodyBytes: Buffer.byteLength(body(0, false)),
      attachedBodyBytes: Buffer.byteLength(body(0, true)),
    };

    // 2 and 3: emails with a 10 MB upload, queued (no consumer runs), delivered by the consumer's process.
    const consumerOrg = await benchOrganization('attachments consumer', 'consumer.test');
    const send = async (i: number, attachments: unknown[]) =>
      (
        (await api(cloud.apiUrl, consumerOrg.secret, '/api/v1/emails/send', {
          from: { email: 'reports@consumer.test', name: 'Acme' },
          to: [{ email: `reader${i}@example.com` }],
          subject: `Your report ${i}`,
          html: '<p>Your report is attached.</p>',
          text: 'Your report is attached.',
          attachments,
        })) as { data: { message_id: string } }
      ).data.message_id;
    const uploadId = await upload(cloud.apiUrl, consumerOrg.secret, 'report.pdf', randomBytes(TEN_MB));
    const large = (i: number) => send(i, [{ filename: 'report.pdf', attachment_id: uploadId }]);
    const small = (i: number) =>
      send(i, [{ filename: 'note.txt', content: Buffer.from('A small warm-up attachment.').toString('base64') }]);
    const queueArn = cloud.queues.send.arn;
    const timingInput: ConsumerInput = {
      organizationId: consumerOrg.organization.id,
      queueArn,
      warmUpEmailId: await small(0),
      emailIds: [],
    };
    for (let i = 0; i <= consumerRuns; i += 1) timingInput.emailIds.push(await large(i));
    const memoryInput: ConsumerInput = {
      organizationId: consumerOrg.organization.id,
      queueArn,
      warmUpEmailId: await small(1),
      emailIds: [],
    };
    for (let i = 0; i < PARALLEL_DELIVERIES; i += 1) memoryInput.emailIds.push(await large(100 + i));
    timing = await runChild('consumer-timing', timingInput, process.env);
    memory = await runChild('consumer-memory', memoryInput, process.env, ['--expose-gc']);
  } finally {
    await cloud.stop();
  }
  // 4. With the first cloud stopped: a process of its own, with its own cloud.
  const cost = await runChild<Awaited<ReturnType<typeof costPhase>>>('cost', {}, startEnv);
  report({ sends, consumerRuns, accept, timing, memory, cost, seconds: (performance.now() - started) / 1000 });
}

function report(results: {
  sends: number;
  consumerRuns: number;
  accept: { plain: LatencySummary; attached: LatencySummary; plainBodyBytes: number; attachedBodyBytes: number };
  timing: Awaited<ReturnType<typeof consumerTiming>>;
  memory: Awaited<ReturnType<typeof consumerMemory>>;
  cost: Awaited<ReturnType<typeof costPhase>>;
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
  const blobMonths = STORED_ATTACHMENT_DAYS / MONTH_DAYS;
  const uploadMonths = (UPLOAD_USABLE_DAYS + 1) / MONTH_DAYS;
  const storagePerEmail = {
    plain: 0,
    inline: (ONE_MB / GB) * blobMonths,
    byIdFirst: (ONE_MB / GB) * (blobMonths + uploadMonths),
    byIdSecond: 0,
    batchPlain: 0,
    batchShared: ((ONE_MB / GB) * blobMonths) / BATCH_RECIPIENTS,
  };
  const rows: Array<[keyof typeof cost, string, keyof typeof cost | undefined]> = [
    ['plain', 'single, no attachment', undefined],
    ['inline', 'single, 1 MB inline', 'plain'],
    ['byIdFirst', 'single, by attachment_id, 1st use *', 'plain'],
    ['byIdSecond', 'single, by attachment_id, 2nd use', 'plain'],
    ['batchPlain', 'batch of 100, no attachment', undefined],
    ['batchShared', 'batch of 100, one shared 1 MB', 'batchPlain'],
  ];
  const priced = Object.fromEntries(
    rows.map(([key]) => {
      const scenario = cost[key];
      const s3Requests = scenario.s3_put_copy * PRICES.s3PutCopyPerThousand + scenario.s3_get * PRICES.s3GetPerThousand;
      const storage = storagePerEmail[key] * 1000 * PRICES.s3GbMonth;
      const dynamodb =
        ((scenario.write_units * PRICES.dynamoWritePerMillion + scenario.read_units * PRICES.dynamoReadPerMillion) /
          1e6) *
        1000;
      return [
        key,
        {
          s3_requests: round(s3Requests, 6),
          s3_storage: round(storage, 6),
          dynamodb: round(dynamodb, 6),
          total: round(s3Requests + storage + dynamodb, 6),
        },
      ];
    }),
  ) as Record<keyof typeof cost, { s3_requests: number; s3_storage: number; dynamodb: number; total: number }>;
  lines.push(
    `4. Requests per email, accept → delivered, and USD per 1,000 emails (${COST_EMAILS} emails per single scenario; 1 MB = 1,000,000 bytes)`,
  );
  lines.push(
    `   ${''.padEnd(38)}${pad('S3 PUT/', 8)}${pad('S3', 6)}${pad('DDB', 7)}${pad('RCU', 7)}${pad('WCU', 7)}${pad('$ S3 req', 10)}${pad('$ storage', 11)}${pad('$ DDB', 10)}${pad('$ total', 10)}${pad('$ added', 10)}`,
  );
  lines.push(`   ${''.padEnd(38)}${pad('COPY', 8)}${pad('GET', 6)}${pad('req', 7)}`);
  for (const [key, label, baseline] of rows) {
    const scenario = cost[key];
    const price = priced[key];
    const added = baseline ? round(price.total - priced[baseline].total, 6) : '';
    lines.push(
      `   ${label.padEnd(38)}${pad(scenario.s3_put_copy, 8)}${pad(scenario.s3_get, 6)}${pad(scenario.dynamodb_requests, 7)}${pad(scenario.read_units, 7)}${pad(scenario.write_units, 7)}${pad(price.s3_requests.toFixed(5), 10)}${pad(price.s3_storage.toFixed(5), 11)}${pad(price.dynamodb.toFixed(5), 10)}${pad(price.total.toFixed(5), 10)}${pad(typeof added === 'number' ? added.toFixed(5) : added, 10)}`,
    );
  }
  lines.push(
    '   * 1st use includes POST /attachments and the customer’s PUT to the presigned URL; the send hashes the upload (a GET) and copies it to its blob.',
  );
  lines.push(
    `   Prices: S3 PUT/COPY $${PRICES.s3PutCopyPerThousand} and GET $${PRICES.s3GetPerThousand} per 1,000, storage $${PRICES.s3GbMonth} per GB-month (2^30 bytes, 30-day months); DynamoDB on demand $${PRICES.dynamoWritePerMillion} per million WRU, $${PRICES.dynamoReadPerMillion} per million RRU.`,
  );
  lines.push(
    `   Storage: every email of a single-send scenario carries its own 1 MB content, a blob kept ${STORED_ATTACHMENT_DAYS} days after the last send that wrote it (${round(blobMonths, 2)} GB-months per GB); an upload object lives ${UPLOAD_USABLE_DAYS + 1} days more. A 2nd use of an upload rewrites the same blob: nothing more if sent the same day, up to ${STORED_ATTACHMENT_DAYS} more days of it if sent later. The batch's 100 emails share one blob.`,
  );
  lines.push(
    `   SES itself is left out (as in bench/cost.ts); for reference SES charges $${PRICES.sesAttachmentGb} per GB of attachments sent: $${round((1000 * ONE_MB * PRICES.sesAttachmentGb) / GB, 4)} per 1,000 emails with 1 MB.`,
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
          rows.flatMap(([key, , baseline]) =>
            baseline ? [[key, round(priced[key].total - priced[baseline].total, 6)]] : [],
          ),
        ),
        assumptions: {
          attachment_bytes: ONE_MB,
          blob_days: STORED_ATTACHMENT_DAYS,
          upload_days: UPLOAD_USABLE_DAYS + 1,
          gb_bytes: GB,
          month_days: MONTH_DAYS,
          prices: PRICES,
        },
        seconds: round(results.seconds, 1),
      },
      null,
      2,
    )}\n`,
  );
}

const [mode, ...rest] = process.argv.slice(2);
if (mode === 'consumer-timing' || mode === 'consumer-memory') {
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  const input = JSON.parse(process.env[INPUT_ENV] ?? '{}') as ConsumerInput;
  const result = mode === 'consumer-timing' ? await consumerTiming(input) : await consumerMemory(input);
  process.stdout.write(`${JSON.stringify(result)}\n`);
} else if (mode === 'cost') {
  const result = await costPhase();
  process.stdout.write(`${JSON.stringify(result)}\n`);
} else {
  await main(Number(mode ?? 100), Number(rest[0] ?? 7));
}
