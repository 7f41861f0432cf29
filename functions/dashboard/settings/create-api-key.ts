/**
 * POST /dashboard/settings/api-keys — creates a key (the admin tool's service) and answers 201 with
 * the page showing its full secret, this once. A refused name, environment, permission or domain shows
 * the form again, as it was filled in.
 */
import { createApiKey } from '#accounts/accounts.service.ts';
import { memberPage } from '#dashboard/page-handler.ts';
import { apiKeysListPage } from '#dashboard/settings/settings.data.ts';
import { checkedKeyDomains, settingsInputs } from '#dashboard/settings/settings.schemas.ts';

export const handler = memberPage(
  settingsInputs.createApiKey,
  async ({ member, form }) => {
    const created = await createApiKey({ organizationId: member.organizationId, ...form });
    return apiKeysListPage(member, { created });
  },
  {
    onInvalid: async ({ member, form }, error) =>
      apiKeysListPage(member, {
        form: {
          name: form.name,
          environment: form.environment,
          permission: form.permission,
          domainIds: checkedKeyDomains(form),
          error,
        },
        status: error.statusCode,
      }),
  },
);
