/**
 * Domain entity.
 *   domain   PK=ORG#<org>  SK=DOMAIN#<id>          the domain, its DKIM key and flags
 *   name     PK=ORG#<org>  SK=DOMAINNAME#<name>    the same name twice in one organization is refused
 *   count    PK=ORG#<org>  SK=COUNT#domains        caps the domains of an organization
 *   claim    PK=DOMAINCLAIM#<name>  SK=CLAIM       the one organization that verified the name, and
 *                                                  whose key SES signs the name's mail with
 */
import { BatchGetCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetAll } from '#dynamo/batch.ts';
import { db, tableName } from '#dynamo/client.ts';
import { keys } from '#dynamo/keys.ts';
import { queryByPrefix } from '#dynamo/reads.ts';
import {
  conditionalUpdate,
  conditionalWrite,
  countUnderCap,
  failedCondition,
  type TransactItems,
  transactWrite,
} from '#dynamo/writes.ts';

/** A list of every domain must stay far below Lambda's 6 MB response limit (~1.6 KB each). */
export const MAX_DOMAINS_PER_ORGANIZATION = 1000;

import type { DomainClaim, DomainItem } from '#domains/domain.ts';
import { ITEM_TYPES } from '#platform/table.ts';

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
          Item: { ...keys.domain(item.organization_id, item.id), type: ITEM_TYPES.domain, ...item },
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

/** The organization's domains among these ids (one consistent BatchGetItem per 100). */
export async function getDomains(organizationId: string, domainIds: readonly string[]): Promise<DomainItem[]> {
  const items = await batchGetAll(
    domainIds.map((domainId) => keys.domain(organizationId, domainId)),
    { consistent: true },
  );
  return items as unknown as DomainItem[];
}

