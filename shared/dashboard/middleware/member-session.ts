/**
 * memberSession (signed-in pages): the session cookie → the session; none → to sign-in (with the
 * page to come back to, for a GET).
 */
import { csrfTokenFor, getSession, type Session } from '#accounts/members.service.ts';
import type { PageMiddleware } from '#dashboard/context.ts';
import { readCookies, SESSION_COOKIE } from '#dashboard/cookies.ts';
import type { PageMember } from '#dashboard/layout.ts';
import { safeNextPath } from '#dashboard/next-path.ts';
import { EarlyPage } from '#dashboard/page-result.ts';

/** The member a session shows pages to. */
export const memberOf = (session: Session): PageMember => ({
  organizationId: session.organizationId,
  memberEmail: session.memberEmail,
  csrfToken: csrfTokenFor(session),
});

export function memberSession(): PageMiddleware {
  return {
    before: async (request) => {
      const token = readCookies(request.event).get(SESSION_COOKIE);
      const session = token ? await getSession(token) : undefined;
      if (!session || !token) {
        const { rawPath, rawQueryString, requestContext } = request.event;
        const full = rawPath + (rawQueryString ? `?${rawQueryString}` : '');
        // A return address too long (or odd) to carry keeps at least its page.
        const next = safeNextPath(full) === full ? full : safeNextPath(rawPath);
        const location =
          requestContext.http.method === 'GET'
            ? `/dashboard/sign-in?next=${encodeURIComponent(next)}`
            : '/dashboard/sign-in';
        throw new EarlyPage({ redirect: location });
      }
      request.context.session = session;
      request.context.sessionToken = token;
    },
  };
}
