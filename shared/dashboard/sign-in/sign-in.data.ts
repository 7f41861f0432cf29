/**
 * What the sign-in pages do through the accounts services: a form with a fresh signed double-submit
 * token, and a sign-in whose answer (the session, or the form again) carries a token of its own.
 */
import { signIn } from '#accounts/members.service.ts';
import { issueSignInToken } from '#accounts/sign-in-token.service.ts';
import type { PageResult } from '#dashboard/page-result.ts';
import { type SignInFormState, signInAnswer, signInPage } from '#dashboard/sign-in/sign-in.view.ts';

/** GET /dashboard/sign-in: the form, its token in its field and its cookie. */
export async function signInFormPage(state: Omit<SignInFormState, 'token'>): Promise<PageResult> {
  return signInPage({ ...state, token: await issueSignInToken() });
}

/** POST /dashboard/sign-in once its token checked out: a session and a redirect, or the form again (401, 429). */
export async function signInAttempt(
  form: { email: string; password: string; next: string },
  secureCookies: boolean,
): Promise<PageResult> {
  const outcome = await signIn(form.email, form.password);
  // A refused sign-in shows the form again, with a token of its own.
  return signInAnswer(outcome, { next: form.next, email: form.email, secureCookies, token: await issueSignInToken() });
}
