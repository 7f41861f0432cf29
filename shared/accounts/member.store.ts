/**
 * Dashboard members, their sign-in failure counters and their sessions. A member is keyed by its
 * normalised email (sign-in is one consistent GetItem; the conditional put keeps an email unique);
 * failures are counted for unknown emails too, so the backoff does not reveal who is a member; a
 * session is keyed by its token's hash (the token is never stored), with a pointer in the member's
 * partition so a password reset ends every session with one Query.
 * Keys, attributes and access patterns: docs/data-model.md, "Entities" (Member…) and M1–M7.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchWriteAll } from '#dynamo/batch.ts';
import { db, tableName } from '#dynamo/client.ts';
import { keys } from '#dynamo/keys.ts';
import { queryAll } from '#dynamo/reads.ts';
import { conditionalUpdate, conditionalWrite, failedCondition, transactWrite } from '#dynamo/writes.ts';

export interface MemberRecord {
  id: string;
  organizationId: string;
  email: string;
  passwordHash: string;
  createdAt: string;
  passwordChangedAt: string;
}

interface MemberItem {
  id: string;
  organization_id: string;
  email: string;
  password_hash: string;
  created_at: string;
  password_changed_at: string;
}

function fromItem(item: MemberItem): MemberRecord {
  return {
    id: item.id,
    organizationId: item.organization_id,
    email: item.email,
    passwordHash: item.password_hash,
    createdAt: item.created_at,
    passwordChangedAt: item.password_changed_at,
  };
}

/** Stores a new member with its organization pointer; says why when it cannot. */
export async function insertMember(member: MemberRecord): Promise<'created' | 'organization_missing' | 'email_taken'> {
  const item: MemberItem = {
    id: member.id,
    organization_id: member.organizationId,
    email: member.email,
    password_hash: member.passwordHash,
    created_at: member.createdAt,
    password_changed_at: member.passwordChangedAt,
  };
  try {
    await transactWrite([
      {
        ConditionCheck: {
          TableName: tableName,
          Key: keys.organization(member.organizationId),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
      {
        Put: {
          TableName: tableName,
          Item: { ...keys.member(member.email), type: 'member', ...item },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Put: {
          TableName: tableName,
          Item: {
            ...keys.memberOfOrganization(member.organizationId, member.id),
            type: 'member_pointer',
            member_id: member.id,
            email: member.email,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    ]);
  } catch (error) {
    if (failedCondition(error, 0)) return 'organization_missing';
    if (failedCondition(error, 1)) return 'email_taken';
    throw error;
  }
  return 'created';
}

/** The sign-in read: one strongly consistent GetItem by normalised email. */
export async function findMemberByEmail(normalizedEmail: string): Promise<MemberRecord | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.member(normalizedEmail), ConsistentRead: true }),
  );
  return Item ? fromItem(Item as MemberItem) : undefined;
}

/** Replaces a member's password hash; undefined when there is no such member. */
export async function updateMemberPassword(
  normalizedEmail: string,
  passwordHash: string,
  changedAt: string,
): Promise<MemberRecord | undefined> {
  const updated = await conditionalUpdate(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.member(normalizedEmail),
      UpdateExpression: 'SET password_hash = :hash, password_changed_at = :now',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':hash': passwordHash, ':now': changedAt },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return updated ? fromItem(updated as unknown as MemberItem) : undefined;
}

export interface SignInFailures {
  failures: number;
  /** Epoch seconds until which sign-in is refused (0: not locked). */
  lockedUntil: number;
}

interface SignInFailuresItem {
  failures: number;
  locked_until?: number;
  /** Failures count together while now < window_until (epoch seconds). */
  window_until: number;
  expires_at: number;
}

/** The current failure count of an email (consistent read); undefined when none counts any more. */
export async function readSignInFailures(
  normalizedEmail: string,
  nowSeconds: number,
): Promise<SignInFailures | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.signInFailures(normalizedEmail), ConsistentRead: true }),
  );
  const item = Item as SignInFailuresItem | undefined;
  if (!item || item.window_until <= nowSeconds) return undefined;
  return { failures: item.failures, lockedUntil: item.locked_until ?? 0 };
}

/**
 * Counts one failed sign-in and sets the lock `lockSeconds(failures)` decides. A counter whose
 * window has passed starts again at 1. The item expires (TTL) after its window and any lock.
 */
