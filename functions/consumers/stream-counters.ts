/**
 * The table's stream → the email list's pointers and counters and the deliverability counters
 * (shared/emails/list-index.service.ts). Answers the first record not counted (ReportBatchItemFailures):
 * Lambda resumes there, and the records before it, counted, are not read again.
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { withLambdaLogging } from '#core/lambda-logging.ts';
import { streamChanges } from '#dynamo/stream-change.ts';
import { indexAndCountChanges } from '#emails/list-index.service.ts';

export const handler = withLambdaLogging(async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const firstNotCounted = await indexAndCountChanges(streamChanges(event));
  return { batchItemFailures: firstNotCounted ? [{ itemIdentifier: firstNotCounted }] : [] };
});
