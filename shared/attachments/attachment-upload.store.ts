/**
 * Upload entity (POST /attachments).
 *   upload  PK=UPLOAD#<org>#<att id>  SK=UPLOAD   the declared file; `sha256` and `etag` once a send
 *                                                 read it (sealed); expires by TTL a day after it
 *                                                 stops being usable
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AttachmentUpload } from '#attachments/attachment.ts';
import { db, tableName } from '#dynamo/client.ts';
import { keys } from '#dynamo/keys.ts';
import { withoutTableKeys } from '#dynamo/reads.ts';
import { conditionalWrite } from '#dynamo/writes.ts';

const DAY_SECONDS = 86_400;

export async function putUpload(upload: AttachmentUpload): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName,
      Item: {
        ...keys.attachmentUpload(upload.organization_id, upload.id),
        type: 'attachment_upload',
        ...upload,
        expires_at: Math.floor(Date.parse(upload.usable_until) / 1000) + DAY_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

/** The organization's upload of that id (another organization's is not found: the key names the organization). */
export async function getUpload(organizationId: string, attachmentId: string): Promise<AttachmentUpload | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.attachmentUpload(organizationId, attachmentId) }),
  );
  if (!Item) return undefined;
  const { expires_at: _ttl, ...upload } = withoutTableKeys(Item) as Record<string, unknown>;
  return upload as unknown as AttachmentUpload;
}

/**
 * Seals the upload to the bytes its first send read: their SHA-256 and the ETag S3 gave them. Later
 * sends carry that blob and refuse the upload once its object holds anything else. False when the
 * upload is already sealed to other bytes (a concurrent first send read a later PUT, or a send before
 * ETags were kept read other bytes): this send must not carry it.
 */
export async function sealUpload(
  organizationId: string,
  attachmentId: string,
  sealed: { sha256: string; etag: string },
): Promise<boolean> {
  return conditionalWrite(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.attachmentUpload(organizationId, attachmentId),
      UpdateExpression: 'SET sha256 = :sha256, etag = :etag',
      ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(sha256) OR sha256 = :sha256)',
      ExpressionAttributeValues: { ':sha256': sealed.sha256, ':etag': sealed.etag },
    }),
  );
}
