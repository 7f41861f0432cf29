/**
 * GET /dashboard/emails/{id}/body — the email's stored HTML as is, for the detail page's
 * sandboxed frame, under a CSP that sandboxes it even when opened directly (404 for an email
 * of another organization).
 */
import { emailBodyPage } from '#dashboard/emails/email-detail.view.ts';
import { emailInputs } from '#dashboard/emails/emails.schemas.ts';
import { memberPage } from '#dashboard/page-handler.ts';
import { getEmail } from '#emails/get.service.ts';

export const handler = memberPage(emailInputs.body, async ({ member, path }) =>
  emailBodyPage(await getEmail(member.organizationId, path.id)),
);
