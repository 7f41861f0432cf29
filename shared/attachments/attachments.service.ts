/**
 * Attachments: uploads declared (a presigned PUT), and an email's attachments stored before the email is,
 * so a queued email never names bytes that are not there. Blobs are immutable (created once from the very
 * bytes hashed, never replaced) and an upload is sealed at its first send, since accepted emails and
 * downloads read them by hash. Reading them back is attachment-reads.service.ts, so that readers do not
 * load the upload and type rules. The rules: docs/api.md, "Attachments"; docs/data-model.md, A1–A3.
 */

import { createHash } from 'node:crypto';
import {
  createObject,
  objectState,
  presignUpload,
  readObjectVersion,
  refreshObject,
} from '#adapters/attachment-storage.ts';
import {
  type AttachmentUpload,
  MAX_ATTACHMENT_BYTES,
  type StoredAttachment,
  UPLOAD_ID_PREFIX,
  UPLOAD_URL_SECONDS,
} from '#attachments/attachment.ts';
import type { RequestedAttachment } from '#attachments/attachment-request.ts';
import { getUpload, putUpload, sealUpload } from '#attachments/attachment-upload.store.ts';
import { contentTypeFor } from '#attachments/content-type.ts';
import { forEachLimited } from '#core/concurrency.ts';
import { ApiError, type ErrorDetail } from '#core/errors.ts';
import { isResourceId, newId } from '#core/ids.ts';
import { BLOB_REFRESH_DAYS, objectKeys, UPLOAD_USABLE_DAYS } from '#platform/buckets.ts';

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

type Refused = { ok: false; detail: ErrorDetail };
type Stored = { ok: true; attachment: StoredAttachment } | Refused;
/** An attachment whose record checks passed: its size, and how to store its bytes. */
type Checked = { ok: true; size: number; store: () => Promise<Stored> } | Refused;

const CHANGED =
  'The upload holds other bytes than at its first send (an upload is sealed to them): POST /attachments for a new file';

/**
 * Checks and stores a request's attachments; what an email then carries. Every problem of every
 * attachment is reported at once: 400 VALIDATION_ERROR naming `attachments[i].attachment_id` (an
 * unknown, foreign, expired, not yet uploaded or changed file) or `attachments` (over 25 MB in all:
 * known from the upload records, so no file is read for a request that cannot be sent, and the files
 * a send holds whole while storing them never pass 25 MB).
 */
export async function storeAttachments(
  organizationId: string,
  requested: readonly RequestedAttachment[],
): Promise<StoredAttachment[]> {
  if (requested.length === 0) return [];
  const indexes = [...requested.keys()];
  const checked: Checked[] = new Array(requested.length);
  await forEachLimited(indexes, STORE_CONCURRENCY, async (index) => {
    checked[index] = await checkAttachment(organizationId, requested[index] as RequestedAttachment, index);
  });
  const total = checked.reduce((sum, attachment) => sum + (attachment.ok ? attachment.size : 0), 0);
  if (total > MAX_ATTACHMENT_BYTES) {
    const refusals = checked.flatMap((attachment) => (attachment.ok ? [] : [attachment.detail]));
    throw new ApiError('VALIDATION_ERROR', 'The attachments cannot be sent', {
      details:
        refusals.length > 0
          ? refusals
          : [
              {
                field: 'attachments',
                message: `Attachments may total at most ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB decoded per email (uploads included)`,
              },
            ],
    });
  }
  const results: Stored[] = new Array(requested.length);
  await forEachLimited(indexes, STORE_CONCURRENCY, async (index) => {
    const attachment = checked[index] as Checked;
    results[index] = attachment.ok ? await attachment.store() : attachment;
  });
  const details = results.flatMap((result) => (result.ok ? [] : [result.detail]));
  if (details.length > 0) throw new ApiError('VALIDATION_ERROR', 'The attachments cannot be sent', { details });
  return results.flatMap((result) => (result.ok ? [result.attachment] : []));
}

