/**
 * Inbound email through the local pipeline: `messages` sent to the stack's SMTP server (10 at a time)
 * → S3 → the inbound queue → the parser → the table's stream → the fan-out → a webhook receiver on
 * 127.0.0.1. Reports messages per second, SMTP accept → webhook p50/p95, the parser's own work per
 * message (DynamoDB, S3, SQS, time) priced per 1,000, and the parser's peak memory for a 25 MB message
 * (a child process of its own against the same emulators).   npm run bench -- inbound pipeline [messages]
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { S3Client } from '@aws-sdk/client-s3';
import nodemailer from 'nodemailer';
import { composedMessage } from '../test/support/raw-messages.ts';
import { benchOrganization, startBenchCloud } from './support/local-cloud.ts';
import { measurePeak } from './support/memory.ts';
import { dynamoUsd, PRICES } from './support/prices.ts';
import { summarize } from './support/stats.ts';

const LAMBDA_MEMORY_GB = 0.5;
type Transport = { sendMail(mail: Record<string, unknown>): Promise<unknown> };

/** In a child process: one 25 MB message through receiveMessage, printing the RSS growth (MB) and ms. */
async function peakMemoryChild(objectKey: string, recipient: string): Promise<void> {
  const { receiveMessage } = await import('#inbound/receive.service.ts');
  const {
    result: outcome,
    ms,
    rssGrowthMb,
  } = await measurePeak(() =>
    receiveMessage({
      sesMessageId: objectKey.split('/').pop() ?? '',
      receivedAt: new Date().toISOString(),
      source: 'big@outside.test',
      objectKey,
      recipients: [recipient],
      verdicts: { spam: 'pass', virus: 'pass', spf: 'gray', dkim: 'gray', dmarc: 'gray' },
    }),
  );
  process.stdout.write(`${JSON.stringify({ ms: Math.round(ms), rss_growth_mb: Math.round(rssGrowthMb), outcome })}\n`);
}

function countS3Calls(): Record<string, number> {
  const calls: Record<string, number> = {};
  const originalSend = S3Client.prototype.send;
  S3Client.prototype.send = async function (this: S3Client, command: { constructor: { name: string } }) {
    const name = command.constructor.name.replace(/Command$/, '');
    calls[name] = (calls[name] ?? 0) + 1;
    // biome-ignore lint/suspicious/noExplicitAny: forwarding the overloaded send as is
    return (originalSend as any).call(this, command);
  } as typeof S3Client.prototype.send;
  return calls;
}

