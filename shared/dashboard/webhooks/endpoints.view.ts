/**
 * Settings → Webhooks, the endpoints: the list (with the add form; the signing secret shown once),
 * an endpoint's page (details, test, rotate, delete, the edit form, its log: deliveries.view.ts) and
 * the confirmation of a deletion. Pure rendering: webhooks.data.ts loads what a page shows.
 */
import type { Pagination } from '#core/pages.ts';
import {
  badge,
  copyButton,
  dateTime,
  emptyState,
  none,
  notice,
  type PageNotice,
  pageNotice,
} from '#dashboard/components.ts';
import { csrfField } from '#dashboard/forms.ts';
import { html, type SafeHtml } from '#dashboard/html.ts';
import { layout, type PageMember } from '#dashboard/layout.ts';
import type { PageResult } from '#dashboard/page-result.ts';
import { type DeliverySummary, deliveriesSection } from '#dashboard/webhooks/deliveries.view.ts';
import { addWebhookForm, editWebhookForm, type WebhookFormState } from '#dashboard/webhooks/webhook-form.view.ts';
import { deletePath, deliveryPath, WEBHOOKS_PATH, webhookPath } from '#dashboard/webhooks/webhook-paths.ts';
import type { WebhookFormValues } from '#dashboard/webhooks/webhooks.schemas.ts';
import {
  type DisabledReason,
  MAX_WEBHOOKS_PER_ORGANIZATION,
  type WebhookEventType,
  type webhookView,
} from '#webhooks/webhook.ts';
import type { DeliveryStatus } from '#webhooks/webhook-delivery.ts';

/** The id of the read-only input holding a secret shown once (the copy button's target). */
export const WEBHOOK_SECRET_INPUT_ID = 'webhook-secret';

export type WebhookView = ReturnType<typeof webhookView>;

/** What POST …/test answered: the one attempt made. */
export interface TestEventResult {
  delivery_id: string;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
}

const DISABLED_REASONS: Record<DisabledReason, string> = {
  manual: 'Disabled by hand (here or through the API).',
  gone: 'Disabled: the endpoint answered 410 Gone.',
  failing: 'Disabled: every attempt failed for 5 days.',
};

/** `?notice=` values: fixed messages only. */
const LIST_NOTICES: Record<string, PageNotice> = {
  deleted: { tone: 'ok', content: 'The endpoint is deleted: no event is sent to it any more.' },
};
const ENDPOINT_NOTICES: Record<string, PageNotice> = {
  saved: { tone: 'ok', content: 'Saved.' },
};

/** "All events" or the types subscribed to. */
function eventsSummary(events: readonly WebhookEventType[]): SafeHtml {
  if (events.length === 0) return html`All events`;
  return html`${events.map((type, index) => html`${index > 0 ? ', ' : ''}<code>${type}</code>`)}`;
}

function endpointStatus(webhook: WebhookView): SafeHtml {
  if (webhook.enabled) return badge('Enabled', 'ok');
  const reason = webhook.disabled_reason ? DISABLED_REASONS[webhook.disabled_reason] : undefined;
  return html`${badge('Disabled', 'bad')}${reason ? html` <span class="muted">${reason}</span>` : ''}`;
}

/** A secret shown this once, with a copy button and a warning. */
function secretSection(heading: string, secret: string, warning: SafeHtml): SafeHtml {
  return html`<section class="card" aria-labelledby="webhook-secret-heading">
<h2 id="webhook-secret-heading">${heading}</h2>
${notice('warn', html`<strong>Copy this secret now: it will not be shown again.</strong> ${warning}`)}
<div class="field"><label for="${WEBHOOK_SECRET_INPUT_ID}">Signing secret</label>
<div class="secret"><input id="${WEBHOOK_SECRET_INPUT_ID}" type="text" readonly value="${secret}" autocomplete="off" spellcheck="false" aria-describedby="${WEBHOOK_SECRET_INPUT_ID}-hint">
${copyButton(WEBHOOK_SECRET_INPUT_ID)}</div>
<span class="hint" id="${WEBHOOK_SECRET_INPUT_ID}-hint">Your receiver checks each delivery’s <code>webhook-signature</code> header with it (Standard Webhooks). Store it securely, never in source code.</span></div>
</section>`;
}

