/** GET /dashboard/emails/{id} — one email of the organization: facts, events, bodies (404 otherwise). */
import { emailDetailPage } from '#dashboard/emails/email-detail.view.ts';
import { emailInputs } from '#dashboard/emails/emails.schemas.ts';
import { memberPage } from '#dashboard/page-handler.ts';
import { getEmail } from '#emails/get.service.ts';

export const handler = memberPage(emailInputs.detail, async ({ member, path }) =>
  emailDetailPage(member, await getEmail(member.organizationId, path.id)),
);
