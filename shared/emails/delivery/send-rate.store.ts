/**
 * The deployment-wide count of SES sends per second (access pattern: "claim SES send slots in the
 * current second", docs/data-model.md): one item per second, keys.sesSendWindow.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#dynamo/client.ts';
import { keys } from '#dynamo/keys.ts';

/** Kept a minute past its second, then removed by TTL. */
const WINDOW_TTL_SECONDS = 60;

/**
 * Adds `count` sends to the second's count and returns the new total: one unconditional UpdateItem
 * (ADD), so concurrent claimers never retry; the caller keeps only the slots under the rate.
 */
export async function claimSendSlots(windowEpochSecond: number, count: number): Promise<number> {
  const result = await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.sesSendWindow(windowEpochSecond),
      UpdateExpression: 'ADD sent :count SET expires_at = if_not_exists(expires_at, :expires)',
      ExpressionAttributeValues: { ':count': count, ':expires': windowEpochSecond + WINDOW_TTL_SECONDS },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(result.Attributes?.sent ?? count);
}
