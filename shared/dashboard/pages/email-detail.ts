/**
 * The dashboard's view of one email (GET /dashboard/emails/{id}: facts, events, bodies) and its
 * HTML body on its own (GET /dashboard/emails/{id}/body, shown in a sandboxed frame of the detail
 * page). The list is emails.ts.
 */
import { html, SafeHtml } from '#dashboard/html.ts';
import {
  type BadgeTone,
  badge,
  copyButton,
  dateTime,
  ENVIRONMENT_LABELS,
  environmentBadge,
  layout,
  none,
  type PageMember,
} from '#dashboard/layout.ts';
import type { PageResult } from '#dashboard/page-handler.ts';
import { emailStatusBadge, listUrl, subjectText } from '#dashboard/pages/emails.ts';
import { sandboxedDocument } from '#dashboard/sandbox.ts';
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
};

export type EmailView = Awaited<ReturnType<typeof getEmail>>;

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
<dt>Scheduled for</dt><dd>${email.scheduled_at ? dateTime(email.scheduled_at) : html`<span class="muted">Not scheduled</span>`}</dd>
<dt>Created</dt><dd>${dateTime(email.created_at)}</dd>
<dt>Updated</dt><dd>${dateTime(email.updated_at)}</dd>
</dl>`;
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
<section aria-labelledby="events-heading">
<h2 id="events-heading">Events</h2>
${timeline(email.events)}
</section>
<section aria-labelledby="html-heading">
<h2 id="html-heading">HTML body</h2>
${
  email.html === null
    ? html`<p class="muted">This email has no HTML part.</p>`
    : html`<p class="muted">Shown sandboxed: no scripts run and remote content is limited to images and fonts.</p>
<iframe class="body" sandbox src="/dashboard/emails/${email.id}/body" title="HTML body of the email: ${subject}"></iframe>`
}
</section>
<section aria-labelledby="text-heading">
<h2 id="text-heading">Text body</h2>
${email.text === null ? html`<p class="muted">This email has no text part.</p>` : html`<pre>${email.text}</pre>`}
</section>`,
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
