/**
 * The send consumer as the timing and memory scenarios run it: its emails, queued through the API with
 * no consumer running, then its handler invoked in a process of its own, as Lambda would.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { runAsFunction } from '#core/aws-call-recording.ts';
import type { LocalCloud } from '../../infra/local/cloud.ts';
import { localLambdaContext } from '../../infra/local/lambda-context.ts';
import { benchOrganization } from '../support/local-cloud.ts';
import { api, PARALLEL_DELIVERIES, TEN_MB, upload } from './helpers.ts';

const CONSUMER_HANDLER = 'functions/consumers/send-email.ts';

export interface ConsumerInput {
  organizationId: string;
  queueArn: string;
  /** A small email with a small attachment: loads every module of the path first. */
  warmUpEmailId: string;
  emailIds: string[];
}

/**
 * Queues the emails of both scenarios, each with one 10 MB upload (POST /attachments, then the
 * presigned PUT: a 10 MB file cannot be inline under the 5 MiB body limit): `consumerRuns` + 1 for the
 * timing, PARALLEL_DELIVERIES for the memory.
 */
export async function queueConsumerEmails(cloud: LocalCloud, consumerRuns: number) {
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
  const timing: ConsumerInput = {
    organizationId: consumerOrg.organization.id,
    queueArn,
    warmUpEmailId: await small(0),
    emailIds: [],
  };
  for (let i = 0; i <= consumerRuns; i += 1) timing.emailIds.push(await large(i));
  const memory: ConsumerInput = {
    organizationId: consumerOrg.organization.id,
    queueArn,
    warmUpEmailId: await small(1),
    emailIds: [],
  };
  for (let i = 0; i < PARALLEL_DELIVERIES; i += 1) memory.emailIds.push(await large(100 + i));
  return { timing, memory };
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
export async function consumerHandler(observe: {
  beforeSend?: () => void;
  sesStart?: () => void;
  sesEnd?: () => void;
}) {
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
