/**
 * The Postbox API's types, generated from docs/openapi.json by openapi-typescript (`npm run sdk:types`).
 * Do not edit: change the API's contracts, then run `npm run generate`.
 */

export interface paths {
  '/settings/auto-validation': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get the auto-validation threshold */
    get: operations['getAutoValidation'];
    /**
     * Set the auto-validation threshold
     * @description Recipients the threshold refuses make a send fail with `400 RECIPIENTS_INVALID`.
     */
    put: operations['putAutoValidation'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/settings/tracking': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get the tracking defaults
     * @description Whether sends track opens and clicks when their `tracking` field does not say. Both off by default.
     */
    get: operations['getTracking'];
    /**
     * Set the tracking defaults
     * @description Applies to emails accepted from now on (an email keeps the switches it was accepted with: `tracking` on GET /emails/{id}).
     */
    put: operations['putTracking'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api-key': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Describe the calling API key
     * @description What the key in the `Authorization` header is and may do; any key may call it. Answered from the key the request authenticated with: no secret, no other key.
     */
    get: operations['getApiKey'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/domains': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List domains
     * @description Every domain of the organization, oldest first (not paginated: at most 1,000).
     */
    get: operations['listDomains'];
    put?: never;
    /**
     * Add a sending domain
     * @description Creates the domain with its own DKIM key and answers the DNS records to publish. `409 CONFLICT` when the organization already has it, has 1,000 domains, or another organization has verified it.
     */
    post: operations['addDomain'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/domains/{id}/verify': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Check a domain’s DNS records now
     * @description Looks up the SPF and DKIM records (and, with a custom MAIL FROM domain, its MX and SPF records) now and answers the domain with the result. A DNS failure means “not verified”, never an error. `409 CONFLICT` when another organization verified the domain first.
     */
    get: operations['verifyDomain'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/domains/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Change a domain’s custom MAIL FROM or receiving
     * @description Sets the custom MAIL FROM subdomain (`{"mail_from_subdomain": "bounce"}` → `bounce.<domain>`) or removes it (`null`). Its MX and SPF records join `dns_records`; verify checks them (`mail_from_verified`) and gives the SES identity the new MAIL FROM domain (SES uses it once it finds the MX record; until then, its own). `{"receiving": true}` receives the mail sent to the domain (while it is verified): the `receiving_mx` record joins `dns_records`, and verify checks it (`receiving_verified`). Either change alone, or both.
     */
    patch: operations['updateDomain'];
    trace?: never;
  };
  '/emails/send': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send an email
     * @description Accepts one email (inline content or a template) and queues it for delivery; `scheduled_at` sends it later. Checks run in order: the request, the template, the sender’s domain (within the key’s domains, then verified), suppressions, auto-validation, the sending limit. See docs/api.md, “Emails”.
     */
    post: operations['sendEmail'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/emails/batch': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a template to many recipients
     * @description One template, up to 1,000 recipients, each with its own `data`. A problem with one entry rejects only that entry (`rejected`); the others are sent. See docs/api.md, “Batch send”.
     */
    post: operations['sendBatch'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/emails': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List emails
     * @description Newest first. `total_count` counts every email matching the filters. `page` × `limit` may be at most 10,000 for a page that holds emails: narrow the dates to reach older ones.
     */
    get: operations['listEmails'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/emails/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get an email
     * @description The email with its content and its events (sent, delivered, bounced, opened…).
     */
    get: operations['getEmail'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/emails/{id}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel a scheduled email
     * @description Cancels an email Postbox still holds (`queued`, not handed to SES): it becomes `failed` with a `cancelled` event. `409 CONFLICT` once it is handed over, being handed over, or already final.
     */
    post: operations['cancelEmail'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/inbound': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List received messages
     * @description Newest first, without bodies or headers. `total_count` counts what the filters select.
     */
    get: operations['listInbound'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/inbound/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a received message
     * @description With its text, html, headers and presigned download URLs (valid 1 hour) for its attachments and raw message.
     */
    get: operations['getInbound'];
    put?: never;
    post?: never;
    /**
     * Delete a received message
     * @description Removes the record, its raw message and its attachments before it answers.
     */
    delete: operations['deleteInbound'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/emails/validate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Validate an address
     * @description Syntax, the domain’s mail servers, disposable and role addresses, typos and suppressions; nothing is sent.
     */
    post: operations['validateAddress'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/emails/validate/batch': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Validate up to 1,000 addresses
     * @description One result per address, in the order sent.
     */
    post: operations['validateAddresses'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/attachments': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Upload a large attachment
     * @description Declares a file (up to 25 MB) and answers a presigned `PUT` for exactly `size` bytes, valid 1 hour. Once uploaded, sends name it by `attachment_id` for 7 days; a send naming an unknown, another organization’s, expired or not yet uploaded file is refused with `400` naming `attachments[i].attachment_id`.
     */
    post: operations['createAttachment'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/suppressions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List suppressed addresses
     * @description Newest first.
     */
    get: operations['listSuppressions'];
    put?: never;
    /**
     * Suppress an address
     * @description Stops every send to the address. An address already suppressed keeps its entry (same `id`, `source` and `created_at`) with the new reason.
     */
    post: operations['addSuppression'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/suppressions/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a suppression
     * @description The address can receive email again.
     */
    delete: operations['removeSuppression'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/templates': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List templates
     * @description Newest first; `search` matches the name or subject (case-insensitive substring).
     */
    get: operations['listTemplates'];
    put?: never;
    /**
     * Create a template
     * @description Handlebars-style `{{variables}}` in the subject and bodies; an optional `variable_schema` types them.
     */
    post: operations['createTemplate'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/templates/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a template
     * @description Active or deleted, with its usage over the last 30 days.
     */
    get: operations['getTemplate'];
    /**
     * Update a template
     * @description Changes the fields given; sends accepted before keep what they rendered.
     */
    put: operations['updateTemplate'];
    post?: never;
    /**
     * Delete a template
     * @description Soft: `is_active` becomes `false` and sends with it are refused. Deleting twice is fine.
     */
    delete: operations['deleteTemplate'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/templates/{id}/preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Preview a template
     * @description Renders with `data` without sending; problems a send would refuse are `warnings`.
     */
    post: operations['previewTemplate'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/metrics': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Deliverability metrics
     * @description Counts per recipient of `sent`, `delivered`, `bounced` (hard/soft), `complained`, `opened`, `clicked`, `failed`, `unsubscribed` over a range, with bounce and complaint rates over `sent`. Up to 90 days by day or 7 days by hour; default: the last 30 days by day (by hour: the last 24 hours). The cost of a call depends on the number of buckets, never on the number of emails.
     */
    get: operations['getMetrics'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/settings/sending': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The sending guard’s state
     * @description For the API key’s environment: whether the guard is on (`enabled`: by default on for live, off for test), `active` or `paused` (with when and why), the bounce and complaint rates of the last 24 hours (only since the last resume, when one happened), and the thresholds. An operator resumes with `npm run admin -- resume-sending`.
     */
    get: operations['getSendingSettings'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List webhook endpoints
     * @description Every endpoint of the organization, oldest first (not paginated: at most 20).
     */
    get: operations['listWebhooks'];
    put?: never;
    /**
     * Add a webhook endpoint
     * @description Its `secret` is shown only in this answer (and at rotation). At most 20 endpoints per organization (`409 CONFLICT` beyond).
     */
    post: operations['createWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get a webhook endpoint */
    get: operations['getWebhook'];
    put?: never;
    post?: never;
    /** Delete a webhook endpoint */
    delete: operations['deleteWebhook'];
    options?: never;
    head?: never;
    /**
     * Change a webhook endpoint
     * @description Changes the fields given. `enabled: true` clears `disabled_reason`; `enabled: false` sets it to `manual`.
     */
    patch: operations['updateWebhook'];
    trace?: never;
  };
  '/webhooks/{id}/rotate-secret': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Rotate a webhook endpoint’s secret
     * @description A new secret signs from now on; the one it replaces keeps signing alongside for 24 hours (deliveries carry both signatures), so a receiver can switch without missing one.
     */
    post: operations['rotateWebhookSecret'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{id}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a test event to a webhook endpoint
     * @description Sends a signed `webhook.test` event now (also to a disabled endpoint) and answers with the attempt. The delivery is logged like any other, without retries. Each test is an outbound request, so besides the organization’s rate there is a window of its own: 10 tests per minute per organization (the dashboard’s test button counts in it too), then `429 RATE_LIMITED` with `Retry-After`.
     */
    post: operations['testWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{id}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a webhook endpoint’s deliveries
     * @description Newest event first; kept 30 days.
     */
    get: operations['listWebhookDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{id}/deliveries/{delivery_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a webhook delivery
     * @description With its payload and every attempt (status, duration, error, the first 1 KB of the answer).
     */
    get: operations['getWebhookDelivery'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/webhooks/{id}/deliveries/{delivery_id}/retry': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Retry a webhook delivery
     * @description Sends an ended delivery (`succeeded` or `failed`) again now, once, with the same `webhook-id`. `409 CONFLICT` while it is still pending.
     */
    post: operations['retryWebhookDelivery'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/openapi.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The OpenAPI document
     * @description This document (OpenAPI 3.1). No API key needed; cacheable.
     */
    get: operations['getOpenApiDocument'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/unsubscribe/{token}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The unsubscribe confirmation page
     * @description Names the sender and the recipient, with a button that POSTs. Never unsubscribes: link scanners follow links.
     */
    get: operations['showUnsubscribePage'];
    put?: never;
    /**
     * One-click unsubscribe (RFC 8058)
     * @description What mailbox providers post (`List-Unsubscribe=One-Click`; the body is not required, the token is the authority): suppresses the recipient (`unsubscribe`, `automatic`), records an `unsubscribed` event on the email and fires `email.unsubscribed`. Repeating it changes nothing.
     */
    post: operations['unsubscribeOneClick'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface webhooks {
  'email.sent': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * An email’s sent event
     * @description Posted to each subscribed endpoint, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`). Answer 2xx within 10 s; anything else is retried (410 disables the endpoint).
     */
    post: operations['webhook_email_sent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'email.delivered': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * An email’s delivered event
     * @description Posted to each subscribed endpoint, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`). Answer 2xx within 10 s; anything else is retried (410 disables the endpoint).
     */
    post: operations['webhook_email_delivered'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'email.delivery_delayed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * An email’s delivery delayed event
     * @description Posted to each subscribed endpoint, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`). Answer 2xx within 10 s; anything else is retried (410 disables the endpoint).
     */
    post: operations['webhook_email_delivery_delayed'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'email.bounced': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * An email’s bounced event
     * @description Posted to each subscribed endpoint, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`). Answer 2xx within 10 s; anything else is retried (410 disables the endpoint).
     */
    post: operations['webhook_email_bounced'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'email.complained': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * An email’s complained event
     * @description Posted to each subscribed endpoint, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`). Answer 2xx within 10 s; anything else is retried (410 disables the endpoint).
     */
    post: operations['webhook_email_complained'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'email.opened': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * An email’s opened event
     * @description Posted to each subscribed endpoint, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`). Answer 2xx within 10 s; anything else is retried (410 disables the endpoint).
     */
    post: operations['webhook_email_opened'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'email.clicked': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * An email’s clicked event
     * @description Posted to each subscribed endpoint, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`). Answer 2xx within 10 s; anything else is retried (410 disables the endpoint).
     */
    post: operations['webhook_email_clicked'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'email.failed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * An email’s failed event
     * @description Posted to each subscribed endpoint, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`). Answer 2xx within 10 s; anything else is retried (410 disables the endpoint).
     */
    post: operations['webhook_email_failed'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'email.cancelled': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * An email’s cancelled event
     * @description Posted to each subscribed endpoint, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`). Answer 2xx within 10 s; anything else is retried (410 disables the endpoint).
     */
    post: operations['webhook_email_cancelled'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'email.unsubscribed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * An email’s unsubscribed event
     * @description Posted to each subscribed endpoint, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`). Answer 2xx within 10 s; anything else is retried (410 disables the endpoint).
     */
    post: operations['webhook_email_unsubscribed'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'email.received': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A message was received at one of your domains (bodies inline up to 64 KB each)
     * @description Posted to each subscribed endpoint, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`). Answer 2xx within 10 s; anything else is retried (410 disables the endpoint).
     */
    post: operations['webhook_email_received'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'suppression.created': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * An address was suppressed (by a bounce, a complaint or the API)
     * @description Posted to each subscribed endpoint, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`). Answer 2xx within 10 s; anything else is retried (410 disables the endpoint).
     */
    post: operations['webhook_suppression_created'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'suppression.deleted': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A suppression was removed
     * @description Posted to each subscribed endpoint, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`). Answer 2xx within 10 s; anything else is retried (410 disables the endpoint).
     */
    post: operations['webhook_suppression_deleted'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'domain.verified': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A sending domain was verified
     * @description Posted to each subscribed endpoint, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`). Answer 2xx within 10 s; anything else is retried (410 disables the endpoint).
     */
    post: operations['webhook_domain_verified'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'organization.sending_paused': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The sending guard paused an environment (bounce or complaint rate over its threshold)
     * @description Posted to each subscribed endpoint, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`). Answer 2xx within 10 s; anything else is retried (410 disables the endpoint).
     */
    post: operations['webhook_organization_sending_paused'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'webhook.test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The test event (POST /webhooks/{id}/test)
     * @description Posted to each subscribed endpoint, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`). Answer 2xx within 10 s; anything else is retried (410 disables the endpoint).
     */
    post: operations['webhook_webhook_test'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface components {
  schemas: {
    /** @description The error envelope; each operation lists the codes it can answer, by status */
    Error: {
      error: {
        /** @enum {string} */
        code:
          | 'VALIDATION_ERROR'
          | 'DOMAIN_NOT_VERIFIED'
          | 'RECIPIENTS_SUPPRESSED'
          | 'RECIPIENTS_INVALID'
          | 'AUTH_MISSING'
          | 'AUTH_INVALID'
          | 'FORBIDDEN'
          | 'SENDING_PAUSED'
          | 'NOT_FOUND'
          | 'METHOD_NOT_ALLOWED'
          | 'CONFLICT'
          | 'IDEMPOTENCY_CONFLICT'
          | 'IDEMPOTENCY_IN_PROGRESS'
          | 'PAYLOAD_TOO_LARGE'
          | 'UNSUPPORTED_MEDIA_TYPE'
          | 'LIMIT_EXCEEDED'
          | 'RATE_LIMITED'
          | 'INTERNAL_ERROR';
        message: string;
        details?: components['schemas']['ErrorDetail'][];
      };
    };
    /** @description API Gateway’s own answer, without Postbox’s headers: 413 for a body over 10 MB, 500 when a function failed outright */
    GatewayError: {
      /**
       * @example Request Entity Too Large
       * @example Internal Server Error
       */
      message: string;
    };
    ErrorDetail: {
      /** @description Dotted path of the field (`to[0].email`), or `body` */
      field: string;
      message: string;
    };
    Pagination: {
      page: number;
      limit: number;
      total_count: number;
      total_pages: number;
    };
    AddDomainRequest: {
      /**
       * @description A domain name; international names are accepted
       * @example acme.example
       */
      domain: string;
    };
    AddSuppressionRequest: {
      email: string;
      /** @enum {string} */
      reason: 'hard_bounce' | 'soft_bounce' | 'complaint' | 'unsubscribe' | 'manual';
    };
    ApiKeyDescription: {
      /** @example key_01JDX3S8KQ2V7M4N6P8R0T2W4Y */
      id: string;
      name: string;
      /** @description The key’s first 12 characters (never the secret) */
      prefix: string;
      /** @enum {string} */
      environment: 'live' | 'test';
      /**
       * @description `full_access`: every route. `sending_access`: only send, batch, attachment uploads and this route; any other answers 403 `FORBIDDEN`
       * @enum {string}
       */
      permission: 'full_access' | 'sending_access';
      /** @description The domains a sending key may send from (and their subdomains); `null`: not limited to domains. A domain deleted later allows nothing. */
      domain_ids: string[] | null;
      organization_id: string;
      /** Format: date-time */
      created_at: string;
    };
    AttachmentUpload: {
      /**
       * @description Name it in sends as `attachment_id`
       * @example att_5Yq8KfL2nW7xR3tV9mB1
       */
      id: string;
      filename: string;
      content_type: string;
      size: number;
      /** @description A presigned S3 URL: PUT the file there with `upload_headers` */
      upload_url: string;
      /** @constant */
      upload_method: 'PUT';
      /** @description Send exactly these headers with the PUT (`Content-Type`, `Content-Length`) */
      upload_headers: {
        [key: string]: string;
      };
      /**
       * Format: date-time
       * @description The upload URL works until then (1 hour)
       * @example 2026-11-24T10:15:30.123Z
       */
      expires_at: string;
      /**
       * Format: date-time
       * @description Sends may name the file until then (7 days)
       * @example 2026-11-24T10:15:30.123Z
       */
      usable_until: string;
    };
    AutoValidationSetting: {
      /**
       * @description `off` (default); `managed` (recommended, today `medium`); `medium` refuses `undeliverable` recipients; `high` refuses anything not `deliverable`
       * @enum {string}
       */
      auto_validation_threshold: 'off' | 'managed' | 'medium' | 'high';
    };
    BatchAccepted: {
      /** @example batch_01JDX3S8KQ2V7M4N6P8R0T2W4Y */
      batch_id: string;
      /** @description Entries in the request */
      total: number;
      /** @description Emails accepted (one per accepted entry) */
      accepted: number;
      rejected: {
        /** @description Position of the entry in `recipients` */
        index: number;
        /** @description Why the entry was not sent */
        error: string;
      }[];
    };
    BatchSendRequest: {
      template_id: string;
      from: components['schemas']['Mailbox'];
      subject?: string;
      recipients: {
        to: components['schemas']['Mailbox'];
        data?: {
          [key: string]: unknown;
        };
      }[];
      reply_to?: string[];
      tags?: {
        [key: string]: string;
      };
      /**
       * @default normal
       * @enum {string}
       */
      priority?: 'high' | 'normal' | 'low';
      /** @description Carried by every email of the batch, stored once (the rules of a single send’s) */
      attachments?: {
        /** @description At most 255 characters; no path separators, control characters, `"` `;` `*` `:` or RFC 2047 encoded words (`=?…?=`: give the name as it should read); no executable extension anywhere in the name (Gmail’s list, `.url`, `.scf`…) */
        filename: string;
        /** @description The file, base64 (standard alphabet, padded) */
        content?: string;
        /** @description A file uploaded beforehand (POST /attachments) */
        attachment_id?: string;
        /** @description Default: from the filename’s extension. Executable types (`application/x-msdownload`, `application/x-sh`, `application/java-archive`…) are refused whatever the filename */
        content_type?: string;
        /** @description Makes the part inline, referenced as `cid:<id>` in the html */
        content_id?: string;
        /** @enum {string} */
        disposition?: 'attachment' | 'inline';
      }[];
      /** @description As on a single send; with `true`, every recipient gets a link of its own */
      list_unsubscribe?: components['schemas']['ListUnsubscribe'];
      tracking?: components['schemas']['TrackingRequest'];
    };
    CreateAttachmentRequest: {
      /**
       * @description At most 255 characters; no path separators, control characters, `"` `;` `*` `:` or RFC 2047 encoded words (`=?…?=`: give the name as it should read); no executable extension anywhere in the name (Gmail’s list, `.url`, `.scf`…)
       * @example invoice-2026-11.pdf
       */
      filename: string;
      /** @description Default: from the filename’s extension. Executable types (`application/x-msdownload`, `application/x-sh`, `application/java-archive`…) are refused whatever the filename */
      content_type?: string;
      /**
       * @description Exact bytes of the file: the upload URL accepts this size only
       * @example 8388608
       */
      size: number;
    };
    CreateTemplateRequest: {
      name: string;
      subject: string;
      html?: string;
      text?: string;
      variable_schema?: {
        name: string;
        /** @enum {string} */
        type: 'string' | 'number' | 'boolean' | 'array' | 'object';
        /** @default false */
        required?: boolean;
        default_value?: unknown;
      }[];
    };
    CreateWebhookRequest: {
      /**
       * @description Absolute `https` URL (`http` where the deployment allows it), no credentials
       * @example https://api.acme.example/webhooks/postbox
       */
      url: string;
      /** @description The event types to receive; empty or omitted: every type */
      events?: (
        | 'email.sent'
        | 'email.delivered'
        | 'email.delivery_delayed'
        | 'email.bounced'
        | 'email.complained'
        | 'email.opened'
        | 'email.clicked'
        | 'email.failed'
        | 'email.cancelled'
        | 'email.unsubscribed'
        | 'email.received'
        | 'suppression.created'
        | 'suppression.deleted'
        | 'domain.verified'
        | 'organization.sending_paused'
        | 'webhook.test'
      )[];
      description?: string;
      enabled?: boolean;
    };
    CustomListUnsubscribe: {
      /** @description An https URL that accepts RFC 8058 one-click POSTs */
      url?: string;
      /** @description A mailto: URI, e.g. `mailto:unsubscribe@example.com` */
      mailto?: string;
    };
    Deleted: {
      id: string;
      /** @constant */
      deleted: true;
    };
    DnsRecord: {
      /** @enum {string} */
      type: 'TXT' | 'MX';
      /** @example pb202611._domainkey.acme.example */
      name: string;
      /**
       * @description The record’s content; an MX record’s is `<priority> <host>`
       * @example v=spf1 include:amazonses.com ~all
       */
      value: string;
      /**
       * @description `mail_from_mx` and `mail_from_spf`: the records of the custom MAIL FROM domain, when one is set; `receiving_mx`: the MX record of a receiving domain
       * @enum {string}
       */
      purpose: 'dkim' | 'spf' | 'dmarc' | 'mail_from_mx' | 'mail_from_spf' | 'receiving_mx';
      /** @description Needed for the domain to verify: DKIM and SPF (`true`). DMARC is advice; the MAIL FROM records are needed for `mail_from_verified` only, the receiving MX for `receiving_verified` only (`false`) */
      required: boolean;
    };
    Domain: {
      /** @example dom_3kT9vQ2mX8pL1nR4 */
      id: string;
      /**
       * @description Normalised: lower case, punycode
       * @example acme.example
       */
      domain: string;
      /** @description SPF and DKIM both verified: the domain can send */
      is_verified: boolean;
      spf_verified: boolean;
      dkim_verified: boolean;
      /** @example pb202611 */
      dkim_selector: string;
      /** @description Base64 DER of the domain’s own 2048-bit RSA key */
      dkim_public_key: string;
      /** @description The records to publish */
      dns_records: components['schemas']['DnsRecord'][];
      /**
       * Format: date-time
       * @description First successful verification
       * @example 2026-11-24T10:15:30.123Z
       */
      verified_at?: string;
      /**
       * @description The custom MAIL FROM subdomain; null: SES’s own MAIL FROM domain
       * @example bounce
       */
      mail_from_subdomain: string | null;
      /**
       * @description `<mail_from_subdomain>.<domain>`, or null
       * @example bounce.acme.example
       */
      mail_from_domain: string | null;
      /** @description The MAIL FROM domain’s MX and SPF records were right at the latest check (false without one). It does not affect `is_verified` */
      mail_from_verified: boolean;
      /** @description Mail to the domain is received (inbound messages) while the domain is verified */
      receiving: boolean;
      /** @description Every MX record of the domain pointed at SES receiving at the latest verify (false while receiving is off). In AWS, mail arrives only once it does */
      receiving_verified: boolean;
      /**
       * Format: date-time
       * @example 2026-11-24T10:15:30.123Z
       */
      created_at: string;
    };
    Email: {
      /**
       * @description The email’s id (a UUID v7)
       * @example 019ab2c4-7e1f-7c3a-9d2e-5b8f0a1c2d3e
       */
      id: string;
      /**
       * @description Same as `id`
       * @example 019ab2c4-7e1f-7c3a-9d2e-5b8f0a1c2d3e
       */
      message_id: string;
      from_address: string;
      to_addresses: string[];
      cc: string[];
      bcc: string[];
      reply_to: string[];
      /** @description At most 998 characters (longer stored subjects end with “…” in lists) */
      subject: string;
      /** @enum {string} */
      status: 'queued' | 'delivered' | 'bounced' | 'failed' | 'opened';
      /** @enum {string} */
      priority: 'high' | 'normal' | 'low';
      tags: {
        [key: string]: string;
      };
      template_id: string | null;
      batch_id: string | null;
      /** @enum {string} */
      environment: 'live' | 'test';
      /**
       * Format: date-time
       * @example 2026-11-24T10:15:30.123Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @example 2026-11-24T10:15:30.123Z
       */
      updated_at: string;
      html: string | null;
      text: string | null;
      scheduled_at: string | null;
      /** @description What the email carries (never the content); empty when nothing */
      attachments: components['schemas']['EmailAttachment'][];
      tracking: components['schemas']['EmailTracking'];
      /** @description The List-Unsubscribe headers it carries: `true` (Postbox’s link), your own, or none */
      list_unsubscribe: components['schemas']['ListUnsubscribe'] | null;
      /**
       * @description The `Message-ID` header it went out with, angle brackets included (SES’s: `<id@email.amazonses.com>` in us-east-1, `<id@<region>.amazonses.com>` elsewhere); null before the hand-over. A reply names it in `In-Reply-To`
       * @example <0100019ab2c47e1f-5b8f0a1c-2d3e-4f5a-9b8c-7d6e5f4a3b2c-000000@email.amazonses.com>
       */
      internet_message_id: string | null;
      /** @description Oldest first */
      events: components['schemas']['EmailEvent'][];
    };
    EmailAttachment: {
      filename: string;
      content_type: string;
      /** @description Decoded bytes */
      size: number;
      /** @description Set for an inline part (`cid:` in the html) */
      content_id: string | null;
      /** @enum {string} */
      disposition: 'attachment' | 'inline';
      /** @description SHA-256 of the bytes, hex */
      sha256: string;
    };
    EmailEvent: {
      id: string;
      /** @enum {string} */
      type:
        | 'sent'
        | 'delivered'
        | 'delivery_delayed'
        | 'bounced'
        | 'complained'
        | 'opened'
        | 'clicked'
        | 'failed'
        | 'suppressed'
        | 'cancelled'
        | 'unsubscribed';
      recipient: string | null;
      smtp_code: number | null;
      smtp_message: string | null;
      /**
       * Format: date-time
       * @example 2026-11-24T10:15:30.123Z
       */
      created_at: string;
      detail?: string;
    };
    EmailEventData: {
      /** @description The same in every endpoint’s delivery of this event */
      event_id: string;
      /** @description Postbox’s id of the email (never SES’s) */
      email_id: string;
      /** @description Equal to `email_id` */
      message_id: string;
      /** @enum {string} */
      environment: 'live' | 'test';
      from: string;
      to: string[];
      subject: string;
      tags: {
        [key: string]: string;
      };
      /** @description The recipient the event is about; null for `email.sent` */
      recipient: string | null;
      smtp_code: number | null;
      smtp_message: string | null;
      /**
       * @description `email.bounced` only
       * @enum {string}
       */
      bounce_type?: 'hard' | 'soft';
      /** @description `email.clicked` only: the link followed */
      link?: string;
    };
    EmailListItem: {
      /**
       * @description The email’s id (a UUID v7)
       * @example 019ab2c4-7e1f-7c3a-9d2e-5b8f0a1c2d3e
       */
      id: string;
      /**
       * @description Same as `id`
       * @example 019ab2c4-7e1f-7c3a-9d2e-5b8f0a1c2d3e
       */
      message_id: string;
      from_address: string;
      to_addresses: string[];
      cc: string[];
      bcc: string[];
      reply_to: string[];
      /** @description At most 998 characters (longer stored subjects end with “…” in lists) */
      subject: string;
      /** @enum {string} */
      status: 'queued' | 'delivered' | 'bounced' | 'failed' | 'opened';
      /** @enum {string} */
      priority: 'high' | 'normal' | 'low';
      tags: {
        [key: string]: string;
      };
      template_id: string | null;
      batch_id: string | null;
      /** @enum {string} */
      environment: 'live' | 'test';
      /**
       * Format: date-time
       * @example 2026-11-24T10:15:30.123Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @example 2026-11-24T10:15:30.123Z
       */
      updated_at: string;
    };
    EmailReceivedData: {
      event_id: string;
      /** @description GET /inbound/{id} reads all of it */
      inbound_id: string;
      /**
       * Format: date-time
       * @example 2026-11-24T10:15:30.123Z
       */
      received_at: string;
      from: components['schemas']['InboundAddress'];
      to: components['schemas']['InboundAddress'][];
      cc: components['schemas']['InboundAddress'][];
      subject: string | null;
      internet_message_id: string | null;
      in_reply_to_email_id: string | null;
      verdicts: components['schemas']['InboundVerdicts'];
      attachments: {
        id: string;
        /** @description Made safe: the last path segment, no control characters */
        filename: string;
        content_type: string;
        /** @description Bytes */
        size: number;
        /** @description For inline images (`cid:` in the html) */
        content_id: string | null;
        /** @enum {string} */
        disposition: 'attachment' | 'inline';
        sha256: string;
      }[];
      /** @description Null when over 64 KB (then `truncated`) or absent */
      text: string | null;
      /** @description Null when over 64 KB (then `truncated`) or absent */
      html: string | null;
      /** @description A body was left out for its size: fetch the message */
      truncated: boolean;
    };
    /** @description Whether opens and clicks are tracked for this email */
    EmailTracking: {
      opens: boolean;
      clicks: boolean;
    };
    /**
     * @example {
     *       "email": "jane@example.org",
     *       "name": "Jane Doe"
     *     }
     */
    InboundAddress: {
      email: string;
      name: string | null;
    };
    /** @description At most 10 addresses in `to`, `cc` and `reply_to` and 10 attachments: GET /inbound/{id} has them all */
    InboundListItem: {
      /** @example inb_0KxY3Zc1a2B3c4D5e6F7g8H9i0J1k2L3 */
      id: string;
      /**
       * Format: date-time
       * @example 2026-11-24T10:15:30.123Z
       */
      received_at: string;
      from: components['schemas']['InboundAddress'];
      to: components['schemas']['InboundAddress'][];
      cc: components['schemas']['InboundAddress'][];
      reply_to: components['schemas']['InboundAddress'][];
      subject: string | null;
      /** @description The envelope recipients at this organization’s domains (Bcc’d addresses too) */
      recipients: string[];
      internet_message_id: string | null;
      /** @description The id of your sent email this message answers (from In-Reply-To or References) */
      in_reply_to_email_id: string | null;
      verdicts: components['schemas']['InboundVerdicts'];
      /** @description The raw message’s bytes */
      size: number;
      /** @description Why the MIME could not be read (the raw message is kept); null when it was */
      parse_error: string | null;
      attachments: {
        id: string;
        /** @description Made safe: the last path segment, no control characters */
        filename: string;
        content_type: string;
        /** @description Bytes */
        size: number;
        /** @description For inline images (`cid:` in the html) */
        content_id: string | null;
        /** @enum {string} */
        disposition: 'attachment' | 'inline';
        sha256: string;
      }[];
    };
    InboundMessage: {
      /** @example inb_0KxY3Zc1a2B3c4D5e6F7g8H9i0J1k2L3 */
      id: string;
      /**
       * Format: date-time
       * @example 2026-11-24T10:15:30.123Z
       */
      received_at: string;
      from: components['schemas']['InboundAddress'];
      to: components['schemas']['InboundAddress'][];
      cc: components['schemas']['InboundAddress'][];
      reply_to: components['schemas']['InboundAddress'][];
      subject: string | null;
      /** @description The envelope recipients at this organization’s domains (Bcc’d addresses too) */
      recipients: string[];
      internet_message_id: string | null;
      /** @description The id of your sent email this message answers (from In-Reply-To or References) */
      in_reply_to_email_id: string | null;
      verdicts: components['schemas']['InboundVerdicts'];
      /** @description The raw message’s bytes */
      size: number;
      /** @description Why the MIME could not be read (the raw message is kept); null when it was */
      parse_error: string | null;
      /** @description Null when absent, or when the bodies are too big (`truncated`) */
      text: string | null;
      /** @description As received: sanitise or sandbox it wherever you show it */
      html: string | null;
      /** @description The bodies are over 3 MB and left out: read them from `raw_url` */
      truncated: boolean;
      headers: {
        name: string;
        value: string;
      }[];
      in_reply_to: string | null;
      references: string[];
      attachments: {
        id: string;
        /** @description Made safe: the last path segment, no control characters */
        filename: string;
        content_type: string;
        /** @description Bytes */
        size: number;
        /** @description For inline images (`cid:` in the html) */
        content_id: string | null;
        /** @enum {string} */
        disposition: 'attachment' | 'inline';
        sha256: string;
        /** @description A GET valid 1 hour; null when a virus verdict withholds it */
        download_url: string | null;
        expires_at: string | null;
      }[];
      /** @description The message as received (.eml), a GET valid 1 hour */
      raw_url: string | null;
      raw_expires_at: string | null;
    };
    /** @description SES’s verdicts (the local stack: `pass` for spam and virus, `gray` for the rest). Check `spf`, `dkim` and `dmarc` before trusting `from`: anyone can write any From. */
    InboundVerdicts: {
      /** @enum {string} */
      spam: 'pass' | 'fail' | 'gray' | 'processing_failed' | 'disabled';
      /** @enum {string} */
      virus: 'pass' | 'fail' | 'gray' | 'processing_failed' | 'disabled';
      /** @enum {string} */
      spf: 'pass' | 'fail' | 'gray' | 'processing_failed' | 'disabled';
      /** @enum {string} */
      dkim: 'pass' | 'fail' | 'gray' | 'processing_failed' | 'disabled';
      /** @enum {string} */
      dmarc: 'pass' | 'fail' | 'gray' | 'processing_failed' | 'disabled';
    };
    /** @description `true`: Postbox’s own one-click unsubscribe link (one recipient per email); `{url, mailto}`: your own, put in the `List-Unsubscribe` header as given (with `List-Unsubscribe-Post` when there is a `url`) */
    ListUnsubscribe: true | components['schemas']['CustomListUnsubscribe'];
    Mailbox: {
      /** @example jane@example.org */
      email: string;
      /** @description Display name: 1–256 characters, no line breaks */
      name?: string;
    };
    /** @description Per recipient; `bounced` = `bounced_hard` + `bounced_soft` */
    MetricCounts: {
      sent: number;
      delivered: number;
      bounced: number;
      bounced_hard: number;
      bounced_soft: number;
      complained: number;
      opened: number;
      clicked: number;
      failed: number;
      unsubscribed: number;
    };
    MetricRates: {
      /** @description `bounced` / `sent` (0 when nothing was sent) */
      bounce_rate: number;
      /** @description `complained` / `sent` */
      complaint_rate: number;
    };
    Metrics: {
      /** @enum {string} */
      environment: 'live' | 'test';
      /** @enum {string} */
      granularity: 'day' | 'hour';
      /**
       * Format: date-time
       * @description Start of the first bucket
       * @example 2026-11-24T10:15:30.123Z
       */
      from: string;
      /**
       * Format: date-time
       * @description End of the last bucket (exclusive)
       * @example 2026-11-24T10:15:30.123Z
       */
      to: string;
      totals: components['schemas']['MetricCounts'];
      rates: components['schemas']['MetricRates'];
      /** @description Every bucket of the range, oldest first; empty ones with 0 */
      series: {
        sent: number;
        delivered: number;
        bounced: number;
        bounced_hard: number;
        bounced_soft: number;
        complained: number;
        opened: number;
        clicked: number;
        failed: number;
        unsubscribed: number;
        /**
         * Format: date-time
         * @example 2026-11-24T10:15:30.123Z
         */
        start: string;
      }[];
    };
    PreviewTemplateRequest: {
      /** @default {} */
      data?: {
        [key: string]: unknown;
      };
    };
    PutAutoValidationRequest: {
      /** @enum {string} */
      threshold: 'off' | 'managed' | 'medium' | 'high';
    };
    SendAccepted: {
      /**
       * @description The email’s id (a UUID v7)
       * @example 019ab2c4-7e1f-7c3a-9d2e-5b8f0a1c2d3e
       */
      message_id: string;
      /** @constant */
      status: 'queued';
      /**
       * Format: date-time
       * @example 2026-11-24T10:15:30.123Z
       */
      queued_at: string;
    };
    SendEmailRequest: {
      /** @description An address of a domain your organization has verified */
      from: components['schemas']['Mailbox'];
      /** @description At least one; at most 50 recipients in to + cc + bcc, no address twice */
      to: components['schemas']['Mailbox'][];
      cc?: components['schemas']['Mailbox'][];
      bcc?: components['schemas']['Mailbox'][];
      /** @description Plain addresses (at most 10) */
      reply_to?: string[];
      /** @description 1–998 characters; with `template_id`, rendered with `template_data` in place of the template’s subject */
      subject: string;
      /** @description At most 256 KB (UTF-8). One of `html`, `text`, `template_id` is required */
      html?: string;
      /** @description At most 256 KB (UTF-8) */
      text?: string;
      /** @description An active template; excludes `html` and `text` */
      template_id?: string;
      /** @description The template’s variables (at most 32 levels deep) */
      template_data?: {
        [key: string]: unknown;
      };
      /** @description At most 15: `X-…` headers and List-Unsubscribe(-Post), Reply-To, In-Reply-To, References */
      headers?: {
        [key: string]: string;
      };
      /**
       * @default normal
       * @enum {string}
       */
      priority?: 'high' | 'normal' | 'low';
      /**
       * Format: date-time
       * @description ISO 8601 with a time zone, in the future and at most 30 days ahead
       */
      scheduled_at?: string;
      /** @description At most 10; names and values of A–Z a–z 0–9 _ - */
      tags?: {
        [key: string]: string;
      };
      /** @description At most 20 files, 25 MB decoded in all: each `{filename, content | attachment_id, content_type?, content_id?, disposition?}` */
      attachments?: {
        /** @description At most 255 characters; no path separators, control characters, `"` `;` `*` `:` or RFC 2047 encoded words (`=?…?=`: give the name as it should read); no executable extension anywhere in the name (Gmail’s list, `.url`, `.scf`…) */
        filename: string;
        /** @description The file, base64 (standard alphabet, padded) */
        content?: string;
        /** @description A file uploaded beforehand (POST /attachments) */
        attachment_id?: string;
        /** @description Default: from the filename’s extension. Executable types (`application/x-msdownload`, `application/x-sh`, `application/java-archive`…) are refused whatever the filename */
        content_type?: string;
        /** @description Makes the part inline, referenced as `cid:<id>` in the html */
        content_id?: string;
        /** @enum {string} */
        disposition?: 'attachment' | 'inline';
      }[];
      list_unsubscribe?: components['schemas']['ListUnsubscribe'];
      tracking?: components['schemas']['TrackingRequest'];
    };
    SendingGuardThresholds: {
      /** @description Pauses at or above (default 0.04; SES reviews at 0.05) */
      bounce_rate: number;
      /** @description Pauses at or above (default 0.0008; SES reviews at 0.001) */
      complaint_rate: number;
      /** @description Sent recipients in the window before the guard judges (default 100) */
      min_volume: number;
    };
    SendingSettings: {
      /** @enum {string} */
      environment: 'live' | 'test';
      /** @description Whether the guard judges this environment: on for live and off for test by default (test sends never touch SES’s reputation); an operator switches it with `npm run admin -- set-sending-guard --env live|test --on|--off` */
      enabled: boolean;
      /**
       * @description `paused`: send and batch answer 403 SENDING_PAUSED
       * @enum {string}
       */
      status: 'active' | 'paused';
      paused_at: string | null;
      paused_reason: string | null;
      /** @description Recipients sent in the judged window (since a resume at most) */
      sent_24h: number;
      bounce_rate_24h: number;
      complaint_rate_24h: number;
      thresholds: components['schemas']['SendingGuardThresholds'];
    };
    Suppression: {
      /** @example sup_8Hq2nV5kT1xW3zL7 */
      id: string;
      /**
       * @description Normalised: lower case, punycode domain
       * @example jane@example.org
       */
      email: string;
      /** @enum {string} */
      reason: 'hard_bounce' | 'soft_bounce' | 'complaint' | 'unsubscribe' | 'manual';
      /**
       * @description `automatic`: from a bounce, complaint or unsubscribe
       * @enum {string}
       */
      source: 'automatic' | 'manual';
      /** Format: date-time */
      created_at: string;
    };
    SuppressionEventData: {
      event_id: string;
      id: string;
      email: string;
      reason: string;
      source: string;
      /**
       * Format: date-time
       * @example 2026-11-24T10:15:30.123Z
       */
      created_at: string;
    };
    Template: {
      /** @example tmpl_01JDX3S8KQ2V7M4N6P8R0T2W4Y */
      id: string;
      name: string;
      subject: string;
      /** @description Every variable the template’s parts use */
      variables: string[];
      /** @description Present when the template declares one */
      variable_schema?: components['schemas']['TemplateVariable'][];
      /** @description `false` once deleted */
      is_active: boolean;
      /**
       * Format: date-time
       * @example 2026-11-24T10:15:30.123Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @example 2026-11-24T10:15:30.123Z
       */
      updated_at: string;
      html_body: string | null;
      text_body: string | null;
    };
    TemplateDetail: {
      /** @example tmpl_01JDX3S8KQ2V7M4N6P8R0T2W4Y */
      id: string;
      name: string;
      subject: string;
      /** @description Every variable the template’s parts use */
      variables: string[];
      /** @description Present when the template declares one */
      variable_schema?: components['schemas']['TemplateVariable'][];
      /** @description `false` once deleted */
      is_active: boolean;
      /**
       * Format: date-time
       * @example 2026-11-24T10:15:30.123Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @example 2026-11-24T10:15:30.123Z
       */
      updated_at: string;
      html_body: string | null;
      text_body: string | null;
      usage: {
        sends_last_30_days: number;
        last_sent_at: string | null;
      };
    };
    TemplatePreview: {
      subject: string;
      html: string | null;
      text: string | null;
      variables: string[];
      warnings: {
        variable: string;
        message: string;
      }[];
    };
    TemplateSummary: {
      /** @example tmpl_01JDX3S8KQ2V7M4N6P8R0T2W4Y */
      id: string;
      name: string;
      subject: string;
      /** @description Every variable the template’s parts use */
      variables: string[];
      /** @description Present when the template declares one */
      variable_schema?: components['schemas']['TemplateVariable'][];
      /** @description `false` once deleted */
      is_active: boolean;
      /**
       * Format: date-time
       * @example 2026-11-24T10:15:30.123Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @example 2026-11-24T10:15:30.123Z
       */
      updated_at: string;
    };
    TemplateVariable: {
      name: string;
      /** @enum {string} */
      type: 'string' | 'number' | 'boolean' | 'array' | 'object';
      required: boolean;
      default_value?: unknown;
    };
    /** @description Each switch left out takes the organization’s default (GET /settings/tracking) */
    TrackingRequest: {
      /** @description Track opens (a pixel SES adds to the html) */
      opens?: boolean;
      /** @description Track clicks (SES rewrites the html’s links) */
      clicks?: boolean;
    };
    TrackingSetting: {
      /** @description Sends track opens unless their `tracking.opens` says otherwise */
      opens: boolean;
      /** @description Sends track clicks unless their `tracking.clicks` says otherwise */
      clicks: boolean;
    };
    UpdateDomainRequest: {
      /**
       * @description The custom MAIL FROM subdomain (`bounce` → `bounce.<domain>`): one DNS label, lower case; null removes it
       * @example bounce
       */
      mail_from_subdomain?: string | null;
      /** @description Receive mail sent to the domain (true) or stop (false). Adds the `receiving_mx` record; use a subdomain such as `reply.example.com` */
      receiving?: boolean;
    };
    UpdateTemplateRequest: {
      name?: string;
      subject?: string;
      html?: string;
      text?: string;
      variable_schema?: {
        name: string;
        /** @enum {string} */
        type: 'string' | 'number' | 'boolean' | 'array' | 'object';
        /** @default false */
        required?: boolean;
        default_value?: unknown;
      }[];
    };
    UpdateWebhookRequest: {
      /**
       * @description Absolute `https` URL (`http` where the deployment allows it), no credentials
       * @example https://api.acme.example/webhooks/postbox
       */
      url?: string;
      /** @description The event types to receive; empty or omitted: every type */
      events?: (
        | 'email.sent'
        | 'email.delivered'
        | 'email.delivery_delayed'
        | 'email.bounced'
        | 'email.complained'
        | 'email.opened'
        | 'email.clicked'
        | 'email.failed'
        | 'email.cancelled'
        | 'email.unsubscribed'
        | 'email.received'
        | 'suppression.created'
        | 'suppression.deleted'
        | 'domain.verified'
        | 'organization.sending_paused'
        | 'webhook.test'
      )[];
      description?: string | null;
      enabled?: boolean;
    };
    ValidateBatchRequest: {
      emails: string[];
    };
    ValidateRequest: {
      email: string;
    };
    ValidationResult: {
      /** @description As sent */
      email: string;
      /** @enum {string} */
      verdict: 'deliverable' | 'risky' | 'undeliverable';
      score: number;
      reason: (
        | 'invalid_syntax'
        | 'domain_not_found'
        | 'no_mx_record'
        | 'dns_error'
        | 'dns_timeout'
        | 'suppressed'
        | 'disposable_domain'
        | 'role_address'
        | 'possible_typo'
      )[];
      /** @description A likely intended address when the domain looks mistyped */
      did_you_mean: string | null;
      checks: {
        /** @enum {string} */
        syntax: 'pass' | 'fail' | 'unknown';
        /** @enum {string} */
        mx: 'pass' | 'fail' | 'unknown';
        /** @enum {string} */
        disposable: 'pass' | 'fail' | 'unknown';
        /** @enum {string} */
        role: 'pass' | 'fail' | 'unknown';
        /** @enum {string} */
        suppressed: 'pass' | 'fail' | 'unknown';
      };
    };
    Webhook: {
      /** @example wh_3kT9vQ2mX8pL1nR4sW6y */
      id: string;
      url: string;
      /** @description Empty: every type */
      events: (
        | 'email.sent'
        | 'email.delivered'
        | 'email.delivery_delayed'
        | 'email.bounced'
        | 'email.complained'
        | 'email.opened'
        | 'email.clicked'
        | 'email.failed'
        | 'email.cancelled'
        | 'email.unsubscribed'
        | 'email.received'
        | 'suppression.created'
        | 'suppression.deleted'
        | 'domain.verified'
        | 'organization.sending_paused'
        | 'webhook.test'
      )[];
      description: string | null;
      enabled: boolean;
      /** @description `manual`; `gone` after a 410 answer; `failing` after 5 days of failed attempts */
      disabled_reason: ('manual' | 'gone' | 'failing') | null;
      /**
       * Format: date-time
       * @example 2026-11-24T10:15:30.123Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @example 2026-11-24T10:15:30.123Z
       */
      updated_at: string;
    };
    WebhookDelivery: {
      /**
       * @description The `webhook-id` of every attempt
       * @example msg_1mKq3ZxA9sQ2wE7rT4yU6iO8pL0kJ
       */
      id: string;
      webhook_id: string;
      /** @enum {string} */
      event_type:
        | 'email.sent'
        | 'email.delivered'
        | 'email.delivery_delayed'
        | 'email.bounced'
        | 'email.complained'
        | 'email.opened'
        | 'email.clicked'
        | 'email.failed'
        | 'email.cancelled'
        | 'email.unsubscribed'
        | 'email.received'
        | 'suppression.created'
        | 'suppression.deleted'
        | 'domain.verified'
        | 'organization.sending_paused'
        | 'webhook.test';
      /** @description The event’s id, the same in every endpoint’s delivery of it */
      event_id: string;
      /** @enum {string} */
      status: 'pending' | 'succeeded' | 'failed';
      attempt_count: number;
      last_status_code: number | null;
      /** @description When the next attempt is due (pending only) */
      next_attempt_at: string | null;
      /**
       * Format: date-time
       * @example 2026-11-24T10:15:30.123Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @example 2026-11-24T10:15:30.123Z
       */
      updated_at: string;
      /** @description The body every attempt sends, as signed */
      payload: {
        /** @enum {string} */
        type:
          | 'email.sent'
          | 'email.delivered'
          | 'email.delivery_delayed'
          | 'email.bounced'
          | 'email.complained'
          | 'email.opened'
          | 'email.clicked'
          | 'email.failed'
          | 'email.cancelled'
          | 'email.unsubscribed'
          | 'email.received'
          | 'suppression.created'
          | 'suppression.deleted'
          | 'domain.verified'
          | 'organization.sending_paused'
          | 'webhook.test';
        /**
         * Format: date-time
         * @example 2026-11-24T10:15:30.123Z
         */
        timestamp: string;
        data: {
          [key: string]: unknown;
        };
      };
      attempts: {
        /**
         * Format: date-time
         * @example 2026-11-24T10:15:30.123Z
         */
        attempted_at: string;
        /** @description The answer’s HTTP status; null when none came */
        status_code: number | null;
        duration_ms: number;
        /** @description Why no answer came (timed out, refused, …); null when one did */
        error: string | null;
        /** @description The first 1 KB of the answer */
        response_body: string | null;
      }[];
    };
    WebhookDeliverySummary: {
      /**
       * @description The `webhook-id` of every attempt
       * @example msg_1mKq3ZxA9sQ2wE7rT4yU6iO8pL0kJ
       */
      id: string;
      webhook_id: string;
      /** @enum {string} */
      event_type:
        | 'email.sent'
        | 'email.delivered'
        | 'email.delivery_delayed'
        | 'email.bounced'
        | 'email.complained'
        | 'email.opened'
        | 'email.clicked'
        | 'email.failed'
        | 'email.cancelled'
        | 'email.unsubscribed'
        | 'email.received'
        | 'suppression.created'
        | 'suppression.deleted'
        | 'domain.verified'
        | 'organization.sending_paused'
        | 'webhook.test';
      /** @description The event’s id, the same in every endpoint’s delivery of it */
      event_id: string;
      /** @enum {string} */
      status: 'pending' | 'succeeded' | 'failed';
      attempt_count: number;
      last_status_code: number | null;
      /** @description When the next attempt is due (pending only) */
      next_attempt_at: string | null;
      /**
       * Format: date-time
       * @example 2026-11-24T10:15:30.123Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @example 2026-11-24T10:15:30.123Z
       */
      updated_at: string;
    };
    WebhookSecret: {
      /**
       * @description Signs every delivery (Standard Webhooks); shown only here
       * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
       */
      secret: string;
    };
    WebhookTestResult: {
      /** @description Also its `webhook-id` */
      delivery_id: string;
      /** @description The answer’s HTTP status; null when none came */
      status_code: number | null;
      duration_ms: number;
      /** @description Why no answer came (timed out, refused, …); null when one did */
      error: string | null;
    };
    WebhookWithSecret: {
      /** @example wh_3kT9vQ2mX8pL1nR4sW6y */
      id: string;
      url: string;
      /** @description Empty: every type */
      events: (
        | 'email.sent'
        | 'email.delivered'
        | 'email.delivery_delayed'
        | 'email.bounced'
        | 'email.complained'
        | 'email.opened'
        | 'email.clicked'
        | 'email.failed'
        | 'email.cancelled'
        | 'email.unsubscribed'
        | 'email.received'
        | 'suppression.created'
        | 'suppression.deleted'
        | 'domain.verified'
        | 'organization.sending_paused'
        | 'webhook.test'
      )[];
      description: string | null;
      enabled: boolean;
      /** @description `manual`; `gone` after a 410 answer; `failing` after 5 days of failed attempts */
      disabled_reason: ('manual' | 'gone' | 'failing') | null;
      /**
       * Format: date-time
       * @example 2026-11-24T10:15:30.123Z
       */
      created_at: string;
      /**
       * Format: date-time
       * @example 2026-11-24T10:15:30.123Z
       */
      updated_at: string;
      /**
       * @description Signs every delivery (Standard Webhooks); shown only here
       * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
       */
      secret: string;
    };
  };
  responses: never;
  parameters: {
    /** @description Makes a retry safe for 24 hours: the same key and body answer the first response again (`Idempotent-Replayed: true`); another body is `409 IDEMPOTENCY_CONFLICT`. */
    IdempotencyKey: string;
  };
  requestBodies: never;
  headers: {
    /** @description This request’s id (quote it when reporting a problem) */
    'X-Request-Id': string;
    /** @description Requests allowed per one-second window */
    'X-RateLimit-Limit': number;
    /** @description Requests left in the current window */
    'X-RateLimit-Remaining': number;
    /** @description Seconds until the window resets */
    'X-RateLimit-Reset': number;
    /** @description Seconds to wait before retrying */
    'Retry-After': number;
    /** @description `true` when this is the stored answer of an earlier request with the same Idempotency-Key */
    'Idempotent-Replayed': 'true';
  };
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  getAutoValidation: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['AutoValidationSetting'];
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  putAutoValidation: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "threshold": "managed"
         *     }
         */
        'application/json': components['schemas']['PutAutoValidationRequest'];
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": {
           *         "auto_validation_threshold": "managed"
           *       }
           *     }
           */
          'application/json': {
            data: components['schemas']['AutoValidationSetting'];
          };
        };
      };
      /** @description The request is invalid: `VALIDATION_ERROR` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'VALIDATION_ERROR';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Payload too large: `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'PAYLOAD_TOO_LARGE';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
      /** @description Unsupported media type: `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'UNSUPPORTED_MEDIA_TYPE';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  getTracking: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['TrackingSetting'];
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  putTracking: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "opens": true,
         *       "clicks": false
         *     }
         */
        'application/json': components['schemas']['TrackingSetting'];
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": {
           *         "opens": true,
           *         "clicks": false
           *       }
           *     }
           */
          'application/json': {
            data: components['schemas']['TrackingSetting'];
          };
        };
      };
      /** @description The request is invalid: `VALIDATION_ERROR` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'VALIDATION_ERROR';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Payload too large: `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'PAYLOAD_TOO_LARGE';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
      /** @description Unsupported media type: `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'UNSUPPORTED_MEDIA_TYPE';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  getApiKey: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": {
           *         "id": "key_01JDX3S8KQ2V7M4N6P8R0T2W4Y",
           *         "name": "Password resets",
           *         "prefix": "pb_live_7Hq2",
           *         "environment": "live",
           *         "permission": "sending_access",
           *         "domain_ids": [
           *           "dom_01JDX3S8KQ2V7M4N6P8R0T2W4Z"
           *         ],
           *         "organization_id": "org_acme",
           *         "created_at": "2026-11-24T10:15:30.123Z"
           *       }
           *     }
           */
          'application/json': {
            data: components['schemas']['ApiKeyDescription'];
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  listDomains: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Domain'][];
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  addDomain: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "domain": "acme.example"
         *     }
         */
        'application/json': components['schemas']['AddDomainRequest'];
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": {
           *         "id": "dom_3kT9vQ2mX8pL1nR4",
           *         "domain": "acme.example",
           *         "is_verified": false,
           *         "spf_verified": false,
           *         "dkim_verified": false,
           *         "dkim_selector": "pb202611",
           *         "dkim_public_key": "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAx3…",
           *         "dns_records": [
           *           {
           *             "type": "TXT",
           *             "name": "pb202611._domainkey.acme.example",
           *             "value": "v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAx3…",
           *             "purpose": "dkim",
           *             "required": true
           *           },
           *           {
           *             "type": "TXT",
           *             "name": "acme.example",
           *             "value": "v=spf1 include:amazonses.com ~all",
           *             "purpose": "spf",
           *             "required": true
           *           },
           *           {
           *             "type": "TXT",
           *             "name": "_dmarc.acme.example",
           *             "value": "v=DMARC1; p=none;",
           *             "purpose": "dmarc",
           *             "required": false
           *           }
           *         ],
           *         "mail_from_subdomain": null,
           *         "mail_from_domain": null,
           *         "mail_from_verified": false,
           *         "receiving": false,
           *         "receiving_verified": false,
           *         "created_at": "2026-11-24T10:15:30.123Z"
           *       }
           *     }
           */
          'application/json': {
            data: components['schemas']['Domain'];
          };
        };
      };
      /** @description The request is invalid: `VALIDATION_ERROR` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'VALIDATION_ERROR';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Conflict: `CONFLICT` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'CONFLICT';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Payload too large: `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'PAYLOAD_TOO_LARGE';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
      /** @description Unsupported media type: `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'UNSUPPORTED_MEDIA_TYPE';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  verifyDomain: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Domain'];
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Not found: `NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'NOT_FOUND';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Conflict: `CONFLICT` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'CONFLICT';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  updateDomain: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "mail_from_subdomain": "bounce"
         *     }
         */
        'application/json': components['schemas']['UpdateDomainRequest'];
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Domain'];
          };
        };
      };
      /** @description The request is invalid: `VALIDATION_ERROR` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'VALIDATION_ERROR';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Not found: `NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'NOT_FOUND';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Payload too large: `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'PAYLOAD_TOO_LARGE';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
      /** @description Unsupported media type: `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'UNSUPPORTED_MEDIA_TYPE';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  sendEmail: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe for 24 hours: the same key and body answer the first response again (`Idempotent-Replayed: true`); another body is `409 IDEMPOTENCY_CONFLICT`. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "from": {
         *         "email": "orders@acme.example",
         *         "name": "Acme"
         *       },
         *       "to": [
         *         {
         *           "email": "jane@example.org",
         *           "name": "Jane Doe"
         *         }
         *       ],
         *       "subject": "Your order #1042 has shipped",
         *       "html": "<p>Hi Jane, your order is on its way.</p>",
         *       "text": "Hi Jane, your order is on its way.",
         *       "tags": {
         *         "category": "shipping"
         *       }
         *     }
         */
        'application/json': components['schemas']['SendEmailRequest'];
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": {
           *         "message_id": "019ab2c4-7e1f-7c3a-9d2e-5b8f0a1c2d3e",
           *         "status": "queued",
           *         "queued_at": "2026-11-24T10:15:30.123Z"
           *       }
           *     }
           */
          'application/json': {
            data: components['schemas']['SendAccepted'];
          };
        };
      };
      /** @description The request is invalid: `VALIDATION_ERROR`, `DOMAIN_NOT_VERIFIED`, `RECIPIENTS_SUPPRESSED`, `RECIPIENTS_INVALID` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'VALIDATION_ERROR' | 'DOMAIN_NOT_VERIFIED' | 'RECIPIENTS_SUPPRESSED' | 'RECIPIENTS_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN`, `SENDING_PAUSED` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN' | 'SENDING_PAUSED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Not found: `NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'NOT_FOUND';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Conflict: `IDEMPOTENCY_CONFLICT`, `IDEMPOTENCY_IN_PROGRESS` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'IDEMPOTENCY_CONFLICT' | 'IDEMPOTENCY_IN_PROGRESS';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Payload too large: `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'PAYLOAD_TOO_LARGE';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
      /** @description Unsupported media type: `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'UNSUPPORTED_MEDIA_TYPE';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED`, `LIMIT_EXCEEDED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED' | 'LIMIT_EXCEEDED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  sendBatch: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retry safe for 24 hours: the same key and body answer the first response again (`Idempotent-Replayed: true`); another body is `409 IDEMPOTENCY_CONFLICT`. */
        'Idempotency-Key'?: components['parameters']['IdempotencyKey'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "template_id": "tmpl_01JDX3S8KQ2V7M4N6P8R0T2W4Y",
         *       "from": {
         *         "email": "news@acme.example",
         *         "name": "Acme"
         *       },
         *       "recipients": [
         *         {
         *           "to": {
         *             "email": "jane@example.org",
         *             "name": "Jane"
         *           },
         *           "data": {
         *             "first_name": "Jane"
         *           }
         *         },
         *         {
         *           "to": {
         *             "email": "li@example.org"
         *           },
         *           "data": {
         *             "first_name": "Li"
         *           }
         *         }
         *       ]
         *     }
         */
        'application/json': components['schemas']['BatchSendRequest'];
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Idempotent-Replayed': components['headers']['Idempotent-Replayed'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": {
           *         "batch_id": "batch_01JDX3S8KQ2V7M4N6P8R0T2W4Y",
           *         "total": 2,
           *         "accepted": 2,
           *         "rejected": []
           *       }
           *     }
           */
          'application/json': {
            data: components['schemas']['BatchAccepted'];
          };
        };
      };
      /** @description The request is invalid: `VALIDATION_ERROR`, `DOMAIN_NOT_VERIFIED` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'VALIDATION_ERROR' | 'DOMAIN_NOT_VERIFIED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN`, `SENDING_PAUSED` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN' | 'SENDING_PAUSED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Not found: `NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'NOT_FOUND';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Conflict: `IDEMPOTENCY_CONFLICT`, `IDEMPOTENCY_IN_PROGRESS` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'IDEMPOTENCY_CONFLICT' | 'IDEMPOTENCY_IN_PROGRESS';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Payload too large: `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'PAYLOAD_TOO_LARGE';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
      /** @description Unsupported media type: `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'UNSUPPORTED_MEDIA_TYPE';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED`, `LIMIT_EXCEEDED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED' | 'LIMIT_EXCEEDED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  listEmails: {
    parameters: {
      query?: {
        /** @description Page number, from 1; a page past the end is empty */
        page?: number;
        /** @description Items per page (1–100) */
        limit?: number;
        /** @description Only emails with this status */
        status?: 'queued' | 'delivered' | 'bounced' | 'failed' | 'opened';
        /** @description Created at or after: a date (`2026-11-22`, from 00:00 UTC) or a date-time with a time zone */
        from_date?: string;
        /** @description Created at or before: a date (`2026-11-22`, until 23:59:59.999 UTC) or a date-time with a time zone */
        to_date?: string;
        /** @description Only emails to this address (any case) */
        to?: string;
        /** @description Only emails with this tag, as `name:value` */
        tag?: string;
        /** @description Defaults to the API key’s environment */
        environment?: 'live' | 'test';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['EmailListItem'][];
            pagination: components['schemas']['Pagination'];
          };
        };
      };
      /** @description The request is invalid: `VALIDATION_ERROR` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'VALIDATION_ERROR';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  getEmail: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": {
           *         "id": "019ab2c4-7e1f-7c3a-9d2e-5b8f0a1c2d3e",
           *         "message_id": "019ab2c4-7e1f-7c3a-9d2e-5b8f0a1c2d3e",
           *         "from_address": "orders@acme.example",
           *         "to_addresses": [
           *           "jane@example.org"
           *         ],
           *         "cc": [],
           *         "bcc": [],
           *         "reply_to": [],
           *         "subject": "Your order #1042 has shipped",
           *         "status": "delivered",
           *         "priority": "normal",
           *         "tags": {
           *           "category": "shipping"
           *         },
           *         "template_id": null,
           *         "batch_id": null,
           *         "environment": "live",
           *         "created_at": "2026-11-24T10:15:30.123Z",
           *         "updated_at": "2026-11-24T10:15:32.480Z",
           *         "html": "<p>Hi Jane, your order is on its way.</p>",
           *         "text": "Hi Jane, your order is on its way.",
           *         "scheduled_at": null,
           *         "attachments": [
           *           {
           *             "filename": "invoice-1042.pdf",
           *             "content_type": "application/pdf",
           *             "size": 48213,
           *             "content_id": null,
           *             "disposition": "attachment",
           *             "sha256": "9f2c4b1e7d3a5f6c8b0e2d4a6c8e0f1a3b5d7f9e1c3a5b7d9f1e3c5a7b9d1f3e"
           *           }
           *         ],
           *         "tracking": {
           *           "opens": true,
           *           "clicks": false
           *         },
           *         "list_unsubscribe": true,
           *         "internet_message_id": "<0100019ab2c47e1f-5b8f0a1c-2d3e-4f5a-9b8c-7d6e5f4a3b2c-000000@email.amazonses.com>",
           *         "events": [
           *           {
           *             "id": "evt_sent_019ab2c4",
           *             "type": "sent",
           *             "recipient": null,
           *             "smtp_code": null,
           *             "smtp_message": null,
           *             "created_at": "2026-11-24T10:15:30.911Z"
           *           },
           *           {
           *             "id": "evt_9f2c61d0a4b7",
           *             "type": "delivered",
           *             "recipient": "jane@example.org",
           *             "smtp_code": 250,
           *             "smtp_message": "2.0.0 OK",
           *             "created_at": "2026-11-24T10:15:32.480Z"
           *           }
           *         ]
           *       }
           *     }
           */
          'application/json': {
            data: components['schemas']['Email'];
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Not found: `NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'NOT_FOUND';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  cancelEmail: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Email'];
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Not found: `NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'NOT_FOUND';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Conflict: `CONFLICT` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'CONFLICT';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  listInbound: {
    parameters: {
      query?: {
        /** @description Page number, from 1; a page past the end is empty */
        page?: number;
        /** @description Items per page (1–100) */
        limit?: number;
        /** @description Only messages to this address: any envelope recipient at your domains (Bcc too) */
        to?: string;
        /** @description Only messages from this exact sender address */
        from?: string;
        /** @description Received at or after: a date (`2026-11-22`, from 00:00 UTC) or a date-time with a time zone */
        from_date?: string;
        /** @description Received at or before: a date (until 23:59:59.999 UTC) or a date-time with a time zone */
        to_date?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['InboundListItem'][];
            pagination: components['schemas']['Pagination'];
          };
        };
      };
      /** @description The request is invalid: `VALIDATION_ERROR` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'VALIDATION_ERROR';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  getInbound: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['InboundMessage'];
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Not found: `NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'NOT_FOUND';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  deleteInbound: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Deleted'];
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Not found: `NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'NOT_FOUND';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  validateAddress: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "email": "jane@gmial.com"
         *     }
         */
        'application/json': components['schemas']['ValidateRequest'];
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": {
           *         "email": "jane@gmial.com",
           *         "verdict": "risky",
           *         "score": 0.5,
           *         "reason": [
           *           "possible_typo"
           *         ],
           *         "did_you_mean": "jane@gmail.com",
           *         "checks": {
           *           "syntax": "pass",
           *           "mx": "pass",
           *           "disposable": "pass",
           *           "role": "pass",
           *           "suppressed": "pass"
           *         }
           *       }
           *     }
           */
          'application/json': {
            data: components['schemas']['ValidationResult'];
          };
        };
      };
      /** @description The request is invalid: `VALIDATION_ERROR` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'VALIDATION_ERROR';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Payload too large: `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'PAYLOAD_TOO_LARGE';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
      /** @description Unsupported media type: `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'UNSUPPORTED_MEDIA_TYPE';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  validateAddresses: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ValidateBatchRequest'];
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['ValidationResult'][];
          };
        };
      };
      /** @description The request is invalid: `VALIDATION_ERROR` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'VALIDATION_ERROR';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Payload too large: `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'PAYLOAD_TOO_LARGE';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
      /** @description Unsupported media type: `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'UNSUPPORTED_MEDIA_TYPE';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  createAttachment: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "filename": "invoice-2026-11.pdf",
         *       "size": 8388608
         *     }
         */
        'application/json': components['schemas']['CreateAttachmentRequest'];
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['AttachmentUpload'];
          };
        };
      };
      /** @description The request is invalid: `VALIDATION_ERROR` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'VALIDATION_ERROR';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Payload too large: `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'PAYLOAD_TOO_LARGE';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
      /** @description Unsupported media type: `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'UNSUPPORTED_MEDIA_TYPE';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  listSuppressions: {
    parameters: {
      query?: {
        /** @description Page number, from 1; a page past the end is empty */
        page?: number;
        /** @description Items per page (1–100) */
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Suppression'][];
            pagination: components['schemas']['Pagination'];
          };
        };
      };
      /** @description The request is invalid: `VALIDATION_ERROR` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'VALIDATION_ERROR';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  addSuppression: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "email": "jane@example.org",
         *       "reason": "manual"
         *     }
         */
        'application/json': components['schemas']['AddSuppressionRequest'];
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Suppression'];
          };
        };
      };
      /** @description The request is invalid: `VALIDATION_ERROR` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'VALIDATION_ERROR';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Payload too large: `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'PAYLOAD_TOO_LARGE';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
      /** @description Unsupported media type: `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'UNSUPPORTED_MEDIA_TYPE';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  removeSuppression: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Deleted'];
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Not found: `NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'NOT_FOUND';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  listTemplates: {
    parameters: {
      query?: {
        /** @description Page number, from 1; a page past the end is empty */
        page?: number;
        /** @description Items per page (1–100) */
        limit?: number;
        is_active?: 'true' | 'false';
        search?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['TemplateSummary'][];
            pagination: components['schemas']['Pagination'];
          };
        };
      };
      /** @description The request is invalid: `VALIDATION_ERROR` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'VALIDATION_ERROR';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  createTemplate: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "Order shipped",
         *       "subject": "Your order #{{order_number}} has shipped",
         *       "html": "<p>Hi {{first_name}}, your order is on its way.</p>",
         *       "variable_schema": [
         *         {
         *           "name": "order_number",
         *           "type": "string",
         *           "required": true
         *         }
         *       ]
         *     }
         */
        'application/json': components['schemas']['CreateTemplateRequest'];
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Template'];
          };
        };
      };
      /** @description The request is invalid: `VALIDATION_ERROR` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'VALIDATION_ERROR';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Conflict: `CONFLICT` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'CONFLICT';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Payload too large: `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'PAYLOAD_TOO_LARGE';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
      /** @description Unsupported media type: `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'UNSUPPORTED_MEDIA_TYPE';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  getTemplate: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['TemplateDetail'];
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Not found: `NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'NOT_FOUND';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  updateTemplate: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateTemplateRequest'];
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Template'];
          };
        };
      };
      /** @description The request is invalid: `VALIDATION_ERROR` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'VALIDATION_ERROR';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Not found: `NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'NOT_FOUND';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Payload too large: `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'PAYLOAD_TOO_LARGE';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
      /** @description Unsupported media type: `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'UNSUPPORTED_MEDIA_TYPE';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  deleteTemplate: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Deleted'];
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Not found: `NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'NOT_FOUND';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  previewTemplate: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "data": {
         *         "first_name": "Jane",
         *         "order_number": "1042"
         *       }
         *     }
         */
        'application/json': components['schemas']['PreviewTemplateRequest'];
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['TemplatePreview'];
          };
        };
      };
      /** @description The request is invalid: `VALIDATION_ERROR` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'VALIDATION_ERROR';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Not found: `NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'NOT_FOUND';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Payload too large: `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'PAYLOAD_TOO_LARGE';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
      /** @description Unsupported media type: `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'UNSUPPORTED_MEDIA_TYPE';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  getMetrics: {
    parameters: {
      query?: {
        /** @description First bucket: the one holding this date or time (UTC) */
        from_date?: string;
        /** @description Last bucket: the one holding this date or time (UTC); default now */
        to_date?: string;
        /** @description Buckets of a UTC day (≤ 90) or hour (≤ 168) */
        granularity?: 'day' | 'hour';
        /** @description Defaults to the API key’s environment */
        environment?: 'live' | 'test';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Metrics'];
          };
        };
      };
      /** @description The request is invalid: `VALIDATION_ERROR` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'VALIDATION_ERROR';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  getSendingSettings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['SendingSettings'];
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  listWebhooks: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Webhook'][];
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  createWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "url": "https://api.acme.example/webhooks/postbox",
         *       "events": [
         *         "email.delivered",
         *         "email.bounced"
         *       ]
         *     }
         */
        'application/json': components['schemas']['CreateWebhookRequest'];
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['WebhookWithSecret'];
          };
        };
      };
      /** @description The request is invalid: `VALIDATION_ERROR` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'VALIDATION_ERROR';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Conflict: `CONFLICT` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'CONFLICT';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Payload too large: `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'PAYLOAD_TOO_LARGE';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
      /** @description Unsupported media type: `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'UNSUPPORTED_MEDIA_TYPE';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  getWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Webhook'];
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Not found: `NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'NOT_FOUND';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  deleteWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Deleted'];
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Not found: `NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'NOT_FOUND';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  updateWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateWebhookRequest'];
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Webhook'];
          };
        };
      };
      /** @description The request is invalid: `VALIDATION_ERROR` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'VALIDATION_ERROR';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Not found: `NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'NOT_FOUND';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Conflict: `CONFLICT` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'CONFLICT';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Payload too large: `PAYLOAD_TOO_LARGE` */
      413: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'PAYLOAD_TOO_LARGE';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
      /** @description Unsupported media type: `UNSUPPORTED_MEDIA_TYPE` */
      415: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'UNSUPPORTED_MEDIA_TYPE';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  rotateWebhookSecret: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['WebhookSecret'];
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Not found: `NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'NOT_FOUND';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Conflict: `CONFLICT` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'CONFLICT';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  testWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['WebhookTestResult'];
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Not found: `NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'NOT_FOUND';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  listWebhookDeliveries: {
    parameters: {
      query?: {
        /** @description Page number, from 1; a page past the end is empty */
        page?: number;
        /** @description Items per page (1–100) */
        limit?: number;
        /** @description Only deliveries with this status */
        status?: 'pending' | 'succeeded' | 'failed';
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['WebhookDeliverySummary'][];
            pagination: components['schemas']['Pagination'];
          };
        };
      };
      /** @description The request is invalid: `VALIDATION_ERROR` */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'VALIDATION_ERROR';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Not found: `NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'NOT_FOUND';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  getWebhookDelivery: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        delivery_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['WebhookDelivery'];
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Not found: `NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'NOT_FOUND';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  retryWebhookDelivery: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        delivery_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Accepted */
      202: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['WebhookDeliverySummary'];
          };
        };
      };
      /** @description No API key, or a wrong one: `AUTH_MISSING`, `AUTH_INVALID` */
      401: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'AUTH_MISSING' | 'AUTH_INVALID';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Forbidden: `FORBIDDEN` */
      403: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'FORBIDDEN';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Not found: `NOT_FOUND` */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'NOT_FOUND';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Conflict: `CONFLICT` */
      409: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'CONFLICT';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  getOpenApiDocument: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            openapi: string;
          } & {
            [key: string]: unknown;
          };
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  showUnsubscribePage: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The signed reference of the link (valid 60 days) */
        token: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The page */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description An unknown, altered, truncated or expired link */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  unsubscribeOneClick: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The signed reference of the link (valid 60 days) */
        token: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/x-www-form-urlencoded': {
          /** @enum {string} */
          'List-Unsubscribe'?: 'One-Click';
        };
      };
    };
    responses: {
      /** @description Unsubscribed (now or before) */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description An unknown, altered, truncated or expired link */
      404: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description Too many requests: `RATE_LIMITED` */
      429: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'RATE_LIMITED';
              message: string;
              details?: components['schemas']['ErrorDetail'][];
            };
          };
        };
      };
      /** @description Internal error (the message quotes the request id): `INTERNAL_ERROR` */
      500: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                error: {
                  /** @enum {string} */
                  code: 'INTERNAL_ERROR';
                  message: string;
                  details?: components['schemas']['ErrorDetail'][];
                };
              }
            | components['schemas']['GatewayError'];
        };
      };
    };
  };
  webhook_email_sent: {
    parameters: {
      query?: never;
      header: {
        'webhook-id': string;
        'webhook-timestamp': string;
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          type: 'email.sent';
          /**
           * Format: date-time
           * @example 2026-11-24T10:15:30.123Z
           */
          timestamp: string;
          data: components['schemas']['EmailEventData'];
        };
      };
    };
    responses: {
      /** @description Received (any 2xx) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_email_delivered: {
    parameters: {
      query?: never;
      header: {
        'webhook-id': string;
        'webhook-timestamp': string;
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          type: 'email.delivered';
          /**
           * Format: date-time
           * @example 2026-11-24T10:15:30.123Z
           */
          timestamp: string;
          data: components['schemas']['EmailEventData'];
        };
      };
    };
    responses: {
      /** @description Received (any 2xx) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_email_delivery_delayed: {
    parameters: {
      query?: never;
      header: {
        'webhook-id': string;
        'webhook-timestamp': string;
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          type: 'email.delivery_delayed';
          /**
           * Format: date-time
           * @example 2026-11-24T10:15:30.123Z
           */
          timestamp: string;
          data: components['schemas']['EmailEventData'];
        };
      };
    };
    responses: {
      /** @description Received (any 2xx) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_email_bounced: {
    parameters: {
      query?: never;
      header: {
        'webhook-id': string;
        'webhook-timestamp': string;
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          type: 'email.bounced';
          /**
           * Format: date-time
           * @example 2026-11-24T10:15:30.123Z
           */
          timestamp: string;
          data: components['schemas']['EmailEventData'];
        };
      };
    };
    responses: {
      /** @description Received (any 2xx) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_email_complained: {
    parameters: {
      query?: never;
      header: {
        'webhook-id': string;
        'webhook-timestamp': string;
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          type: 'email.complained';
          /**
           * Format: date-time
           * @example 2026-11-24T10:15:30.123Z
           */
          timestamp: string;
          data: components['schemas']['EmailEventData'];
        };
      };
    };
    responses: {
      /** @description Received (any 2xx) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_email_opened: {
    parameters: {
      query?: never;
      header: {
        'webhook-id': string;
        'webhook-timestamp': string;
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          type: 'email.opened';
          /**
           * Format: date-time
           * @example 2026-11-24T10:15:30.123Z
           */
          timestamp: string;
          data: components['schemas']['EmailEventData'];
        };
      };
    };
    responses: {
      /** @description Received (any 2xx) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_email_clicked: {
    parameters: {
      query?: never;
      header: {
        'webhook-id': string;
        'webhook-timestamp': string;
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          type: 'email.clicked';
          /**
           * Format: date-time
           * @example 2026-11-24T10:15:30.123Z
           */
          timestamp: string;
          data: components['schemas']['EmailEventData'];
        };
      };
    };
    responses: {
      /** @description Received (any 2xx) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_email_failed: {
    parameters: {
      query?: never;
      header: {
        'webhook-id': string;
        'webhook-timestamp': string;
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          type: 'email.failed';
          /**
           * Format: date-time
           * @example 2026-11-24T10:15:30.123Z
           */
          timestamp: string;
          data: components['schemas']['EmailEventData'];
        };
      };
    };
    responses: {
      /** @description Received (any 2xx) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_email_cancelled: {
    parameters: {
      query?: never;
      header: {
        'webhook-id': string;
        'webhook-timestamp': string;
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          type: 'email.cancelled';
          /**
           * Format: date-time
           * @example 2026-11-24T10:15:30.123Z
           */
          timestamp: string;
          data: components['schemas']['EmailEventData'];
        };
      };
    };
    responses: {
      /** @description Received (any 2xx) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_email_unsubscribed: {
    parameters: {
      query?: never;
      header: {
        'webhook-id': string;
        'webhook-timestamp': string;
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          type: 'email.unsubscribed';
          /**
           * Format: date-time
           * @example 2026-11-24T10:15:30.123Z
           */
          timestamp: string;
          data: components['schemas']['EmailEventData'];
        };
      };
    };
    responses: {
      /** @description Received (any 2xx) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_email_received: {
    parameters: {
      query?: never;
      header: {
        'webhook-id': string;
        'webhook-timestamp': string;
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          type: 'email.received';
          /**
           * Format: date-time
           * @example 2026-11-24T10:15:30.123Z
           */
          timestamp: string;
          data: components['schemas']['EmailReceivedData'];
        };
      };
    };
    responses: {
      /** @description Received (any 2xx) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_suppression_created: {
    parameters: {
      query?: never;
      header: {
        'webhook-id': string;
        'webhook-timestamp': string;
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          type: 'suppression.created';
          /**
           * Format: date-time
           * @example 2026-11-24T10:15:30.123Z
           */
          timestamp: string;
          data: components['schemas']['SuppressionEventData'];
        };
      };
    };
    responses: {
      /** @description Received (any 2xx) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_suppression_deleted: {
    parameters: {
      query?: never;
      header: {
        'webhook-id': string;
        'webhook-timestamp': string;
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          type: 'suppression.deleted';
          /**
           * Format: date-time
           * @example 2026-11-24T10:15:30.123Z
           */
          timestamp: string;
          data: components['schemas']['SuppressionEventData'];
        };
      };
    };
    responses: {
      /** @description Received (any 2xx) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_domain_verified: {
    parameters: {
      query?: never;
      header: {
        'webhook-id': string;
        'webhook-timestamp': string;
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          type: 'domain.verified';
          /**
           * Format: date-time
           * @example 2026-11-24T10:15:30.123Z
           */
          timestamp: string;
          data: {
            event_id: string;
            id: string;
            name: string;
            /**
             * Format: date-time
             * @example 2026-11-24T10:15:30.123Z
             */
            verified_at: string;
          };
        };
      };
    };
    responses: {
      /** @description Received (any 2xx) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_organization_sending_paused: {
    parameters: {
      query?: never;
      header: {
        'webhook-id': string;
        'webhook-timestamp': string;
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          type: 'organization.sending_paused';
          /**
           * Format: date-time
           * @example 2026-11-24T10:15:30.123Z
           */
          timestamp: string;
          data: {
            event_id: string;
            organization_id: string;
            /** @enum {string} */
            environment: 'live' | 'test';
            /**
             * Format: date-time
             * @example 2026-11-24T10:15:30.123Z
             */
            paused_at: string;
            reason: string;
            bounce_rate_24h: number;
            complaint_rate_24h: number;
            sent_24h: number;
          };
        };
      };
    };
    responses: {
      /** @description Received (any 2xx) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_webhook_test: {
    parameters: {
      query?: never;
      header: {
        'webhook-id': string;
        'webhook-timestamp': string;
        'webhook-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          type: 'webhook.test';
          /**
           * Format: date-time
           * @example 2026-11-24T10:15:30.123Z
           */
          timestamp: string;
          data: {
            event_id: string;
            webhook_id: string;
            message: string;
          };
        };
      };
    };
    responses: {
      /** @description Received (any 2xx) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
}
