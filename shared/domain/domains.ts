/**
 * Sending domains: add (DKIM key pair + the DNS records to publish), list, verify through
 * DNS, and `canSendFrom` for the send path.
 *
 * The DKIM private key is never returned and never stored in clear: it is kept encrypted
 * (KMS in AWS) and handed to SES as a BYODKIM identity the first time the organization
 * proves control of the domain. Creating the identity only then means nobody can squat a
 * domain in the shared SES account by adding it first.
 */
import { emailIdentitiesFromEnv } from '../aws/email-identities.ts';
import { keyProtectorFromEnv } from '../aws/key-protector.ts';
import {
  claimDomain,
  type DomainItem,
  getDomain,
  getDomainClaim,
  getDomainClaims,
  insertDomain,
  queryDomains,
  releaseDomainClaim,
  updateDomainFlags,
} from '../data/domains.ts';
import { ApiError, notFound } from '../errors.ts';
import {
  dkimMatches,
  dkimRecordName,
  dkimSelector,
  dnsRecordsFor,
  generateDkimKeyPair,
  normalizeDomainName,
  spfIncludes,
} from './dns-records.ts';
import { resolverFromEnv } from './dns-resolver.ts';
import { normalizeEmailAddress } from './email-address.ts';
import { isResourceId, newId, nowIso } from './ids.ts';

/** The host customers `include:` in SPF; SES's in AWS. */
const sendingHost = process.env.SPF_INCLUDE_HOST || 'amazonses.com';
const resolver = resolverFromEnv();

export interface DomainView {
  id: string;
  domain: string;
  is_verified: boolean;
  spf_verified: boolean;
  dkim_verified: boolean;
  dkim_selector: string;
  dkim_public_key: string;
  dns_records: ReturnType<typeof dnsRecordsFor>;
  verified_at?: string;
  created_at: string;
}

function toView(item: DomainItem): DomainView {
  return {
    id: item.id,
    domain: item.domain,
    is_verified: item.is_verified,
    spf_verified: item.spf_verified,
    dkim_verified: item.dkim_verified,
    dkim_selector: item.dkim_selector,
    dkim_public_key: item.dkim_public_key,
    dns_records: dnsRecordsFor(item.domain, item.dkim_selector, item.dkim_public_key, sendingHost),
    ...(item.verified_at ? { verified_at: item.verified_at } : {}),
    created_at: item.created_at,
  };
}

const encryptionContext = (item: Pick<DomainItem, 'organization_id' | 'id'>) => ({
  organization_id: item.organization_id,
  domain_id: item.id,
});

export async function addDomain(organizationId: string, name: string): Promise<DomainView> {
  const normalized = normalizeDomainName(name);
  if (!normalized.ok) {
    throw new ApiError('VALIDATION_ERROR', 'The request is invalid', {
      details: [{ field: 'domain', message: normalized.reason }],
    });
  }
  const claim = await getDomainClaim(normalized.domain);
  if (claim && claim.organization_id !== organizationId) {
    throw new ApiError('CONFLICT', `${normalized.domain} is verified by another organization`);
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
  if (!(await insertDomain(item))) {
    throw new ApiError('CONFLICT', `${normalized.domain} has already been added to this organization`);
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
 * Looks up the SPF and DKIM records now. A DNS failure (timeout, SERVFAIL, NXDOMAIN) means
 * "not verified". The first success claims the name for the organization and creates the
 * SES identity with the organization's key; a later failure releases the claim.
 */
export async function verifyDomain(organizationId: string, domainId: string): Promise<DomainView> {
  const item = await requireDomain(organizationId, domainId);
  const [spfAnswer, dkimAnswer] = await Promise.all([
    resolver.resolveTxt(item.domain),
    resolver.resolveTxt(dkimRecordName(item.dkim_selector, item.domain)),
  ]);
  const spf = spfAnswer.ok && spfIncludes(spfAnswer.records, sendingHost);
  const dkim = dkimAnswer.ok && dkimMatches(dkimAnswer.records, item.dkim_public_key);
  const checkedAt = nowIso();

  if (!(spf && dkim)) {
    await releaseDomainClaim(item.domain, organizationId);
    return toView(await updateDomainFlags(organizationId, domainId, { spf, dkim, verified: false, checkedAt }));
  }
  if (!(await claimDomain({ domain: item.domain, organization_id: organizationId, domain_id: item.id }))) {
    await updateDomainFlags(organizationId, domainId, { spf, dkim, verified: false, checkedAt });
    throw new ApiError('CONFLICT', `${item.domain} is verified by another organization`);
  }
  let identityCreatedAt: string | undefined;
  if (!item.identity_created_at) {
    const privateKey = await keyProtectorFromEnv().decrypt(item.dkim_private_key_encrypted, encryptionContext(item));
    await emailIdentitiesFromEnv().ensureDomainIdentity({
      domain: item.domain,
      selector: item.dkim_selector,
      privateKeyBase64: privateKey.toString('utf8'),
    });
    identityCreatedAt = checkedAt;
  }
  return toView(
    await updateDomainFlags(organizationId, domainId, {
      spf,
      dkim,
      verified: true,
      checkedAt,
      ...(identityCreatedAt ? { identityCreatedAt } : {}),
    }),
  );
}

/**
 * For the send path: whether the organization may send from this address — its domain,
 * or the closest parent domain that anyone has verified, must be verified by this
 * organization. A domain another organization holds is never usable.
 */
export async function canSendFrom(organizationId: string, address: string): Promise<boolean> {
  const normalized = normalizeEmailAddress(address);
  if (!normalized.ok) return false;
  const labels = normalized.domain.split('.');
  const candidates = labels.slice(0, -1).map((_, index) => labels.slice(index).join('.'));
  const claims = await getDomainClaims(candidates);
  const closest = candidates.map((name) => claims.find((claim) => claim.domain === name)).find(Boolean);
  return closest?.organization_id === organizationId;
}

/** Local development only (`npm start`'s seed): a domain marked verified without DNS. */
export async function addVerifiedDomainForDevelopment(organizationId: string, name: string): Promise<void> {
  const existing = (await queryDomains(organizationId)).find((domain) => domain.domain === name);
  const view = existing ? toView(existing) : await addDomain(organizationId, name);
  await claimDomain({ domain: view.domain, organization_id: organizationId, domain_id: view.id });
  await updateDomainFlags(organizationId, view.id, { spf: true, dkim: true, verified: true, checkedAt: nowIso() });
}