async function receiver() {
  const arrivals = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { subject: string } };
      if (!arrivals.has(body.data.subject)) arrivals.set(body.data.subject, Date.now());
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { url, arrivals, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function main(messages: number): Promise<void> {
  const s3 = countS3Calls();
  const cloud = await startBenchCloud();
  const hooks = await receiver();
  try {
    const { listDomains, updateDomain } = await import('#domains/domains.service.ts');
    const { createWebhook } = await import('#webhooks/webhooks.service.ts');
    const { currentDynamoUsage, withDynamoUsage } = await import('#dynamo/client.ts');
    const { putObject } = await import('#adapters/attachment-storage.ts');
    const { objectKeys } = await import('#platform/buckets.ts');
    const { handler } = await import('../functions/consumers/inbound-messages.ts');
    const { receivedNotificationFor } = await import('#inbound/receipt.ts');
    const domain = 'reply.bench.test';
    const org = await benchOrganization('inbound bench', domain);
    const [domainItem] = await listDomains(org.organization.id);
    await updateDomain(org.organization.id, domainItem?.id ?? '', { receiving: true });
    await createWebhook(org.organization.id, { url: hooks.url, events: ['email.received'] });
    const transport = (nodemailer as unknown as { createTransport(options: unknown): Transport }).createTransport({
      host: '127.0.0.1',
      port: cloud.smtpPort,
      secure: false,
      ignoreTLS: true,
      pool: true,
      maxConnections: 10,
    });
    const message = (subject: string) =>
      composedMessage({
        from: 'Customer <customer@outside.test>',
        to: [`support@${domain}`],
        subject,
        text: `Reply ${subject}: thanks, it works.`,
        html: `<p>Reply ${subject}: <b>thanks</b>, it works.</p>`,
        attachments: [{ filename: 'note.pdf', content: randomBytes(20_000) }],
      });

    const waitForWebhooks = async (count: number) => {
      const deadline = Date.now() + 300_000;
      while (hooks.arrivals.size < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    };
    // 0. Latency on an idle pipeline: one message at a time, 200 ms apart.
    const idleAccepted = new Map<string, number>();
    for (let i = 0; i < 20; i += 1) {
      const raw = await message(`idle${i}`);
      await transport.sendMail({ envelope: { from: 'customer@outside.test', to: [`support@${domain}`] }, raw });
      idleAccepted.set(`idle${i}`, Date.now());
      await waitForWebhooks(i + 1);
      await new Promise((r) => setTimeout(r, 200));
    }
    const idleLatency = summarize(
      [...idleAccepted].map(([subject, at]) => (hooks.arrivals.get(subject) ?? Number.NaN) - at),
    );
    hooks.arrivals.clear();

    // 1. A burst: throughput and latency, SMTP accept → webhook arrival.
    const accepted = new Map<string, number>();
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next < messages) {
          const subject = `m${next}`;
          next += 1;
          const raw = await message(subject);
          await transport.sendMail({ envelope: { from: 'customer@outside.test', to: [`support@${domain}`] }, raw });
          accepted.set(subject, Date.now());
        }
      }),
    );
    await waitForWebhooks(messages);
    const seconds = (performance.now() - started) / 1000;
    const webhooksArrived = hooks.arrivals.size;
    const latency = summarize([...accepted].map(([subject, at]) => (hooks.arrivals.get(subject) ?? Number.NaN) - at));

    // 2. The parser's own work per message: the consumer's handler called directly on stored messages.
    const sample = 100;
    const receipts: string[] = [];
    for (let i = 0; i < sample; i += 1) {
      const sesMessageId = `bench-${randomBytes(6).toString('hex')}`;
      await putObject(objectKeys.inboundRaw(sesMessageId), await message(`c${i}`));
      receipts.push(
        receivedNotificationFor({
          sesMessageId,
          receivedAt: new Date().toISOString(),
          source: 'customer@outside.test',
          bucketName: cloud.env.ATTACHMENTS_BUCKET ?? '',
          objectKey: objectKeys.inboundRaw(sesMessageId),
          recipients: [`support@${domain}`],
          verdicts: { spam: 'pass', virus: 'pass', spf: 'pass', dkim: 'pass', dmarc: 'pass' },
        }),
      );
    }
    // Each call in a usage scope of its own: the fan-out and webhook attempts running meanwhile in this
    // process are not the parser's.
    const usage = { requests: 0, readUnits: 0, writeUnits: 0 };
    const s3Before = { ...s3 };
    const times: number[] = [];
    for (const body of receipts) {
      const t = performance.now();
      await withDynamoUsage(async () => {
        await handler({ Records: [{ messageId: 'm', body } as never] });
        const own = currentDynamoUsage();
        usage.requests += own?.requests ?? 0;
        usage.readUnits += own?.readUnits ?? 0;
        usage.writeUnits += own?.writeUnits ?? 0;
      });
      times.push(performance.now() - t);
    }
    const per = (value: number) => Number((value / sample).toFixed(2));
    const s3Calls = Object.fromEntries(Object.entries(s3).map(([k, v]) => [k, per(v - (s3Before[k] ?? 0))]));
    const dynamo = {
      requests: per(usage.requests),
      readUnits: per(usage.readUnits),
      writeUnits: per(usage.writeUnits),
    };
    const parserMs = summarize(times);
    // Per 1,000: S3 (SES's PutObject + the parser's puts; GETs), SQS (SES's notice through SNS: 1 send,
    // 1 receive, 1 delete), Lambda (1 invocation at 512 MB for the mean time), DynamoDB (the parser's units).
    // DeleteObject is free; SES's own PutObject of the raw message is billed to the bucket's owner.
    const puts = 1 + (s3Calls.PutObject ?? 0);
    const cost = {
      s3: puts * PRICES.s3PutCopyPerThousand + (s3Calls.GetObject ?? 0) * PRICES.s3GetPerThousand,
      sqs: (3 * PRICES.sqsPerMillion) / 1000,
      lambda:
        (PRICES.lambdaPerMillion + (parserMs.mean / 1000) * LAMBDA_MEMORY_GB * PRICES.lambdaGbSecond * 1e6) / 1000,
      dynamodb: dynamoUsd({ readUnits: dynamo.readUnits * 1000, writeUnits: dynamo.writeUnits * 1000 }),
    };

    // 3. Peak memory of the parser for a 25 MB message (a 18 MB attachment, base64 in the message).
    const bigKey = objectKeys.inboundRaw(`bench-big-${randomBytes(6).toString('hex')}`);
    const big = await composedMessage({
      from: 'big@outside.test',
      to: [`support@${domain}`],
      subject: 'big',
      text: 'big',
      html: '<p>big</p>',
      attachments: [{ filename: 'big.bin', content: randomBytes(18 * 1024 * 1024) }],
    });
    await putObject(bigKey, big);
    // Not spawnSync: the emulators (S3, SQS) run in this process and must keep answering the child.
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), 'peak', bigKey, `support@${domain}`],
      { env: { ...process.env, ...cloud.env, POWERTOOLS_LOG_LEVEL: 'SILENT' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    if (code !== 0) throw new Error(errors);
    const peak = JSON.parse(output.trim().split('\n').pop() ?? '{}');

    console.log(
      JSON.stringify(
        {
          messages,
          delivered_webhooks: webhooksArrived,
          messages_per_second: Number((messages / seconds).toFixed(1)),
          smtp_accept_to_webhook_ms: { idle: idleLatency, burst: latency },
          parser_per_message: { ms: parserMs, dynamodb: dynamo, s3: s3Calls },
          usd_per_1000_received: {
            ...Object.fromEntries(Object.entries(cost).map(([k, v]) => [k, Number(v.toFixed(5))])),
            total: Number(
              Object.values(cost)
                .reduce((a, b) => a + b, 0)
                .toFixed(5),
            ),
            ses_receiving_for_reference: 0.1 + 0.09,
          },
          peak_25mb_message: { raw_mb: Number((big.length / 1048576).toFixed(1)), ...peak },
        },
        null,
        2,
      ),
    );
  } finally {
    await hooks.close();
    await cloud.stop();
  }
}

const [mode, ...rest] = process.argv.slice(2);
if (mode === 'peak') await peakMemoryChild(rest[0] ?? '', rest[1] ?? '');
else await main(Number(mode ?? 300));
