/**
 * GET /dashboard/emails/{id}/body — the email's stored HTML as is, for the detail page's
 * sandboxed frame, under a CSP that sandboxes it even when opened directly (404 for an email
 * of another organization).
 */
import { memberPage } from '#dashboard/page-handler.ts';
import { emailBodyPage } from '#dashboard/pages/email-detail.ts';
import { getEmail } from '#emails/get.service.ts';
import { idPath } from '#platform/api-schemas.ts';

export const handler = memberPage({ path: idPath }, async ({ member, path }) =>
  emailBodyPage(await getEmail(member.organizationId, path.id)),
);
