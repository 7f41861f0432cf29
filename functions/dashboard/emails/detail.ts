/** GET /dashboard/emails/{id} — one email of the organization: facts, events, bodies (404 otherwise). */
import { memberPage } from '#dashboard/page-handler.ts';
import { emailDetailPage } from '#dashboard/pages/email-detail.ts';
import { getEmail } from '#emails/get.service.ts';
import { idPath } from '#platform/api-schemas.ts';

export const handler = memberPage({ path: idPath }, async ({ member, path }) =>
  emailDetailPage(member, await getEmail(member.organizationId, path.id)),
);
