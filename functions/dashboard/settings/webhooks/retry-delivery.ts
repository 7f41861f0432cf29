/**
 * POST /dashboard/settings/webhooks/{id}/deliveries/{delivery_id}/retry — sends an ended delivery
 * again now, once (the same service as POST /api/v1/webhooks/{id}/deliveries/{delivery_id}/retry:
 * the attempt is queued), and goes back to the delivery. A pending one is refused (409): its page
 * again with the message.
 */
import * as z from 'zod';
import { memberPage } from '#dashboard/page-handler.ts';
import { apiErrorPage } from '#dashboard/page-stack/error-page.ts';
import { deliveryPath } from '#dashboard/pages/webhooks.ts';
import { webhookDeliveryPage } from '#dashboard/webhook-pages.ts';
import { retryDelivery } from '#webhooks/webhook-retry.service.ts';

const path = z.strictObject({ id: z.string(), delivery_id: z.string() });

export const handler = memberPage(
  {
    path,
    onInvalid: async ({ member, event }, error) => {
      const { id, delivery_id: deliveryId } = event.pathParameters ?? {};
      if (error.code !== 'CONFLICT' || !id || !deliveryId) return apiErrorPage(error, member);
      return webhookDeliveryPage(member, id, deliveryId, { error, status: error.statusCode });
    },
  },
  async ({ member, path }) => {
    await retryDelivery(member.organizationId, path.id, path.delivery_id);
    return { redirect: `${deliveryPath(path.id, path.delivery_id)}?notice=retried` };
  },
);
