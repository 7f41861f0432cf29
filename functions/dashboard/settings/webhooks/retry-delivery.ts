/**
 * POST /dashboard/settings/webhooks/{id}/deliveries/{delivery_id}/retry — sends an ended delivery
 * again now, once (the same service as POST /api/v1/webhooks/{id}/deliveries/{delivery_id}/retry:
 * the attempt is queued), and goes back to the delivery. A pending one is refused (409): its page
 * again with the message.
 */
import { apiErrorPage } from '#dashboard/error-page.ts';
import { memberPage } from '#dashboard/page-handler.ts';
import { deliveryPath } from '#dashboard/webhooks/webhook-paths.ts';
import { webhookDeliveryPage } from '#dashboard/webhooks/webhooks.data.ts';
import { webhookInputs } from '#dashboard/webhooks/webhooks.schemas.ts';
import { retryDelivery } from '#webhooks/webhook-retry.service.ts';

export const handler = memberPage(
  webhookInputs.retryDelivery,
  async ({ member, path }) => {
    await retryDelivery(member.organizationId, path.id, path.delivery_id);
    return { redirect: `${deliveryPath(path.id, path.delivery_id)}?notice=retried` };
  },
  {
    onInvalid: async ({ member, event }, error) => {
      const { id, delivery_id: deliveryId } = event.pathParameters ?? {};
      if (error.code !== 'CONFLICT' || !id || !deliveryId) return apiErrorPage(error, member);
      return webhookDeliveryPage(member, id, deliveryId, { error, status: error.statusCode });
    },
  },
);
