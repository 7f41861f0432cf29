/** Where the webhook pages are: the addresses their views link to and their handlers redirect to. */
export const WEBHOOKS_PATH = '/dashboard/settings/webhooks';
export const webhookPath = (webhookId: string): string => `${WEBHOOKS_PATH}/${encodeURIComponent(webhookId)}`;
export const deletePath = (webhookId: string): string => `${webhookPath(webhookId)}/delete`;
export const deliveryPath = (webhookId: string, deliveryId: string): string =>
  `${webhookPath(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}`;
