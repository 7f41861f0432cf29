/**
 * Every API route's operation (its contract: shared/platform/api-operation.ts), by the route's
 * method and path under /api/v1. The OpenAPI document is generated from the route table through
 * this map (shared/http/openapi.ts), and a route without an operation, or an operation without a
 * route, fails the generation. Handlers import their operation directly (a bundle carries only
 * its own route's schemas); this map is for the document alone.
 */
import * as settings from '#accounts/settings.contract.ts';
import * as attachments from '#attachments/attachments.contract.ts';
import * as metrics from '#deliverability/metrics.contract.ts';
import * as sending from '#deliverability/sending.contract.ts';
import * as domains from '#domains/domains.contract.ts';
import * as emails from '#emails/emails.contract.ts';
import type { ApiOperation } from '#platform/api-operation.ts';
import { getOpenApiDocument } from '#platform/reference.contract.ts';
import * as suppressions from '#suppressions/suppressions.contract.ts';
import * as templates from '#templates/templates.contract.ts';
import * as validation from '#validation/validation.contract.ts';
import * as webhooks from '#webhooks/webhooks.contract.ts';

export const operationsByRoute: Readonly<Record<string, ApiOperation>> = {
  'GET /settings/auto-validation': settings.getAutoValidation,
  'PUT /settings/auto-validation': settings.putAutoValidation,
  'GET /settings/sending': sending.getSendingSettings,
  'GET /settings/tracking': settings.getTracking,
  'PUT /settings/tracking': settings.putTracking,
  'POST /domains': domains.addDomain,
  'GET /domains': domains.listDomains,
  'GET /domains/{id}/verify': domains.verifyDomain,
  'PATCH /domains/{id}': domains.updateDomain,
  'POST /emails/send': emails.sendEmail,
  'POST /emails/validate': validation.validateAddress,
  'POST /emails/validate/batch': validation.validateAddresses,
  'POST /emails/batch': emails.sendBatch,
  'POST /attachments': attachments.createAttachment,
  'GET /emails': emails.listEmails,
  'GET /emails/{id}': emails.getEmail,
  'POST /emails/{id}/cancel': emails.cancelEmail,
  'GET /suppressions': suppressions.listSuppressions,
  'POST /suppressions': suppressions.addSuppression,
  'DELETE /suppressions/{id}': suppressions.removeSuppression,
  'POST /templates': templates.createTemplate,
  'GET /templates': templates.listTemplates,
  'GET /templates/{id}': templates.getTemplate,
  'PUT /templates/{id}': templates.updateTemplate,
  'DELETE /templates/{id}': templates.deleteTemplate,
  'POST /templates/{id}/preview': templates.previewTemplate,
  'POST /webhooks': webhooks.createWebhook,
  'GET /webhooks': webhooks.listWebhooks,
  'GET /webhooks/{id}': webhooks.getWebhook,
  'PATCH /webhooks/{id}': webhooks.updateWebhook,
  'DELETE /webhooks/{id}': webhooks.deleteWebhook,
  'POST /webhooks/{id}/rotate-secret': webhooks.rotateWebhookSecret,
  'POST /webhooks/{id}/test': webhooks.testWebhook,
  'GET /webhooks/{id}/deliveries': webhooks.listWebhookDeliveries,
  'GET /webhooks/{id}/deliveries/{delivery_id}': webhooks.getWebhookDelivery,
  'POST /webhooks/{id}/deliveries/{delivery_id}/retry': webhooks.retryWebhookDelivery,
  'GET /metrics': metrics.getMetrics,
  'GET /openapi.json': getOpenApiDocument,
};
