/** POST /dashboard/sign-out — ends the session (the token no longer finds it) and clears the cookie. */
import { clearCookie, SESSION_COOKIE } from '../../shared/dashboard/cookies.ts';
import { memberPage } from '../../shared/dashboard/page-handler.ts';
import { deleteSession } from '../../shared/domain/members.ts';

export const handler = memberPage({}, async ({ session, sessionToken, secureCookies }) => {
  await deleteSession(sessionToken, session);
  return { redirect: '/dashboard/sign-in?signed_out=1', cookies: [clearCookie(SESSION_COOKIE, secureCookies)] };
});
