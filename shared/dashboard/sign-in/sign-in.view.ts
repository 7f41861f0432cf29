/** The sign-in form (GET shows it; a failed POST shows it again with the message) and a post's answer. */
import { SESSION_LIFETIME_SECONDS, type SignInOutcome } from '#accounts/members.service.ts';
import { SIGN_IN_TOKEN_SECONDS } from '#accounts/sign-in-token.service.ts';
import { notice } from '#dashboard/components.ts';
import { clearCookie, SESSION_COOKIE, SIGN_IN_CSRF_COOKIE, serializeCookie } from '#dashboard/cookies.ts';
import { html, type SafeHtml } from '#dashboard/html.ts';
import { layout } from '#dashboard/layout.ts';
import type { PageResult } from '#dashboard/page-result.ts';

export interface SignInFormState {
  next: string;
  email?: string;
  message?: SafeHtml;
  status?: number;
  headers?: Record<string, string>;
  secureCookies: boolean;
  /** The form's signed double-submit token (shared/accounts/sign-in-token.service.ts), set in its cookie too. */
  token: string;
}

export function signInPage(state: SignInFormState): PageResult {
  const { token } = state;
  return {
    status: state.status ?? 200,
    ...(state.headers ? { headers: state.headers } : {}),
    cookies: [
      serializeCookie(SIGN_IN_CSRF_COOKIE, token, {
        maxAgeSeconds: SIGN_IN_TOKEN_SECONDS,
        secure: state.secureCookies,
      }),
    ],
    body: layout({
      title: 'Sign in',
      body: html`<div class="sign-in card">
<h1>Sign in to Postbox</h1>
${state.message}
<form method="post" action="/dashboard/sign-in">
<input type="hidden" name="csrf_token" value="${token}">
<input type="hidden" name="next" value="${state.next}">
<div class="field"><label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${state.email ?? ''}"${state.email ? '' : html` autofocus`}></div>
<div class="field spaced"><label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${state.email ? html` autofocus` : ''}></div>
<p><button type="submit">Sign in</button></p>
</form>
<p class="muted">No account? An operator creates members with <code>npm run admin -- create-member</code>.</p>
</div>`,
    }),
  };
}

export const signedOutNotice = (): SafeHtml => notice('ok', 'You are signed out.');

/**
 * What a sign-in post answers: the session cookie and a redirect, or the form again (401 / 429)
 * with a fresh `token`.
 */
export function signInAnswer(
  outcome: SignInOutcome,
  form: { next: string; email: string; secureCookies: boolean; token: string },
): PageResult {
  const { next, email, secureCookies, token } = form;
  if (outcome.outcome === 'signed_in') {
    return {
      redirect: next,
      cookies: [
        serializeCookie(SESSION_COOKIE, outcome.token, {
          maxAgeSeconds: SESSION_LIFETIME_SECONDS,
          secure: secureCookies,
        }),
        clearCookie(SIGN_IN_CSRF_COOKIE, secureCookies),
      ],
    };
  }
  const locked = outcome.outcome === 'locked';
  return signInPage({
    next,
    email,
    secureCookies,
    token,
    status: locked ? 429 : 401,
    ...(locked ? { headers: { 'Retry-After': String(outcome.retryAfterSeconds) } } : {}),
    message: notice(
      'error',
      locked
        ? `Too many failed attempts for this email. Try again in ${outcome.retryAfterSeconds} seconds.`
        : 'The email or password is not right.',
    ),
  });
}
