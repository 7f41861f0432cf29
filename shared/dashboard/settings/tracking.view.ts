/** Settings → Tracking: the organization's open and click tracking defaults as a form (GET/PUT /api/v1/settings/tracking). */
import type { TrackingSettings } from '#accounts/organization.ts';
import { pageNotice } from '#dashboard/components.ts';
import { csrfField } from '#dashboard/forms.ts';
import { html } from '#dashboard/html.ts';
import { layout, type PageMember } from '#dashboard/layout.ts';
import type { PageResult } from '#dashboard/page-result.ts';

export const TRACKING_PATH = '/dashboard/settings/tracking';

export interface TrackingPageState {
  member: PageMember;
  tracking: TrackingSettings;
  notice?: string | undefined;
}

/** Settings → Tracking: the organization's open and click tracking defaults (GET/PUT /settings/tracking). */
export function trackingPage(state: TrackingPageState): PageResult {
  const { member, tracking } = state;
  const onOff = (on: boolean) => (on ? 'on' : 'off');
  const box = (name: 'opens' | 'clicks', label: string, hint: string) =>
    html`<div class="choice"><input type="checkbox" id="tracking-${name}" name="${name}" value="on" aria-describedby="tracking-${name}-hint"${tracking[name] ? html` checked` : ''}>
<label for="tracking-${name}">${label}</label>
<p class="hint" id="tracking-${name}-hint">${hint}</p></div>`;
  return {
    body: layout({
      title: 'Tracking',
      member,
      section: 'tracking',
      body: html`<h1>Tracking</h1>
<p class="lead">What a send tracks when its <code>tracking</code> field does not say. Each email keeps the switches it was accepted with (shown on its page).</p>
${pageNotice(
  {
    saved: {
      tone: 'ok',
      content: html`Saved. Open tracking is <strong>${onOff(tracking.opens)}</strong>, click tracking <strong>${onOff(tracking.clicks)}</strong>.`,
    },
  },
  state.notice,
)}
<form class="card" method="post" action="${TRACKING_PATH}">
${csrfField(member)}
<fieldset><legend>Track by default</legend>
${box('opens', 'Opens', 'SES adds a tracking pixel to the HTML part; opened@ addresses report an open locally.')}
${box('clicks', 'Clicks', 'SES rewrites the HTML part’s links through its click tracking; clicked@ addresses report a click locally.')}
</fieldset>
<p><button type="submit">Save</button></p>
</form>
<p class="muted">The same setting as <code>GET</code>/<code>PUT /api/v1/settings/tracking</code>.</p>`,
    }),
  };
}
