/**
 * One attempt of a delivery: the payload signed afresh (a new timestamp, the same `webhook-id`) and
 * posted through the SSRF-checked client. Used by the webhook consumer and the test event.
 */
import { postWebhook, type WebhookPostResult } from '#adapters/webhook-http.ts';
import { config } from '#core/config.ts';
import { signingSecrets, type WebhookItem } from '#webhooks/webhook.ts';
import type { DeliveryAttempt, WebhookDeliveryItem } from '#webhooks/webhook-delivery.ts';
import { signedHeaders } from '#webhooks/webhook-signature.ts';

const dnsServers = (process.env.DNS_SERVERS ?? '')
  .split(',')
  .map((server) => server.trim())
  .filter(Boolean);

/** Signs and posts the delivery's payload to the endpoint once; never throws for the endpoint's faults. */
export async function attemptOnce(
  endpoint: WebhookItem,
  delivery: Pick<WebhookDeliveryItem, 'id' | 'payload'>,
  timeoutMs: number = config.webhookTimeoutMs,
): Promise<{ attempt: DeliveryAttempt; result: WebhookPostResult }> {
  const now = new Date();
  const result = await postWebhook({
    url: endpoint.url,
    headers: { ...signedHeaders(delivery.id, signingSecrets(endpoint, now), delivery.payload, now) },
    body: delivery.payload,
    timeoutMs,
    allowPrivateTargets: config.webhookAllowPrivateTargets,
    ...(dnsServers.length > 0 ? { dnsServers } : {}),
  });
  return {
    attempt: {
      attempted_at: now.toISOString(),
      status_code: result.status_code,
      duration_ms: result.duration_ms,
      error: result.error,
      response_body: result.response_body,
    },
    result,
  };
}