/** What the edit form shows until a refused one is shown again: the endpoint as it is. */
const currentValues = (webhook: WebhookView): WebhookFormValues => ({
  url: webhook.url,
  description: webhook.description ?? '',
  events: webhook.events,
  enabled: webhook.enabled,
});

// ---------------------------------------------------------------------------------------------
// The list: GET and POST /dashboard/settings/webhooks

export interface WebhooksPageState {
  member: PageMember;
  webhooks: readonly WebhookView[];
  /** `?notice=` of the list page: only known values show anything. */
  notice?: string | undefined;
  /** Just added: its secret is shown this once. */
  created?: { webhook: WebhookView; secret: string };
  form?: WebhookFormState;
  status?: number;
}

function webhooksTable(webhooks: readonly WebhookView[], highlightId: string | undefined): SafeHtml {
  if (webhooks.length === 0) return emptyState('No webhook endpoints yet. Add one below.');
  const row = (webhook: WebhookView) => html`<tr>
<td><a class="mono" href="${webhookPath(webhook.id)}">${webhook.url}</a>${webhook.id === highlightId ? html` ${badge('New', 'info')}` : ''}${
    webhook.description ? html`<div class="muted">${webhook.description}</div>` : ''
  }</td>
<td>${eventsSummary(webhook.events)}</td>
<td>${endpointStatus(webhook)}</td>
<td>${dateTime(webhook.created_at)}</td>
</tr>`;
  return html`<table>
<caption class="visually-hidden">Webhook endpoints of this organization, oldest first</caption>
<thead><tr><th scope="col">Endpoint</th><th scope="col">Events</th><th scope="col">Status</th><th scope="col">Created</th></tr></thead>
<tbody>
${webhooks.map(row)}
</tbody>
</table>`;
}

