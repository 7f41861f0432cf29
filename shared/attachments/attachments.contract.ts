/**
 * The attachments' contract (shared/platform/api-operation.ts): uploading a large file once, to name
 * it in sends by `attachment_id`; and how an email lists the attachments it carries.
 */
import * as z from 'zod';
import {
  ATTACHMENT_DISPOSITIONS,
  CONTENT_TYPE_RULES,
  contentTypeProblem,
  FILENAME_RULES,
  filenameProblem,
  MAX_ATTACHMENT_BYTES,
} from '#attachments/attachment.ts';
import { defineOperation } from '#platform/api-operation.ts';
import { timestamp } from '#platform/api-schemas.ts';

const issue = (problem: (value: string) => string | undefined) => (value: string, context: z.RefinementCtx) => {
  const message = problem(value);
  if (message) context.addIssue({ code: 'custom', message });
};

export const createAttachmentBody = z
  .strictObject({
    filename: z
      .string()
      .superRefine(issue(filenameProblem))
      .meta({ description: FILENAME_RULES, example: 'invoice-2026-11.pdf' }),
    content_type: z
      .string()
      .superRefine(issue(contentTypeProblem))
      .optional()
      .meta({ description: CONTENT_TYPE_RULES }),
    size: z
      .number()
      .int()
      .min(1)
      .max(MAX_ATTACHMENT_BYTES)
      .meta({ description: 'Exact bytes of the file: the upload URL accepts this size only', example: 8_388_608 }),
  })
  .meta({ id: 'CreateAttachmentRequest' });

export const attachmentUpload = z
  .strictObject({
    id: z.string().meta({ description: 'Name it in sends as `attachment_id`', example: 'att_5Yq8KfL2nW7xR3tV9mB1' }),
    filename: z.string(),
    content_type: z.string(),
    size: z.number().int(),
    upload_url: z.string().meta({ description: 'A presigned S3 URL: PUT the file there with `upload_headers`' }),
    upload_method: z.literal('PUT'),
    upload_headers: z
      .record(z.string(), z.string())
      .meta({ description: 'Send exactly these headers with the PUT (`Content-Type`, `Content-Length`)' }),
    expires_at: timestamp.meta({ description: 'The upload URL works until then (1 hour)' }),
    usable_until: timestamp.meta({ description: 'Sends may name the file until then (7 days)' }),
  })
  .meta({ id: 'AttachmentUpload' });

/** An attachment as GET /emails/:id lists it: never its content. */
export const emailAttachment = z
  .strictObject({
    filename: z.string(),
    content_type: z.string(),
    size: z.number().int().meta({ description: 'Decoded bytes' }),
    content_id: z.string().nullable().meta({ description: 'Set for an inline part (`cid:` in the html)' }),
    disposition: z.enum(ATTACHMENT_DISPOSITIONS),
    sha256: z.string().meta({ description: 'SHA-256 of the bytes, hex' }),
  })
  .meta({ id: 'EmailAttachment' });

export const createAttachment = defineOperation({
  endpoint: 'POST /attachments',
  permission: 'sending_access',
  operationId: 'createAttachment',
  summary: 'Upload a large attachment',
  description:
    'Declares a file (up to 25 MB) and answers a presigned `PUT` for exactly `size` bytes, valid 1 hour. Once uploaded, sends name it by `attachment_id` for 7 days; a send naming an unknown, another organization’s, expired or not yet uploaded file is refused with `400` naming `attachments[i].attachment_id`.',
  tag: 'Attachments',
  body: createAttachmentBody,
  status: 201,
  response: attachmentUpload,
  examples: { request: { filename: 'invoice-2026-11.pdf', size: 8_388_608 } },
});
