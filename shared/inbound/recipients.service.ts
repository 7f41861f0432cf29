/**
 * Resolves a message's envelope recipients to the organizations that receive them: one consistent
 * BatchGetItem for the claims on their domains, one for those domains' items. Used by the local SMTP
 * server at RCPT TO and by the parser (SES receiving knows nothing of organizations).
 */
import { getDomainClaims } from '#domains/domain.store.ts';
import type { DomainItem } from '#domains/domain.ts';
import { batchGetAll } from '#dynamo/batch.ts';
import { keys } from '#dynamo/keys.ts';
import { countedRecipients, type RecipientsByOrganization, receivingOrganization } from '#inbound/recipients.ts';

export async function resolveRecipients(envelope: readonly string[]): Promise<RecipientsByOrganization> {
  const recipients = countedRecipients(envelope);
  const domains = [...new Set(recipients.map((recipient) => recipient.domain))];
  const claims = domains.length > 0 ? await getDomainClaims(domains) : [];
  const items = (claims.length > 0
    ? await batchGetAll(
        claims.map((claim) => keys.domain(claim.organization_id, claim.domain_id)),
        { consistent: true },
      )
    : []) as unknown as DomainItem[];
  const organizationOf = new Map<string, string | undefined>(
    domains.map((name) => {
      const claim = claims.find((candidate) => candidate.domain === name);
      const item = claim && items.find((candidate) => candidate.id === claim.domain_id);
      return [name, receivingOrganization(claim, item)];
    }),
  );
  const organizations = new Map<string, string[]>();
  const unknown: string[] = [];
  for (const recipient of recipients) {
    const organizationId = organizationOf.get(recipient.domain);
    if (!organizationId) unknown.push(recipient.address);
    else organizations.set(organizationId, [...(organizations.get(organizationId) ?? []), recipient.address]);
  }
  return { organizations, unknown };
}
