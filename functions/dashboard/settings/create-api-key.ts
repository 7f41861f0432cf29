/**
 * POST /dashboard/settings/api-keys — creates a key (the admin tool's service) and answers 201 with
 * the page showing its full secret, this once. A refused name or environment shows the form again.
 */
import * as z from 'zod';
import { createApiKey, listApiKeys } from '#accounts/accounts.service.ts';
import { memberPage } from '#dashboard/page-handler.ts';
import { apiKeysPage } from '#dashboard/pages/settings.ts';

// The name's rules (1 to 100 characters once trimmed) are the service's.
const form = z.object({
  name: z.string().default(''),
  environment: z.enum(['live', 'test'], { error: 'Choose live or test' }),
});

export const handler = memberPage(
  {
    form,
    onInvalid: async ({ member, form }, error) =>
      apiKeysPage({
        member,
        keys: await listApiKeys(member.organizationId),
        form: { name: form.name, environment: form.environment, error },
        status: error.statusCode,
      }),
  },
  async ({ member, form }) => {
    const created = await createApiKey({ organizationId: member.organizationId, ...form });
    return apiKeysPage({ member, keys: await listApiKeys(member.organizationId), created });
  },
);