const described = (attachment: RequestedAttachment, bytes: { sha256: string; size: number }): StoredAttachment => ({
  filename: attachment.filename,
  content_type: attachment.content_type ?? contentTypeFor(attachment.filename),
  size: bytes.size,
  content_id: attachment.content_id,
  disposition: attachment.disposition,
  sha256: bytes.sha256,
});

const sha256Of = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

async function checkAttachment(
  organizationId: string,
  attachment: RequestedAttachment,
  index: number,
): Promise<Checked> {
  if (attachment.source.kind === 'content') {
    const { bytes } = attachment.source;
    return { ok: true, size: bytes.length, store: () => storeContent(organizationId, attachment, bytes) };
  }
  const attachmentId = attachment.source.attachment_id;
  const refused = (message: string): Refused => ({
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
  return { ok: true, size: upload.size, store: () => storeUpload(organizationId, attachment, upload, refused) };
}

async function storeContent(organizationId: string, attachment: RequestedAttachment, bytes: Buffer): Promise<Stored> {
  const sha256 = sha256Of(bytes);
  await keepBlob(organizationId, sha256, bytes);
  return { ok: true, attachment: described(attachment, { sha256, size: bytes.length }) };
}

/**
 * Makes sure the organization has the blob of `sha256`, never replacing one: a blob already there is
 * kept (copied onto itself when older than BLOB_REFRESH_DAYS, which restarts its lifecycle clock);
 * else it is created from `bytes`, which hash to `sha256`. False when there is none and no bytes.
 */
async function keepBlob(organizationId: string, sha256: string, bytes?: Buffer): Promise<boolean> {
  const key = objectKeys.blob(organizationId, sha256);
  const stored = await objectState(key);
  if (stored) {
    const fresh = Date.now() - stored.lastModified.getTime() < BLOB_REFRESH_DAYS * DAY_MS;
    if (fresh || (await refreshObject(key))) return true;
  }
  if (!bytes) return false;
  // Not created: another send created it meanwhile, from bytes of the same hash.
  await createObject(key, bytes);
  return true;
}

async function storeUpload(
  organizationId: string,
  attachment: RequestedAttachment,
  upload: AttachmentUpload,
  refused: (message: string) => Refused,
): Promise<Stored> {
  const uploadKey = objectKeys.upload(organizationId, upload.id);
  const stored = (sha256: string): Stored => {
    const contentType = attachment.content_type ?? upload.content_type;
    return {
      ok: true,
      attachment: described({ ...attachment, content_type: contentType }, { sha256, size: upload.size }),
    };
  };
  if (upload.sha256 && upload.etag) {
    // Sealed: its blob is carried, and only while the upload still holds the bytes it was sealed to.
    const current = await objectState(uploadKey);
    if (!current) return refused('The uploaded file is no longer stored');
    if (current.etag !== upload.etag) return refused(CHANGED);
    if (await keepBlob(organizationId, upload.sha256)) return stored(upload.sha256);
    // The blob is gone (it outlives a usable upload: only if removed by hand): read the upload again.
  }
  // The first send (or one hashed before uploads were sealed): the bytes are read once, hashed, and
  // those very bytes stored, whatever the upload URL PUTs meanwhile.
  const uploaded = await readObjectVersion(uploadKey);
  if (!uploaded) return refused('The file has not been uploaded yet: PUT it to the upload_url first');
  if (uploaded.bytes.length !== upload.size) {
    return refused(`The upload holds ${uploaded.bytes.length} bytes, not the ${upload.size} declared`);
  }
  const sha256 = sha256Of(uploaded.bytes);
  await keepBlob(organizationId, sha256, uploaded.bytes);
  // Sealed to other bytes already (a concurrent first send read a later PUT): refused.
  if (!(await sealUpload(organizationId, upload.id, { sha256, etag: uploaded.etag }))) return refused(CHANGED);
  return stored(sha256);
}
