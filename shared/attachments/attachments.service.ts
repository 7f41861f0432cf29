/**
 * Attachments: uploads declared (a presigned PUT) and an email's attachments stored (bytes once per
 * organization and content: a blob keyed by SHA-256, shared/platform/buckets.ts). Reading them back
 * (the hand-over to SES, the dashboard's downloads) is attachment-reads.service.ts, so that readers do
 * not load the upload and type rules.
 *
 * Storing is part of accepting a send: every attachment of the request is checked and written
 * before the email is, so a queued email never names bytes that are not there. An upload named by
 * `attachment_id` must be this organization's, still usable (7 days), and uploaded in full; its
 * bytes are hashed once (the hash is kept on the upload) and copied server-side to their blob.
 */

import { createHash } from 'node:crypto';
import { copyObject, hashObject, presignUpload, putObject } from '#adapters/attachment-storage.ts';
import {
  type AttachmentUpload,
  MAX_ATTACHMENT_BYTES,
  type StoredAttachment,
  UPLOAD_ID_PREFIX,
  UPLOAD_URL_SECONDS,
} from '#attachments/attachment.ts';
import type { RequestedAttachment } from '#attachments/attachment-request.ts';
import { getUpload, putUpload, setUploadHash } from '#attachments/attachment-upload.store.ts';
import { contentTypeFor } from '#attachments/content-type.ts';
import { forEachLimited } from '#core/concurrency.ts';
import { ApiError, type ErrorDetail } from '#core/errors.ts';
import { isResourceId, newId } from '#core/ids.ts';
import { objectKeys, UPLOAD_USABLE_DAYS } from '#platform/buckets.ts';

const DAY_MS = 86_400_000;
/** S3 requests of one send in flight at once (20 attachments at most). */
const STORE_CONCURRENCY = 8;

export interface UploadRequest {
  filename: string;
  content_type?: string | undefined;
  size: number;
}

/** POST /attachments: the upload's id and its presigned PUT (exactly `size` bytes, for an hour). */
export async function createUpload(organizationId: string, request: UploadRequest) {
  const now = Date.now();
  const upload: AttachmentUpload = {
    id: newId(UPLOAD_ID_PREFIX),
    organization_id: organizationId,
    filename: request.filename,
    content_type: request.content_type?.toLowerCase() ?? contentTypeFor(request.filename),
    size: request.size,
    created_at: new Date(now).toISOString(),
    upload_expires_at: new Date(now + UPLOAD_URL_SECONDS * 1000).toISOString(),
    usable_until: new Date(now + UPLOAD_USABLE_DAYS * DAY_MS).toISOString(),
  };
  const [, presigned] = await Promise.all([
    putUpload(upload),
    presignUpload(objectKeys.upload(organizationId, upload.id), upload.size, upload.content_type, UPLOAD_URL_SECONDS),
  ]);
  return {
    id: upload.id,
    filename: upload.filename,
    content_type: upload.content_type,
    size: upload.size,
    upload_url: presigned.url,
    upload_method: 'PUT' as const,
    upload_headers: presigned.headers,
    expires_at: upload.upload_expires_at,
    usable_until: upload.usable_until,
  };
}

type Stored = { ok: true; attachment: StoredAttachment } | { ok: false; detail: ErrorDetail };

/**
 * Checks and stores a request's attachments; what an email then carries. Every problem of every
 * attachment is reported at once: 400 VALIDATION_ERROR naming `attachments[i].attachment_id` (an
 * unknown, foreign, expired or not yet uploaded file) or `attachments` (over 25 MB in all).
 */
export async function storeAttachments(
  organizationId: string,
  requested: readonly RequestedAttachment[],
): Promise<StoredAttachment[]> {
  if (requested.length === 0) return [];
  const results: Stored[] = new Array(requested.length);
  await forEachLimited([...requested.keys()], STORE_CONCURRENCY, async (index) => {
    const attachment = requested[index] as RequestedAttachment;
    results[index] =
      attachment.source.kind === 'content'
        ? await storeContent(organizationId, attachment, attachment.source.bytes)
        : await storeUpload(organizationId, attachment, attachment.source.attachment_id, index);
  });
  const details = results.flatMap((result) => (result.ok ? [] : [result.detail]));
  const stored = results.flatMap((result) => (result.ok ? [result.attachment] : []));
  const total = stored.reduce((sum, attachment) => sum + attachment.size, 0);
  if (details.length === 0 && total > MAX_ATTACHMENT_BYTES) {
    details.push({
      field: 'attachments',
      message: `Attachments may total at most ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB decoded per email (uploads included)`,
    });
  }
  if (details.length > 0) throw new ApiError('VALIDATION_ERROR', 'The attachments cannot be sent', { details });
  return stored;
}

const described = (attachment: RequestedAttachment, bytes: { sha256: string; size: number }): StoredAttachment => ({
  filename: attachment.filename,
  content_type: attachment.content_type,
  size: bytes.size,
  content_id: attachment.content_id,
  disposition: attachment.disposition,
  sha256: bytes.sha256,
});

async function storeContent(organizationId: string, attachment: RequestedAttachment, bytes: Buffer): Promise<Stored> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await putObject(objectKeys.blob(organizationId, sha256), bytes);
  return { ok: true, attachment: described(attachment, { sha256, size: bytes.length }) };
}

async function storeUpload(
  organizationId: string,
  attachment: RequestedAttachment,
  attachmentId: string,
  index: number,
): Promise<Stored> {
  const refused = (message: string): Stored => ({
    ok: false,
    detail: { field: `attachments[${index}].attachment_id`, message },
  });
  // Another organization's id finds nothing: the upload's key names the organization.
  const upload = isResourceId(UPLOAD_ID_PREFIX, attachmentId)
    ? await getUpload(organizationId, attachmentId)
    : undefined;
  if (!upload) return refused('No such upload (POST /attachments returns the id)');
  if (Date.parse(upload.usable_until) <= Date.now()) {
    return refused(`The upload expired at ${upload.usable_until} (uploads are usable for ${UPLOAD_USABLE_DAYS} days)`);
  }
  const uploadKey = objectKeys.upload(organizationId, attachmentId);
  let sha256 = upload.sha256;
  if (!sha256) {
    const uploaded = await hashObject(uploadKey);
    if (!uploaded) return refused('The file has not been uploaded yet: PUT it to the upload_url first');
    if (uploaded.size !== upload.size) {
      return refused(`The upload holds ${uploaded.size} bytes, not the ${upload.size} declared`);
    }
    sha256 = uploaded.sha256;
    await setUploadHash(organizationId, attachmentId, sha256);
  }
  if (!(await copyObject(uploadKey, objectKeys.blob(organizationId, sha256)))) {
    return refused('The uploaded file is no longer stored');
  }
  const contentType = attachment.content_type_given ? attachment.content_type : upload.content_type;
  return {
    ok: true,
    attachment: described({ ...attachment, content_type: contentType }, { sha256, size: upload.size }),
  };
}
