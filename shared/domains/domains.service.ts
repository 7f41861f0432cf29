/**
 * Sending domains: add (DKIM key pair + the DNS records to publish), list, verify through DNS, set a
 * custom MAIL FROM subdomain, and `canSendFrom` for the send path. The DKIM private key is never
 * returned nor stored in clear (KMS in AWS), and goes to SES as a BYODKIM identity only once the
 * organization proves control of the domain, so nobody can squat a domain in the shared SES account by
 * adding it first. Rules: docs/api.md, "Domains"; SES identities: docs/deploy.md, "Created at run time".
 */

import type * as z from 'zod';
import { type MxLookup, resolverFromEnv, type TxtLookup } from '#adapters/dns-resolver.ts';
import { emailIdentitiesFromEnv } from '#adapters/email-identities.ts';
import { keyProtectorFromEnv } from '#adapters/key-protector.ts';
import { normalizeDomainName } from '#core/domain-name.ts';
import { ApiError, notFound } from '#core/errors.ts';
import { isResourceId, newId, nowIso } from '#core/ids.ts';
import {
  dkimMatches,
  dkimRecordName,
  dkimSelector,
  dnsRecordsFor,
  generateDkimKeyPair,
  spfIncludes,
} from '#domains/dns-records.ts';
import {
  domainNameTaken,
  getDomain,
  getDomainClaim,
  getDomainClaims,
  insertDomain,
  MAX_DOMAINS_PER_ORGANIZATION,
  type MailFromCheck,
  queryDomains,
  recordMailFromCheck,
  recordSesMailFrom,
  recordSigningDomain,
  recordVerification,
  setMailFromSubdomain,
} from '#domains/domain.store.ts';
import { claimsAllowSending, type DomainClaim, type DomainItem, senderClaimNames } from '#domains/domain.ts';
import type { domainView, updateDomainBody } from '#domains/domains.contract.ts';
import {
  mailFromDomainOf,
  mailFromDomainProblem,
  mailFromRecords,
  mxPointsOnlyTo,
  sesFeedbackHost,
} from '#domains/mail-from.ts';
import { recordReceivingCheck, setReceiving } from '#domains/receiving.store.ts';
import { receivingMxVerified, receivingRecords, sesInboundHost } from '#domains/receiving.ts';
import type { KEY_ENCRYPTION_CONTEXT_KEYS } from '#platform/route-access.ts';

/** The host customers `include:` in SPF; SES's in AWS. */
const sendingHost = process.env.SPF_INCLUDE_HOST || 'amazonses.com';
/**
 * Where a custom MAIL FROM domain's MX record points: SES's feedback host of the function's region
 * (`feedback-smtp.<AWS_REGION>.amazonses.com`), unless MAIL_FROM_MX_HOST says otherwise.
 */
const mailFromMxHost = process.env.MAIL_FROM_MX_HOST || sesFeedbackHost(process.env.AWS_REGION || 'us-east-1');
/** Where a receiving domain's MX record points: SES receiving in the function's region, unless INBOUND_MX_HOST says otherwise. */
const inboundMxHost = process.env.INBOUND_MX_HOST || sesInboundHost(process.env.AWS_REGION || 'us-east-1');
const resolver = resolverFromEnv();

/** A domain as the API shows it: the contract's `Domain` schema. */
export type DomainView = z.output<typeof domainView>;

function mailFromDomain(item: Pick<DomainItem, 'domain' | 'mail_from_subdomain'>): string | undefined {
  return item.mail_from_subdomain ? mailFromDomainOf(item.mail_from_subdomain, item.domain) : undefined;
}

