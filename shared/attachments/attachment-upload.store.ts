/**
 * Upload entity (POST /attachments).
 *   upload  PK=UPLOAD#<org>#<att id>  SK=UPLOAD   the declared file; `sha256` once a send read it;
 *                                                 expires by TTL a day after it stops being usable
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AttachmentUpload } from '#attachments/attachment.ts';
import { db, tableName } from '#dynamo/client.ts';
import { keys } from '#dynamo/keys.ts';
import { withoutTableKeys } from '#dynamo/reads.ts';

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

/** Remembers the uploaded bytes' hash, so later sends of the same upload need not read them. */
export async function setUploadHash(organizationId: string, attachmentId: string, sha256: string): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.attachmentUpload(organizationId, attachmentId),
      UpdateExpression: 'SET sha256 = :sha256',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':sha256': sha256 },
    }),
  );
}
