/**
 * An email's delivery state on its item: the lease a consumer holds while it talks to SES, the
 * hand-over (SES accepted it), a failure. Every write is conditioned on the state it moves from, so
 * SQS's at-least-once delivery and concurrent consumers cannot send an email twice.
 */

import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Environment } from '#core/environment.ts';
import { nowIso } from '#core/ids.ts';
import { countEmails } from '#core/metrics.ts';
import { db, tableName } from '#dynamo/client.ts';
import { keys } from '#dynamo/keys.ts';
import { conditionalWrite, isConditionalCheckFailed, transactWrite } from '#dynamo/writes.ts';
import { eventPut, fromStoredEmail, readEmailBodies, type StoredEmail } from '#emails/email.store.ts';
import type { EmailEvent, EmailRecord } from '#emails/email.ts';

/** `missing`: no such email, or not all of it (not written yet, or never: see deliverEmail). */
export type ClaimOutcome = 'claimed' | 'already_sent' | 'leased' | 'not_deliverable' | 'missing';

/**
 * Takes the email for delivery: only if SES has not accepted it yet, it is still queued, and
 * no other consumer holds an unexpired lease. SQS delivers at least once; this conditional
 * update is what makes a duplicate record harmless.
 */
export async function claimForDelivery(
  organizationId: string,
  emailId: string,
  leaseMs: number,
  now: number = Date.now(),
): Promise<{ outcome: ClaimOutcome; email?: EmailRecord }> {
  let stored: StoredEmail;
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.email(organizationId, emailId),
        UpdateExpression: 'SET lease_until = :until ADD delivery_attempts :one',
        ConditionExpression:
          'attribute_exists(PK) AND #status = :queued AND attribute_not_exists(ses_message_id) AND (attribute_not_exists(lease_until) OR lease_until < :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':until': now + leaseMs, ':one': 1, ':queued': 'queued', ':now': now },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    stored = Attributes as StoredEmail;
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
    // The document client leaves the item of a failed condition in DynamoDB JSON.
    const raw = (error as { Item?: Record<string, AttributeValue> }).Item;
    if (!raw) return { outcome: 'missing' };
    const old = unmarshall(raw);
    if (old.ses_message_id) return { outcome: 'already_sent' };
    if (old.status !== 'queued') return { outcome: 'not_deliverable' };
    return { outcome: 'leased' };
  }
  if (!stored.bodies_apart) return { outcome: 'claimed', email: fromStoredEmail(stored) };
  // Its content item is written alongside it (email.store.ts putNewEmail): not there yet, the
  // claim is given back and the email is as good as missing for now.
  const bodies = await readEmailBodies(organizationId, emailId);
  if (bodies) return { outcome: 'claimed', email: { ...fromStoredEmail(stored), ...bodies } };
  await releaseLease(organizationId, emailId);
  return { outcome: 'missing' };
}

/** When the hand-over happened (the scheduler derives the outcome deadline from it: due-times.ts outcomeDeadline). */
export interface HandOver {
  sentAt: string;
  /** Recipients left out because they were suppressed at send time (a derived `suppressed` event each). */
  suppressedRecipients?: readonly string[];
  /** Index the email by its SES id (GSI5) for threading replies: the email's `threaded` (absent: not). */
  threaded?: boolean;
}

/** The hand-over's update: the SES id with its derived events, the lease released. */
function handOverUpdate(organizationId: string, emailId: string, sesMessageId: string, handOver: HandOver) {
  const suppressed = handOver.suppressedRecipients ?? [];
  const bySes = keys.emailBySesMessageId(organizationId, sesMessageId);
  const set = [
    'ses_message_id = :ses',
    'sent_at = :sentAt',
    ...(handOver.threaded ? ['GSI5PK = :bySes', 'GSI5SK = :org'] : []),
    ...(suppressed.length > 0 ? ['suppressed_recipients = :suppressed'] : []),
  ];
  return {
    TableName: tableName,
    Key: keys.email(organizationId, emailId),
    // The due entry stays at its deadline (re-keying it would bill an index delete and put); the
    // scheduler moves it to the outcome deadline if it comes due first, and the entry leaves the
    // index when the status leaves `queued` (applyEmailEvents, recordFailed). Its sweep count
    // restarts: it counts the scheduler's finishes from now on (due-times.ts planDue).
    // GSI5: the email found by its SES id when a reply names it (the threading of received mail), for
    // organizations that receive email (an index write unit each).
    UpdateExpression: `SET ${set.join(', ')} REMOVE lease_until, sweeps`,
    ExpressionAttributeValues: {
      ':ses': sesMessageId,
      ...(handOver.threaded ? { ':bySes': bySes.GSI5PK, ':org': bySes.GSI5SK } : {}),
      ':sentAt': handOver.sentAt,
      ...(suppressed.length > 0 ? { ':suppressed': [...suppressed] } : {}),
    },
  };
}

