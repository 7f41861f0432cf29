/**
 * Conditional writes and transactions. A condition that fails is an answer, not an error: the
 * caller decides what it means (taken, already done, changed meanwhile).
 */
import {
  type DeleteCommand,
  type PutCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  type UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { type Backoff, waitBackoff } from '#core/backoff.ts';
import { db, tableName } from '#dynamo/client.ts';
import type { PrimaryKey } from '#dynamo/keys.ts';

/** Between retries of a transaction another one touched at the same moment (≤ 6 attempts). */
const TRANSACTION_BACKOFF: Backoff = { base: 40, max: 1_280, jitter: 'full' };

export function isConditionalCheckFailed(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

/** The cancellation reason codes of a failed transaction, one per item (undefined otherwise). */
export function cancellationCodes(error: unknown): Array<string | undefined> | undefined {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return undefined;
  const reasons = (error as Error & { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons;
  return (reasons ?? []).map((reason) => reason.Code);
}

/** Whether item `index` of a cancelled transaction failed its condition. */
export function failedCondition(error: unknown, index: number): boolean {
  return cancellationCodes(error)?.[index] === 'ConditionalCheckFailed';
}

function isTransactionConflict(error: unknown): boolean {
  if (error instanceof Error && error.name === 'TransactionConflictException') return true;
  return cancellationCodes(error)?.includes('TransactionConflict') ?? false;
}

export type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;

/**
 * A transaction item counting one more of something an organization may have at most `max` of (its
 * domains, templates, webhook endpoints): its condition fails at the cap, which cancels the transaction.
 */
export function countUnderCap(key: PrimaryKey, max: number, attribute = 'item_count'): TransactItems[number] {
  return {
    Update: {
      TableName: tableName,
      Key: key,
      UpdateExpression: 'ADD #count :one',
      ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
      ExpressionAttributeNames: { '#count': attribute },
      ExpressionAttributeValues: { ':one': 1, ':max': max },
    },
  };
}

/** The transaction item that uncounts one (countUnderCap's counterpart, when one is removed). */
export function countOneLess(key: PrimaryKey, attribute = 'item_count'): TransactItems[number] {
  return {
    Update: {
      TableName: tableName,
      Key: key,
      UpdateExpression: 'ADD #count :minus',
      ExpressionAttributeNames: { '#count': attribute },
      ExpressionAttributeValues: { ':minus': -1 },
    },
  };
}

/**
 * TransactWriteItems, retried with jittered backoff when DynamoDB cancels it because another
 * transaction was touching one of its items at the same moment (TransactionConflict); the
 * SDK does not retry those. Condition failures are not retried: the caller decides.
 */
export async function transactWrite(items: TransactItems, attempts = 6): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      if (attempt >= attempts || !isTransactionConflict(error)) throw error;
      await waitBackoff(attempt, TRANSACTION_BACKOFF);
    }
  }
}

/**
 * Sends a conditional Put, Update or Delete: true when it was written, false when its condition
 * failed. Any other error is thrown.
 */
export async function conditionalWrite(command: PutCommand | UpdateCommand | DeleteCommand): Promise<boolean> {
  try {
    await db.send(command as PutCommand);
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

/**
 * Sends a conditional UpdateItem and gives back the attributes it returned (per its `ReturnValues`;
 * `{}` when none), or undefined when its condition failed. Any other error is thrown.
 */
export async function conditionalUpdate(command: UpdateCommand): Promise<Record<string, unknown> | undefined> {
  try {
    const output = await db.send(command);
    return output?.Attributes ?? {};
  } catch (error) {
    if (isConditionalCheckFailed(error)) return undefined;
    throw error;
  }
}
