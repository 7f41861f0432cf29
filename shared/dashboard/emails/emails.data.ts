/**
 * What an Emails page reads beyond one service call: an attachment's download, through the emails
 * and attachments services (the API's), for the member's organization only.
 */
import { attachmentDownloadUrl } from '#attachments/attachment-reads.service.ts';
import { notFound } from '#core/errors.ts';
import { attachmentAt } from '#dashboard/emails/email-detail.view.ts';
import type { PageMember } from '#dashboard/layout.ts';
import type { PageResult } from '#dashboard/page-result.ts';
import { getEmail } from '#emails/get.service.ts';

/** A 302 to a presigned download of the email's attachment at `index`; 404 when it has none there. */
export async function attachmentDownload(member: PageMember, emailId: string, index: string): Promise<PageResult> {
  const email = await getEmail(member.organizationId, emailId);
  const attachment = attachmentAt(email.attachments, index);
  if (!attachment) throw notFound('Attachment');
  return { redirect: await attachmentDownloadUrl(member.organizationId, attachment), status: 302 };
}
