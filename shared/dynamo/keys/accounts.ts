/**
 * Keys of organizations, API keys, dashboard members, sessions and the deployment's own secrets.
 * API keys, members, sign-in failures and sessions are found before the organization is known (by
 * the key's hash, the email, the session token's hash), so their partitions carry no organization.
 */
import type { PrimaryKey } from './primary-key.ts';

export const accountKeys = {
  organization: (organizationId: string): PrimaryKey => ({ PK: `ORG#${organizationId}`, SK: 'ORG' }),

  /** The API key itself, found by the SHA-256 hash of the full key (consistent read). */
  apiKey: (keyHash: string): PrimaryKey => ({ PK: `APIKEY#${keyHash}`, SK: 'APIKEY' }),
  /**
   * A pointer from the organization to each of its keys (key id → hash), written in the same
   * transaction as the key. Listing, revoking and rate-limit changes read these with
   * strongly consistent queries, so a key created a moment ago is never missed.
   */
  apiKeyOfOrganization: (organizationId: string, keyId: string): PrimaryKey => ({
    PK: `ORG#${organizationId}`,
    SK: `APIKEY#${keyId}`,
  }),
  apiKeysOfOrganizationPrefix: (organizationId: string) => ({ PK: `ORG#${organizationId}`, SKPrefix: 'APIKEY#' }),

  /**
   * A dashboard member, found by normalised email at sign-in (before the organization is
   * known), so one email is one member across the service.
   */
  member: (normalizedEmail: string): PrimaryKey => ({ PK: `MEMBER#${normalizedEmail}`, SK: 'MEMBER' }),
  /** A pointer from the organization to each of its members, written with the member. */
  memberOfOrganization: (organizationId: string, memberId: string): PrimaryKey => ({
    PK: `ORG#${organizationId}`,
    SK: `MEMBER#${memberId}`,
  }),
  membersOfOrganizationPrefix: (organizationId: string) => ({ PK: `ORG#${organizationId}`, SKPrefix: 'MEMBER#' }),
  /** Failed sign-ins of an email (known or not), for the backoff; expires through TTL. */
  signInFailures: (normalizedEmail: string): PrimaryKey => ({ PK: `SIGNIN#${normalizedEmail}`, SK: 'SIGNIN' }),
  /** A dashboard session, by the SHA-256 hash (hex) of its token; expires through TTL. */
  session: (tokenHash: string): PrimaryKey => ({ PK: `SESSION#${tokenHash}`, SK: 'SESSION' }),
  /** A pointer from a member to each of its sessions (same TTL), so a password reset can end them all. */
  sessionOfMember: (normalizedEmail: string, tokenHash: string): PrimaryKey => ({
    PK: `MEMBER#${normalizedEmail}`,
    SK: `SESSION#${tokenHash}`,
  }),
  sessionsOfMemberPrefix: (normalizedEmail: string) => ({ PK: `MEMBER#${normalizedEmail}`, SKPrefix: 'SESSION#' }),
  /**
   * A secret of the deployment itself (e.g. `sign-in-form`: the key of the sign-in form's signed
   * token), created on first use; one item per name.
   */
  serverSecret: (name: string): PrimaryKey => ({ PK: `SECRET#${name}`, SK: 'SECRET' }),
} as const;
