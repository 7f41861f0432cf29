/**
 * A domain's receiving switch and its latest MX check, on the domain item (docs/data-model.md,
 * "Domain"). Turning receiving on or off forgets the check; a check is recorded only while it is on.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DomainItem } from '#domains/domain.ts';
import { tableName } from '#dynamo/client.ts';
import { keys } from '#dynamo/keys.ts';
import { conditionalUpdate, conditionalWrite } from '#dynamo/writes.ts';
import { RECEIVES_EMAIL_ATTRIBUTE } from '#platform/table.ts';

/**
 * Turns receiving on or off; either way the latest MX check is forgotten (the next verify redoes it).
 * Turning it on first flags the organization (RECEIVES_EMAIL_ATTRIBUTE): from its next send on, its
 * emails are indexed for threading replies. The flag stays (a later switch off costs only that index).
 */
export async function setReceiving(
  item: Pick<DomainItem, 'organization_id' | 'id'>,
  receiving: boolean,
): Promise<DomainItem | undefined> {
  if (receiving) {
    await conditionalWrite(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.organization(item.organization_id),
        UpdateExpression: 'SET #receives = :on',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#receives': RECEIVES_EMAIL_ATTRIBUTE },
        ExpressionAttributeValues: { ':on': true },
      }),
    );
  }
  const attributes = await conditionalUpdate(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.domain(item.organization_id, item.id),
      UpdateExpression: 'SET receiving = :receiving REMOVE receiving_verified',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':receiving': receiving },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return attributes as DomainItem | undefined;
}

/** Records the latest receiving MX check, while receiving is still on. */
export async function recordReceivingCheck(
  item: Pick<DomainItem, 'organization_id' | 'id'>,
  verified: boolean,
): Promise<void> {
  await conditionalWrite(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.domain(item.organization_id, item.id),
      UpdateExpression: 'SET receiving_verified = :verified',
      ConditionExpression: 'attribute_exists(PK) AND receiving = :on',
      ExpressionAttributeValues: { ':verified': verified, ':on': true },
    }),
  );
}
