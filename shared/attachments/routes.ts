/** Uploading an attachment ahead of its sends: a presigned PUT to the attachments bucket. */
import { createAttachment } from '#attachments/attachments.contract.ts';
import { apiRoute, type FeatureRoutes } from '#platform/routes.ts';

export const attachmentRoutes: FeatureRoutes = {
  api: [apiRoute(createAttachment, 'functions/attachments/create.ts', { table: ['write'], attachments: ['upload'] })],
};
