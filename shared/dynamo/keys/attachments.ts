/** Keys of uploaded attachment files. */
import type { PrimaryKey } from './primary-key.ts';

export const attachmentKeys = {
  /**
   * A file uploaded for attachments (POST /attachments): in a partition of its own (uploads are
   * read by id only, and an organization's burst of uploads spreads over partitions). Expires by TTL.
   */
  attachmentUpload: (organizationId: string, attachmentId: string): PrimaryKey => ({
    PK: `UPLOAD#${organizationId}#${attachmentId}`,
    SK: 'UPLOAD',
  }),
} as const;
