/**
 * Settings → Webhooks: the endpoints (list, add — the signing secret shown once —, edit, rotate the
 * secret, send a test event, delete after a confirmation) and an endpoint's deliveries (the log,
 * one delivery with its attempts and payload, a retry). Pure rendering, plus the add/edit form's
 * schema (its field names are this file's): the handlers read and write through the services
 * (shared/dashboard/webhook-pages.ts loads what a page shows).
 */
import * as z from 'zod';
import type { ApiError } from '#core/errors.ts';
import type { Pagination } from '#core/pages.ts';
import { html, type SafeHtml } from '#dashboard/html.ts';
import {
  type BadgeTone,
  badge,
  copyButton,
  csrfField,
  dateTime,
  emptyState,
  fieldError,
  layout,
  none,
  notice,
  type PageMember,
  type PageNotice,
  pageNotice,
  pager,
} from '#dashboard/layout.ts';
import type { PageResult } from '#dashboard/page-handler.ts';
import { errorMessage } from '#dashboard/page-stack/error-page.ts';
import { type FormProblems, formProblems, inputState, problemsNotice } from '#dashboard/pages/settings.ts';
import {
  type DisabledReason,
  MAX_WEBHOOK_DESCRIPTION_LENGTH,
  MAX_WEBHOOKS_PER_ORGANIZATION,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
  type webhookView,
} from '#webhooks/webhook.ts';
import {
  DELIVERY_STATUSES,
  type DeliveryStatus,
  type deliverySummaryView,
  type deliveryView,
} from '#webhooks/webhook-delivery.ts';

export const WEBHOOKS_PATH = '/dashboard/settings/webhooks';
export const webhookPath = (webhookId: string): string => `${WEBHOOKS_PATH}/${encodeURIComponent(webhookId)}`;
export const deletePath = (webhookId: string): string => `${webhookPath(webhookId)}/delete`;
export const deliveryPath = (webhookId: string, deliveryId: string): string =>
  `${webhookPath(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}`;

/** Deliveries per page of an endpoint's log. */
export const DELIVERIES_PAGE_LIMIT = 20;

/** The id of the read-only input holding a secret shown once (the copy button's target). */
export const WEBHOOK_SECRET_INPUT_ID = 'webhook-secret';

export type WebhookView = ReturnType<typeof webhookView>;
export type DeliverySummary = ReturnType<typeof deliverySummaryView>;
export type DeliveryDetail = ReturnType<typeof deliveryView>;

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

const DELIVERY_STATUS_TONES: Record<DeliveryStatus, BadgeTone> = { pending: 'info', succeeded: 'ok', failed: 'bad' };
const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

/** `?notice=` values: fixed messages only. */
const LIST_NOTICES: Record<string, PageNotice> = {
  deleted: { tone: 'ok', content: 'The endpoint is deleted: no event is sent to it any more.' },
};
const ENDPOINT_NOTICES: Record<string, PageNotice> = {
  saved: { tone: 'ok', content: 'Saved.' },
};
const DELIVERY_NOTICES: Record<string, PageNotice> = {
  retried: {
    tone: 'ok',
    content: 'Retry queued: the delivery is sent again now, once, with the same webhook-id.',
  },
};

// ---------------------------------------------------------------------------------------------
// The add / edit form

/** A checkbox per event type, each its own name: a form keeps only the first value of a name. */
export const eventFieldName = (type: WebhookEventType): string => `event.${type}`;

/** What the add and edit forms hold, trimmed; `events` empty means every type. */
export interface WebhookFormValues {
  url: string;
  description: string;
  events: WebhookEventType[];
  /** The edit form's checkbox (the add form has none: a new endpoint is enabled). */
  enabled: boolean;
}

