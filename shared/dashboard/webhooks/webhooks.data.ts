/**
 * What the webhook pages read through the webhook services (the API's), handed to their views, and
 * the page again after a refused form or action. Every read is of the member's organization: another
 * organization's endpoint or delivery is 404, exactly like an unknown id (the services').
 */
import type { ApiError } from '#core/errors.ts';
import { apiErrorPage } from '#dashboard/error-page.ts';
import type { PageMember } from '#dashboard/layout.ts';
import type { PageResult } from '#dashboard/page-result.ts';
import { DELIVERIES_PAGE_LIMIT, type DeliveryPageState, deliveryPage } from '#dashboard/webhooks/deliveries.view.ts';
import {
  type WebhookPageState,
  type WebhooksPageState,
  webhookPage,
  webhooksPage,
} from '#dashboard/webhooks/endpoints.view.ts';
import { webhookFormValues } from '#dashboard/webhooks/webhooks.schemas.ts';
import type { DeliveryStatus } from '#webhooks/webhook-delivery.ts';
import { getDeliveryView, listDeliveries } from '#webhooks/webhook-delivery-log.service.ts';
import { getWebhookView, listWebhooks } from '#webhooks/webhooks.service.ts';

/** The log's page asked for (the first, unfiltered, unless told). */
export interface DeliveriesQuery {
  page: number;
  limit: number;
  status?: DeliveryStatus | undefined;
}

const FIRST_PAGE: DeliveriesQuery = { page: 1, limit: DELIVERIES_PAGE_LIMIT };

/** GET /dashboard/settings/webhooks, or what its form's post shows. */
export async function webhooksListPage(
  member: PageMember,
  state: Omit<WebhooksPageState, 'member' | 'webhooks'> = {},
): Promise<PageResult> {
  return webhooksPage({ member, webhooks: await listWebhooks(member.organizationId), ...state });
}

/** GET /dashboard/settings/webhooks/{id}, or what one of its posts shows: the endpoint and a page of its log. */
export async function webhookDetailPage(
  member: PageMember,
  webhookId: string,
  state: Omit<WebhookPageState, 'member' | 'webhook' | 'deliveries' | 'deliveryStatus'> & {
    query?: DeliveriesQuery;
  } = {},
): Promise<PageResult> {
  const { query = FIRST_PAGE, ...rest } = state;
  const [webhook, deliveries] = await Promise.all([
    getWebhookView(member.organizationId, webhookId),
    listDeliveries(member.organizationId, webhookId, query),
  ]);
  return webhookPage({ member, webhook, deliveries, deliveryStatus: query.status, ...rest });
}

/** GET /dashboard/settings/webhooks/{id}/deliveries/{delivery_id}, or it again after a refused retry. */
export async function webhookDeliveryPage(
  member: PageMember,
  webhookId: string,
  deliveryId: string,
  state: Omit<DeliveryPageState, 'member' | 'webhook' | 'delivery'> = {},
): Promise<PageResult> {
  const [webhook, delivery] = await Promise.all([
    getWebhookView(member.organizationId, webhookId),
    getDeliveryView(member.organizationId, webhookId, deliveryId),
  ]);
  return deliveryPage({ member, webhook, delivery, ...state });
}

/**
 * POST /dashboard/settings/webhooks/{id} refused: a form problem shows the endpoint's page again
 * with what was typed (400); anything else (404, 409) is its error page.
 */
export function editFormAgain(
  member: PageMember,
  webhookId: string,
  form: Readonly<Record<string, string>>,
  error: ApiError,
): Promise<PageResult> {
  if (error.code !== 'VALIDATION_ERROR') return Promise.resolve(apiErrorPage(error, member));
  return webhookDetailPage(member, webhookId, {
    form: { values: webhookFormValues(form), error },
    status: error.statusCode,
  });
}
