/**
 * Development data for `npm start` and `@postbox/local` (never run in AWS): the organization `org_dev`,
 * fresh `pb_test_` and `pb_live_` keys each start (a key's secret cannot be shown twice), the sending
 * domain `postbox.test` marked verified and receiving (there is no DNS to verify it against locally;
 * its claim holds: another organization adding or verifying it gets 409), and
 * the dashboard member `dev@postbox.test` with a fresh random password each start (printed;
 * with kept data the reset also ends the previous run's sessions).
 */
import { randomBytes } from 'node:crypto';

export const DEV_ORGANIZATION_ID = 'org_dev';
export const DEV_SENDING_DOMAIN = 'postbox.test';
export const DEV_MEMBER_EMAIL = 'dev@postbox.test';

export interface DevelopmentSeed {
  organizationId: string;
  apiKey: string;
  /** A `pb_live_` key: locally, live emails go to the SES emulator too. */
  liveApiKey: string;
  domain: string;
  memberEmail: string;
  memberPassword: string;
}

export async function seedDevelopment(): Promise<DevelopmentSeed> {
  const { createApiKey, createOrganization } = await import('#accounts/accounts.service.ts');
  const { getOrganization } = await import('#accounts/organization.store.ts');
  const { addVerifiedDomainForDevelopment, updateDomain } = await import('#domains/domains.service.ts');
  if (!(await getOrganization(DEV_ORGANIZATION_ID))) {
    // Another runner sharing a kept database may create it at the same moment: that is fine.
    await createOrganization({ id: DEV_ORGANIZATION_ID, name: 'Development' }).catch((error: unknown) => {
      if (!(error instanceof Error && 'code' in error && error.code === 'CONFLICT')) throw error;
    });
  }
  const keyName = `local ${new Date().toISOString()}`;
  const [{ secret }, live] = await Promise.all([
    createApiKey({ organizationId: DEV_ORGANIZATION_ID, name: keyName, environment: 'test' }),
    createApiKey({ organizationId: DEV_ORGANIZATION_ID, name: keyName, environment: 'live' }),
  ]);
  const domainId = await addVerifiedDomainForDevelopment(DEV_ORGANIZATION_ID, DEV_SENDING_DOMAIN);
  // It receives too: mail sent to the local SMTP server for any address at it is received (GET /inbound).
  await updateDomain(DEV_ORGANIZATION_ID, domainId, { receiving: true });
  const memberPassword = randomBytes(12).toString('base64url');
  const { createMember, resetMemberPassword } = await import('#accounts/members.service.ts');
  await createMember(DEV_ORGANIZATION_ID, DEV_MEMBER_EMAIL, memberPassword).catch(async (error: unknown) => {
    if (!(error instanceof Error && 'code' in error && error.code === 'CONFLICT')) throw error;
    await resetMemberPassword(DEV_MEMBER_EMAIL, memberPassword);
  });
  return {
    organizationId: DEV_ORGANIZATION_ID,
    apiKey: secret,
    liveApiKey: live.secret,
    domain: DEV_SENDING_DOMAIN,
    memberEmail: DEV_MEMBER_EMAIL,
    memberPassword,
  };
}
