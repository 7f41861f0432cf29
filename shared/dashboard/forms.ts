/**
 * The pieces of a form, for every page that has one: the CSRF field of a signed-in form, a field's
 * problem next to it, radio groups, and a refused form's problems (by field, the rest above the form).
 */
import type { ApiError, ErrorDetail } from '#core/errors.ts';
import { errorList, notice } from '#dashboard/components.ts';
import { html, type SafeHtml } from '#dashboard/html.ts';

/** The hidden CSRF field every form of a signed-in page carries (the session's token: PageMember). */
export const csrfField = (member: { csrfToken: string }): SafeHtml =>
  html`<input type="hidden" name="csrf_token" value="${member.csrfToken}">`;

/** A field's problem, shown next to it (the field's `aria-describedby` names `{field}-error`). */
export const fieldError = (field: string, message: string | undefined): SafeHtml =>
  message ? html`<span class="hint error" id="${field}-error"><strong>Error:</strong> ${message}</span>` : html``;

export interface RadioChoice {
  value: string;
  label: string;
  hint: string;
}

/**
 * A fieldset of radio buttons named `name`, each with its hint. A problem (`error`) is shown first
 * and is the group's description (a group cannot be `aria-invalid` in ARIA).
 */
export function radioGroup(group: {
  name: string;
  legend: string;
  choices: readonly RadioChoice[];
  checked: string | undefined;
  error?: string | undefined;
}): SafeHtml {
  const { name } = group;
  return html`<fieldset${group.error ? html` aria-describedby="${name}-error"` : ''}>
<legend>${group.legend}</legend>
${fieldError(name, group.error)}
${group.choices.map(
  (
    choice,
  ) => html`<div class="choice"><input type="radio" id="${name}-${choice.value}" name="${name}" value="${choice.value}" aria-describedby="${name}-${choice.value}-hint"${choice.value === group.checked ? html` checked` : ''}>
<div><label for="${name}-${choice.value}">${choice.label}</label>
<div class="muted" id="${name}-${choice.value}-hint">${choice.hint}</div></div></div>`,
)}
</fieldset>`;
}

/** A form's problems: by field (shown next to it) and the rest (shown above the form). */
export interface FormProblems {
  message: string;
  byField: Map<string, string>;
  other: ErrorDetail[];
}

export function formProblems(error: ApiError | undefined, fields: readonly string[]): FormProblems | undefined {
  if (!error) return undefined;
  const byField = new Map<string, string>();
  const other: ErrorDetail[] = [];
  for (const detail of error.details ?? []) {
    if (fields.includes(detail.field) && !byField.has(detail.field)) byField.set(detail.field, detail.message);
    else other.push(detail);
  }
  return { message: error.message, byField, other };
}

/** An error's message and its details, one line each (what a refused form or action shows). */
export const errorMessage = (error: ApiError): SafeHtml => html`${error.message}${errorList(error.details)}`;

export function problemsNotice(problems: FormProblems | undefined, id: string): SafeHtml {
  if (!problems) return html``;
  return html`<div id="${id}">${notice('error', html`${problems.message}${errorList(problems.other)}`)}</div>`;
}

/** An input's `aria-invalid` and `aria-describedby` (its problem, then its hint). */
export function inputState(problems: FormProblems | undefined, field: string, hintId: string): SafeHtml {
  const invalid = problems?.byField.has(field) ?? false;
  const ids = invalid ? `${field}-error ${hintId}` : hintId;
  return html`${invalid ? html` aria-invalid="true"` : ''} aria-describedby="${ids}"`;
}
