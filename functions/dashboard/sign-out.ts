/** POST /dashboard/sign-out — ends the session (the token no longer finds it) and clears the cookie. */

import { deleteSession } from '#accounts/members.service.ts';
import { clearCookie, SESSION_COOKIE } from '#dashboard/cookies.ts';
import { memberPage } from '#dashboard/page-handler.ts';
import { signInInputs } from '#dashboard/sign-in/sign-in.schemas.ts';

export const handler = memberPage(signInInputs.signOut, async ({ session, sessionToken, secureCookies }) => {
  await deleteSession(sessionToken, session);
  return { redirect: '/dashboard/sign-in?signed_out=1', cookies: [clearCookie(SESSION_COOKIE, secureCookies)] };
});
