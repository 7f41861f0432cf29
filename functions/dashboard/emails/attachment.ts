/**
 * GET /dashboard/emails/{id}/attachments/{index} — a 302 to a short-lived presigned download of the
 * email's attachment at `index` (0-based, in the order the detail page and the API list them), made
 * anew on each click; 404 for another organization's email and for an index it has no attachment at.
 */
import { attachmentDownload } from '#dashboard/emails/emails.data.ts';
import { emailInputs } from '#dashboard/emails/emails.schemas.ts';
import { memberPage } from '#dashboard/page-handler.ts';

export const handler = memberPage(emailInputs.attachment, async ({ member, path }) =>
  attachmentDownload(member, path.id, path.index),
);
