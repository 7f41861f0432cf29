/**
 * The dashboard's one Lambda function: API Gateway sends it every path under /dashboard
 * (`ANY /dashboard`, `ANY /dashboard/{proxy+}`), and it hands each request to its page's handler
 * with the event that page's own route would have had (its route key and path parameters), so a
 * page is written as if it had a function of its own. A path or method no page has gets the
 * `$default` route's answer (the dashboard's 404 or 405 page). The pages are listed in the route
 * table (shared/platform/routes.ts, dashboardPages); test/unit/dashboard-router.test.ts checks that
 * this map holds exactly those.
 */
import type { LambdaHttpHandler } from '#http/request-scope.ts';
import { matchRoute } from '#platform/route-matching.ts';
import { dashboardPages } from '#platform/routes.ts';
import { handler as unmatchedRoute } from '../unmatched-route.ts';
import { handler as asset } from './asset.ts';
import { handler as domainsCreate } from './domains/create.ts';
import { handler as domainsList } from './domains/list.ts';
import { handler as domainsMailFrom } from './domains/mail-from.ts';
import { handler as domainsVerify } from './domains/verify.ts';
import { handler as emailsAttachment } from './emails/attachment.ts';
import { handler as emailsBody } from './emails/body.ts';
import { handler as emailsDetail } from './emails/detail.ts';
import { handler as emailsList } from './emails/list.ts';
import { handler as home } from './home.ts';
import { handler as overview } from './overview.ts';
import { handler as settingsApiKeys } from './settings/api-keys.ts';
import { handler as settingsAutoValidation } from './settings/auto-validation.ts';
import { handler as settingsConfirmRevoke } from './settings/confirm-revoke.ts';
import { handler as settingsCreateApiKey } from './settings/create-api-key.ts';
import { handler as settingsRevokeApiKey } from './settings/revoke-api-key.ts';
import { handler as settingsSaveAutoValidation } from './settings/save-auto-validation.ts';
import { handler as settingsSaveTracking } from './settings/save-tracking.ts';
import { handler as settingsTracking } from './settings/tracking.ts';
import { handler as settingsWebhooksConfirmDelete } from './settings/webhooks/confirm-delete.ts';
import { handler as settingsWebhooksCreate } from './settings/webhooks/create.ts';
import { handler as settingsWebhooksDelete } from './settings/webhooks/delete.ts';
import { handler as settingsWebhooksDelivery } from './settings/webhooks/delivery.ts';
import { handler as settingsWebhooksDetail } from './settings/webhooks/detail.ts';
import { handler as settingsWebhooksList } from './settings/webhooks/list.ts';
import { handler as settingsWebhooksRetryDelivery } from './settings/webhooks/retry-delivery.ts';
import { handler as settingsWebhooksRotateSecret } from './settings/webhooks/rotate-secret.ts';
import { handler as settingsWebhooksTest } from './settings/webhooks/test.ts';
import { handler as settingsWebhooksUpdate } from './settings/webhooks/update.ts';
import { handler as signIn } from './sign-in.ts';
import { handler as signInPage } from './sign-in-page.ts';
import { handler as signOut } from './sign-out.ts';
import { handler as suppressionsCreate } from './suppressions/create.ts';
import { handler as suppressionsDelete } from './suppressions/delete.ts';
import { handler as suppressionsList } from './suppressions/list.ts';
import { handler as templatesDetail } from './templates/detail.ts';
import { handler as templatesList } from './templates/list.ts';
import { handler as templatesPreview } from './templates/preview.ts';

/** Each page's handler by its module path in the route table. */
export const pageHandlers: Readonly<Record<string, LambdaHttpHandler>> = {
  'functions/dashboard/asset.ts': asset,
  'functions/dashboard/domains/create.ts': domainsCreate,
  'functions/dashboard/domains/list.ts': domainsList,
  'functions/dashboard/domains/mail-from.ts': domainsMailFrom,
  'functions/dashboard/domains/verify.ts': domainsVerify,
  'functions/dashboard/emails/attachment.ts': emailsAttachment,
  'functions/dashboard/emails/body.ts': emailsBody,
  'functions/dashboard/emails/detail.ts': emailsDetail,
  'functions/dashboard/emails/list.ts': emailsList,
  'functions/dashboard/home.ts': home,
  'functions/dashboard/overview.ts': overview,
  'functions/dashboard/settings/api-keys.ts': settingsApiKeys,
  'functions/dashboard/settings/auto-validation.ts': settingsAutoValidation,
  'functions/dashboard/settings/confirm-revoke.ts': settingsConfirmRevoke,
  'functions/dashboard/settings/create-api-key.ts': settingsCreateApiKey,
  'functions/dashboard/settings/revoke-api-key.ts': settingsRevokeApiKey,
  'functions/dashboard/settings/save-auto-validation.ts': settingsSaveAutoValidation,
  'functions/dashboard/settings/tracking.ts': settingsTracking,
  'functions/dashboard/settings/save-tracking.ts': settingsSaveTracking,
  'functions/dashboard/settings/webhooks/confirm-delete.ts': settingsWebhooksConfirmDelete,
  'functions/dashboard/settings/webhooks/create.ts': settingsWebhooksCreate,
  'functions/dashboard/settings/webhooks/delete.ts': settingsWebhooksDelete,
  'functions/dashboard/settings/webhooks/delivery.ts': settingsWebhooksDelivery,
  'functions/dashboard/settings/webhooks/detail.ts': settingsWebhooksDetail,
  'functions/dashboard/settings/webhooks/list.ts': settingsWebhooksList,
  'functions/dashboard/settings/webhooks/retry-delivery.ts': settingsWebhooksRetryDelivery,
  'functions/dashboard/settings/webhooks/rotate-secret.ts': settingsWebhooksRotateSecret,
  'functions/dashboard/settings/webhooks/test.ts': settingsWebhooksTest,
  'functions/dashboard/settings/webhooks/update.ts': settingsWebhooksUpdate,
  'functions/dashboard/sign-in-page.ts': signInPage,
  'functions/dashboard/sign-in.ts': signIn,
  'functions/dashboard/sign-out.ts': signOut,
  'functions/dashboard/suppressions/create.ts': suppressionsCreate,
  'functions/dashboard/suppressions/delete.ts': suppressionsDelete,
  'functions/dashboard/suppressions/list.ts': suppressionsList,
  'functions/dashboard/templates/detail.ts': templatesDetail,
  'functions/dashboard/templates/list.ts': templatesList,
  'functions/dashboard/templates/preview.ts': templatesPreview,
};

export const handler: LambdaHttpHandler = (event, context) => {
  const { method, path } = event.requestContext.http;
  const resolution = matchRoute(method, path);
  const match = 'match' in resolution && dashboardPages.includes(resolution.match.route) ? resolution.match : undefined;
  if (!match) return unmatchedRoute(event, context);
  const page = pageHandlers[match.route.handler];
  if (!page) throw new Error(`No handler for the dashboard page ${match.route.handler}`);
  const { pathParameters: _proxy, ...rest } = event;
  return page(
    {
      ...rest,
      routeKey: match.routeKey,
      ...(Object.keys(match.pathParameters).length > 0 ? { pathParameters: match.pathParameters } : {}),
    },
    context,
  );
};
