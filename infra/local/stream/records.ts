/**
 * DynamoDB Streams records reshaped as Lambda hands them to a stream handler, so handlers run
 * locally on the very event they get in AWS.
 */
import type { _Record, AttributeValue } from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord, AttributeValue as LambdaAttributeValue, StreamRecord } from 'aws-lambda';

/** A stream record as Lambda delivers it: epoch-second dates and base64 binaries. */
export function toLambdaRecord(record: _Record, streamArn: string, region: string): DynamoDBRecord {
  const source = record.dynamodb ?? {};
  const dynamodb: StreamRecord = {
    ...(source.ApproximateCreationDateTime && {
      ApproximateCreationDateTime: Math.floor(source.ApproximateCreationDateTime.getTime() / 1000),
    }),
    ...(source.Keys && { Keys: toLambdaImage(source.Keys) }),
    ...(source.NewImage && { NewImage: toLambdaImage(source.NewImage) }),
    ...(source.OldImage && { OldImage: toLambdaImage(source.OldImage) }),
    ...(source.SequenceNumber !== undefined && { SequenceNumber: source.SequenceNumber }),
    ...(source.SizeBytes !== undefined && { SizeBytes: source.SizeBytes }),
    ...(source.StreamViewType !== undefined && { StreamViewType: source.StreamViewType }),
  };
  return {
    ...(record.eventID !== undefined && { eventID: record.eventID }),
    ...(record.eventName !== undefined && { eventName: record.eventName }),
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: region,
    dynamodb,
    eventSourceARN: streamArn,
    // Set on TTL deletions: {type: 'Service', principalId: 'dynamodb.amazonaws.com'}.
    ...(record.userIdentity && { userIdentity: { ...record.userIdentity } }),
  };
}

function toLambdaImage(image: Record<string, AttributeValue>): Record<string, LambdaAttributeValue> {
  return Object.fromEntries(Object.entries(image).map(([name, value]) => [name, toLambdaValue(value)]));
}

function toLambdaValue(value: AttributeValue): LambdaAttributeValue {
  const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
  if (value.B !== undefined) return { B: base64(value.B) };
  if (value.BS !== undefined) return { BS: value.BS.map(base64) };
  if (value.M !== undefined) return { M: toLambdaImage(value.M) };
  if (value.L !== undefined) return { L: value.L.map(toLambdaValue) };
  if (value.S !== undefined) return { S: value.S };
  if (value.N !== undefined) return { N: value.N };
  if (value.SS !== undefined) return { SS: [...value.SS] };
  if (value.NS !== undefined) return { NS: [...value.NS] };
  if (value.BOOL !== undefined) return { BOOL: value.BOOL };
  if (value.NULL !== undefined) return { NULL: value.NULL };
  throw new TypeError(`unknown attribute value type: ${Object.keys(value).join(', ')}`);
}

/** A batch in log lines: how many records, and the sequence numbers it runs from and to. */
export function sequenceRange(records: DynamoDBRecord[]): Record<string, unknown> {
  return {
    records: records.length,
    firstSequenceNumber: records[0]?.dynamodb?.SequenceNumber,
    lastSequenceNumber: records.at(-1)?.dynamodb?.SequenceNumber,
  };
}
