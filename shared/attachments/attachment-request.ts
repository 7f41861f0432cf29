/**
 * The `attachments` of a send or batch request (docs/api.md, "Attachments"): validated field by
 * field, each problem a 400 naming `attachments[i].<field>`, and normalised (disposition from
 * `content_id`, content decoded once). Part of the send and batch schemas; the uploads named, the bytes
 * stored and a missing content type (from the extension) are attachments.service.ts's.
 */
import * as z from 'zod';
import {
  ATTACHMENT_DISPOSITIONS,
  type AttachmentDisposition,
  CONTENT_TYPE_RULES,
  contentIdProblem,
  contentTypeProblem,
  decodeBase64Exactly,
  FILENAME_RULES,
  filenameProblem,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
} from '#attachments/attachment.ts';

/** An attachment as the request validated it: its bytes decoded (inline) or an upload named. */
export interface RequestedAttachment {
  filename: string;
  /**
   * As given (lower-cased); null when not: then the upload's declared type, else the filename's
   * extension's, when stored (attachments.service.ts). Not here: the table of types (`mime`, ~40 KB)
   * would load with every send's schema; the storing is loaded only for a send with attachments.
   */
  content_type: string | null;
  content_id: string | null;
  disposition: AttachmentDisposition;
  source: { kind: 'content'; bytes: Buffer } | { kind: 'upload'; attachment_id: string };
}

const attachmentInput = z.strictObject({
  filename: z.string().meta({ description: FILENAME_RULES }),
  content: z.string().optional().meta({ description: 'The file, base64 (standard alphabet, padded)' }),
  attachment_id: z.string().optional().meta({ description: 'A file uploaded beforehand (POST /attachments)' }),
  content_type: z.string().optional().meta({ description: CONTENT_TYPE_RULES }),
  content_id: z
    .string()
    .optional()
    .meta({ description: 'Makes the part inline, referenced as `cid:<id>` in the html' }),
  disposition: z.enum(ATTACHMENT_DISPOSITIONS).optional(),
});

export const attachmentsField = z
  .array(attachmentInput)
  .max(MAX_ATTACHMENTS, { message: `At most ${MAX_ATTACHMENTS} attachments per email` })
  .transform((attachments, context): RequestedAttachment[] => {
    let totalBytes = 0;
    const out: RequestedAttachment[] = [];
    attachments.forEach((attachment, index) => {
      const problem = (field: string, message: string) =>
        context.addIssue({ code: 'custom', path: [index, field], message });
      const filenameIssue = filenameProblem(attachment.filename);
      if (filenameIssue) problem('filename', filenameIssue);
      if (attachment.content_id !== undefined) {
        const contentIdIssue = contentIdProblem(attachment.content_id);
        if (contentIdIssue) problem('content_id', contentIdIssue);
      }
      const contentTypeIssue =
        attachment.content_type === undefined ? undefined : contentTypeProblem(attachment.content_type);
      if (contentTypeIssue) problem('content_type', contentTypeIssue);
      const hasContent = attachment.content !== undefined;
      const hasUpload = attachment.attachment_id !== undefined;
      if (hasContent === hasUpload) {
        problem(hasContent ? 'attachment_id' : 'content', 'Give exactly one of content and attachment_id');
        return;
      }
      let source: RequestedAttachment['source'];
      if (hasContent) {
        const bytes = decodeBase64Exactly(attachment.content ?? '');
        if (!bytes) {
          problem('content', 'Must be base64 (standard alphabet, padded) that decodes exactly');
          return;
        }
        totalBytes += bytes.length;
        source = { kind: 'content', bytes };
      } else {
        source = { kind: 'upload', attachment_id: attachment.attachment_id ?? '' };
      }
      const contentId = attachment.content_id ?? null;
      out.push({
        filename: attachment.filename,
        content_type: attachment.content_type?.toLowerCase() ?? null,
        content_id: contentId,
        disposition: attachment.disposition ?? (contentId ? 'inline' : 'attachment'),
        source,
      });
    });
    if (totalBytes > MAX_ATTACHMENT_BYTES) {
      context.addIssue({
        code: 'custom',
        path: [],
        message: `Attachments may total at most ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB decoded per email`,
      });
    }
    return out;
  });
