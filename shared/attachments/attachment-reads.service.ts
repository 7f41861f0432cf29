/**
 * An email's stored attachments read back: their bytes for the hand-over to SES, and a short-lived
 * download link for the dashboard. Apart from attachments.service.ts (uploads and storing), whose
 * rules and MIME table the readers do not need.
 */
import { createHash } from 'node:crypto';
import { presignDownload, readObject } from '#adapters/attachment-storage.ts';
import { DOWNLOAD_URL_SECONDS, type StoredAttachment } from '#attachments/attachment.ts';
import { logger } from '#core/logger.ts';
import { objectKeys } from '#platform/buckets.ts';

/**
 * The bytes of an email's attachments, in order; undefined if any is no longer stored, or no longer
 * hashes to the SHA-256 the email was accepted with (a blob rewritten before blobs were immutable):
 * an email goes out with the bytes GET /emails/{id} describes, or not at all.
 */
export async function readAttachmentBytes(
  organizationId: string,
  attachments: readonly StoredAttachment[],
): Promise<Buffer[] | undefined> {
  const bytes = await Promise.all(
    attachments.map(async (attachment) => {
      const read = await readObject(objectKeys.blob(organizationId, attachment.sha256));
      if (read && createHash('sha256').update(read).digest('hex') !== attachment.sha256) {
        logger.error('a stored attachment does not match its SHA-256', {
          organization_id: organizationId,
          sha256: attachment.sha256,
        });
        return undefined;
      }
      return read;
    }),
  );
  return bytes.every((part) => part !== undefined) ? (bytes as Buffer[]) : undefined;
}

/** A short-lived link that downloads one attachment of an email (the dashboard's). */
export function attachmentDownloadUrl(organizationId: string, attachment: StoredAttachment): Promise<string> {
  return presignDownload(
    objectKeys.blob(organizationId, attachment.sha256),
    { filename: attachment.filename, contentType: attachment.content_type },
    DOWNLOAD_URL_SECONDS,
  );
}
