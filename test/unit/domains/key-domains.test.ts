/** Whether a key limited to domains may send from an address, from the claims the send already read. */
import { describe, expect, it } from 'vitest';
import { type DomainClaim, keyMaySendFrom, outsideKeyDomains } from '#domains/domain.ts';

const ORG = 'org_a';
const claim = (domain: string, domain_id: string, organization_id = ORG): DomainClaim => ({
  domain,
  domain_id,
  organization_id,
  signing_domain_id: domain_id,
});
const claims = [claim('acme.test', 'dom_acme'), claim('mail.acme.test', 'dom_mail'), claim('other.test', 'dom_other')];

describe('keyMaySendFrom', () => {
  it('lets a key without domains send from any address', () => {
    expect(keyMaySendFrom(ORG, null, 'a@anything.test', [])).toBe(true);
  });

  it('allows the key’s domains and their subdomains, claimed or not on their own', () => {
    expect(keyMaySendFrom(ORG, ['dom_acme'], 'a@acme.test', claims)).toBe(true);
    expect(keyMaySendFrom(ORG, ['dom_acme'], 'a@news.acme.test', claims)).toBe(true);
    expect(keyMaySendFrom(ORG, ['dom_acme'], 'a@mail.acme.test', claims)).toBe(true);
    expect(keyMaySendFrom(ORG, ['dom_mail'], 'a@x.mail.acme.test', claims)).toBe(true);
  });

  it('refuses other domains, a parent of the key’s domain, and anything once the domain is gone', () => {
    expect(keyMaySendFrom(ORG, ['dom_acme'], 'a@other.test', claims)).toBe(false);
    expect(keyMaySendFrom(ORG, ['dom_mail'], 'a@acme.test', claims)).toBe(false);
    expect(keyMaySendFrom(ORG, ['dom_acme'], 'a@evilacme.test', claims)).toBe(false);
    expect(keyMaySendFrom(ORG, ['dom_acme'], 'a@acme.test', [])).toBe(false);
    expect(keyMaySendFrom(ORG, [], 'a@acme.test', claims)).toBe(false);
  });

  it('refuses a claim of another organization under the same id', () => {
    expect(keyMaySendFrom(ORG, ['dom_acme'], 'a@acme.test', [claim('acme.test', 'dom_acme', 'org_b')])).toBe(false);
  });

  it('answers 403 FORBIDDEN on from', () => {
    expect(outsideKeyDomains('a@other.test')).toMatchObject({
      code: 'FORBIDDEN',
      statusCode: 403,
      details: [{ field: 'from' }],
    });
  });
});
