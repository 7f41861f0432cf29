/**
 * The table's stream → deliverability counters (shared/deliverability/metric-counting.service.ts).
 * Answers the first record not counted (ReportBatchItemFailures): Lambda resumes there, and the
 * records before it, counted, are not read again.
 */
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { withLambdaLogging } from '#core/lambda-logging.ts';
import { countChanges, type StreamChange } from '#deliverability/metric-counting.service.ts';

type Image = Parameters<typeof unmarshall>[0];

export const handler = withLambdaLogging(async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const changes: StreamChange[] = event.Records.flatMap((record) => {
    const { eventName, dynamodb } = record;
    const id = dynamodb?.SequenceNumber;
    if (!eventName || !dynamodb || !id) return [];
    return [
      {
        id,
        eventName,
        ...(dynamodb.OldImage ? { oldImage: unmarshall(dynamodb.OldImage as Image) } : {}),
        ...(dynamodb.NewImage ? { newImage: unmarshall(dynamodb.NewImage as Image) } : {}),
      },
    ];
  });
  const firstNotCounted = await countChanges(changes);
  return { batchItemFailures: firstNotCounted ? [{ itemIdentifier: firstNotCounted }] : [] };
});
