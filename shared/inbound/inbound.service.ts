/**
 * GET /inbound/:id (the record, its content, presigned URLs for its files unless a virus verdict
 * withholds them) and DELETE /inbound/:id (its files, then its items).
 */
import { gunzipSync } from 'node:zlib';
import { deleteObjects, presignDownload, readObject } from '#adapters/attachment-storage.ts';
import { config } from '#core/config.ts';
import { notFound } from '#core/errors.ts';
import { deleteInboundRecord, getInboundContent, getInboundRecord } from '#inbound/inbound.store.ts';
import {
  filesWithheld,
  type InboundContent,
  type InboundRecord,
  inboundDetail,
  isInboundId,
  type PresignedUrl,
} from '#inbound/inbound-message.ts';
import { objectKeys } from '#platform/buckets.ts';

/** Download URLs are valid this long. */
export const DOWNLOAD_URL_SECONDS = 3600;

/** A record past the deployment's retention is gone, even if it was stored under a longer one (its files are). */
const withinRetention = (record: InboundRecord): boolean =>
  Date.parse(record.received_at) + config.inboundRetentionDays * 86_400_000 > Date.now();

async function recordOf(organizationId: string, inboundId: string): Promise<InboundRecord> {
  const record = isInboundId(inboundId) ? await getInboundRecord(organizationId, inboundId) : undefined;
  if (!record || !withinRetention(record)) throw notFound('Inbound message');
  return record;
}

async function contentOf(record: InboundRecord): Promise<InboundContent> {
  const stored = await getInboundContent(record.organization_id, record.id);
  const gz = stored?.content_gz ?? (stored?.content_key ? await readObject(stored.content_key) : undefined);
  return gz ? (JSON.parse(gunzipSync(gz).toString('utf8')) as InboundContent) : { text: null, html: null, headers: [] };
}

async function downloadUrls(record: InboundRecord) {
  const attachments = new Map<string, PresignedUrl>();
  if (filesWithheld(record)) return { raw: null, attachments };
  const expires_at = new Date(Date.now() + DOWNLOAD_URL_SECONDS * 1000).toISOString();
  const presign = async (key: string, filename: string, contentType: string): Promise<PresignedUrl> => ({
    url: await presignDownload(key, { filename, contentType }, DOWNLOAD_URL_SECONDS),
    expires_at,
  });
  const organizationId = record.organization_id;
  const [raw] = await Promise.all([
    presign(objectKeys.inboundRawCopy(organizationId, record.id), `${record.id}.eml`, 'message/rfc822'),
    ...record.attachments.map(async (attachment) => {
      const key = objectKeys.inboundAttachment(organizationId, record.id, attachment.sha256);
      attachments.set(attachment.id, await presign(key, attachment.filename, attachment.content_type));
    }),
  ]);
  return { raw: raw as PresignedUrl, attachments };
}

export async function getInbound(organizationId: string, inboundId: string) {
  const record = await recordOf(organizationId, inboundId);
  const [content, urls] = await Promise.all([contentOf(record), downloadUrls(record)]);
  return inboundDetail(record, content, urls);
}

/** Deletes the files first (a failure leaves the record, and DELETE can be sent again), then the items. */
export async function deleteInbound(organizationId: string, inboundId: string): Promise<void> {
  const record = await recordOf(organizationId, inboundId);
  await deleteObjects([
    objectKeys.inboundRawCopy(organizationId, record.id),
    objectKeys.inboundContent(organizationId, record.id),
    ...new Set(
      record.attachments.map((attachment) =>
        objectKeys.inboundAttachment(organizationId, record.id, attachment.sha256),
      ),
    ),
  ]);
  if (!(await deleteInboundRecord(record))) throw notFound('Inbound message');
}
