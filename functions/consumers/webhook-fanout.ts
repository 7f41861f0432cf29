/**
 * The table's stream → webhook deliveries (shared/webhooks/webhook-fanout.service.ts). A failure
 * throws: the batch is read again (idempotent), bisected in AWS to isolate a bad record.
 */
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { withLambdaLogging } from '#core/lambda-logging.ts';
import type { TableChange } from '#webhooks/webhook-event.store.ts';
import { fanOutChanges } from '#webhooks/webhook-fanout.service.ts';

type Image = Parameters<typeof unmarshall>[0];

export const handler = withLambdaLogging(async (event: DynamoDBStreamEvent) => {
  const changes: TableChange[] = event.Records.flatMap((record) => {
    const { eventName, dynamodb } = record;
    if (!eventName || !dynamodb) return [];
    return [
      {
        eventName,
        ...(dynamodb.OldImage ? { oldImage: unmarshall(dynamodb.OldImage as Image) } : {}),
        ...(dynamodb.NewImage ? { newImage: unmarshall(dynamodb.NewImage as Image) } : {}),
      },
    ];
  });
  await fanOutChanges(changes);
});
