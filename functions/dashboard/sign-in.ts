/**
 * POST /dashboard/sign-in — email + password (+ the form's signed double-submit token: the same in
 * its cookie and field, issued by this deployment, unexpired; else 403 and nothing is checked).
 * Success: a new session cookie and a redirect to `next`; a wrong password 401 and a locked email
 * 429, both with the form again.
 */
import { checkSignInToken } from '#accounts/sign-in-token.service.ts';
import { readCookies, SIGN_IN_CSRF_COOKIE } from '#dashboard/cookies.ts';
import { errorPage } from '#dashboard/error-page.ts';
import { publicPage } from '#dashboard/page-handler.ts';
import { signInAttempt } from '#dashboard/sign-in/sign-in.data.ts';
import { signInInputs } from '#dashboard/sign-in/sign-in.schemas.ts';

export const handler = publicPage(signInInputs.signIn, async ({ form, event, secureCookies }) => {
  if (!(await checkSignInToken(readCookies(event).get(SIGN_IN_CSRF_COOKIE), form.csrf_token))) {
    return errorPage(403, 'This form has expired', 'Reload the sign-in page and try again.');
  }
  return signInAttempt(form, secureCookies);
});