function toView(item: DomainItem): DomainView {
  const mailFrom = mailFromDomain(item);
  return {
    id: item.id,
    domain: item.domain,
    is_verified: item.is_verified,
    spf_verified: item.spf_verified,
    dkim_verified: item.dkim_verified,
    dkim_selector: item.dkim_selector,
    dkim_public_key: item.dkim_public_key,
    dns_records: [
      ...dnsRecordsFor(item.domain, item.dkim_selector, item.dkim_public_key, sendingHost),
      ...(mailFrom ? mailFromRecords(mailFrom, mailFromMxHost, sendingHost) : []),
      ...(item.receiving ? receivingRecords(item.domain, inboundMxHost) : []),
    ],
    ...(item.verified_at ? { verified_at: item.verified_at } : {}),
    mail_from_subdomain: item.mail_from_subdomain ?? null,
    mail_from_domain: mailFrom ?? null,
    mail_from_verified: mailFrom !== undefined && item.mail_from_verified_subdomain === item.mail_from_subdomain,
    receiving: item.receiving === true,
    receiving_verified: item.receiving === true && item.receiving_verified === true,
    created_at: item.created_at,
  };
}

/** The key's grants require exactly these keys (KEY_ENCRYPTION_CONTEXT_KEYS): a DKIM key is bound to its domain. */
const encryptionContext = (
  item: Pick<DomainItem, 'organization_id' | 'id'>,
): Record<(typeof KEY_ENCRYPTION_CONTEXT_KEYS)[number], string> => ({
  organization_id: item.organization_id,
  domain_id: item.id,
});

/**
 * Whether the organization holding a claim still has its DKIM record published. Anything
 * short of a definite "no" (a timeout, a SERVFAIL) counts as yes: a claim is never taken
 * away on a DNS hiccup. A claim marked verified without DNS (local development) always holds.
 */
async function holderStillVerifies(claim: DomainClaim): Promise<boolean> {
  const holder = await getDomain(claim.organization_id, claim.domain_id);
  if (!holder) return false;
  if (claim.verified_without_dns) return true;
  const answer = await resolver.resolveTxt(dkimRecordName(holder.dkim_selector, holder.domain));
  if (!answer.ok) return isTransient(answer);
  return dkimMatches(answer.records, holder.dkim_public_key);
}

function isTransient(answer: TxtLookup): boolean {
  return !answer.ok && answer.reason !== 'nxdomain' && answer.reason !== 'nodata';
}

function verifiedElsewhere(domain: string): ApiError {
  return new ApiError(
    'CONFLICT',
    `${domain} is verified by another organization. If you now control its DNS, delete the other ` +
      `organization's DKIM record (the TXT record at pb<yyyymm>._domainkey.${domain} whose key is not yours) and try again.`,
  );
}

function invalidDomain(reason: string): ApiError {
  return new ApiError('VALIDATION_ERROR', 'The request is invalid', {
    details: [{ field: 'domain', message: reason }],
  });
}

export async function addDomain(organizationId: string, name: string): Promise<DomainView> {
  const normalized = normalizeDomainName(name);
  if (!normalized.ok) throw invalidDomain(normalized.reason);
  const duplicate = new ApiError('CONFLICT', `${normalized.domain} has already been added to this organization`);
  if (await domainNameTaken(organizationId, normalized.domain)) throw duplicate;
  const claim = await getDomainClaim(normalized.domain);
  // A name verified elsewhere can be added only once its holder's record is gone: whoever
  // controls the DNS decides, and a former owner cannot lock the real one out.
  if (claim && claim.organization_id !== organizationId && (await holderStillVerifies(claim))) {
    throw verifiedElsewhere(normalized.domain);
  }
  const { publicKeyBase64, privateKeyBase64 } = await generateDkimKeyPair();
  const base = { id: newId('dom'), organization_id: organizationId };
  const item: DomainItem = {
    ...base,
    domain: normalized.domain,
    dkim_selector: dkimSelector(new Date()),
    dkim_public_key: publicKeyBase64,
    dkim_private_key_encrypted: await keyProtectorFromEnv().encrypt(
      Buffer.from(privateKeyBase64, 'utf8'),
      encryptionContext(base),
    ),
    spf_verified: false,
    dkim_verified: false,
    is_verified: false,
    created_at: nowIso(),
  };
  const outcome = await insertDomain(item);
  if (outcome === 'duplicate') throw duplicate;
  if (outcome === 'limit') {
    throw new ApiError(
      'CONFLICT',
      `The organization already has ${MAX_DOMAINS_PER_ORGANIZATION} domains, the most allowed`,
    );
  }
  return toView(item);
}

