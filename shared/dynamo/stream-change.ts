/**
 * A record of the table's stream as the stream handlers pass it on to services: its images unmarshalled,
 * its sequence number as `id` (unique, ordered within an item), what idempotency tokens are made of.
 */
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';

export interface StreamChange {
  id: string;
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  oldImage?: Record<string, unknown>;
  newImage?: Record<string, unknown>;
}

type Image = Parameters<typeof unmarshall>[0];

/** The records of a stream event, in order, as changes (records without a sequence number are left out). */
export function streamChanges(event: DynamoDBStreamEvent): StreamChange[] {
  return event.Records.flatMap((record) => {
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
}
