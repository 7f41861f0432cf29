/**
 * Producer side of the send queue (the functions that accept emails). Messages carry ids
 * only (the email itself is in DynamoDB), so a message is tiny and never holds customer
 * content. The queue URL is required when this module loads.
 */
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { requiredEnv } from '../config.ts';
import type { SendQueueMessage } from '../domain/send-queue-message.ts';
import { queueUrlEnvName } from '../queues.ts';

const queueUrl = requiredEnv(queueUrlEnvName('send'));
// Locally the queue URL names a *.localhost host that does not resolve: use the endpoint.
const sqs = new SQSClient(process.env.SQS_ENDPOINT ? { endpoint: process.env.SQS_ENDPOINT } : {});

export async function enqueueEmail(message: SendQueueMessage, delaySeconds = 0): Promise<void> {
  await sqs.send(
    new SendMessageCommand({
      QueueUrl: queueUrl,
      MessageBody: JSON.stringify(message),
      ...(delaySeconds > 0 ? { DelaySeconds: delaySeconds } : {}),
    }),
  );
}
