/**
 * The Domains page: every sending domain of the organization with its status, the DNS records
 * to publish (each name and value visible as text, with a copy button as an enhancement), a
 * "Verify now" button per domain, its custom MAIL FROM (status and a form to set or remove it)
 * and the "Add a domain" form.
 */

import type { ApiError } from '#core/errors.ts';
import { badge, copyButton, dateTime, emptyState, notice, type PageNotice, pageNotice } from '#dashboard/components.ts';
import { csrfField, errorMessage } from '#dashboard/forms.ts';
import { html, type SafeHtml } from '#dashboard/html.ts';
import { layout, type PageMember } from '#dashboard/layout.ts';
import type { PageResult } from '#dashboard/page-result.ts';
import type { DomainView } from '#domains/domains.service.ts';

export type DomainStatus = 'verified' | 'pending' | 'failed';

/**
 * `verified`: both records pass (sending allowed). `failed`: the domain verified once but its last
 * check did not pass, so sending from it has stopped. `pending`: it has never verified yet.
 */
export function domainStatus(domain: Pick<DomainView, 'is_verified' | 'verified_at'>): DomainStatus {
  if (domain.is_verified) return 'verified';
  return domain.verified_at ? 'failed' : 'pending';
}

const STATUS_BADGES: Record<DomainStatus, SafeHtml> = {
  verified: badge('Verified', 'ok'),
  pending: badge('Pending', 'warn'),
  failed: badge('Failed', 'bad'),
};

/** `?notice=` values: fixed messages only, never text from the address (`domain`: a listed domain's name). */
const notices = (domain = 'The domain'): Record<string, PageNotice> => ({
  added: {
    tone: 'ok',
    content: `${domain} was added. Publish its DNS records below at your DNS provider, then press “Verify now”.`,
  },
  verified: {
    tone: 'ok',
    content: `${domain} is verified: you can send email from its addresses.`,
  },
  still_pending: {
    tone: 'warn',
    content: `${domain} is not verified: the required records were not all found. If you have just published them, DNS changes can take a while to reach everyone; try again in a few minutes.`,
  },
  mail_from_saved: {
    tone: 'ok',
    content: `The MAIL FROM domain of ${domain} is saved. Publish its MX and SPF records below, then press “Verify now”.`,
  },
  mail_from_removed: {
    tone: 'ok',
    content: `${domain} uses Amazon SES’s own MAIL FROM domain again. You can delete its MAIL FROM records at your DNS provider.`,
  },
  receiving_on: {
    tone: 'ok',
    content: `${domain} now receives mail once verified. Publish its receiving MX record below, then press “Verify now”.`,
  },
  receiving_off: {
    tone: 'ok',
    content: `${domain} no longer receives mail. You can delete its receiving MX record at your DNS provider.`,
  },
});

export interface DomainsPageState {
  member: PageMember;
  domains: readonly DomainView[];
  /** A `?notice=` key; unknown keys are ignored. */
  notice?: string | undefined;
  /** The domain id the notice is about (only a listed domain's name is ever shown). */
  noticeDomainId?: string | undefined;
  /** A failed "Add a domain" form: the message (shown with the form) and what was typed. */
  error?: ApiError;
  /** A failed action on a listed domain (e.g. verified by another organization), shown at the top. */
  pageError?: ApiError;
  /** A refused MAIL FROM form: shown with that domain's form, with what was typed. */
  mailFromError?: { domainId: string; error: ApiError; typed: string };
  typedDomain?: string;
  status?: number;
}

const PURPOSES: Record<string, string> = {
  dkim: 'DKIM',
  spf: 'SPF',
  dmarc: 'DMARC',
  mail_from_mx: 'MAIL FROM MX',
  mail_from_spf: 'MAIL FROM SPF',
  receiving_mx: 'Receiving MX',
};

