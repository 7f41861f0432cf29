/**
 * An endpoint's deliveries: its log (a section of the endpoint's page) and one delivery with its
 * attempts, its payload and a Retry button (GET /dashboard/settings/webhooks/{id}/deliveries/{delivery_id}).
 */
import type { ApiError } from '#core/errors.ts';
import type { Pagination } from '#core/pages.ts';
import {
  type BadgeTone,
  badge,
  dateTime,
  emptyState,
  none,
  notice,
  type PageNotice,
  pageNotice,
  pager,
} from '#dashboard/components.ts';
import { csrfField, errorMessage } from '#dashboard/forms.ts';
import { html, type SafeHtml } from '#dashboard/html.ts';
import { layout, type PageMember } from '#dashboard/layout.ts';
import type { PageResult } from '#dashboard/page-result.ts';
import { deliveryPath, webhookPath } from '#dashboard/webhooks/webhook-paths.ts';
import type { webhookView } from '#webhooks/webhook.ts';
import {
  DELIVERY_STATUSES,
  type DeliveryStatus,
  type deliverySummaryView,
  type deliveryView,
} from '#webhooks/webhook-delivery.ts';

/** Deliveries per page of an endpoint's log. */
export const DELIVERIES_PAGE_LIMIT = 20;

type WebhookView = ReturnType<typeof webhookView>;
export type DeliverySummary = ReturnType<typeof deliverySummaryView>;
export type DeliveryDetail = ReturnType<typeof deliveryView>;

const DELIVERY_STATUS_TONES: Record<DeliveryStatus, BadgeTone> = { pending: 'info', succeeded: 'ok', failed: 'bad' };
const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

/** `?notice=` values: fixed messages only. */
const DELIVERY_NOTICES: Record<string, PageNotice> = {
  retried: {
    tone: 'ok',
    content: 'Retry queued: the delivery is sent again now, once, with the same webhook-id.',
  },
};

const deliveryStatusBadge = (status: DeliveryStatus): SafeHtml =>
  badge(DELIVERY_STATUS_LABELS[status] ?? status, DELIVERY_STATUS_TONES[status] ?? 'neutral');

/** An endpoint's log, on its page: a status filter, a page of deliveries, the pager. */
export function deliveriesSection(
  webhookId: string,
  deliveries: { items: readonly DeliverySummary[]; pagination: Pagination },
  deliveryStatus: DeliveryStatus | undefined,
): SafeHtml {
  const { items, pagination } = deliveries;
  const base = webhookPath(webhookId);
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
<td><a href="${deliveryPath(webhookId, delivery.id)}"><code>${delivery.event_type}</code><span class="visually-hidden"> delivery ${delivery.id}</span></a></td>
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

export interface DeliveryPageState {
  member: PageMember;
  webhook: Pick<WebhookView, 'id' | 'url'>;
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
