/** POST /api/v1/attachments — a presigned upload for a file sends then name by `attachment_id`. */
import { createAttachment as operation } from '#attachments/attachments.contract.ts';
import { createUpload } from '#attachments/attachments.service.ts';
import { apiHandler } from '#http/api-handler.ts';
import { created } from '#http/response.ts';

export const handler = apiHandler(operation, async ({ caller, body }) =>
  // The upload URL is a credential (a presigned PUT, valid an hour): never cached.
  created(await createUpload(caller.organizationId, body), { holdsSecret: true }),
);
