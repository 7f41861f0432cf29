/**
 * GET /dashboard/emails/{id}/attachments/{index} — a 302 to a short-lived presigned download of the
 * email's attachment at `index` (0-based, in the order the detail page and the API list them), made
 * anew on each click; 404 for another organization's email and for an index it has no attachment at.
 */
import * as z from 'zod';
import { attachmentDownloadUrl } from '#attachments/attachment-reads.service.ts';
import { notFound } from '#core/errors.ts';
import { memberPage } from '#dashboard/page-handler.ts';
import { attachmentAt } from '#dashboard/pages/email-detail.ts';
import { getEmail } from '#emails/get.service.ts';

// `index` is checked by attachmentAt, so that a bad one is a 404 like an index out of range.
const attachmentPathParameters = z.strictObject({ id: z.string(), index: z.string() });

export const handler = memberPage({ path: attachmentPathParameters }, async ({ member, path }) => {
  const email = await getEmail(member.organizationId, path.id);
  const attachment = attachmentAt(email.attachments, path.index);
  if (!attachment) throw notFound('Attachment');
  return { redirect: await attachmentDownloadUrl(member.organizationId, attachment), status: 302 };
});
