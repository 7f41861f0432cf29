/**
 * Lambda event filter patterns over the table's stream records (their images in DynamoDB JSON), so a
 * stream handler is invoked only with the records it acts on and the others cost nothing. Features
 * build their handlers' filters from these and the items' constants (shared/platform/table.ts).
 */
import { ITEM_TYPES } from '#platform/table.ts';

type Image = Readonly<Record<string, unknown>>;
type StreamEvent = 'INSERT' | 'MODIFY' | 'REMOVE';

/** A string attribute that is present, or absent. */
export const present = { S: [{ exists: true }] } as const;
export const absent = { S: [{ exists: false }] } as const;

/**
 * Lambda's default quota of filters per event source mapping (up to 10 on request): a mapping with more
 * fails to deploy, so a stream handler's patterns are merged to fit (the local poller refuses more too).
 */
export const MAX_STREAM_FILTERS = 5;

/** An item of `itemType` (or of any of several) written for the first time (its new image may narrow it further). */
export function itemInserted(itemType: string | readonly string[], newImage: Image = {}): Record<string, unknown> {
  const types = typeof itemType === 'string' ? [itemType] : [...itemType];
  return { eventName: ['INSERT'], dynamodb: { NewImage: { type: { S: types }, ...newImage } } };
}

/** An item of `itemType` deleted (by a write: a take-back; emails have no TTL). */
export function itemRemoved(itemType: string): Record<string, unknown> {
  return { eventName: ['REMOVE'], dynamodb: { OldImage: { type: { S: [itemType] } } } };
}

/** An item of `itemType` updated so that its new image matches `newImage` (and its old one `oldImage`). */
export function itemChanged(itemType: string, newImage: Image, oldImage?: Image): Record<string, unknown> {
  return {
    eventName: ['MODIFY'],
    dynamodb: { NewImage: { type: { S: [itemType] }, ...newImage }, ...(oldImage ? { OldImage: oldImage } : {}) },
  };
}

/** Items with the sort key `sortKey`, on the given events (their keys are in every record). */
export function sortKeyEvents(events: readonly StreamEvent[], sortKey: string): Record<string, unknown> {
  return { eventName: [...events], dynamodb: { Keys: { SK: { S: [sortKey] } } } };
}

/** An email handed over to SES: its item gains the SES message id (`email.sent`, the counted `sent`). */
export const emailHandedOver = itemChanged(ITEM_TYPES.email, { ses_message_id: present }, { ses_message_id: absent });
