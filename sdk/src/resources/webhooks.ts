/**
 * `postbox.webhooks`: the endpoints Postbox sends events to, their secrets and their delivery log.
 * Verifying a delivery you receive is ../webhook-verification.ts. See docs/api.md.
 */
import type { RequestOptions } from '../options.js';
import { everyItem } from '../pagination.js';
import { segment, type Transport } from '../transport.js';
import type {
  CreateWebhookRequest,
  ListWebhookDeliveriesQuery,
  ResponseBody,
  ResponseData,
  UpdateWebhookRequest,
  WebhookDeliverySummary,
} from '../types.js';

export class Webhooks {
  readonly #http: Transport;
  constructor(http: Transport) {
    this.#http = http;
  }

  /**
   * `POST /webhooks`: the answer's `secret` is shown only here. Not retried after a network error or
   * a 5xx (a retry could add the endpoint twice).
   */
  create(webhook: CreateWebhookRequest, options?: RequestOptions): Promise<ResponseData<'createWebhook'>> {
    return this.#http.data({ method: 'POST', path: '/webhooks', body: webhook, options });
  }

  /** `GET /webhooks`: every endpoint, oldest first (at most 20). */
  list(options?: RequestOptions): Promise<ResponseData<'listWebhooks'>> {
    return this.#http.data({ method: 'GET', path: '/webhooks', options });
  }

  /** `GET /webhooks/{id}` (never the secret). */
  get(id: string, options?: RequestOptions): Promise<ResponseData<'getWebhook'>> {
    return this.#http.data({ method: 'GET', path: `/webhooks/${segment(id)}`, options });
  }

  /** `PATCH /webhooks/{id}`: only the fields given change. */
  update(id: string, changes: UpdateWebhookRequest, options?: RequestOptions): Promise<ResponseData<'updateWebhook'>> {
    return this.#http.data({ method: 'PATCH', path: `/webhooks/${segment(id)}`, body: changes, options });
  }

  /** `DELETE /webhooks/{id}`. */
  delete(id: string, options?: RequestOptions): Promise<ResponseData<'deleteWebhook'>> {
    return this.#http.data({ method: 'DELETE', path: `/webhooks/${segment(id)}`, options });
  }

  /**
   * `POST /webhooks/{id}/rotate-secret`: the new secret (shown only here); the previous one keeps
   * signing for 24 hours. Not retried after a network error or a 5xx (a retry would rotate again).
   */
  rotateSecret(id: string, options?: RequestOptions): Promise<ResponseData<'rotateWebhookSecret'>> {
    return this.#http.data({ method: 'POST', path: `/webhooks/${segment(id)}/rotate-secret`, options });
  }

  /** `POST /webhooks/{id}/test`: sends a signed `webhook.test` event now and answers with the attempt. */
  test(id: string, options?: RequestOptions): Promise<ResponseData<'testWebhook'>> {
    return this.#http.data({ method: 'POST', path: `/webhooks/${segment(id)}/test`, options });
  }

  /** `GET /webhooks/{id}/deliveries`: one page, newest event first (`status` filters). */
  listDeliveries(
    id: string,
    query: ListWebhookDeliveriesQuery = {},
    options?: RequestOptions,
  ): Promise<ResponseBody<'listWebhookDeliveries'>> {
    return this.#http.request({ method: 'GET', path: `/webhooks/${segment(id)}/deliveries`, query, options });
  }

  /** Every delivery of the endpoint matching `query`, across pages. */
  listAllDeliveries(
    id: string,
    query: ListWebhookDeliveriesQuery = {},
    options?: RequestOptions,
  ): AsyncGenerator<WebhookDeliverySummary, void, undefined> {
    return everyItem((page) => this.listDeliveries(id, { limit: 100, ...query, page }, options), query.page);
  }

  /** `GET /webhooks/{id}/deliveries/{delivery_id}`: with its payload and every attempt. */
  getDelivery(id: string, deliveryId: string, options?: RequestOptions): Promise<ResponseData<'getWebhookDelivery'>> {
    return this.#http.data({
      method: 'GET',
      path: `/webhooks/${segment(id)}/deliveries/${segment(deliveryId)}`,
      options,
    });
  }

  /** `POST /webhooks/{id}/deliveries/{delivery_id}/retry`: one attempt now, same `webhook-id` (409 while pending). */
  retryDelivery(
    id: string,
    deliveryId: string,
    options?: RequestOptions,
  ): Promise<ResponseData<'retryWebhookDelivery'>> {
    return this.#http.data({
      method: 'POST',
      path: `/webhooks/${segment(id)}/deliveries/${segment(deliveryId)}/retry`,
      options,
    });
  }
}