/**
 * SES accepted the email: record its message id, when, and the recipients dropped as suppressed, in
 * ONE UpdateItem (atomic, and not a transaction, which would bill every item twice): the `sent` and
 * `suppressed` events are derived from these attributes (handOverEvents), so the proof of the
 * hand-over never exists without its events. The lease is released; the due entry stays where it
 * is. A retry with the same arguments writes the same values.
 * `updated_at` stays: it moves with the status (the hand-over is not a change any list shows).
 */
export async function recordSent(
  organizationId: string,
  emailId: string,
  sesMessageId: string,
  handOver: HandOver,
): Promise<void> {
  await db.send(
    new UpdateCommand({
      ...handOverUpdate(organizationId, emailId, sesMessageId, handOver),
      // Never recreate an email that is gone (an update would create a stub item).
      ConditionExpression: 'attribute_exists(PK)',
    }),
  );
}

/**
 * SES reports a message for an email whose hand-over was never recorded (the consumer died, or its
 * write failed, right after SES accepted it): record it now (its `sent` event is derived from it),
 * at SES's send time, so the sweeper does not send it again, it can no longer be cancelled, and the
 * scheduler finishes it if no outcome follows by its outcome deadline. False when a hand-over is already recorded
 * (or the email is gone).
 */
export async function recordHandOverReportedBySes(
  organizationId: string,
  emailId: string,
  sesMessageId: string,
  handOver: Omit<HandOver, 'suppressedRecipients'>,
): Promise<boolean> {
  return conditionalWrite(
    new UpdateCommand({
      ...handOverUpdate(organizationId, emailId, sesMessageId, handOver),
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(ses_message_id)',
    }),
  );
}

/**
 * The email will not be sent: status failed, with the events that say why; out of the due index.
 * `idleAt` (epoch ms): only if it is still queued and no consumer holds a lease unexpired at that
 * time, i.e. nobody may be talking to SES about it (cancel, the scheduler giving up). The first
 * item of the transaction fails its condition otherwise.
 */
export async function recordFailed(
  organizationId: string,
  emailId: string,
  events: EmailEvent[],
  options: { idleAt?: number; environment?: Environment } = {},
): Promise<void> {
  const now = nowIso();
  const idle = options.idleAt !== undefined;
  // The status index key (GSI4PK) names the environment: read it when the caller does not pass it.
  const environment = options.environment ?? (await readEnvironment(organizationId, emailId));
  const statusKey = environment
    ? keys.emailStatusEntry(organizationId, environment, 'failed', emailId).GSI4PK
    : undefined;
  await transactWrite([
    {
      Update: {
        TableName: tableName,
        Key: keys.email(organizationId, emailId),
        UpdateExpression: `SET #status = :failed, updated_at = :now${statusKey ? ', GSI4PK = :statusKey' : ''} REMOVE lease_until, GSI2PK, GSI2SK`,
        // Only a queued email fails (the stream moves the list's counts from the status it changed).
        ConditionExpression: idle
          ? 'attribute_not_exists(ses_message_id) AND #status = :queued AND (attribute_not_exists(lease_until) OR lease_until < :idleAt)'
          : 'attribute_not_exists(ses_message_id) AND #status = :queued',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':failed': 'failed',
          ':now': now,
          ':queued': 'queued',
          ...(idle ? { ':idleAt': options.idleAt } : {}),
          ...(statusKey ? { ':statusKey': statusKey } : {}),
        },
      },
    },
    ...events.map((event) => eventPut(organizationId, emailId, event)),
  ]);
  countEmails('EmailsFailed');
}

/** An email's environment (eventually consistent GetItem: it never changes; billed for the whole item). */
async function readEnvironment(organizationId: string, emailId: string): Promise<Environment | undefined> {
  const result = await db.send(
    new GetCommand({
      TableName: tableName,
      Key: keys.email(organizationId, emailId),
      ProjectionExpression: 'environment',
    }),
  );
  return result?.Item?.environment as Environment | undefined;
}

/** Gives the lease back early (a retryable SES error) so the next delivery can claim at once. */
export async function releaseLease(organizationId: string, emailId: string): Promise<void> {
  await conditionalWrite(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.email(organizationId, emailId),
      UpdateExpression: 'REMOVE lease_until',
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(ses_message_id)',
    }),
  );
}
