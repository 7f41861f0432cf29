/**
 * One received message (GET /dashboard/inbound/{id}: headers, verdicts, files, bodies, delete) and its
 * HTML body on its own (GET /dashboard/inbound/{id}/body, the source of the detail's sandboxed frame).
 * All of it was written by whoever sent the message: text only ever goes through the escaping `html`
 * template, and the HTML body is served only by the body route, under RECEIVED_DOCUMENT_HEADERS (no remote content).
 */
import { type BadgeTone, badge, copyButton, dateTime, none, notice } from '#dashboard/components.ts';
import { byteSize } from '#dashboard/emails/email-detail.view.ts';
import { csrfField } from '#dashboard/forms.ts';
import { html, SafeHtml } from '#dashboard/html.ts';
import {
  addressList,
  addressText,
  INBOUND_PATH,
  inboundPath,
  inboundSubject,
  VERDICT_LABELS,
  VERDICT_NAMES,
} from '#dashboard/inbound/inbound-list.view.ts';
import { layout, type PageMember } from '#dashboard/layout.ts';
import type { PageResult } from '#dashboard/page-result.ts';
import { bodySections, sandboxedDocument } from '#dashboard/sandbox.ts';
import type { getInbound } from '#inbound/inbound.service.ts';
import type { Verdict } from '#inbound/receipt.ts';

export type InboundView = Awaited<ReturnType<typeof getInbound>>;
type InboundAttachmentView = InboundView['attachments'][number];

/** Where the detail's frame loads the HTML body from, and where its Delete button posts. */
export const inboundBodyPath = (id: string) => `${inboundPath(id)}/body`;
export const inboundDeletePath = (id: string) => `${inboundPath(id)}/delete`;

const VERDICT_TONES: Record<Verdict, BadgeTone> = {
  pass: 'ok',
  fail: 'bad',
  gray: 'warn',
  processing_failed: 'warn',
  disabled: 'neutral',
};

const VERDICT_MEANINGS: Record<(typeof VERDICT_NAMES)[number], string> = {
  spam: 'whether SES judged the message spam',
  virus: 'whether SES found a virus (a fail withholds the files)',
  spf: 'whether the sending server may send for the envelope sender’s domain',
  dkim: 'whether a valid DKIM signature covers the message',
  dmarc: 'whether the From domain’s DMARC policy is met: only then is From what it claims',
};

/** A verdict as a badge (`processing_failed` in words). */
export const verdictBadge = (verdict: Verdict): SafeHtml =>
  badge(verdict.replace('_', ' '), VERDICT_TONES[verdict] ?? 'neutral');

/** The sent email this message answers, when Postbox found one (from In-Reply-To or References). */
export function inReplyToLink(emailId: string | null): SafeHtml {
  if (emailId === null) return none;
  return html`<a href="/dashboard/emails/${encodeURIComponent(emailId)}">Your email <code>${emailId}</code></a>`;
}

function facts(message: InboundView): SafeHtml {
  return html`<dl class="facts">
<dt>ID</dt><dd><code id="inbound-id">${message.id}</code> ${copyButton('inbound-id', 'Copy ID')}</dd>
<dt>Received</dt><dd>${dateTime(message.received_at)}</dd>
<dt>From</dt><dd>${addressText(message.from)}</dd>
<dt>To</dt><dd>${addressList(message.to)}</dd>
<dt>Cc</dt><dd>${addressList(message.cc)}</dd>
<dt>Reply-To</dt><dd>${addressList(message.reply_to)}</dd>
<dt>Delivered to</dt><dd>${message.recipients.length === 0 ? none : message.recipients.join(', ')}</dd>
<dt>Subject</dt><dd>${inboundSubject(message.subject)}</dd>
<dt>Message ID</dt><dd>${message.internet_message_id === null ? none : html`<code>${message.internet_message_id}</code>`}</dd>
<dt>In reply to</dt><dd>${inReplyToLink(message.in_reply_to_email_id)}</dd>
<dt>Size</dt><dd>${byteSize(message.size)}</dd>
</dl>`;
}

function verdictsTable(message: InboundView): SafeHtml {
  return html`<table>
<caption class="visually-hidden">SES's verdicts on this message</caption>
<thead><tr><th scope="col">Check</th><th scope="col">Verdict</th><th scope="col">What it says</th></tr></thead>
<tbody>${VERDICT_NAMES.map(
    (name) => html`<tr>
<th scope="row">${VERDICT_LABELS[name]}</th>
<td>${verdictBadge(message.verdicts[name])}</td>
<td class="muted">${VERDICT_MEANINGS[name]}</td>
</tr>`,
  )}</tbody>
</table>`;
}

/** A presigned link to a file, or why there is none. */
function fileLink(url: string | null, label: SafeHtml): SafeHtml {
  return url === null ? html`<span class="muted">withheld (virus)</span>` : html`<a href="${url}">${label}</a>`;
}

