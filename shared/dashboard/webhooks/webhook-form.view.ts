/** The add and edit forms of a webhook endpoint: URL, description, a checkbox per event type (and enabled). */
import type { ApiError } from '#core/errors.ts';
import {
  csrfField,
  type FormProblems,
  fieldError,
  formProblems,
  inputState,
  problemsNotice,
} from '#dashboard/forms.ts';
import { html, type SafeHtml } from '#dashboard/html.ts';
import type { PageMember } from '#dashboard/layout.ts';
import { WEBHOOKS_PATH, webhookPath } from '#dashboard/webhooks/webhook-paths.ts';
import { eventFieldName, type WebhookFormValues } from '#dashboard/webhooks/webhooks.schemas.ts';
import { MAX_WEBHOOK_DESCRIPTION_LENGTH, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '#webhooks/webhook.ts';

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

/** The add form (Settings → Webhooks): a new endpoint is enabled. */
export function addWebhookForm(member: PageMember, state: WebhookFormState): SafeHtml {
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

/** The edit form of an endpoint (at `webhookPath`), filled with `current` unless a refused form is shown again. */
export function editWebhookForm(
  member: PageMember,
  webhookId: string,
  current: WebhookFormValues,
  state: WebhookFormState,
): SafeHtml {
  const problems = formProblems(state.error, FORM_FIELDS);
  const values = state.values ?? current;
  return html`<section class="card" aria-labelledby="edit-webhook-heading">
<h2 id="edit-webhook-heading">Edit</h2>
${problemsNotice(problems, 'edit-webhook-problems')}
<form method="post" action="${webhookPath(webhookId)}">
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
