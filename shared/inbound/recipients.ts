/**
 * Which envelope recipients of a received message Postbox keeps, and for whom: an address whose domain
 * is claimed (verified) by an organization that turned receiving on for it. At most 50 recipients count
 * per message (SES receiving's own limit); the rest are ignored. Pure: the reads are recipients.service.ts.
 */
import { normalizeEmailAddress } from '#core/email-address.ts';
import type { DomainClaim, DomainItem } from '#domains/domain.ts';

export const MAX_COUNTED_RECIPIENTS = 50;

export interface RecipientAddress {
  address: string;
  domain: string;
}

/** The envelope recipients that can be addresses at all, normalised, deduplicated, the first 50. */
export function countedRecipients(envelope: readonly string[]): RecipientAddress[] {
  const seen = new Set<string>();
  const counted: RecipientAddress[] = [];
  for (const raw of envelope) {
    const normalized = normalizeEmailAddress(raw.replace(/^<|>$/g, ''));
    if (!normalized.ok || seen.has(normalized.address)) continue;
    seen.add(normalized.address);
    counted.push({ address: normalized.address, domain: normalized.domain });
    if (counted.length === MAX_COUNTED_RECIPIENTS) break;
  }
  return counted;
}

/** The organization that receives mail for a domain name: its claim's domain, verified, receiving on. */
export function receivingOrganization(
  claim: DomainClaim | undefined,
  domain: Pick<DomainItem, 'id' | 'organization_id' | 'is_verified' | 'receiving'> | undefined,
): string | undefined {
  if (!claim || !domain || domain.id !== claim.domain_id || domain.organization_id !== claim.organization_id) {
    return undefined;
  }
  return domain.is_verified && domain.receiving === true ? domain.organization_id : undefined;
}

/** Each receiving organization's recipients of one message (one record per organization). */
export interface RecipientsByOrganization {
  organizations: Map<string, string[]>;
  /** Counted recipients no organization receives for (a local SMTP server refuses them with 550). */
  unknown: string[];
}
