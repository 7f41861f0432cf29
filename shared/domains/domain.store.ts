/**
 * Domain entity.
 *   domain   PK=ORG#<org>  SK=DOMAIN#<id>          the domain, its DKIM key and flags
 *   name     PK=ORG#<org>  SK=DOMAINNAME#<name>    the same name twice in one organization is refused
 *   count    PK=ORG#<org>  SK=COUNT#domains        caps the domains of an organization
 *   claim    PK=DOMAINCLAIM#<name>  SK=CLAIM       the one organization that verified the name, and
 *                                                  whose key SES signs the name's mail with
 */
import { BatchGetCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#dynamo/client.ts';
import { keys } from '#dynamo/keys.ts';
import { queryByPrefix } from '#dynamo/reads.ts';
import { conditionalWrite, countUnderCap, failedCondition, type TransactItems, transactWrite } from '#dynamo/writes.ts';

/** A list of every domain must stay far below Lambda's 6 MB response limit (~1.6 KB each). */
export const MAX_DOMAINS_PER_ORGANIZATION = 1000;

import type { DomainClaim, DomainItem } from '#domains/domain.ts';

export async function domainNameTaken(organizationId: string, domainName: string): Promise<boolean> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName,
      Key: keys.domainNameInOrganization(organizationId, domainName),
      ConsistentRead: true,
    }),
  );
  return Item !== undefined;
}

/** Adds a domain with its name marker and the organization's domain count, atomically. */
export async function insertDomain(item: DomainItem): Promise<'added' | 'duplicate' | 'limit'> {
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
      countUnderCap(keys.domainCount(item.organization_id), MAX_DOMAINS_PER_ORGANIZATION),
    ]);
    return 'added';
  } catch (error) {
    if (failedCondition(error, 0)) return 'duplicate';
    if (failedCondition(error, 2)) return 'limit';
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
  const items = await queryByPrefix<DomainItem>(keys.domainsOfOrganizationPrefix(organizationId));
  return items.sort((a, b) => a.created_at.localeCompare(b.created_at));
}

function flagsUpdate(
  item: Pick<DomainItem, 'organization_id' | 'id'>,
  flags: { spf: boolean; dkim: boolean; verified: boolean; checkedAt: string },
): TransactItems[number] {
  return {
    Update: {
      TableName: tableName,
      Key: keys.domain(item.organization_id, item.id),
      UpdateExpression: `SET spf_verified = :spf, dkim_verified = :dkim, is_verified = :verified, last_checked_at = :now${
        flags.verified ? ', verified_at = if_not_exists(verified_at, :now)' : ''
      }`,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: {
        ':spf': flags.spf,
        ':dkim': flags.dkim,
        ':verified': flags.verified,
        ':now': flags.checkedAt,
      },
    },
  };
}

/**
 * Records a DNS check and, in the same transaction, what it means for the name's claim:
 *  - `acquire`: claim the name (free, already ours, or taken over from `takeoverFrom`, whose
 *    records no longer verify — its domain is marked unverified in the same transaction);
 *  - `release`: give up our claim (our records are definitely gone or wrong);
 *  - `keep`: leave the claim as it is.
 * Returns false when the claim changed hands meanwhile (the caller answers 409).
 */
export async function recordVerification(input: {
  item: DomainItem;
  flags: { spf: boolean; dkim: boolean; verified: boolean; checkedAt: string };
  claim: 'acquire' | 'release' | 'keep';
  currentClaim: DomainClaim | undefined;
  takeoverFrom?: DomainClaim;
  /** Local development only (addVerifiedDomainForDevelopment): the claim is marked `verified_without_dns`. */
  withoutDns?: boolean;
}): Promise<boolean> {
  const { item, flags, currentClaim, takeoverFrom } = input;
  const items: TransactItems = [flagsUpdate(item, flags)];
  if (input.claim === 'acquire') {
    const keepsSigning = currentClaim?.organization_id === item.organization_id && currentClaim.domain_id === item.id;
    items.push({
      Put: {
        TableName: tableName,
        Item: {
          ...keys.domainClaim(item.domain),
          type: 'domain_claim',
          domain: item.domain,
          organization_id: item.organization_id,
          domain_id: item.id,
          ...(keepsSigning && currentClaim?.signing_domain_id
            ? { signing_domain_id: currentClaim.signing_domain_id }
            : {}),
          ...(input.withoutDns ? { verified_without_dns: true } : {}),
        },
        ConditionExpression: takeoverFrom
          ? 'organization_id = :holder AND domain_id = :holderDomain'
          : 'attribute_not_exists(PK) OR organization_id = :me',
        ExpressionAttributeValues: takeoverFrom
          ? { ':holder': takeoverFrom.organization_id, ':holderDomain': takeoverFrom.domain_id }
          : { ':me': item.organization_id },
      },
    });
    if (takeoverFrom) {
      items.push({
        Update: {
          TableName: tableName,
          Key: keys.domain(takeoverFrom.organization_id, takeoverFrom.domain_id),
          UpdateExpression: 'SET dkim_verified = :false, is_verified = :false, last_checked_at = :now',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':false': false, ':now': flags.checkedAt },
        },
      });
    }
  } else if (input.claim === 'release' && currentClaim?.organization_id === item.organization_id) {
    items.push({
      Delete: {
        TableName: tableName,
        Key: keys.domainClaim(item.domain),
        ConditionExpression: 'organization_id = :me',
        ExpressionAttributeValues: { ':me': item.organization_id },
      },
    });
  }
  try {
    await transactWrite(items);
    return true;
  } catch (error) {
    if (items.slice(1).some((_, index) => failedCondition(error, index + 1))) return false;
    throw error;
  }
}

/** Notes that SES now signs the name with this domain's key. */
export async function recordSigningDomain(claim: Pick<DomainClaim, 'domain' | 'organization_id' | 'domain_id'>) {
  await conditionalWrite(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.domainClaim(claim.domain),
      UpdateExpression: 'SET signing_domain_id = :domain',
      ConditionExpression: 'organization_id = :org AND domain_id = :domain',
      ExpressionAttributeValues: { ':org': claim.organization_id, ':domain': claim.domain_id },
    }),
  ); // lost the claim meanwhile: the new holder pushes its key
}

export async function getDomainClaim(domainName: string): Promise<DomainClaim | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.domainClaim(domainName), ConsistentRead: true }),
  );
  return Item as DomainClaim | undefined;
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