function neededBadge(record: DomainView['dns_records'][number]): SafeHtml {
  if (record.required) return badge('Required', 'info');
  if (record.purpose === 'dmarc') return badge('Recommended');
  return record.purpose === 'receiving_mx' ? badge('For receiving') : badge('For MAIL FROM');
}

function checkBadge(passed: boolean, label: string): SafeHtml {
  return passed ? badge(`${label} found`, 'ok') : badge(`${label} not found`);
}

function recordsTable(domain: DomainView): SafeHtml {
  return html`<table>
<caption class="visually-hidden">DNS records for ${domain.domain}</caption>
<thead><tr><th scope="col">Type</th><th scope="col">Name</th><th scope="col">Value</th><th scope="col">Purpose</th><th scope="col">Needed</th></tr></thead>
<tbody>${domain.dns_records.map((record, index) => {
    const nameId = `dns-${domain.id}-${index}-name`;
    const valueId = `dns-${domain.id}-${index}-value`;
    const purpose = PURPOSES[record.purpose] ?? record.purpose;
    return html`<tr>
<td>${record.type}</td>
<td><code id="${nameId}">${record.name}</code> ${copyButton(nameId, `Copy the ${purpose} name`)}</td>
<td><code id="${valueId}">${record.value}</code> ${copyButton(valueId, `Copy the ${purpose} value`)}</td>
<td>${purpose}</td>
<td>${neededBadge(record)}</td>
</tr>`;
  })}</tbody>
</table>`;
}

function domainCard(
  member: PageMember,
  domain: DomainView,
  mailFromError?: DomainsPageState['mailFromError'],
): SafeHtml {
  const status = domainStatus(domain);
  return html`<section class="card" id="${domain.id}" aria-labelledby="${domain.id}-title">
<h2 id="${domain.id}-title">${domain.domain} ${STATUS_BADGES[status]}</h2>
<dl class="facts">
<dt>Added</dt><dd>${dateTime(domain.created_at)}</dd>
<dt>Verified</dt><dd>${dateTime(domain.verified_at)}${status === 'failed' ? html` <span class="muted">(the last check failed: sending has stopped)</span>` : ''}</dd>
<dt>Checks</dt><dd>${checkBadge(domain.spf_verified, 'SPF')} ${checkBadge(domain.dkim_verified, 'DKIM')}</dd>
<dt>DKIM selector</dt><dd><code>${domain.dkim_selector}</code></dd>
<dt>MAIL FROM</dt><dd>${mailFromFact(domain)}</dd>
<dt>Receiving</dt><dd>${receivingFact(domain)}</dd>
</dl>
<h3>DNS records</h3>
${recordsTable(domain)}
<form method="post" action="/dashboard/domains/${encodeURIComponent(domain.id)}/verify">${csrfField(member)}
<p><button type="submit">Verify now<span class="visually-hidden"> ${domain.domain}</span></button></p>
</form>
${mailFromForm(member, domain, mailFromError?.domainId === domain.id ? mailFromError : undefined)}
${receivingForm(member, domain)}
</section>`;
}

function receivingFact(domain: DomainView): SafeHtml {
  if (!domain.receiving) return html`<span class="muted">Off</span>`;
  return html`On ${domain.receiving_verified ? badge('MX found', 'ok') : badge('MX not found')}`;
}

/** Turns receiving on or off: one button, the advice to use a subdomain. */
function receivingForm(member: PageMember, domain: DomainView): SafeHtml {
  const action = `/dashboard/domains/${encodeURIComponent(domain.id)}/receiving`;
  return html`<h3>Receiving</h3>
<p class="hint">Receive the mail sent to addresses at ${domain.domain}. Use a subdomain (such as <code>reply.${domain.domain}</code>): its MX record sends all of the domain’s mail to Postbox, away from your company’s mailboxes.</p>
<form method="post" action="${action}">${csrfField(member)}<input type="hidden" name="receiving" value="${domain.receiving ? 'off' : 'on'}">
<p><button type="submit"${domain.receiving ? html` class="secondary"` : ''}>${domain.receiving ? 'Stop receiving' : 'Receive mail'}<span class="visually-hidden"> at ${domain.domain}</span></button></p>
</form>`;
}

