/**
 * The dashboard's view of one email (GET /dashboard/emails/{id}: facts, attachments, events, bodies)
 * and its HTML body on its own (GET /dashboard/emails/{id}/body, shown in a sandboxed frame of the
 * detail page). Each attachment links to GET /dashboard/emails/{id}/attachments/{index}, which
 * redirects to a short-lived download of its bytes (functions/dashboard/emails/attachment.ts).
 * The list is email-list.view.ts.
 */
import { DOWNLOAD_URL_SECONDS, type StoredAttachment } from '#attachments/attachment.ts';
import {
  type BadgeTone,
  badge,
  copyButton,
  dateTime,
  ENVIRONMENT_LABELS,
  environmentBadge,
  none,
} from '#dashboard/components.ts';
import { emailStatusBadge, listUrl, subjectText } from '#dashboard/emails/email-list.view.ts';
import { html, SafeHtml } from '#dashboard/html.ts';
import { layout, type PageMember } from '#dashboard/layout.ts';
import type { PageResult } from '#dashboard/page-result.ts';
import { bodySections, sandboxedDocument } from '#dashboard/sandbox.ts';
import type { EventType } from '#emails/email.ts';
import type { getEmail } from '#emails/get.service.ts';

const EVENT_TONES: Record<EventType, BadgeTone> = {
  sent: 'info',
  delivered: 'ok',
  opened: 'ok',
  clicked: 'ok',
  delivery_delayed: 'warn',
  suppressed: 'warn',
  bounced: 'bad',
  complained: 'bad',
  failed: 'bad',
  cancelled: 'neutral',
  unsubscribed: 'warn',
};

export type EmailView = Awaited<ReturnType<typeof getEmail>>;

/** Which of opens and clicks the email tracks. */
function trackingText(tracking: EmailView['tracking']): string {
  const on = [tracking.opens && 'opens', tracking.clicks && 'clicks'].filter(Boolean);
  return on.length > 0 ? `Tracks ${on.join(' and ')}` : 'Off';
}

/** Its List-Unsubscribe headers: Postbox's one-click link, the sender's own URIs, or none. */
function unsubscribeText(option: EmailView['list_unsubscribe']) {
  if (option === null) return none;
  if (option === true) return 'Postbox one-click link';
  return [option.url, option.mailto].filter((uri) => uri !== undefined).join(', ');
}

function addressList(addresses: readonly string[] | null | undefined): SafeHtml {
  if (!addresses || addresses.length === 0) return none;
  return html`${addresses.map((address, index) => html`${index > 0 ? ', ' : ''}${address}`)}`;
}

function tagList(tags: Record<string, string> | null | undefined): SafeHtml {
  const entries = Object.entries(tags ?? {});
  if (entries.length === 0) return none;
  return html`${entries.map(([name, value], index) => html`${index > 0 ? ' ' : ''}<code>${name}: ${value}</code>`)}`;
}

function facts(email: EmailView): SafeHtml {
  return html`<dl class="facts">
<dt>ID</dt><dd><code id="email-id">${email.id}</code> ${copyButton('email-id', 'Copy ID')}</dd>
<dt>From</dt><dd>${email.from_address}</dd>
<dt>To</dt><dd>${addressList(email.to_addresses)}</dd>
<dt>Cc</dt><dd>${addressList(email.cc)}</dd>
<dt>Bcc</dt><dd>${addressList(email.bcc)}</dd>
<dt>Reply-To</dt><dd>${addressList(email.reply_to)}</dd>
<dt>Subject</dt><dd>${subjectText(email.subject)}</dd>
<dt>Status</dt><dd>${emailStatusBadge(email.status)}</dd>
<dt>Environment</dt><dd>${environmentBadge(email.environment)}</dd>
<dt>Priority</dt><dd>${email.priority}</dd>
<dt>Tags</dt><dd>${tagList(email.tags)}</dd>
<dt>Template</dt><dd>${email.template_id ? html`<a href="/dashboard/templates/${email.template_id}"><code>${email.template_id}</code></a>` : none}</dd>
<dt>Batch</dt><dd>${email.batch_id ? html`<code>${email.batch_id}</code>` : none}</dd>
<dt>Tracking</dt><dd>${trackingText(email.tracking)}</dd>
<dt>Unsubscribe link</dt><dd>${unsubscribeText(email.list_unsubscribe)}</dd>
<dt>Scheduled for</dt><dd>${email.scheduled_at ? dateTime(email.scheduled_at) : html`<span class="muted">Not scheduled</span>`}</dd>
<dt>Created</dt><dd>${dateTime(email.created_at)}</dd>
<dt>Updated</dt><dd>${dateTime(email.updated_at)}</dd>
</dl>`;
}