export async function queryDomains(organizationId: string): Promise<DomainItem[]> {
  const items = await queryByPrefix<DomainItem>(keys.domainsOfOrganizationPrefix(organizationId));
  return items.sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** A check of the custom MAIL FROM records: which subdomain was checked, and whether they were right. */
export interface MailFromCheck {
  subdomain: string;
  verified: boolean;
}

/** `SET …` / `REMOVE …` parts that record a MAIL FROM check (mail_from_verified_subdomain). */
function mailFromCheckParts(check: MailFromCheck | undefined): { set: string; remove: string; values: object } {
  if (!check) return { set: '', remove: '', values: {} };
  return check.verified
    ? { set: ', mail_from_verified_subdomain = :mailFrom', remove: '', values: { ':mailFrom': check.subdomain } }
    : { set: '', remove: ' REMOVE mail_from_verified_subdomain', values: {} };
}

function flagsUpdate(
  item: Pick<DomainItem, 'organization_id' | 'id'>,
  flags: { spf: boolean; dkim: boolean; verified: boolean; checkedAt: string },
  mailFrom?: MailFromCheck,
): TransactItems[number] {
  const mailFromParts = mailFromCheckParts(mailFrom);
  return {
    Update: {
      TableName: tableName,
      Key: keys.domain(item.organization_id, item.id),
      UpdateExpression: `SET spf_verified = :spf, dkim_verified = :dkim, is_verified = :verified, last_checked_at = :now${
        flags.verified ? ', verified_at = if_not_exists(verified_at, :now)' : ''
      }${mailFromParts.set}${mailFromParts.remove}`,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: {
        ':spf': flags.spf,
        ':dkim': flags.dkim,
        ':verified': flags.verified,
        ':now': flags.checkedAt,
        ...mailFromParts.values,
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
  /** The custom MAIL FROM records' check, recorded with the flags (when the domain has a MAIL FROM). */
  mailFrom?: MailFromCheck;
}): Promise<boolean> {
  const { item, flags, currentClaim, takeoverFrom } = input;
  const items: TransactItems = [flagsUpdate(item, flags, input.mailFrom)];
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
          ...(keepsSigning && currentClaim?.ses_mail_from_domain
            ? { ses_mail_from_domain: currentClaim.ses_mail_from_domain }
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

/**
 * Records a MAIL FROM check alone (a domain marked verified for local development, whose flags a
 * check leaves as they are).
 */
export async function recordMailFromCheck(
  item: Pick<DomainItem, 'organization_id' | 'id'>,
  check: MailFromCheck,
): Promise<void> {
  const update = check.verified
    ? {
        UpdateExpression: 'SET mail_from_verified_subdomain = :mailFrom',
        ExpressionAttributeValues: { ':mailFrom': check.subdomain },
      }
    : { UpdateExpression: 'REMOVE mail_from_verified_subdomain' };
  await conditionalWrite(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.domain(item.organization_id, item.id),
      ...update,
      ConditionExpression: 'attribute_exists(PK)',
    }),
  ); // the domain is gone: nothing to record
}

/**
 * Sets (a label) or removes (undefined) the domain's custom MAIL FROM subdomain and answers the
 * domain as it is now, or undefined when it no longer exists. A changed subdomain forgets the
 * previous one's check (`clearCheck`): its records say nothing about the new name.
 */
export async function setMailFromSubdomain(
  item: Pick<DomainItem, 'organization_id' | 'id'>,
  subdomain: string | undefined,
  clearCheck: boolean,
): Promise<DomainItem | undefined> {
  const removed = [
    ...(subdomain === undefined ? ['mail_from_subdomain'] : []),
    ...(clearCheck ? ['mail_from_verified_subdomain'] : []),
  ];
  const expression = [
    ...(subdomain === undefined ? [] : ['SET mail_from_subdomain = :subdomain']),
    ...(removed.length > 0 ? [`REMOVE ${removed.join(', ')}`] : []),
  ].join(' ');
  if (expression === '') return getDomain(item.organization_id, item.id);
  const attributes = await conditionalUpdate(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.domain(item.organization_id, item.id),
      UpdateExpression: expression,
      ConditionExpression: 'attribute_exists(PK)',
      ...(subdomain === undefined ? {} : { ExpressionAttributeValues: { ':subdomain': subdomain } }),
      ReturnValues: 'ALL_NEW',
    }),
  );
  return attributes as DomainItem | undefined;
}

/**
 * Notes that SES now signs the name with this domain's key, and the MAIL FROM domain its identity
 * was given (`ses_mail_from_domain`; removed when SES's own).
 */
export async function recordSigningDomain(
  claim: Pick<DomainClaim, 'domain' | 'organization_id' | 'domain_id'>,
  mailFromDomain: string | undefined,
) {
  await conditionalWrite(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.domainClaim(claim.domain),
      UpdateExpression: mailFromDomain
        ? 'SET signing_domain_id = :domain, ses_mail_from_domain = :mailFrom'
        : 'SET signing_domain_id = :domain REMOVE ses_mail_from_domain',
      ConditionExpression: 'organization_id = :org AND domain_id = :domain',
      ExpressionAttributeValues: {
        ':org': claim.organization_id,
        ':domain': claim.domain_id,
        ...(mailFromDomain ? { ':mailFrom': mailFromDomain } : {}),
      },
    }),
  ); // lost the claim meanwhile: the new holder pushes its key
}

/** Notes the MAIL FROM domain SES's identity now has (removed: SES's own), while this domain signs. */
export async function recordSesMailFrom(
  claim: Pick<DomainClaim, 'domain' | 'organization_id' | 'domain_id'>,
  mailFromDomain: string | undefined,
) {
  await conditionalWrite(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.domainClaim(claim.domain),
      UpdateExpression: mailFromDomain ? 'SET ses_mail_from_domain = :mailFrom' : 'REMOVE ses_mail_from_domain',
      ConditionExpression: 'organization_id = :org AND domain_id = :domain AND signing_domain_id = :domain',
      ExpressionAttributeValues: {
        ':org': claim.organization_id,
        ':domain': claim.domain_id,
        ...(mailFromDomain ? { ':mailFrom': mailFromDomain } : {}),
      },
    }),
  ); // lost the claim meanwhile: the new holder sets its own
}

export async function getDomainClaim(domainName: string): Promise<DomainClaim | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.domainClaim(domainName), ConsistentRead: true }),
  );
  return Item as DomainClaim | undefined;
}

/** The claims on these names among items a caller read with `keys.domainClaim` and others (one BatchGetItem). */
export function claimsAmong(domainNames: readonly string[], items: readonly Record<string, unknown>[]): DomainClaim[] {
  const wanted = new Set(domainNames.map((name) => keys.domainClaim(name).PK));
  return items.filter((item) => wanted.has(String(item.PK))) as unknown as DomainClaim[];
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
