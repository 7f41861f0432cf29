import {
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  type Message,
  type MessageAttributeValue,
  ReceiveMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type {
  Context,
  SQSBatchResponse,
  SQSEvent,
  SQSMessageAttributes,
  SQSRecord,
  SQSRecordAttributes,
} from 'aws-lambda';
import {
  arnRegionAndAccount,
  batchItemFailureIds,
  consoleLog,
  describeError,
  errorBackoff,
  interruptibleWaits,
  type PollerLog,
} from './event-source-mapping.ts';
import { localLambdaContext } from './lambda-context.ts';

/**
 * Local stand-in for Lambda's SQS event source mapping with ReportBatchItemFailures, so consumer
 * handlers run unchanged against the SQS emulator. Like Lambda, the poller only decides what to
 * delete: undeleted messages reappear after the visibility timeout, and moving them to the DLQ is
 * left to the queue's own RedrivePolicy. It never touches a failed record's visibility, so a
 * change the handler made (the send consumer's retry backoff) stands, as with Lambda.
 */
export interface SqsPollerOptions {
  sqs: SQSClient;
  queueUrl: string;
  queueArn: string;
  /** Defaults to the region in `queueArn`. */
  region?: string;
  // biome-ignore lint/suspicious/noConfusingVoidType: as aws-lambda's SQSHandler, so handlers that return nothing fit
  handler: (event: SQSEvent, context: Context) => Promise<SQSBatchResponse | void | undefined>;
  /** Records per invocation; capped at 10, the most one ReceiveMessage returns. */
  batchSize: number;
  /** Independent receive-invoke-delete loops, hence the most concurrent invocations. */
  maxConcurrency: number;
  /** Overrides the queue's visibility timeout on receive. */
  visibilityTimeoutSeconds?: number;
  /** Long-poll duration; short, because stop() waits for outstanding receives. Default 1. */
  waitTimeSeconds?: number;
  functionName: string;
  log?: PollerLog;
}

export interface SqsPoller {
  /** Stops polling and resolves once in-flight invocations (and their deletes) have finished. */
  stop(): Promise<void>;
}

const SQS_MAX_BATCH = 10;
const SQS_DEFAULT_VISIBILITY_SECONDS = 30;

export function startSqsPoller(options: SqsPollerOptions): SqsPoller {
  const { sqs, queueUrl, queueArn, handler, functionName } = options;
  for (const key of ['batchSize', 'maxConcurrency'] as const) {
    if (!Number.isInteger(options[key]) || options[key] < 1) throw new RangeError(`${key} must be a positive integer`);
  }
  // Lambda allows bigger batches only together with a batching window, which is not emulated here.
  const batchSize = Math.min(options.batchSize, SQS_MAX_BATCH);
  const { account, ...arn } = arnRegionAndAccount(queueArn);
  const region = options.region ?? arn.region;
  const log = options.log ?? consoleLog('sqs-poller');
  const stopping = new AbortController();
  const { sleep } = interruptibleWaits(stopping.signal);
  let visibilitySeconds = options.visibilityTimeoutSeconds;

  async function pollLoop(): Promise<void> {
    const backoff = errorBackoff();
    while (!stopping.signal.aborted) {
      let messages: Message[];
      try {
        const output = await sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: queueUrl,
            MaxNumberOfMessages: batchSize,
            WaitTimeSeconds: options.waitTimeSeconds ?? 1,
            VisibilityTimeout: options.visibilityTimeoutSeconds,
            MessageSystemAttributeNames: ['All'],
            MessageAttributeNames: ['All'],
          }),
        );
        messages = output.Messages ?? [];
        backoff.reset();
      } catch (error) {
        // E.g. the emulator is restarting: back off and retry rather than crash the local stack.
        const backoffMs = backoff.next();
        log('ReceiveMessage failed; retrying', { functionName, backoffMs, error: describeError(error) });
        await sleep(backoffMs);
        continue;
      }
      // A batch that arrives while stopping is still processed: dropping it would hide its
      // messages for a whole visibility timeout.
      if (messages.length > 0) await processBatch(messages);
    }
  }

  async function processBatch(messages: Message[]): Promise<void> {
    const receivedAt = Date.now(); // the visibility timeout is already running
    const deadline = receivedAt + (await queueVisibilitySeconds()) * 1000;
    const context = lambdaContext(deadline);
    const fields = { functionName, awsRequestId: context.awsRequestId, messageIds: messages.map((m) => m.MessageId) };
    let result: unknown;
    try {
      result = await handler({ Records: messages.map(toRecord) }, context);
    } catch (error) {
      // A failed invocation deletes nothing: the whole batch comes back after the visibility timeout.
      log('handler failed; the whole batch will be retried', { ...fields, error: describeError(error) });
      return;
    }
    const failed = failedMessageIds(result, new Set(fields.messageIds));
    if (failed === 'all') {
      log('invalid batchItemFailures; the whole batch will be retried', { ...fields, result });
      return;
    }
    if (failed.size > 0) log('partial batch failure', { ...fields, failed: [...failed] });
    const entries = messages
      .filter((m) => !failed.has(m.MessageId ?? ''))
      .map((m, i) => ({ Id: `m${i}`, ReceiptHandle: m.ReceiptHandle }));
    if (entries.length === 0) return;
    try {
      const output = await sqs.send(new DeleteMessageBatchCommand({ QueueUrl: queueUrl, Entries: entries }));
      if (output.Failed?.length) {
        log('DeleteMessageBatch partly failed; those will be redelivered', { ...fields, failed: output.Failed });
      }
    } catch (error) {
      log('DeleteMessageBatch failed; the batch will be redelivered', { ...fields, error: describeError(error) });
    }
  }

  // The remaining time mirrors the visibility timeout; without an override the queue's own applies.
  async function queueVisibilitySeconds(): Promise<number> {
    if (visibilitySeconds !== undefined) return visibilitySeconds;
    try {
      const request = new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['VisibilityTimeout'] });
      const { Attributes } = await sqs.send(request);
      visibilitySeconds = Number(Attributes?.VisibilityTimeout ?? SQS_DEFAULT_VISIBILITY_SECONDS);
      return visibilitySeconds;
    } catch {
      return SQS_DEFAULT_VISIBILITY_SECONDS; // asked again with the next batch
    }
  }

  const lambdaContext = (deadline: number): Context => localLambdaContext({ functionName, region, account, deadline });

  function toRecord(message: Message): SQSRecord {
    return {
      messageId: message.MessageId ?? '',
      receiptHandle: message.ReceiptHandle ?? '',
      body: message.Body ?? '',
      // Complete because the receive asks for 'All' system attributes.
      attributes: { ...message.Attributes } as SQSRecordAttributes,
      messageAttributes: toLambdaAttributes(message.MessageAttributes ?? {}),
      md5OfBody: message.MD5OfBody ?? '',
      ...(message.MD5OfMessageAttributes && { md5OfMessageAttributes: message.MD5OfMessageAttributes }),
      eventSource: 'aws:sqs',
      eventSourceARN: queueArn,
      awsRegion: region,
    };
  }

  // Last resort: a bug in a loop must not surface as an unhandled rejection.
  const loops = Array.from({ length: options.maxConcurrency }, () =>
    pollLoop().catch((error: unknown) => log('poll loop crashed', { functionName, error: describeError(error) })),
  );
  let stopped: Promise<void> | undefined;
  return {
    stop() {
      stopping.abort();
      stopped ??= Promise.all(loops).then(() => undefined);
      return stopped;
    },
  };
}

/**
 * Which messages to keep, per Lambda's ReportBatchItemFailures rules: no response or no/empty
 * list means all succeeded; a malformed list, or an entry whose itemIdentifier is empty, null or
 * not in the batch, fails the whole batch.
 */
function failedMessageIds(result: unknown, batch: Set<string | undefined>): Set<string> | 'all' {
  const ids = batchItemFailureIds(result);
  if (ids === 'all' || !ids.every((id) => batch.has(id))) return 'all';
  return new Set(ids);
}

/** Lambda's camel-case attribute shape, binary values base64-encoded. */
function toLambdaAttributes(attributes: Record<string, MessageAttributeValue>): SQSMessageAttributes {
  const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
  return Object.fromEntries(
    Object.entries(attributes).map(([name, value]) => [
      name,
      {
        ...(value.StringValue !== undefined && { stringValue: value.StringValue }),
        ...(value.BinaryValue !== undefined && { binaryValue: base64(value.BinaryValue) }),
        stringListValues: value.StringListValues ?? [],
        binaryListValues: (value.BinaryListValues ?? []).map(base64),
        dataType: value.DataType ?? 'String',
      },
    ]),
  );
}
