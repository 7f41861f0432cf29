/**
 * POST /dashboard/sign-in — email + password (+ the form's double-submit token). Success: a new
 * session cookie and a redirect to `next`; a wrong password 401 and a locked email 429, both
 * with the form again.
 */
import { z } from 'zod';
import {
  clearCookie,
  readCookies,
  SESSION_COOKIE,
  SIGN_IN_CSRF_COOKIE,
  serializeCookie,
} from '../../shared/dashboard/cookies.ts';
import { notice } from '../../shared/dashboard/layout.ts';
import { errorPage, publicPage, safeNextPath } from '../../shared/dashboard/page-handler.ts';
import { signInPage, signInTokenMatches } from '../../shared/dashboard/pages/sign-in.ts';
import { createSession, SESSION_LIFETIME_SECONDS, verifyMemberPassword } from '../../shared/domain/members.ts';

// Unknown fields are ignored (a password manager may add some); lengths are checked by the service.
const form = z.object({
  email: z.string().max(1000).default(''),
  password: z.string().max(1024).default(''),
  next: z.string().max(2000).optional(),
  csrf_token: z.string().optional(),
});

export const handler = publicPage({ form }, async ({ form, event, secureCookies }) => {
  const next = safeNextPath(form.next);
  if (!signInTokenMatches(readCookies(event).get(SIGN_IN_CSRF_COOKIE), form.csrf_token)) {
    return errorPage(403, 'This form has expired', 'Reload the sign-in page and try again.');
  }
  const result = await verifyMemberPassword(form.email, form.password);
  if (result.outcome === 'signed_in') {
    const { token } = await createSession(result.member);
    return {
      redirect: next,
      cookies: [
        serializeCookie(SESSION_COOKIE, token, { maxAgeSeconds: SESSION_LIFETIME_SECONDS, secure: secureCookies }),
        clearCookie(SIGN_IN_CSRF_COOKIE, secureCookies),
      ],
    };
  }
  const locked = result.outcome === 'locked';
  return signInPage({
    next,
    email: form.email,
    secureCookies,
    status: locked ? 429 : 401,
    ...(locked ? { headers: { 'Retry-After': String(result.retryAfterSeconds) } } : {}),
    message: notice(
      'error',
      locked
        ? `Too many failed attempts for this email. Try again in ${result.retryAfterSeconds} seconds.`
        : 'The email or password is not right.',
    ),
  });
});
