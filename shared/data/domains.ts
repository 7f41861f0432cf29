/**
 * Domain entity.
 *   domain   PK=ORG#<org>  SK=DOMAIN#<id>          the domain, its DKIM key and flags
 *   name     PK=ORG#<org>  SK=DOMAINNAME#<name>    the same name twice in one organization is refused
 *   claim    PK=DOMAINCLAIM#<name>  SK=CLAIM       the one organization that verified the name
 */
import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { db, failedCondition, isConditionalCheckFailed, tableName, transactWrite } from './dynamo.ts';
import { keys } from './keys.ts';

export interface DomainItem {
  id: string;
  organization_id: string;
  domain: string;
  dkim_selector: string;
  dkim_public_key: string;
  /** The DKIM private key, encrypted (KMS in AWS); handed to SES on first verification. */
  dkim_private_key_encrypted: string;
  spf_verified: boolean;
  dkim_verified: boolean;
  is_verified: boolean;
  verified_at?: string;
  last_checked_at?: string;
  identity_created_at?: string;
  created_at: string;
}

/** Adds a domain; false when the organization already has this name. */
export async function insertDomain(item: DomainItem): Promise<boolean> {
  try {
    await transactWrite([
      {
        Put: {
          TableName: tableName,
          Item: { ...keys.domainNameInOrganization(item.organization_id, item.domain), domain_id: item.id },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Put: {
          TableName: tableName,
          Item: { ...keys.domain(item.organization_id, item.id), type: 'domain', ...item },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    ]);
    return true;
  } catch (error) {
    if (failedCondition(error, 0)) return false;
    throw error;
  }
}

export async function getDomain(organizationId: string, domainId: string): Promise<DomainItem | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.domain(organizationId, domainId), ConsistentRead: true }),
  );
  return Item as DomainItem | undefined;
}

export async function queryDomains(organizationId: string): Promise<DomainItem[]> {
  const { PK, SKPrefix } = keys.domainsOfOrganizationPrefix(organizationId);
  const items: DomainItem[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': PK, ':prefix': SKPrefix },
        ConsistentRead: true,
        ExclusiveStartKey: cursor,
      }),
    );
    items.push(...((page.Items ?? []) as DomainItem[]));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return items.sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** Records the result of a DNS check; `verified_at` is set only the first time it verifies. */
export async function updateDomainFlags(
  organizationId: string,
  domainId: string,
  flags: { spf: boolean; dkim: boolean; verified: boolean; checkedAt: string; identityCreatedAt?: string },
): Promise<DomainItem> {
  const { verified } = flags;
  const { Attributes } = await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.domain(organizationId, domainId),
      UpdateExpression: [
        'SET spf_verified = :spf, dkim_verified = :dkim, is_verified = :verified, last_checked_at = :now',
        verified ? ', verified_at = if_not_exists(verified_at, :now)' : '',
        flags.identityCreatedAt ? ', identity_created_at = :identity' : '',
      ].join(''),
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: {
        ':spf': flags.spf,
        ':dkim': flags.dkim,
        ':verified': verified,
        ':now': flags.checkedAt,
        ...(flags.identityCreatedAt ? { ':identity': flags.identityCreatedAt } : {}),
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return Attributes as DomainItem;
}

export interface DomainClaim {
  domain: string;
  organization_id: string;
  domain_id: string;
}

export async function getDomainClaim(domainName: string): Promise<DomainClaim | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.domainClaim(domainName), ConsistentRead: true }),
  );
  return Item as DomainClaim | undefined;
}

/** Claims a verified name for an organization; false when another organization holds it. */
export async function claimDomain(claim: DomainClaim): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...keys.domainClaim(claim.domain), type: 'domain_claim', ...claim },
        ConditionExpression: 'attribute_not_exists(PK) OR organization_id = :org',
        ExpressionAttributeValues: { ':org': claim.organization_id },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

/** Releases the organization's claim on a name (when its records stop verifying). */
export async function releaseDomainClaim(domainName: string, organizationId: string): Promise<void> {
  try {
    await db.send(
      new DeleteCommand({
        TableName: tableName,
        Key: keys.domainClaim(domainName),
        ConditionExpression: 'organization_id = :org',
        ExpressionAttributeValues: { ':org': organizationId },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
}

/** The claims on these names that exist: strongly consistent BatchGetItem, 100 names a call. */
export async function getDomainClaims(domainNames: readonly string[]): Promise<DomainClaim[]> {
  const claims: DomainClaim[] = [];
  for (let start = 0; start < domainNames.length; start += 100) {
    let pending: Record<string, unknown>[] = domainNames
      .slice(start, start + 100)
      .map((name) => ({ ...keys.domainClaim(name) }));
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt >= 10) throw new Error('Domain claim lookup kept being throttled');
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      const result = await db.send(
        new BatchGetCommand({ RequestItems: { [tableName]: { Keys: pending, ConsistentRead: true } } }),
      );
      claims.push(...((result.Responses?.[tableName] ?? []) as DomainClaim[]));
      pending = result.UnprocessedKeys?.[tableName]?.Keys ?? [];
    }
  }
  return claims;
}