/** The form's values from the raw form (also what a refused form shows again). */
export function webhookFormValues(raw: Readonly<Record<string, unknown>>): WebhookFormValues {
  const text = (name: string): string => {
    const value = raw[name];
    return typeof value === 'string' ? value.trim() : '';
  };
  return {
    url: text('url'),
    description: text('description'),
    events: WEBHOOK_EVENT_TYPES.filter((type) => raw[eventFieldName(type)] !== undefined),
    enabled: raw.enabled !== undefined,
  };
}

/** The add and edit forms: the URL's rules are the service's (it names the problem). */
export const webhookForm = z
  .looseObject({
    url: z.string().optional(),
    description: z
      .string()
      .optional()
      .refine((value) => (value ?? '').trim().length <= MAX_WEBHOOK_DESCRIPTION_LENGTH, {
        message: `Must be at most ${MAX_WEBHOOK_DESCRIPTION_LENGTH} characters`,
      }),
  })
  .transform((raw) => webhookFormValues(raw));

/** What a refused form shows again: what was typed and why it was refused. */
export interface WebhookFormState {
  values?: WebhookFormValues;
  error?: ApiError;
}

const FORM_FIELDS = ['url', 'description'];

function urlField(values: Pick<WebhookFormValues, 'url'>, problems: FormProblems | undefined): SafeHtml {
  return html`<div class="field"><label for="webhook-url">Endpoint URL</label>
<input id="webhook-url" name="url" type="text" inputmode="url" required autocomplete="off" spellcheck="false" value="${values.url}"${inputState(problems, 'url', 'webhook-url-hint')}>
${fieldError('url', problems?.byField.get('url'))}
<span class="hint" id="webhook-url-hint">Where Postbox posts the events: an absolute <code>https://</code> URL, without credentials.</span></div>`;
}

function descriptionField(
  values: Pick<WebhookFormValues, 'description'>,
  problems: FormProblems | undefined,
): SafeHtml {
  return html`<div class="field spaced"><label for="webhook-description">Description</label>
<input id="webhook-description" name="description" type="text" maxlength="${MAX_WEBHOOK_DESCRIPTION_LENGTH}" autocomplete="off" value="${values.description}"${inputState(problems, 'description', 'webhook-description-hint')}>
${fieldError('description', problems?.byField.get('description'))}
<span class="hint" id="webhook-description-hint">Optional: what receives them, e.g. “Order service” (at most ${MAX_WEBHOOK_DESCRIPTION_LENGTH} characters).</span></div>`;
}

function eventsField(checked: readonly WebhookEventType[]): SafeHtml {
  return html`<fieldset aria-describedby="webhook-events-hint">
<legend>Events</legend>
<div class="muted" id="webhook-events-hint">None checked: every event type (also types added later).</div>
<div class="checks">${WEBHOOK_EVENT_TYPES.map((type) => {
    const id = `webhook-event-${type.replace(/[^a-z]+/g, '-')}`;
    return html`<div class="choice"><input type="checkbox" id="${id}" name="${eventFieldName(type)}" value="on"${checked.includes(type) ? html` checked` : ''}>
<label for="${id}"><code>${type}</code></label></div>`;
  })}</div>
</fieldset>`;
}

// ---------------------------------------------------------------------------------------------
// Pieces

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

const deliveryStatusBadge = (status: DeliveryStatus): SafeHtml =>
  badge(DELIVERY_STATUS_LABELS[status] ?? status, DELIVERY_STATUS_TONES[status] ?? 'neutral');

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

