/** A delivery sent again by hand (POST …/deliveries/:id/retry): reopened, then queued for the consumer. */
import { enqueueDeliveries } from '#adapters/webhook-queue.ts';
import { ApiError } from '#core/errors.ts';
import { nowIso } from '#core/ids.ts';
import { reopenDelivery } from '#webhooks/webhook-delivery.store.ts';
import { deliverySummaryView } from '#webhooks/webhook-delivery.ts';
import { findDelivery } from '#webhooks/webhook-delivery-log.service.ts';

/** Sends an ended delivery again now (one attempt, same `webhook-id`): 409 while it is still pending. */
export async function retryDelivery(organizationId: string, webhookId: string, id: string) {
  const delivery = await findDelivery(organizationId, webhookId, id);
  const reopened = await reopenDelivery(delivery, nowIso());
  if (!reopened) throw new ApiError('CONFLICT', 'The delivery is pending already: its next attempt is scheduled');
  await enqueueDeliveries([
    {
      message: {
        organization_id: organizationId,
        webhook_id: webhookId,
        delivery_id: id,
        attempt_count: reopened.attempt_count,
      },
      delaySeconds: 0,
    },
  ]);
  return deliverySummaryView(reopened);
}
