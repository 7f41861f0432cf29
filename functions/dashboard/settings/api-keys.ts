/** GET /dashboard/settings/api-keys — the organization's keys and the form to create one. */
import * as z from 'zod';
import { listApiKeys } from '#accounts/accounts.service.ts';
import { memberPage } from '#dashboard/page-handler.ts';
import { apiKeysPage } from '#dashboard/pages/settings.ts';

// `notice` selects a fixed message; its text is never shown.
const query = z.object({ notice: z.string().optional() });

export const handler = memberPage({ query }, async ({ member, query }) =>
  apiKeysPage({ member, keys: await listApiKeys(member.organizationId), notice: query.notice }),
);
