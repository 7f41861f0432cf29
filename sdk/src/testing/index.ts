/**
 * @postbox/sdk/testing: helpers for an application's own tests against a local Postbox. Node only
 * (an HTTP server), which is why they are a separate entry: the main one runs wherever fetch does.
 * See sdk/README.md, "Testing your application".
 */
export { WaitForTimeoutError } from '../errors.js';
export type { WebhookEvent } from '../webhook-verification.js';
export { type WebhookReceiver, type WebhookReceiverOptions, webhookReceiver } from './webhook-receiver.js';