/** Where the detail page's Download link of the attachment at `index` (0-based, as the API lists them) goes. */
export const attachmentDownloadPath = (emailId: string, index: number) =>
  `/dashboard/emails/${emailId}/attachments/${index}`;

/** The attachment a download path's `{index}` names: a whole number without leading zeros, in range. */
export function attachmentAt(attachments: readonly StoredAttachment[], index: string): StoredAttachment | undefined {
  return /^(0|[1-9][0-9]{0,2})$/.test(index) ? attachments[Number(index)] : undefined;
}

const KIB = 1024;
const MIB = 1024 * KIB;
const decimal = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 1 });

/** A size as people read it: `256 bytes`, `1.5 KB`, `8 MB` (binary multiples, as the API's limits are). */
export function byteSize(bytes: number): string {
  if (bytes < KIB) return `${bytes} byte${bytes === 1 ? '' : 's'}`;
  if (bytes < MIB) return `${decimal(bytes / KIB)} KB`;
  return `${decimal(bytes / MIB)} MB`;
}

/** The first characters of a SHA-256 (hex), the whole value in its title. */
const SHORT_HASH = 12;

function attachmentsTable(email: EmailView): SafeHtml {
  const { attachments } = email;
  if (attachments.length === 0) return html`<p class="muted">This email has no attachments.</p>`;
  const row = (attachment: StoredAttachment, index: number) => html`<tr>
<td>${attachment.filename}</td>
<td><code>${attachment.content_type}</code></td>
<td class="num">${byteSize(attachment.size)}</td>
<td>${attachment.disposition === 'inline' ? 'Yes' : 'No'}${attachment.content_id === null ? '' : html` (<code>cid:${attachment.content_id}</code>)`}</td>
<td><code title="${attachment.sha256}">${attachment.sha256.slice(0, SHORT_HASH)}…</code></td>
<td><a href="${attachmentDownloadPath(email.id, index)}">Download<span class="visually-hidden"> ${attachment.filename}</span></a></td>
</tr>`;
  return html`<p class="muted">A download is a link to the file that works for ${DOWNLOAD_URL_SECONDS / 60} minutes.</p>
<table>
<caption class="visually-hidden">Attachments of this email, in the order sent</caption>
<thead><tr><th scope="col">File</th><th scope="col">Content type</th><th scope="col" class="num">Size</th><th scope="col">Inline</th><th scope="col">SHA-256</th><th scope="col">Download</th></tr></thead>
<tbody>${attachments.map(row)}</tbody>
</table>`;
}

function timeline(events: EmailView['events']): SafeHtml {
  if (events.length === 0) {
    return html`<p class="muted">No events yet: the email has not been handed to SES.</p>`;
  }
  return html`<ol class="timeline">
${events.map((event) => {
  const smtp =
    event.smtp_code !== null || event.smtp_message
      ? html`<div>SMTP ${event.smtp_code !== null ? html`<code>${event.smtp_code}</code>` : ''} ${event.smtp_message ?? ''}</div>`
      : '';
  return html`<li>
<div>${badge(event.type, EVENT_TONES[event.type] ?? 'neutral')} ${dateTime(event.created_at)}</div>
${event.recipient ? html`<div>Recipient: ${event.recipient}</div>` : ''}
${smtp}
${'detail' in event && event.detail ? html`<div class="muted">${event.detail}</div>` : ''}
</li>`;
})}
</ol>`;
}

export function emailDetailPage(member: PageMember, email: EmailView): PageResult {
  const subject = subjectText(email.subject);
  return {
    body: layout({
      title: `Email: ${subject}`,
      member,
      section: 'emails',
      body: html`<p><a href="${listUrl({ environment: email.environment })}">← ${ENVIRONMENT_LABELS[email.environment] ?? ''} emails</a></p>
<h1>${subject}</h1>
<section class="card" aria-labelledby="facts-heading">
<h2 id="facts-heading">Details</h2>
${facts(email)}
</section>
<section aria-labelledby="attachments-heading">
<h2 id="attachments-heading">Attachments</h2>
${attachmentsTable(email)}
</section>
<section aria-labelledby="events-heading">
<h2 id="events-heading">Events</h2>
${timeline(email.events)}
</section>
${bodySections({
  noun: 'email',
  html: email.html,
  text: email.text,
  framePath: `/dashboard/emails/${email.id}/body`,
  subject,
  remote: 'remote content is limited to images and fonts',
})}`,
    }),
  };
}

/** The stored HTML as is: the only place raw email HTML becomes SafeHtml, under SANDBOXED_DOCUMENT_HEADERS. */
export function emailBodyPage(email: Pick<EmailView, 'html'>): PageResult {
  const body =
    email.html === null
      ? html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>No HTML part</title></head><body><p>This email has no HTML part.</p></body></html>`
      : new SafeHtml(email.html);
  return sandboxedDocument(body);
}