function mailFromFact(domain: DomainView): SafeHtml {
  if (!domain.mail_from_domain) {
    return html`<span class="muted">Amazon SES’s own (set a subdomain below so SPF aligns with your domain)</span>`;
  }
  return html`<code>${domain.mail_from_domain}</code> ${
    domain.mail_from_verified ? badge('MX and SPF found', 'ok') : badge('MX and SPF not found')
  }`;
}

/** Set (or change) the MAIL FROM subdomain; a second form removes it. */
function mailFromForm(
  member: PageMember,
  domain: DomainView,
  failed: DomainsPageState['mailFromError'] | undefined,
): SafeHtml {
  const action = `/dashboard/domains/${encodeURIComponent(domain.id)}/mail-from`;
  const inputId = `mail-from-${domain.id}`;
  const value = failed ? failed.typed : (domain.mail_from_subdomain ?? '');
  return html`<h3>Custom MAIL FROM</h3>
${failed && notice('error', errorMessage(failed.error))}
<form method="post" action="${action}">${csrfField(member)}
<div class="form-row">
<div class="field"><label for="${inputId}">MAIL FROM subdomain</label>
<input id="${inputId}" name="mail_from_subdomain" type="text" required maxlength="63" autocomplete="off" spellcheck="false" aria-describedby="${inputId}-hint" value="${value}"${failed ? html` aria-invalid="true" autofocus` : ''}>
<span class="hint" id="${inputId}-hint">For example <code>bounce</code> for <code>bounce.${domain.domain}</code>: bounces go there, and SPF then passes for your own domain. Publish its MX and SPF records, then verify.</span></div>
<button type="submit">Save MAIL FROM<span class="visually-hidden"> for ${domain.domain}</span></button>
</div>
</form>
${
  domain.mail_from_subdomain
    ? html`<form method="post" action="${action}">${csrfField(member)}<input type="hidden" name="mail_from_subdomain" value="">
<p><button type="submit" class="secondary">Remove MAIL FROM<span class="visually-hidden"> for ${domain.domain}</span></button></p>
</form>`
    : ''
}`;
}

function addForm(state: DomainsPageState): SafeHtml {
  const invalid = state.error !== undefined;
  return html`<section class="card" aria-labelledby="add-domain-title">
<h2 id="add-domain-title">Add a domain</h2>
${state.error && notice('error', errorMessage(state.error))}
<form method="post" action="/dashboard/domains">${csrfField(state.member)}
<div class="form-row">
<div class="field"><label for="domain">Domain name</label>
<input id="domain" name="domain" type="text" required maxlength="253" autocomplete="off" spellcheck="false" aria-describedby="domain-hint" value="${state.typedDomain ?? ''}"${invalid ? html` aria-invalid="true" autofocus` : ''}>
<span class="hint" id="domain-hint">For example <code>mail.example.com</code>. You then publish its DNS records and verify it.</span></div>
<button type="submit">Add domain</button>
</div>
</form>
</section>`;
}

export function domainsPage(state: DomainsPageState): PageResult {
  const noticeDomain = state.noticeDomainId
    ? state.domains.find((domain) => domain.id === state.noticeDomainId)?.domain
    : undefined;
  return {
    status: state.status ?? 200,
    body: layout({
      title: 'Domains',
      member: state.member,
      section: 'domains',
      body: html`<h1>Domains</h1>
<p class="lead">You can send from an address once its domain is verified: publish the records of the domain at your DNS provider, then verify it.</p>
${pageNotice(notices(noticeDomain), state.notice)}
${state.pageError && notice('error', errorMessage(state.pageError))}
${
  state.domains.length === 0
    ? emptyState('No domains yet. Add the domain you send from below.')
    : state.domains.map((domain) => domainCard(state.member, domain, state.mailFromError))
}
${addForm(state)}`,
    }),
  };
}
