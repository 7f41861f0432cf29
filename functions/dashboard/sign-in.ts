/**
 * POST /dashboard/sign-in — email + password (+ the form's signed double-submit token: the same in
 * its cookie and field, issued by this deployment, unexpired; else 403 and nothing is checked).
 * Success: a new session cookie and a redirect to `next`; a wrong password 401 and a locked email
 * 429, both with the form again.
 */
import * as z from 'zod';
import { signIn } from '#accounts/members.service.ts';
import { checkSignInToken, issueSignInToken } from '#accounts/sign-in-token.service.ts';
import { readCookies, SIGN_IN_CSRF_COOKIE } from '#dashboard/cookies.ts';
import { safeNextPath } from '#dashboard/next-path.ts';
import { publicPage } from '#dashboard/page-handler.ts';
import { errorPage } from '#dashboard/page-stack/error-page.ts';
import { signInAnswer } from '#dashboard/pages/sign-in.ts';

// Unknown fields are ignored (a password manager may add some); lengths are checked by the
// service; a `next` the form cannot use is dropped, never a reason to refuse the sign-in.
const form = z.object({
  email: z.string().max(1000).default(''),
  password: z.string().max(1024).default(''),
  next: z.string().optional().transform(safeNextPath),
  csrf_token: z.string().optional(),
});

export const handler = publicPage({ form }, async ({ form, event, secureCookies }) => {
  if (!(await checkSignInToken(readCookies(event).get(SIGN_IN_CSRF_COOKIE), form.csrf_token))) {
    return errorPage(403, 'This form has expired', 'Reload the sign-in page and try again.');
  }
  const outcome = await signIn(form.email, form.password);
  // A refused sign-in shows the form again, with a token of its own.
  return signInAnswer(outcome, { next: form.next, email: form.email, secureCookies, token: await issueSignInToken() });
});
