/** Which envelope recipients count, and which organization receives for a domain (inbound/recipients.ts). */
import { describe, expect, it } from 'vitest';
import type { DomainClaim } from '#domains/domain.ts';
import { countedRecipients, MAX_COUNTED_RECIPIENTS, receivingOrganization } from '#inbound/recipients.ts';

const claim: DomainClaim = { domain: 'reply.acme.test', organization_id: 'org_a', domain_id: 'dom_a' };
const domain = { id: 'dom_a', organization_id: 'org_a', is_verified: true, receiving: true };

describe('countedRecipients', () => {
  it('normalises, drops what is not an address, deduplicates and counts at most 50', () => {
    expect(countedRecipients(['<Help@Reply.ACME.test>', 'help@reply.acme.test', 'not an address', '@x'])).toEqual([
      { address: 'help@reply.acme.test', domain: 'reply.acme.test' },
    ]);
    const many = Array.from({ length: 80 }, (_, index) => `r${index}@reply.acme.test`);
    const counted = countedRecipients(many);
    expect(counted).toHaveLength(MAX_COUNTED_RECIPIENTS);
    expect(counted.at(-1)?.address).toBe('r49@reply.acme.test');
  });
});

describe('receivingOrganization', () => {
  it('is the claim’s organization when its domain is verified with receiving on', () => {
    expect(receivingOrganization(claim, domain)).toBe('org_a');
  });

  it('is nobody without a claim, with receiving off, unverified, or a domain item that is not the claim’s', () => {
    expect(receivingOrganization(undefined, domain)).toBeUndefined();
    expect(receivingOrganization(claim, undefined)).toBeUndefined();
    expect(receivingOrganization(claim, { ...domain, receiving: false })).toBeUndefined();
    expect(receivingOrganization(claim, { ...domain, is_verified: false })).toBeUndefined();
    expect(receivingOrganization(claim, { ...domain, id: 'dom_other' })).toBeUndefined();
    expect(receivingOrganization(claim, { ...domain, organization_id: 'org_b' })).toBeUndefined();
  });
});