export async function recordSignInFailure(
  normalizedEmail: string,
  nowSeconds: number,
  windowSeconds: number,
  maxLockSeconds: number,
  lockSeconds: (failures: number) => number,
): Promise<SignInFailures> {
  const key = keys.signInFailures(normalizedEmail);
  const windowUntil = nowSeconds + windowSeconds;
  const expiresAt = windowUntil + maxLockSeconds;
  let failures: number | undefined;
  for (let attempt = 0; attempt < 3 && failures === undefined; attempt += 1) {
    const counted = await conditionalUpdate(
      new UpdateCommand({
        TableName: tableName,
        Key: key,
        UpdateExpression: 'ADD failures :one SET window_until = :window, expires_at = :expires',
        ConditionExpression: 'attribute_exists(PK) AND window_until > :now',
        ExpressionAttributeValues: { ':one': 1, ':window': windowUntil, ':expires': expiresAt, ':now': nowSeconds },
        ReturnValues: 'ALL_NEW',
      }),
    );
    if (counted) {
      failures = (counted as unknown as SignInFailuresItem).failures;
      continue;
    }
    // No counter in its window: start one, unless another failure started one meanwhile (count on it).
    const item: SignInFailuresItem = { failures: 1, window_until: windowUntil, expires_at: expiresAt };
    const started = await conditionalWrite(
      new PutCommand({
        TableName: tableName,
        Item: { ...key, type: 'sign_in_failures', ...item },
        ConditionExpression: 'attribute_not_exists(PK) OR window_until <= :now',
        ExpressionAttributeValues: { ':now': nowSeconds },
      }),
    );
    if (started) failures = 1;
  }
  if (failures === undefined) throw new Error('could not count a failed sign-in');
  const lock = lockSeconds(failures);
  if (lock === 0) return { failures, lockedUntil: 0 };
  const lockedUntil = nowSeconds + lock;
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: key,
      UpdateExpression: 'SET locked_until = :until, window_until = :window, expires_at = :expires',
      ExpressionAttributeValues: {
        ':until': lockedUntil,
        ':window': lockedUntil + windowSeconds,
        ':expires': lockedUntil + windowSeconds + maxLockSeconds,
      },
    }),
  );
  return { failures, lockedUntil };
}

export async function clearSignInFailures(normalizedEmail: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName, Key: keys.signInFailures(normalizedEmail) }));
}

export interface SessionRecord {
  organizationId: string;
  memberId: string;
  memberEmail: string;
  csrfSecret: string;
  createdAt: string;
  /** Epoch seconds (the TTL attribute). */
  expiresAt: number;
}

interface SessionItem {
  organization_id: string;
  member_id: string;
  member_email: string;
  csrf_secret: string;
  created_at: string;
  expires_at: number;
}

/**
 * Stores a session and its pointer; false (nothing stored) when the member's password changed
 * after `passwordChangedAt` — a sign-in that checked the old password as a reset ran must not
 * outlive the reset's sweep of the member's sessions.
 */
export async function putSession(
  tokenHash: string,
  session: SessionRecord,
  passwordChangedAt: string,
): Promise<boolean> {
  const item: SessionItem = {
    organization_id: session.organizationId,
    member_id: session.memberId,
    member_email: session.memberEmail,
    csrf_secret: session.csrfSecret,
    created_at: session.createdAt,
    expires_at: session.expiresAt,
  };
  try {
    await transactWrite([
      {
        ConditionCheck: {
          TableName: tableName,
          Key: keys.member(session.memberEmail),
          ConditionExpression: 'password_changed_at = :changed',
          ExpressionAttributeValues: { ':changed': passwordChangedAt },
        },
      },
      {
        Put: {
          TableName: tableName,
          Item: { ...keys.session(tokenHash), type: 'session', ...item },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Put: {
          TableName: tableName,
          Item: {
            ...keys.sessionOfMember(session.memberEmail, tokenHash),
            type: 'session_pointer',
            expires_at: session.expiresAt,
          },
        },
      },
    ]);
  } catch (error) {
    if (failedCondition(error, 0)) return false;
    throw error;
  }
  return true;
}

/** One consistent GetItem, so a session ended a moment ago is never found again. */
export async function findSessionByHash(tokenHash: string): Promise<SessionRecord | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.session(tokenHash), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  const item = Item as SessionItem;
  return {
    organizationId: item.organization_id,
    memberId: item.member_id,
    memberEmail: item.member_email,
    csrfSecret: item.csrf_secret,
    createdAt: item.created_at,
    expiresAt: item.expires_at,
  };
}

export async function deleteSessionByHash(tokenHash: string, memberEmail: string): Promise<void> {
  await batchWriteAll([
    { DeleteRequest: { Key: keys.session(tokenHash) } },
    { DeleteRequest: { Key: keys.sessionOfMember(memberEmail, tokenHash) } },
  ]);
}

/** Ends every session of a member (password reset): one Query of its pointers, then batched deletes. */
export async function deleteSessionsOfMember(normalizedEmail: string): Promise<number> {
  const prefix = keys.sessionsOfMemberPrefix(normalizedEmail);
  const pointers = await queryAll<{ PK: string; SK: string }>({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': prefix.PK, ':prefix': prefix.SKPrefix },
    ProjectionExpression: 'PK, SK',
    ConsistentRead: true,
  });
  await batchWriteAll(
    pointers.flatMap((pointer) => [
      { DeleteRequest: { Key: keys.session(pointer.SK.slice(prefix.SKPrefix.length)) } },
      { DeleteRequest: { Key: { PK: pointer.PK, SK: pointer.SK } } },
    ]),
  );
  return pointers.length;
}