export function webhooksPage(state: WebhooksPageState): PageResult {
  const { member, webhooks, created } = state;
  return {
    status: state.status ?? (created ? 201 : 200),
    // A page holding a secret must never be kept by a browser or a proxy.
    headers: { 'Cache-Control': 'no-store' },
    body: layout({
      title: 'Webhooks',
      member,
      section: 'webhooks',
      body: html`<h1>Webhooks</h1>
<p class="lead">Postbox posts your emails’ events (sent, delivered, bounced, opened…) to these endpoints as they happen, signed with each endpoint’s secret, and tries again for a while when an endpoint fails. At most ${MAX_WEBHOOKS_PER_ORGANIZATION} endpoints.</p>
${pageNotice(LIST_NOTICES, state.notice)}
${
  created
    ? secretSection(
        'Your new endpoint’s signing secret',
        created.secret,
        html`It signs every delivery to <code>${created.webhook.url}</code>. You can rotate it on <a href="${webhookPath(created.webhook.id)}">the endpoint’s page</a>.`,
      )
    : ''
}
<h2>Endpoints</h2>
${webhooksTable(webhooks, created?.webhook.id)}
${addWebhookForm(member, state.form ?? {})}`,
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// An endpoint: GET /dashboard/settings/webhooks/{id} (and what its posts show)

export interface WebhookPageState {
  member: PageMember;
  webhook: WebhookView;
  deliveries: { items: readonly DeliverySummary[]; pagination: Pagination };
  /** The log's status filter. */
  deliveryStatus?: DeliveryStatus | undefined;
  notice?: string | undefined;
  /** Just rotated: the new secret, shown this once. */
  rotatedSecret?: string;
  testResult?: TestEventResult;
  form?: WebhookFormState;
  status?: number;
}

function facts(webhook: WebhookView): SafeHtml {
  return html`<dl class="facts">
<dt>ID</dt><dd><code>${webhook.id}</code></dd>
<dt>URL</dt><dd class="mono">${webhook.url}</dd>
<dt>Description</dt><dd>${webhook.description ?? none}</dd>
<dt>Events</dt><dd>${eventsSummary(webhook.events)}</dd>
<dt>Status</dt><dd>${endpointStatus(webhook)}</dd>
<dt>Created</dt><dd>${dateTime(webhook.created_at)}</dd>
<dt>Updated</dt><dd>${dateTime(webhook.updated_at)}</dd>
</dl>`;
}

function testResultNotice(webhookId: string, result: TestEventResult): SafeHtml {
  const succeeded = result.status_code !== null && result.status_code >= 200 && result.status_code < 300;
  const answer =
    result.status_code === null ? html`no answer` : html`HTTP status <strong>${result.status_code}</strong>`;
  return html`<div id="test-result">${notice(
    succeeded ? 'ok' : 'error',
    html`Test event sent: ${answer} after ${result.duration_ms} ms.${result.error ? html` Error: ${result.error}.` : ''} <a href="${deliveryPath(webhookId, result.delivery_id)}">See the delivery</a>.`,
  )}</div>`;
}

function actions(member: PageMember, webhook: WebhookView): SafeHtml {
  return html`<section class="card" aria-labelledby="actions-heading">
<h2 id="actions-heading">Test, rotate, delete</h2>
<form method="post" action="${webhookPath(webhook.id)}/test">${csrfField(member)}
<p><button type="submit">Send test event</button> <span class="muted">Posts a signed <code>webhook.test</code> event now (even while disabled) and shows the answer.</span></p>
</form>
<form method="post" action="${webhookPath(webhook.id)}/rotate-secret">${csrfField(member)}
<p><button class="secondary" type="submit">Rotate secret</button> <span class="muted">A new secret signs from now on; the current one keeps signing alongside it for 24 hours.</span></p>
</form>
<p><a class="button secondary" href="${deletePath(webhook.id)}">Delete endpoint…</a></p>
</section>`;
}

export function webhookPage(state: WebhookPageState): PageResult {
  const { member, webhook } = state;
  return {
    status: state.status ?? 200,
    headers: { 'Cache-Control': 'no-store' },
    body: layout({
      title: `Webhook ${webhook.url}`,
      member,
      section: 'webhooks',
      body: html`<p><a href="${WEBHOOKS_PATH}">← Webhooks</a></p>
<h1>Webhook endpoint</h1>
${pageNotice(ENDPOINT_NOTICES, state.notice)}
${state.testResult ? testResultNotice(webhook.id, state.testResult) : ''}
${
  state.rotatedSecret
    ? secretSection(
        'The new signing secret',
        state.rotatedSecret,
        html`The previous secret keeps signing alongside it for 24 hours (each delivery carries both signatures): switch your receiver to the new one within that time.`,
      )
    : ''
}
<section class="card" aria-labelledby="facts-heading">
<h2 id="facts-heading">Details</h2>
${facts(webhook)}
</section>
${actions(member, webhook)}
${editWebhookForm(member, webhook.id, currentValues(webhook), state.form ?? {})}
${deliveriesSection(webhook.id, state.deliveries, state.deliveryStatus)}`,
    }),
  };
}

export function confirmDeleteWebhookPage(member: PageMember, webhook: WebhookView): PageResult {
  return {
    body: layout({
      title: `Delete webhook ${webhook.url}`,
      member,
      section: 'webhooks',
      body: html`<h1>Delete this webhook endpoint?</h1>
<div class="card">${facts(webhook)}</div>
${notice('warn', 'This is permanent: no event is sent to this endpoint any more, and its secret stops signing. To pause deliveries instead, disable it.')}
<form method="post" action="${deletePath(webhook.id)}">
${csrfField(member)}
<p><button class="danger" type="submit">Delete endpoint</button> <a class="button secondary" href="${webhookPath(webhook.id)}">Cancel</a></p>
</form>`,
    }),
  };
}