export async function listDomains(organizationId: string): Promise<DomainView[]> {
  return (await queryDomains(organizationId)).map(toView);
}

async function requireDomain(organizationId: string, domainId: string): Promise<DomainItem> {
  const item = isResourceId('dom', domainId) ? await getDomain(organizationId, domainId) : undefined;
  if (!item) throw notFound('Domain');
  return item;
}

/**
 * Hands SES this domain's key (BYODKIM) and its custom MAIL FROM unless SES already signs the name
 * with it; when it does, gives the identity the domain's MAIL FROM if it changed since (PATCH).
 */
async function pushSigningKey(item: DomainItem, claim: DomainClaim | undefined): Promise<void> {
  const mailFrom = mailFromDomain(item);
  const signer = { domain: item.domain, organization_id: item.organization_id, domain_id: item.id };
  if (claim?.organization_id === item.organization_id && claim.signing_domain_id === item.id) {
    if (claim.ses_mail_from_domain === mailFrom) return;
    await emailIdentitiesFromEnv().setMailFromDomain(item.domain, mailFrom);
    await recordSesMailFrom(signer, mailFrom);
    return;
  }
  const privateKey = await keyProtectorFromEnv().decrypt(item.dkim_private_key_encrypted, encryptionContext(item));
  await emailIdentitiesFromEnv().ensureDomainIdentity({
    domain: item.domain,
    selector: item.dkim_selector,
    privateKeyBase64: privateKey.toString('utf8'),
    mailFromDomain: mailFrom,
  });
  await recordSigningDomain(signer, mailFrom);
}

/**
 * The custom MAIL FROM records' check, when the domain has a MAIL FROM subdomain: its MX records
 * all point at SES's feedback host and its SPF record includes the sending host. A DNS failure is
 * "not verified". Never part of `is_verified` (SES sends, with its own MAIL FROM, without them).
 */
/** Receiving on: whether every MX record of the domain points at SES receiving, recorded on the item. */
async function checkReceiving(item: DomainItem): Promise<void> {
  if (!item.receiving) return;
  const mx = await resolver.resolveMx(item.domain);
  const verified = mx.ok && receivingMxVerified(mx.records, inboundMxHost);
  if (verified !== item.receiving_verified) await recordReceivingCheck(item, verified);
  item.receiving_verified = verified;
}

async function checkMailFrom(item: DomainItem): Promise<MailFromCheck | undefined> {
  const name = mailFromDomain(item);
  if (!name || !item.mail_from_subdomain) return undefined;
  const [mx, spf]: [MxLookup, TxtLookup] = await Promise.all([resolver.resolveMx(name), resolver.resolveTxt(name)]);
  const verified =
    mx.ok && mxPointsOnlyTo(mx.records, mailFromMxHost) && spf.ok && spfIncludes(spf.records, sendingHost);
  return { subdomain: item.mail_from_subdomain, verified };
}

/**
 * Looks up the SPF and DKIM records now (and the MAIL FROM records, see checkMailFrom); a DNS
 * failure means "not verified", never an error. Passing claims the name for the organization
 * (taking it over if the holder's own record is gone) and makes SES sign with the organization's
 * key; a definite failure releases the claim, while a timeout or SERVFAIL keeps it so sending
 * survives a DNS blip.
 */