/** When the page's links stop working (they were signed when the page was made). */
function linksExpiry(message: InboundView): SafeHtml {
  const expiresAt = message.raw_expires_at ?? message.attachments.find((item) => item.expires_at)?.expires_at;
  if (!expiresAt) return html``;
  return html`<p class="muted">Download links work until ${dateTime(expiresAt)}: reload the page for new ones.</p>`;
}

function attachmentsTable(message: InboundView): SafeHtml {
  const { attachments } = message;
  if (attachments.length === 0) return html`<p class="muted">This message has no attachments.</p>`;
  const row = (attachment: InboundAttachmentView) => html`<tr>
<td>${attachment.filename}</td>
<td><code>${attachment.content_type}</code></td>
<td class="num">${byteSize(attachment.size)}</td>
<td>${attachment.disposition === 'inline' ? 'Yes' : 'No'}${attachment.content_id === null ? '' : html` (<code>cid:${attachment.content_id}</code>)`}</td>
<td><code title="${attachment.sha256}">${attachment.sha256.slice(0, 12)}…</code></td>
<td>${fileLink(attachment.download_url, html`Download<span class="visually-hidden"> ${attachment.filename}</span>`)}</td>
</tr>`;
  return html`<table>
<caption class="visually-hidden">Attachments of this message, in the order received</caption>
<thead><tr><th scope="col">File</th><th scope="col">Content type</th><th scope="col" class="num">Size</th><th scope="col">Inline</th><th scope="col">SHA-256</th><th scope="col">Download</th></tr></thead>
<tbody>${attachments.map(row)}</tbody>
</table>`;
}

function headersTable(headers: InboundView['headers']): SafeHtml {
  if (headers.length === 0) return html`<p class="muted">No headers were read.</p>`;
  return html`<details><summary>All ${headers.length} header${headers.length === 1 ? '' : 's'}, in order</summary>
<table>
<caption class="visually-hidden">The message's headers as received</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Value</th></tr></thead>
<tbody>${headers.map((header) => html`<tr><td><code>${header.name}</code></td><td class="mono">${header.value}</td></tr>`)}</tbody>
</table>
</details>`;
}

function warnings(message: InboundView): SafeHtml {
  return html`${
    message.verdicts.virus === 'fail'
      ? notice('error', 'SES found a virus in this message: its attachments and raw message are withheld.')
      : ''
  }${
    message.parse_error === null
      ? ''
      : notice(
          'warn',
          html`This message could not be read: ${message.parse_error}. Its raw message is kept as received.`,
        )
  }`;
}

function deleteForm(member: PageMember, message: InboundView): SafeHtml {
  return html`<section class="card" aria-labelledby="delete-heading">
<h2 id="delete-heading">Delete</h2>
<p>Deletes the message, its raw copy and its attachments now. This cannot be undone.</p>
<form method="post" action="${inboundDeletePath(message.id)}">${csrfField(member)}
<button class="danger" type="submit">Delete message</button>
</form>
</section>`;
}

export function inboundDetailPage(member: PageMember, message: InboundView): PageResult {
  const subject = inboundSubject(message.subject);
  return {
    body: layout({
      title: `Received: ${subject}`,
      member,
      section: 'inbound',
      body: html`<p><a href="${INBOUND_PATH}">← Inbound</a></p>
<h1>${subject}</h1>
${warnings(message)}
<section class="card" aria-labelledby="facts-heading">
<h2 id="facts-heading">Details</h2>
${facts(message)}
</section>
<section aria-labelledby="verdicts-heading">
<h2 id="verdicts-heading">Verdicts</h2>
${verdictsTable(message)}
</section>
<section aria-labelledby="attachments-heading">
<h2 id="attachments-heading">Attachments</h2>
${linksExpiry(message)}
${attachmentsTable(message)}
<p>Raw message (.eml): ${fileLink(message.raw_url, html`Download the message as received`)}</p>
</section>
${bodySections({
  noun: 'message',
  html: message.html,
  text: message.text,
  framePath: inboundBodyPath(message.id),
  subject,
  remote: 'nothing remote is loaded (a remote image would tell the sender you read it)',
})}
<section aria-labelledby="headers-heading">
<h2 id="headers-heading">Headers</h2>
${headersTable(message.headers)}
</section>
${deleteForm(member, message)}`,
    }),
  };
}

/** The received HTML as is: the only place it becomes SafeHtml, under RECEIVED_DOCUMENT_HEADERS (no remote content). */
export function inboundBodyPage(message: Pick<InboundView, 'html' | 'truncated'>): PageResult {
  const body = message.truncated
    ? html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Too big to show</title></head><body><p>This message's bodies are over 3 MB: download the raw message to read it.</p></body></html>`
    : message.html === null
      ? html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>No HTML part</title></head><body><p>This message has no HTML part.</p></body></html>`
      : new SafeHtml(message.html);
  return sandboxedDocument(body, 200, true);
}
