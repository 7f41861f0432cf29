/**
 * The Middy stack every dashboard page shares (the API's stack answers JSON; this one HTML), one
 * middleware per concern in page-stack/, in this order:
 *   pageContext  – request id; on the way out X-Request-Id and the access log (request-context.ts)
 *   pageErrors   – the error handler: an ApiError below 500 → an error page with its message (or the
 *                  page's own `onInvalid` re-render of its form); anything else → a 500 page with the
 *                  request id (error-page.ts)
 *   memberSession – (signed-in pages) the session cookie → the session; none → to sign-in (member-session.ts)
 *   pageRateLimit – per member (signed-in pages), per source IP (sign-in posts): 429 page (rate-limit.ts)
 *   formBody     – (POST) application/x-www-form-urlencoded, ≤ 32 KB, first value of each name (form-body.ts)
 *   csrf         – (POST on signed-in pages) the form's `csrf_token` must match the session's (csrf.ts)
 *   validate     – zod schemas for path, query and form (validate-input.ts)
 * Middy runs `onError`s from the last attached to the first: pageErrors, the last error handler
 * attached, answers first, then pageContext's `onError` stamps the request id on that answer and
 * logs it (as the API's errorEnvelope and requestContext do). Security headers come with every
 * answer (page-result.ts).
 * A page returns `{status?, body}` (HTML) or `{redirect, status?}` (303 See Other, or 302). A middleware that answers
 * early (the sign-in redirect, the CSRF refusal) throws an `EarlyPage`, so the answer still goes
 * through pageContext (request id, log line): Middy skips every `after` of an early return.
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type * as z from 'zod';
import type { Session } from '#accounts/members.service.ts';
import { logger } from '#core/logger.ts';
import { isLoopbackRequest } from '#dashboard/cookies.ts';
import type { PageMember } from '#dashboard/layout.ts';
import { type PageResult, toLambdaResult } from '#dashboard/page-result.ts';
import type { PageContext } from '#dashboard/page-stack/context.ts';
import { csrf } from '#dashboard/page-stack/csrf.ts';
import { type OnInvalid, pageErrors } from '#dashboard/page-stack/error-page.ts';
import { formBody } from '#dashboard/page-stack/form-body.ts';
import { memberOf, memberSession } from '#dashboard/page-stack/member-session.ts';
import { pageRateLimit } from '#dashboard/page-stack/rate-limit.ts';
import { pageContext } from '#dashboard/page-stack/request-context.ts';
import { validate } from '#dashboard/page-stack/validate-input.ts';
import { type LambdaHttpHandler, withRequestScope } from '#http/request-scope.ts';

export type { PageResult };

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface PageOptions<Q, F, P> {
  query?: Q;
  form?: F;
  path?: P;
  /** Count every request of a public page per source IP, not only its posts (the unmatched route). */
  countEveryRequest?: boolean;
}

export interface PublicPageRequest<Q, F, P> {
  query: Infer<Q>;
  form: Infer<F>;
  path: Infer<P>;
  event: APIGatewayProxyEventV2;
  requestId: string;
  /** Cookies must be Secure (false only on a loopback host). */
  secureCookies: boolean;
}

export interface MemberPageRequest<Q, F, P> extends PublicPageRequest<Q, F, P> {
  member: PageMember;
  session: Session;
  sessionToken: string;
}

export interface MemberPageOptions<Q, F, P> extends PageOptions<Q, F, P> {
  /**
   * Renders the page again for a 4xx error (invalid form, or a service's VALIDATION_ERROR /
   * CONFLICT…), typically the form with the message and what was typed. `form` is the raw form.
   */
  onInvalid?: OnInvalid;
}

function stack<Q, F, P>(options: MemberPageOptions<Q, F, P>, signedIn: boolean) {
  const pages = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, PageContext>()
    .use(injectLambdaContext(logger))
    .use(pageContext())
    .use(pageErrors(options));
  if (signedIn) pages.use(memberSession());
  pages.use(pageRateLimit(signedIn, options.countEveryRequest ?? false));
  // Signed-in posts always carry a form (the CSRF token); a public page reads one only if it has a schema.
  if (signedIn || options.form) pages.use(formBody());
  if (signedIn) pages.use(csrf());
  return pages.use(validate(options, signedIn));
}

function baseRequest<Q, F, P>(event: APIGatewayProxyEventV2, context: PageContext): PublicPageRequest<Q, F, P> {
  return {
    query: context.input.query as Infer<Q>,
    form: context.input.form as Infer<F>,
    path: context.input.path as Infer<P>,
    event,
    requestId: context.requestId,
    secureCookies: !isLoopbackRequest(event),
  };
}

/** A page of a signed-in member: everything it shows is of the session's organization. */
export function memberPage<
  Q extends z.ZodType | undefined = undefined,
  F extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
>(options: MemberPageOptions<Q, F, P>, run: (request: MemberPageRequest<Q, F, P>) => Promise<PageResult>) {
  const handler = stack(options, true).handler(async (event, context) => {
    const session = context.session as Session;
    return toLambdaResult(
      await run({
        ...baseRequest<Q, F, P>(event, context),
        member: memberOf(session),
        session,
        sessionToken: context.sessionToken as string,
      }),
    );
  });
  return withRequestScope(handler as unknown as LambdaHttpHandler);
}

/** A page seen before sign-in (sign-in itself, the assets). */
export function publicPage<
  Q extends z.ZodType | undefined = undefined,
  F extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
>(options: PageOptions<Q, F, P>, run: (request: PublicPageRequest<Q, F, P>) => Promise<PageResult>) {
  const handler = stack(options, false).handler(async (event, context) =>
    toLambdaResult(await run(baseRequest<Q, F, P>(event, context))),
  );
  return withRequestScope(handler as unknown as LambdaHttpHandler);
}