export async function verifyDomain(organizationId: string, domainId: string): Promise<DomainView> {
  const item = await requireDomain(organizationId, domainId);
  const [spfAnswer, dkimAnswer, currentClaim, mailFrom] = await Promise.all([
    resolver.resolveTxt(item.domain),
    resolver.resolveTxt(dkimRecordName(item.dkim_selector, item.domain)),
    getDomainClaim(item.domain),
    checkMailFrom(item),
    checkReceiving(item),
  ]);
  // Marked verified for local development (no DNS to check it against): it stays as it is, but
  // for the MAIL FROM, whose records are checked and which SES is given as for any domain.
  if (currentClaim?.verified_without_dns && currentClaim.domain_id === item.id) {
    await pushSigningKey(item, currentClaim);
    if (!mailFrom) return toView(item);
    await recordMailFromCheck(item, mailFrom);
    return toView(await requireDomain(organizationId, domainId));
  }
  const spf = spfAnswer.ok && spfIncludes(spfAnswer.records, sendingHost);
  const dkim = dkimAnswer.ok && dkimMatches(dkimAnswer.records, item.dkim_public_key);
  const checkedAt = nowIso();
  const heldByOther = currentClaim !== undefined && currentClaim.organization_id !== organizationId;

  if (!(spf && dkim)) {
    const transient = isTransient(spfAnswer) || isTransient(dkimAnswer);
    const flags = { spf, dkim, verified: false, checkedAt };
    await recordVerification({ item, flags, claim: transient ? 'keep' : 'release', currentClaim, mailFrom });
    return toView(await requireDomain(organizationId, domainId));
  }
  if (heldByOther && (await holderStillVerifies(currentClaim))) {
    const flags = { spf, dkim, verified: false, checkedAt };
    await recordVerification({ item, flags, claim: 'keep', currentClaim, mailFrom });
    throw verifiedElsewhere(item.domain);
  }
  const claimed = await recordVerification({
    item,
    flags: { spf, dkim, verified: true, checkedAt },
    claim: 'acquire',
    currentClaim,
    mailFrom,
    ...(heldByOther ? { takeoverFrom: currentClaim } : {}),
  });
  if (!claimed) throw verifiedElsewhere(item.domain);
  await pushSigningKey(item, heldByOther ? undefined : currentClaim);
  return toView(await requireDomain(organizationId, domainId));
}

/**
 * Sets (`"bounce"`) or removes (`null`) the domain's custom MAIL FROM subdomain. SES is not called
 * here: the next passing verification gives the identity the new MAIL FROM (or creates the identity
 * with it), so this route needs no SES access.
 */
export async function updateDomain(
  organizationId: string,
  domainId: string,
  changes: z.output<typeof updateDomainBody>,
): Promise<DomainView> {
  let item = await requireDomain(organizationId, domainId);
  if (changes.mail_from_subdomain !== undefined) {
    const subdomain = changes.mail_from_subdomain ?? undefined;
    const problem = subdomain === undefined ? undefined : mailFromDomainProblem(subdomain, item.domain);
    if (problem) {
      throw new ApiError('VALIDATION_ERROR', 'The request is invalid', {
        details: [{ field: 'mail_from_subdomain', message: problem }],
      });
    }
    const updated = await setMailFromSubdomain(item, subdomain, subdomain !== item.mail_from_subdomain);
    if (!updated) throw notFound('Domain');
    item = updated;
  }
  if (changes.receiving !== undefined && changes.receiving !== (item.receiving === true)) {
    const updated = await setReceiving(item, changes.receiving);
    if (!updated) throw notFound('Domain');
    item = updated;
  }
  return toView(item);
}

export async function canSendFrom(organizationId: string, address: string): Promise<boolean> {
  const candidates = senderClaimNames(address);
  if (candidates.length === 0) return false;
  return claimsAllowSending(organizationId, address, await getDomainClaims(candidates));
}

/**
 * Local development only (`npm start`'s seed, tests, benchmarks): a domain marked verified without
 * DNS. Its claim is marked `verified_without_dns`, so it holds like a verified one: another
 * organization can neither add nor verify the name (409), whatever records the DNS has.
 */
export async function addVerifiedDomainForDevelopment(organizationId: string, name: string): Promise<string> {
  const existing = (await queryDomains(organizationId)).find((domain) => domain.domain === name);
  const item = existing ?? (await requireDomain(organizationId, (await addDomain(organizationId, name)).id));
  const currentClaim = await getDomainClaim(item.domain);
  const flags = { spf: true, dkim: true, verified: true, checkedAt: nowIso() };
  if (!(await recordVerification({ item, flags, claim: 'acquire', currentClaim, withoutDns: true }))) {
    throw new Error(`${name} is claimed by another organization`);
  }
  await pushSigningKey(item, currentClaim);
  return item.id;
}
