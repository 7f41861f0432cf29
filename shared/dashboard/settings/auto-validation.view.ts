/** Settings → Auto-validation: the organization's threshold as a form (GET/PUT /api/v1/settings/auto-validation). */
import type { AutoValidationThreshold } from '#accounts/organization.ts';
import type { ApiError } from '#core/errors.ts';
import { pageNotice } from '#dashboard/components.ts';
import { csrfField, formProblems, problemsNotice, type RadioChoice, radioGroup } from '#dashboard/forms.ts';
import { html } from '#dashboard/html.ts';
import { layout, type PageMember } from '#dashboard/layout.ts';
import type { PageResult } from '#dashboard/page-result.ts';

export const AUTO_VALIDATION_PATH = '/dashboard/settings/auto-validation';

/** One line per threshold, as docs/api.md describes them. */
export const THRESHOLD_CHOICES: ReadonlyArray<RadioChoice & { value: AutoValidationThreshold }> = [
  { value: 'off', label: 'Off', hint: 'Recipients are not validated at send (the default).' },
  {
    value: 'managed',
    label: 'Managed (recommended)',
    hint: 'The level Postbox recommends, which may change over time; today the same as Medium.',
  },
  {
    value: 'medium',
    label: 'Medium',
    hint: 'Refuses undeliverable recipients: invalid syntax, a domain that does not exist or has no mail server, a suppressed address.',
  },
  {
    value: 'high',
    label: 'High',
    hint: 'Refuses every recipient that is not deliverable: undeliverable ones and risky ones (role addresses, disposable domains, possible typos, DNS errors).',
  },
];

export interface AutoValidationPageState {
  member: PageMember;
  threshold: AutoValidationThreshold;
  notice?: string;
  error?: ApiError;
  status?: number;
}

export function autoValidationPage(state: AutoValidationPageState): PageResult {
  const { member, threshold } = state;
  const problems = formProblems(state.error, ['threshold']);
  const current = THRESHOLD_CHOICES.find((choice) => choice.value === threshold);
  return {
    status: state.status ?? 200,
    body: layout({
      title: 'Auto-validation',
      member,
      section: 'auto-validation',
      body: html`<h1>Auto-validation</h1>
<p class="lead">When on, every recipient of a send (to, cc and bcc) is validated first. A refused recipient fails the send with <code>400 RECIPIENTS_INVALID</code>; in a batch send only that recipient’s entry is rejected.</p>
${pageNotice(
  {
    saved: {
      tone: 'ok',
      content: html`Saved. Auto-validation is now <strong>${current?.label ?? threshold}</strong>.`,
    },
  },
  state.notice,
)}
${problemsNotice(problems, 'threshold-problems')}
<form class="card" method="post" action="${AUTO_VALIDATION_PATH}">
${csrfField(member)}
${radioGroup({
  name: 'threshold',
  legend: 'Validate recipients at send',
  choices: THRESHOLD_CHOICES,
  checked: threshold,
  error: problems?.byField.get('threshold'),
})}
<p><button type="submit">Save</button></p>
</form>
<p class="muted">The same setting as <code>GET</code>/<code>PUT /api/v1/settings/auto-validation</code>.</p>`,
    }),
  };
}
