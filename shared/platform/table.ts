/**
 * The one DynamoDB table, described once. The CDK stack and the local runner both build
 * the table from this definition, so the local table cannot drift from the deployed one.
 * Key attributes are generic (PK/SK, GSIn) because every entity shares them; the key
 * values themselves are built only in shared/dynamo/keys/ (gathered by keys.ts).
 */
import type { Environment } from '#core/environment.ts';

/** The `type` attribute of the items the table's stream readers pick: stores write it, filters match it. */
export const ITEM_TYPES = {
  email: 'email',
  emailEvent: 'email_event',
  domain: 'domain',
  organization: 'organization',
  /** A received message's content item: its insert is the `email.received` event (shared/inbound). */
  inboundContent: 'inbound_content',
} as const;

/** Every suppression's sort key (its partition key is the organization and the address). */
export const SUPPRESSION_SORT_KEY = 'SUPP';

/**
 * The organization item's flag that one of its domains receives email (set when receiving is first
 * turned on, never cleared): its emails are then indexed by SES message id (GSI5) for threading.
 */
export const RECEIVES_EMAIL_ATTRIBUTE = 'receives_email';

/** The organization item's attribute holding an environment's pause by the sending guard. */
export const sendingPauseAttribute = (environment: Environment) => `sending_paused_${environment}` as const;

/** The email attributes GET /emails returns, read from the email items of a page (no bodies, no headers). */
export const EMAIL_LIST_ATTRIBUTES = [
  'id',
  'organization_id',
  'environment',
  'status',
  'priority',
  'from',
  'to',
  'cc',
  'bcc',
  'reply_to',
  'subject',
  'tags',
  'template_id',
  'batch_id',
  'created_at',
  'updated_at',
] as const;

/** What the due index (GSI2) projects: what the scheduler reads (shared/emails/schedule/due-index.store.ts). */
export const DUE_INDEX_ATTRIBUTES = [
  'id',
  'organization_id',
  'environment',
  'status',
  'scheduled_at',
  'created_at',
  'sweeps',
] as const;

export const tableDefinition = {
  partitionKey: 'PK',
  sortKey: 'SK',
  /** Epoch seconds; DynamoDB deletes items whose `expires_at` is in the past. */
  timeToLiveAttribute: 'expires_at',
  /**
   * The table's change stream, read by the stream handlers (routes.ts streamHandlers: the webhook
   * fan-out). Both images: an event is told by what changed (e.g. an email gaining ses_message_id).
   */
  streamViewType: 'NEW_AND_OLD_IMAGES',
  globalSecondaryIndexes: [
    { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK', projection: { type: 'ALL' } },
    // The scheduler's due index (sparse): only what never changes while an email is in it, so an entry
    // costs 1 write unit whatever the email's size, and neither the claim (lease_until) nor the
    // hand-over (ses_message_id) writes it; the scheduler reads those from the email.
    {
      indexName: 'GSI2',
      partitionKey: 'GSI2PK',
      sortKey: 'GSI2SK',
      projection: { type: 'INCLUDE', nonKeyAttributes: DUE_INDEX_ATTRIBUTES },
    },
    // The email list by time and by status. Keys only: an entry is written once per key change
    // (1 write unit, whatever the email's size) and never by a status change; a page reads its
    // emails from the table (one BatchGetItem of ~20 items, 0.5 read unit each).
    { indexName: 'GSI3', partitionKey: 'GSI3PK', sortKey: 'GSI3SK', projection: { type: 'KEYS_ONLY' } },
    // GSI4 sorts by the list's time key, GSI3's own (one attribute on the email, not two copies).
    { indexName: 'GSI4', partitionKey: 'GSI4PK', sortKey: 'GSI3SK', projection: { type: 'KEYS_ONLY' } },
    // Sent emails by SES message id (sparse: set at the hand-over), for threading a received reply to
    // the email it answers. Keys only: the table's key names the email; one write unit per email.
    { indexName: 'GSI5', partitionKey: 'GSI5PK', sortKey: 'GSI5SK', projection: { type: 'KEYS_ONLY' } },
  ],
} as const;

export type IndexName = (typeof tableDefinition.globalSecondaryIndexes)[number]['indexName'];

/** Every attribute used in a key schema (all strings). */
export function keyAttributeNames(): string[] {
  // Each once: two indexes may share a key attribute (GSI3 and GSI4 sort by GSI3SK).
  return [
    ...new Set([
      tableDefinition.partitionKey,
      tableDefinition.sortKey,
      ...tableDefinition.globalSecondaryIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
    ]),
  ];
}
