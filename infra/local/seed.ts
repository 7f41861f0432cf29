/**
 * Development data for `npm start` (never run in AWS): the organization `org_dev` and a
 * fresh `pb_test_` key each start (a key's secret cannot be shown twice).
 */
export const DEV_ORGANIZATION_ID = 'org_dev';

export async function seedDevelopment(): Promise<{ organizationId: string; apiKey: string }> {
  const { createApiKey, createOrganization } = await import('../../shared/domain/accounts.ts');
  const { getOrganization } = await import('../../shared/data/organizations.ts');
  if (!(await getOrganization(DEV_ORGANIZATION_ID))) {
    await createOrganization({ id: DEV_ORGANIZATION_ID, name: 'Development' });
  }
  const { secret } = await createApiKey({
    organizationId: DEV_ORGANIZATION_ID,
    name: `npm start ${new Date().toISOString()}`,
    environment: 'test',
  });
  return { organizationId: DEV_ORGANIZATION_ID, apiKey: secret };
}
