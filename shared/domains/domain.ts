/**
 * A sending domain and its claim (the one organization that verified a name), and the rule that
 * decides whether an organization may send from an address. Stored by domain.store.ts.
 */
import { normalizeEmailAddress } from '#core/email-address.ts';
import { ApiError } from '#core/errors.ts';

export interface DomainItem {
  id: string;
  organization_id: string;
  domain: string;
  dkim_selector: string;
  dkim_public_key: string;
  /** The DKIM private key, encrypted (KMS in AWS); handed to SES when the domain is claimed. */
  dkim_private_key_encrypted: string;
  spf_verified: boolean;
  dkim_verified: boolean;
  is_verified: boolean;
  verified_at?: string;
  last_checked_at?: string;
  /** The custom MAIL FROM subdomain label (`bounce` → `bounce.<domain>`); absent: SES's default. */
  mail_from_subdomain?: string;
  /**
   * The subdomain whose MX and SPF records the latest check found right. `mail_from_verified` is
   * this equal to `mail_from_subdomain`, so a check that raced a change never vouches for the new one.
   */
  mail_from_verified_subdomain?: string;
  /** Mail to the domain is received (stored as inbound messages) while it is verified. */
  receiving?: boolean;
  /** The latest check found every MX record of the domain pointing at SES receiving. */
  receiving_verified?: boolean;
  created_at: string;
}

export interface DomainClaim {
  domain: string;
  organization_id: string;
  domain_id: string;
  /** The domain item whose DKIM key SES currently signs with; equals domain_id once pushed. */
  signing_domain_id?: string;
  /** The custom MAIL FROM domain the SES identity was last given; absent: SES's own. */
  ses_mail_from_domain?: string;
  /**
   * Marked verified without DNS for local development (addVerifiedDomainForDevelopment, `npm start`'s
   * seed and tests): no record can show the holder still controls the name, so the claim holds.
   * Written only there; a verification through DNS writes the claim without it.
   */
  verified_without_dns?: boolean;
}

/** The claims that decide whether an address's domain may be sent from: its own and its parents'. */
export function senderClaimNames(address: string): string[] {
  const normalized = normalizeEmailAddress(address);
  if (!normalized.ok) return [];
  const labels = normalized.domain.split('.');
  return labels.slice(0, -1).map((_, index) => labels.slice(index).join('.'));
}

/**
 * For the send path: whether the organization may send from this address. The closest claimed name
 * among the address's domain and its parents decides: it must be this organization's, with SES
 * already signing with its key. A domain another organization holds is never usable.
 */
export function claimsAllowSending(organizationId: string, address: string, claims: readonly DomainClaim[]): boolean {
  const closest = senderClaimNames(address)
    .map((name) => claims.find((claim) => claim.domain === name))
    .find(Boolean);
  return closest?.organization_id === organizationId && closest.signing_domain_id === closest.domain_id;
}

/**
 * For a key limited to domains (`domainIds`; null: not limited): whether the address is on one of them
 * or a subdomain of one, from the claims the send already read: some name of the address's chain is
 * held by this organization under one of those domain ids. A deleted domain has no claim: it allows nothing.
 */
export function keyMaySendFrom(
  organizationId: string,
  domainIds: readonly string[] | null,
  address: string,
  claims: readonly DomainClaim[],
): boolean {
  if (domainIds === null) return true;
  const names = new Set(senderClaimNames(address));
  return claims.some(
    (claim) =>
      names.has(claim.domain) && claim.organization_id === organizationId && domainIds.includes(claim.domain_id),
  );
}

/** 403 FORBIDDEN, on `from`: the key may not send from this address's domain. */
export function outsideKeyDomains(address: string): ApiError {
  return new ApiError('FORBIDDEN', `This API key cannot send from ${address.split('@')[1]}`, {
    details: [{ field: 'from', message: "Send from one of the key's domains (or a subdomain of one)" }],
  });
}

/**
 * The send path's sender check, on the claims it already read: the key's domains first (403 on `from`),
 * then the organization's right to the address (400 DOMAIN_NOT_VERIFIED).
 */
export function requireSender(
  organizationId: string,
  keyDomainIds: readonly string[] | null,
  address: string,
  claims: readonly DomainClaim[],
): void {
  if (!keyMaySendFrom(organizationId, keyDomainIds, address, claims)) throw outsideKeyDomains(address);
  if (!claimsAllowSending(organizationId, address, claims)) throw domainNotVerified(address);
}

/** 400 DOMAIN_NOT_VERIFIED, on `from.email`: the organization may not send from this address. */
export function domainNotVerified(address: string): ApiError {
  return new ApiError(
    'DOMAIN_NOT_VERIFIED',
    `${address.split('@')[1]} is not a verified sending domain of this organization`,
    {
      details: [{ field: 'from.email', message: 'Verify the domain (or a parent domain) first' }],
    },
  );
}
