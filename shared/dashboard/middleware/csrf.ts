/** csrf (POST on signed-in pages): the form's `csrf_token` must match the session's. */
import { checkCsrfToken } from '#accounts/members.service.ts';
import type { PageMiddleware } from '#dashboard/context.ts';
import { errorPage } from '#dashboard/error-page.ts';
import { memberOf } from '#dashboard/middleware/member-session.ts';
import { EarlyPage } from '#dashboard/page-result.ts';

/** Refuses a signed-in POST whose form lacks this session's CSRF token (403, nothing done). */
export function csrf(): PageMiddleware {
  return {
    before: (request) => {
      if (request.event.requestContext.http.method !== 'POST') return;
      const { session, form } = request.context;
      if (session && checkCsrfToken(session, form?.csrf_token)) return;
      throw new EarlyPage(
        errorPage(
          403,
          'This form has expired',
          'The form was not sent from this session of the dashboard (its security token is missing or stale), so nothing was changed. Reload the page and try again.',
          session ? memberOf(session) : undefined,
        ),
      );
    },
  };
}
