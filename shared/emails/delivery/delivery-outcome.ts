/** What delivering one queued email came to: the send queue consumer acknowledges, retries or requeues by it. */

/**
 * `sent`, `skipped` (nothing to do: a duplicate record, an email already sent, cancelled,
 * failed, or held by another consumer) and `failed` are final: the SQS message is done.
 * `retry`: the message must come back (SES throttled us or failed in a way that may pass).
 * `deferred`: not sent because no slot of the account's SES send rate came in time (send-pacer.service.ts);
 * the consumer queues the message afresh rather than retrying it, so waiting out a long backlog
 * never uses up its receives.
 */
export type DeliveryOutcome = 'sent' | 'skipped' | 'failed' | 'retry' | 'deferred';
