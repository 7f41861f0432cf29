/**
 * Webhook endpoint entity.
 *   webhook  PK=ORG#<org>  SK=WEBHOOK#<id>        the endpoint, its subscriptions and secrets
 *   count    PK=ORG#<org>  SK=COUNT#webhooks      caps the endpoints of an organization (20)
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#dynamo/client.ts';
import { keys } from '#dynamo/keys.ts';
import { queryByPrefix, withoutTableKeys } from '#dynamo/reads.ts';
import {
  conditionalUpdate,
  conditionalWrite,
  countOneLess,
  countUnderCap,
  failedCondition,
  transactWrite,
} from '#dynamo/writes.ts';
import { type DisabledReason, MAX_WEBHOOKS_PER_ORGANIZATION, type WebhookItem } from '#webhooks/webhook.ts';

/** Adds an endpoint and counts it, at once; `limit` when the organization already has the most allowed. */
export async function insertWebhook(item: WebhookItem): Promise<'added' | 'limit'> {
  try {
    await transactWrite([
      {
        Put: {
          TableName: tableName,
          Item: { ...keys.webhook(item.organization_id, item.id), type: 'webhook', ...item },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      countUnderCap(keys.webhookCount(item.organization_id), MAX_WEBHOOKS_PER_ORGANIZATION),
    ]);
    return 'added';
  } catch (error) {
    if (failedCondition(error, 1)) return 'limit';
    throw error;
  }
}

const withoutKeys = (item: Record<string, unknown>): WebhookItem => withoutTableKeys(item) as unknown as WebhookItem;

export async function getWebhook(organizationId: string, webhookId: string): Promise<WebhookItem | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.webhook(organizationId, webhookId), ConsistentRead: true }),
  );
  return Item ? withoutKeys(Item) : undefined;
}

/** Every endpoint of the organization, oldest first (at most 20: one Query). */
export async function queryWebhooks(organizationId: string): Promise<WebhookItem[]> {
  const items = await queryByPrefix<Record<string, unknown>>(keys.webhooksOfOrganizationPrefix(organizationId));
  return items.map(withoutKeys).sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

/**
 * Replaces the fields given, if the endpoint exists and is still the version read (`updated_at`):
 * undefined when it is gone or changed meanwhile.
 */
export async function updateWebhook(
  current: Pick<WebhookItem, 'organization_id' | 'id' | 'updated_at'>,
  fields: Partial<
    Pick<WebhookItem, 'url' | 'events' | 'description' | 'enabled' | 'disabled_reason' | 'secrets' | 'failing_since'>
  > & {
    updated_at: string;
  },
): Promise<WebhookItem | undefined> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':read': current.updated_at };
  const sets = Object.entries(fields).map(([field, value]) => {
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    return `#${field} = :${field}`;
  });
  const updated = await conditionalUpdate(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.webhook(current.organization_id, current.id),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: 'attribute_exists(PK) AND updated_at = :read',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
  return updated ? withoutKeys(updated) : undefined;
}

/**
 * What deliveries learn about an endpoint, written without its version (`updated_at`) so an edit in
 * flight is not refused for it: `failing` from a first failed attempt on (once), `recovered` on a
 * success after failures, `disabled` by a 410 answer or 5 days of failures (once).
 */
export async function markWebhookHealth(
  organizationId: string,
  webhookId: string,
  change:
    | { kind: 'failing'; since: string }
    | { kind: 'recovered' }
    | { kind: 'disabled'; reason: DisabledReason; at: string },
): Promise<boolean> {
  const key = keys.webhook(organizationId, webhookId);
  if (change.kind === 'failing') {
    return conditionalWrite(
      new UpdateCommand({
        TableName: tableName,
        Key: key,
        UpdateExpression: 'SET failing_since = :since',
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(failing_since) OR failing_since = :null)',
        ExpressionAttributeValues: { ':since': change.since, ':null': null },
      }),
    );
  }
  if (change.kind === 'recovered') {
    return conditionalWrite(
      new UpdateCommand({
        TableName: tableName,
        Key: key,
        UpdateExpression: 'REMOVE failing_since',
        ConditionExpression: 'attribute_exists(PK) AND attribute_exists(failing_since)',
      }),
    );
  }
  return conditionalWrite(
    new UpdateCommand({
      TableName: tableName,
      Key: key,
      UpdateExpression: 'SET enabled = :false, disabled_reason = :reason, updated_at = :at',
      ConditionExpression: 'attribute_exists(PK) AND enabled = :true',
      ExpressionAttributeValues: { ':false': false, ':true': true, ':reason': change.reason, ':at': change.at },
    }),
  );
}

/** Deletes the endpoint and uncounts it, at once; false when it does not exist. */
export async function deleteWebhook(organizationId: string, webhookId: string): Promise<boolean> {
  try {
    await transactWrite([
      {
        Delete: {
          TableName: tableName,
          Key: keys.webhook(organizationId, webhookId),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
      countOneLess(keys.webhookCount(organizationId)),
    ]);
    return true;
  } catch (error) {
    if (failedCondition(error, 0)) return false;
    throw error;
  }
}
