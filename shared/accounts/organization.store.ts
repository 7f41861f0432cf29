/**
 * Organization entity: one item per organization holding its settings.
 *   organization   PK=ORG#<org>  SK=ORG
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  type AutoValidationThreshold,
  DEFAULT_AUTO_VALIDATION_THRESHOLD,
  DEFAULT_TRACKING,
  type Organization,
  type SendingLimitAttribute,
  type SendingPause,
  type TrackingSettings,
} from '#accounts/organization.ts';
import { nowIso } from '#core/ids.ts';
import { db, tableName } from '#dynamo/client.ts';
import { keys } from '#dynamo/keys.ts';
import { conditionalWrite } from '#dynamo/writes.ts';
import { ITEM_TYPES } from '#platform/table.ts';

export interface OrganizationItem {
  id: string;
  name: string;
  created_at: string;
  rate_limit_per_second?: number;
  auto_validation_threshold?: AutoValidationThreshold;
  /** The tracking defaults (absent: DEFAULT_TRACKING). */
  track_opens?: boolean;
  track_clicks?: boolean;
  daily_recipient_limit_live?: number;
  monthly_recipient_limit_live?: number;
  daily_recipient_limit_test?: number;
  /** Set when one of its domains first receives email (shared/domains/receiving.store.ts). */
  receives_email?: boolean;
  /** Written by the sending guard (shared/deliverability/sending-guard.store.ts). */
  sending_paused_live?: SendingPause;
  sending_paused_test?: SendingPause;
}

/** An organization item as read (exported for readers that batch several keys in one request). */
export function organizationFromItem(item: OrganizationItem): Organization {
  return {
    id: item.id,
    name: item.name,
    createdAt: item.created_at,
    ...(item.rate_limit_per_second ? { rateLimitPerSecond: item.rate_limit_per_second } : {}),
    autoValidationThreshold: item.auto_validation_threshold ?? DEFAULT_AUTO_VALIDATION_THRESHOLD,
    trackingDefaults: {
      opens: item.track_opens ?? DEFAULT_TRACKING.opens,
      clicks: item.track_clicks ?? DEFAULT_TRACKING.clicks,
    },
    receivesEmail: item.receives_email === true,
    ...(item.daily_recipient_limit_live !== undefined
      ? { dailyRecipientLimitLive: Number(item.daily_recipient_limit_live) }
      : {}),
    ...(item.monthly_recipient_limit_live !== undefined
      ? { monthlyRecipientLimitLive: Number(item.monthly_recipient_limit_live) }
      : {}),
    ...(item.daily_recipient_limit_test !== undefined
      ? { dailyRecipientLimitTest: Number(item.daily_recipient_limit_test) }
      : {}),
    ...(item.sending_paused_live || item.sending_paused_test
      ? {
          sendingPaused: {
            ...(item.sending_paused_live ? { live: item.sending_paused_live } : {}),
            ...(item.sending_paused_test ? { test: item.sending_paused_test } : {}),
          },
        }
      : {}),
  };
}

/** The organization among items a caller read with `keys.organization` and others (one BatchGetItem). */
export function organizationAmong(organizationId: string, items: readonly Record<string, unknown>[]) {
  const key = keys.organization(organizationId);
  const item = items.find((candidate) => candidate.PK === key.PK && candidate.SK === key.SK);
  return item ? organizationFromItem(item as unknown as OrganizationItem) : undefined;
}

/** Creates an organization; undefined when the id is taken. */
export async function putOrganization(input: { id: string; name: string }): Promise<Organization | undefined> {
  const item: OrganizationItem = { id: input.id, name: input.name, created_at: nowIso() };
  const created = await conditionalWrite(
    new PutCommand({
      TableName: tableName,
      Item: { ...keys.organization(input.id), type: ITEM_TYPES.organization, ...item },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  return created ? organizationFromItem(item) : undefined;
}

export async function getOrganization(organizationId: string): Promise<Organization | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.organization(organizationId), ConsistentRead: true }),
  );
  return Item ? organizationFromItem(Item as OrganizationItem) : undefined;
}

/** Sets the tracking defaults of an existing organization; false when there is no such organization. */
export async function updateTrackingDefaults(organizationId: string, tracking: TrackingSettings): Promise<boolean> {
  return conditionalWrite(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.organization(organizationId),
      UpdateExpression: 'SET track_opens = :opens, track_clicks = :clicks, updated_at = :now',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':opens': tracking.opens, ':clicks': tracking.clicks, ':now': nowIso() },
    }),
  );
}

/** Updates one attribute of an existing organization; false when there is no such organization. */
export async function updateOrganizationAttribute(
  organizationId: string,
  attribute: 'auto_validation_threshold' | 'rate_limit_per_second' | SendingLimitAttribute,
  value: string | number,
): Promise<boolean> {
  return conditionalWrite(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.organization(organizationId),
      UpdateExpression: 'SET #attribute = :value, updated_at = :now',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#attribute': attribute },
      ExpressionAttributeValues: { ':value': value, ':now': nowIso() },
    }),
  );
}
