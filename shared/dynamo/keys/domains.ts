/** Keys of an organization's sending domains and of the one-per-name verified claim. */
import type { PrimaryKey } from './primary-key.ts';

export const domainKeys = {
  /** A domain of an organization. */
  domain: (organizationId: string, domainId: string): PrimaryKey => ({
    PK: `ORG#${organizationId}`,
    SK: `DOMAIN#${domainId}`,
  }),
  domainsOfOrganizationPrefix: (organizationId: string) => ({ PK: `ORG#${organizationId}`, SKPrefix: 'DOMAIN#' }),
  /** Marks a name as added to the organization: the same name twice is refused. */
  domainNameInOrganization: (organizationId: string, domainName: string): PrimaryKey => ({
    PK: `ORG#${organizationId}`,
    SK: `DOMAINNAME#${domainName}`,
  }),
  /** An organization's domain count (one item: domains are added rarely; checked against a cap). */
  domainCount: (organizationId: string): PrimaryKey => ({ PK: `ORG#${organizationId}`, SK: 'COUNT#domains' }),
  /**
   * Which organization has verified a domain name. One per name across all organizations,
   * so a verified domain can never be used by another organization.
   */
  domainClaim: (domainName: string): PrimaryKey => ({ PK: `DOMAINCLAIM#${domainName}`, SK: 'CLAIM' }),
} as const;
