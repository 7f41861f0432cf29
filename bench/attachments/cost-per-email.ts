/**
 * Scenario 4: S3 and DynamoDB requests and consumed capacity per email, accept to delivered, priced per
 * 1,000 emails: one inline attachment, one by attachment_id (first use of the upload and second), a
 * batch of BATCH_RECIPIENTS sharing one attachment, each against the same email without. Runs in a
 * process of its own (bench/attachments/child.ts) with a cloud of its own, consumers on.
 */
import { randomBytes } from 'node:crypto';
import { type AwsCall, setAwsCallSink } from '#core/aws-call-recording.ts';
import { BLOB_REFRESH_DAYS, STORED_ATTACHMENT_DAYS, UPLOAD_USABLE_DAYS } from '#platform/buckets.ts';
import { benchOrganization, pollUntil, startBenchCloud } from '../support/local-cloud.ts';
import { dynamoUsd, GB_BYTES, MONTH_DAYS, PRICES } from '../support/prices.ts';
import { api, BATCH_RECIPIENTS, COST_EMAILS, clearSesStore, distinctBytes, ONE_MB, round, upload } from './helpers.ts';

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

export async function costPerEmail() {
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
          await clearSesStore();
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
        // HEAD is billed as a GET: the blob and sealed-upload checks.
        s3_get: round((byKind.GetObject ?? 0) + (byKind.HeadObject ?? 0), 3),
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

export type CostResult = Awaited<ReturnType<typeof costPerEmail>>;
type Scenario = keyof CostResult;

/** The scenarios as reported: each with its label and the scenario it adds an attachment to. */
export const COST_ROWS: Array<[Scenario, string, Scenario | undefined]> = [
  ['plain', 'single, no attachment', undefined],
  ['inline', 'single, 1 MB inline', 'plain'],
  ['byIdFirst', 'single, by attachment_id, 1st use *', 'plain'],
  ['byIdSecond', 'single, by attachment_id, 2nd use', 'plain'],
  ['batchPlain', 'batch of 100, no attachment', undefined],
  ['batchShared', 'batch of 100, one shared 1 MB', 'batchPlain'],
];

/** Days a blob is stored: it expires BLOB_REFRESH_DAYS after the 60 days (refreshed at most once a day). */
export const BLOB_DAYS = STORED_ATTACHMENT_DAYS + BLOB_REFRESH_DAYS;
export const BLOB_MONTHS = BLOB_DAYS / MONTH_DAYS;
/** Days an upload object lives. */
export const UPLOAD_DAYS = UPLOAD_USABLE_DAYS + 1;

export interface Priced {
  s3_requests: number;
  s3_storage: number;
  dynamodb: number;
  total: number;
}

/** USD per 1,000 emails of each scenario: S3 requests, S3 storage, DynamoDB. */
export function priceCosts(cost: CostResult): Record<Scenario, Priced> {
  const uploadMonths = UPLOAD_DAYS / MONTH_DAYS;
  const storagePerEmail: Record<Scenario, number> = {
    plain: 0,
    inline: (ONE_MB / GB_BYTES) * BLOB_MONTHS,
    byIdFirst: (ONE_MB / GB_BYTES) * (BLOB_MONTHS + uploadMonths),
    byIdSecond: 0,
    batchPlain: 0,
    batchShared: ((ONE_MB / GB_BYTES) * BLOB_MONTHS) / BATCH_RECIPIENTS,
  };
  return Object.fromEntries(
    COST_ROWS.map(([key]) => {
      const scenario = cost[key];
      const s3Requests = scenario.s3_put_copy * PRICES.s3PutCopyPerThousand + scenario.s3_get * PRICES.s3GetPerThousand;
      const storage = storagePerEmail[key] * 1000 * PRICES.s3GbMonth;
      const dynamodb = dynamoUsd({ readUnits: scenario.read_units, writeUnits: scenario.write_units }) * 1000;
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
  ) as Record<Scenario, Priced>;
}