function addForm(member: PageMember, state: WebhookFormState): SafeHtml {
  const problems = formProblems(state.error, FORM_FIELDS);
  const values = state.values ?? { url: '', description: '', events: [], enabled: true };
  return html`<section class="card" aria-labelledby="add-webhook-heading">
<h2 id="add-webhook-heading">Add an endpoint</h2>
${problemsNotice(problems, 'add-webhook-problems')}
<form method="post" action="${WEBHOOKS_PATH}">
${csrfField(member)}
${urlField(values, problems)}
${descriptionField(values, problems)}
${eventsField(values.events)}
<p><button type="submit">Add endpoint</button></p>
</form>
</section>`;
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
${addForm(member, state.form ?? {})}`,
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

function editForm(member: PageMember, webhook: WebhookView, state: WebhookFormState): SafeHtml {
  const problems = formProblems(state.error, FORM_FIELDS);
  const values = state.values ?? {
    url: webhook.url,
    description: webhook.description ?? '',
    events: webhook.events,
    enabled: webhook.enabled,
  };
  return html`<section class="card" aria-labelledby="edit-webhook-heading">
<h2 id="edit-webhook-heading">Edit</h2>
${problemsNotice(problems, 'edit-webhook-problems')}
<form method="post" action="${webhookPath(webhook.id)}">
${csrfField(member)}
${urlField(values, problems)}
${descriptionField(values, problems)}
${eventsField(values.events)}
<div class="choice"><input type="checkbox" id="webhook-enabled" name="enabled" value="on" aria-describedby="webhook-enabled-hint"${values.enabled ? html` checked` : ''}>
<div><label for="webhook-enabled">Enabled</label>
<div class="muted" id="webhook-enabled-hint">Events are delivered only while it is enabled. Enabling it again clears why it was disabled.</div></div></div>
<p><button type="submit">Save</button></p>
</form>
</section>`;
}

function deliveriesSection(state: WebhookPageState): SafeHtml {
  const { webhook, deliveries, deliveryStatus } = state;
  const { items, pagination } = deliveries;
  const base = webhookPath(webhook.id);
  const filter = html`<form method="get" action="${base}"><div class="form-row">
<div class="field"><label for="delivery-status">Status</label>
<select id="delivery-status" name="status"><option value="">All</option>${DELIVERY_STATUSES.map(
    (status) =>
      html`<option value="${status}"${status === deliveryStatus ? html` selected` : ''}>${DELIVERY_STATUS_LABELS[status]}</option>`,
  )}</select></div>
<button class="secondary" type="submit">Filter</button>
</div></form>`;
  let list: SafeHtml;
  if (items.length === 0) {
    list =
      pagination.total_count === 0
        ? emptyState(
            deliveryStatus
              ? `No ${DELIVERY_STATUS_LABELS[deliveryStatus].toLowerCase()} deliveries.`
              : 'No deliveries yet. Send a test event to see one here.',
          )
        : emptyState(html`There is nothing on this page. <a href="${base}">Go to the first page</a>.`);
  } else {
    const row = (delivery: DeliverySummary) => html`<tr>
<td><a href="${deliveryPath(webhook.id, delivery.id)}"><code>${delivery.event_type}</code><span class="visually-hidden"> delivery ${delivery.id}</span></a></td>
<td>${deliveryStatusBadge(delivery.status)}</td>
<td class="num">${delivery.attempt_count}</td>
<td>${delivery.last_status_code === null ? none : html`<code>${delivery.last_status_code}</code>`}</td>
<td>${dateTime(delivery.created_at)}</td>
<td>${delivery.status === 'pending' ? dateTime(delivery.next_attempt_at) : none}</td>
</tr>`;
    list = html`<p class="muted">${pagination.total_count} deliver${pagination.total_count === 1 ? 'y' : 'ies'}, newest first (kept 30 days).</p>
<table>
<caption class="visually-hidden">Deliveries to this endpoint, newest first</caption>
<thead><tr><th scope="col">Event</th><th scope="col">Status</th><th scope="col" class="num">Attempts</th><th scope="col">Last answer</th><th scope="col">Created</th><th scope="col">Next attempt</th></tr></thead>
<tbody>${items.map(row)}</tbody>
</table>
${pager(
  base,
  { status: deliveryStatus, limit: pagination.limit === DELIVERIES_PAGE_LIMIT ? undefined : pagination.limit },
  pagination.page,
  pagination.total_pages,
)}`;
  }
  return html`<section aria-labelledby="deliveries-heading">
<h2 id="deliveries-heading">Deliveries</h2>
${filter}
${list}
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
${editForm(member, webhook, state.form ?? {})}
${deliveriesSection(state)}`,
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

// ---------------------------------------------------------------------------------------------
// A delivery: GET /dashboard/settings/webhooks/{id}/deliveries/{delivery_id}

export interface DeliveryPageState {
  member: PageMember;
  webhook: WebhookView;
  delivery: DeliveryDetail;
  notice?: string | undefined;
  /** A refused retry (409 while pending). */
  error?: ApiError;
  status?: number;
}

function attemptsTable(attempts: DeliveryDetail['attempts']): SafeHtml {
  if (attempts.length === 0) return emptyState('No attempt yet.');
  const row = (attempt: DeliveryDetail['attempts'][number], index: number) => html`<tr>
<td class="num">${index + 1}</td>
<td>${dateTime(attempt.attempted_at)}</td>
<td>${attempt.status_code === null ? none : html`<code>${attempt.status_code}</code>`}</td>
<td class="num">${attempt.duration_ms} ms</td>
<td>${attempt.error ?? none}</td>
<td>${attempt.response_body ? html`<pre>${attempt.response_body}</pre>` : none}</td>
</tr>`;
  return html`<table>
<caption class="visually-hidden">Attempts of this delivery, oldest first</caption>
<thead><tr><th scope="col" class="num">#</th><th scope="col">Time</th><th scope="col">Status code</th><th scope="col" class="num">Duration</th><th scope="col">Error</th><th scope="col">Response body (first 1 KB)</th></tr></thead>
<tbody>${attempts.map(row)}</tbody>
</table>`;
}

export function deliveryPage(state: DeliveryPageState): PageResult {
  const { member, webhook, delivery } = state;
  const retry =
    delivery.status === 'pending'
      ? html`<p class="muted">Pending: the next attempt is due ${dateTime(delivery.next_attempt_at)}.</p>`
      : html`<form method="post" action="${deliveryPath(webhook.id, delivery.id)}/retry">${csrfField(member)}
<p><button type="submit">Retry</button> <span class="muted">Sends it again now, once, with the same <code>webhook-id</code>.</span></p>
</form>`;
  return {
    status: state.status ?? 200,
    body: layout({
      title: `Delivery ${delivery.id}`,
      member,
      section: 'webhooks',
      body: html`<p><a href="${webhookPath(webhook.id)}">← Endpoint <span class="mono">${webhook.url}</span></a></p>
<h1>Delivery of <code>${delivery.event_type}</code></h1>
${pageNotice(DELIVERY_NOTICES, state.notice)}
${state.error ? html`<div id="retry-problems">${notice('error', errorMessage(state.error))}</div>` : ''}
<section class="card" aria-labelledby="facts-heading">
<h2 id="facts-heading">Details</h2>
<dl class="facts">
<dt>Event type</dt><dd><code>${delivery.event_type}</code></dd>
<dt>Status</dt><dd>${deliveryStatusBadge(delivery.status)}</dd>
<dt><code>webhook-id</code></dt><dd><code>${delivery.id}</code></dd>
<dt>Event ID</dt><dd><code>${delivery.event_id}</code></dd>
<dt>Attempts</dt><dd>${delivery.attempt_count}</dd>
<dt>Created</dt><dd>${dateTime(delivery.created_at)}</dd>
<dt>Updated</dt><dd>${dateTime(delivery.updated_at)}</dd>
</dl>
${retry}
</section>
<section aria-labelledby="attempts-heading">
<h2 id="attempts-heading">Attempts</h2>
${attemptsTable(delivery.attempts)}
</section>
<section aria-labelledby="payload-heading">
<h2 id="payload-heading">Payload</h2>
<p class="muted">The JSON body every attempt posts, as signed.</p>
<pre>${JSON.stringify(delivery.payload, null, 2)}</pre>
</section>`,
    }),
  };
}
