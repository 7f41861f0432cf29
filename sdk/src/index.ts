/**
 * @postbox/sdk: a typed client for the Postbox API.
 *
 * Only `fetch` (and `AbortController`, `setTimeout`, `crypto.randomUUID` when present): no runtime
 * dependency, so it runs on Node ≥ 20, Bun, Deno, edge runtimes and browsers. This module is the
 * package's whole public API; each part lives in the file named below. See sdk/README.md.
 */
export { Postbox } from './client.js';
export { PostboxError, WaitForTimeoutError } from './errors.js';
export { type PostboxOptions, type RequestOptions, type SendOptions, VERSION } from './options.js';
export { ApiKeyResource } from './resources/api-key.js';
export { Attachments } from './resources/attachments.js';
export { Domains } from './resources/domains.js';
export { Emails } from './resources/emails.js';
export { Inbound } from './resources/inbound.js';
export { MetricsResource } from './resources/metrics.js';
export { Settings } from './resources/settings.js';
export { Suppressions } from './resources/suppressions.js';
export { Templates } from './resources/templates.js';
export { Webhooks } from './resources/webhooks.js';
export type { components, operations, paths, webhooks } from './schema.js';
export { Transport } from './transport.js';
export type {
  AddSuppressionRequest,
  ApiErrorCode,
  ApiKeyDescription,
  AttachmentUpload,
  AutoValidationSetting,
  AutoValidationThreshold,
  BatchAccepted,
  BatchSendRequest,
  ClientErrorCode,
  CreateAttachmentRequest,
  CreateTemplateRequest,
  CreateWebhookRequest,
  Deleted,
  DnsRecord,
  Domain,
  Email,
  EmailAttachment,
  EmailEvent,
  EmailEventData,
  EmailListItem,
  EmailReceivedData,
  EmailStatus,
  ErrorDetail,
  InboundAddress,
  InboundAttachment,
  InboundListItem,
  InboundMessage,
  InboundVerdicts,
  ListEmailsQuery,
  ListInboundQuery,
  ListSuppressionsQuery,
  ListTemplatesQuery,
  ListWebhookDeliveriesQuery,
  Mailbox,
  MetricCounts,
  Metrics,
  MetricsQuery,
  Page,
  Pagination,
  PostboxErrorCode,
  QueryOf,
  ResponseBody,
  ResponseData,
  SendAccepted,
  SendEmailRequest,
  SendingSettings,
  Suppression,
  Template,
  TemplateDetail,
  TemplatePreview,
  TemplateSummary,
  TemplateVariable,
  UpdateDomainRequest,
  UpdateTemplateRequest,
  UpdateWebhookRequest,
  ValidationResult,
  Webhook,
  WebhookDelivery,
  WebhookDeliverySummary,
  WebhookEventType,
  WebhookWithSecret,
} from './types.js';
export type { EmailWithLinks, WaitForEmailOptions } from './wait-for-email.js';
export {
  verifyWebhook,
  type WebhookEvent,
  type WebhookEventOf,
  WebhookVerificationError,
} from './webhook-verification.js';
