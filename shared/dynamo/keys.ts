/**
 * Every DynamoDB key of the single table, gathered from the feature modules under keys/ (the only
 * place keys are built). docs/data-model.md lists each entity and access pattern with its key;
 * test/unit/dynamo/key-prefixes.test.ts checks that no two entities' keys can be read as each other's.
 */
import { accountKeys } from './keys/accounts.ts';
import { attachmentKeys } from './keys/attachments.ts';
import { deliverabilityKeys } from './keys/deliverability.ts';
import { domainKeys } from './keys/domains.ts';
import { emailKeys } from './keys/emails.ts';
import { httpKeys } from './keys/http.ts';
import { inboundKeys } from './keys/inbound.ts';
import { sendingKeys } from './keys/sending.ts';
import { suppressionKeys } from './keys/suppressions.ts';
import { templateKeys } from './keys/templates.ts';
import { webhookKeys } from './keys/webhooks.ts';

export {
  METRIC_DIRECTORY_PARTITIONS,
  METRIC_SHARDS,
  metricHourRange,
  metricHoursOfDays,
} from './keys/deliverability.ts';
export {
  EMAIL_COUNTER_SHARDS,
  EMAIL_LIST_SHARDS,
  emailIdOfListSortKey,
  emailOfCollectionKey,
  emailShard,
  statusesOutOfStatusIndex,
} from './keys/emails.ts';
export type { RateLimitScope } from './keys/http.ts';
export type { PrimaryKey } from './keys/primary-key.ts';
export { DUE_INDEX_SHARDS } from './keys/sending.ts';
export { COUNTER_SHARDS, type CountedList, organizationOfSuppressionKey } from './keys/suppressions.ts';
export { WEBHOOK_DELIVERY_COUNTER_SHARDS } from './keys/webhooks.ts';

export const keys = {
  ...accountKeys,
  ...domainKeys,
  ...emailKeys,
  ...sendingKeys,
  ...templateKeys,
  ...suppressionKeys,
  ...attachmentKeys,
  ...webhookKeys,
  ...inboundKeys,
  ...deliverabilityKeys,
  ...httpKeys,
} as const;
