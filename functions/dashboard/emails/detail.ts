/** GET /dashboard/emails/{id} — one email of the organization: facts, events, bodies (404 otherwise). */
import { z } from 'zod';
import { memberPage } from '../../../shared/dashboard/page-handler.ts';
import { emailDetailPage } from '../../../shared/dashboard/pages/emails.ts';
import { getEmail } from '../../../shared/domain/email-view.ts';

const path = z.object({ id: z.string() });

export const handler = memberPage({ path }, async ({ member, path }) =>
  emailDetailPage(member, await getEmail(member.organizationId, path.id)),
);
