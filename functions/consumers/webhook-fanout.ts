/**
 * The table's stream → webhook deliveries (shared/webhooks/webhook-fanout.service.ts). A failure
 * throws: the batch is read again (idempotent), bisected in AWS to isolate a bad record.
 */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { withLambdaLogging } from '#core/lambda-logging.ts';
import { streamChanges } from '#dynamo/stream-change.ts';
import { fanOutChanges } from '#webhooks/webhook-fanout.service.ts';

export const handler = withLambdaLogging(async (event: DynamoDBStreamEvent) => {
  await fanOutChanges(streamChanges(event));
});
