/**
 * storeAttachments (attachments.service.ts), its module imported on first use: with it come the S3
 * client, the content-type table and the upload records, which a send without attachments never
 * needs, so they stay out of the send and batch functions' cold starts (docs/decisions.md, Bundles).
 */
import type { StoredAttachment } from '#attachments/attachment.ts';
import type { RequestedAttachment } from '#attachments/attachment-request.ts';
import type * as Attachments from '#attachments/attachments.service.ts';
import { onDemand } from '#core/on-demand.ts';

/** The service, imported once per instance. */
const attachmentsService = onDemand<typeof Attachments>(() => import('#attachments/attachments.service.ts'));

/** storeAttachments, loading nothing for a request without attachments (what it stores then: nothing). */
export async function storeAttachments(
  organizationId: string,
  requested: readonly RequestedAttachment[],
): Promise<StoredAttachment[]> {
  if (requested.length === 0) return [];
  return (await attachmentsService()).storeAttachments(organizationId, requested);
}
