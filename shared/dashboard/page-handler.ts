/**
 * The Middy stack every dashboard page shares (the API's answers JSON: shared/http/api-handler.ts;
 * this one HTML), one middleware per concern in middleware/, named as the API's are. A page is built
 * from its schemas (PageSchemas, declared in its area): they validate the request, and what they
 * output types the page function's `path`, `query` and `form`, as an operation types an API handler's.
 * The order of the stack, and why, is in docs/dashboard.md ("The page stack").
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type * as z from 'zod';
import type { Session } from '#accounts/members.service.ts';
import { logger } from '#core/logger.ts';
import type { PageContext, PageSchemas } from '#dashboard/context.ts';
import { isLoopbackRequest } from '#dashboard/cookies.ts';
import type { PageMember } from '#dashboard/layout.ts';
import { csrf } from '#dashboard/middleware/csrf.ts';
import { errorPages, type OnInvalid } from '#dashboard/middleware/error-pages.ts';
import { formBody } from '#dashboard/middleware/form-body.ts';
import { memberOf, memberSession } from '#dashboard/middleware/member-session.ts';
import { rateLimit } from '#dashboard/middleware/rate-limit.ts';
import { requestContext } from '#dashboard/middleware/request-context.ts';
import { validateInput } from '#dashboard/middleware/validate-input.ts';
import { type PageResult, toLambdaResult } from '#dashboard/page-result.ts';
import { type LambdaHttpHandler, withRequestScope } from '#http/request-scope.ts';

/** A request part's validated type (`undefined` when the page has no schema for it). */
type Infer<S> = [NonNullable<S>] extends [z.ZodType] ? z.output<NonNullable<S>> : undefined;

export interface PublicPageRequest<S extends PageSchemas> {
  path: Infer<S['path']>;
  query: Infer<S['query']>;
  form: Infer<S['form']>;
  event: APIGatewayProxyEventV2;
  requestId: string;
  /** Cookies must be Secure (false only on a loopback host). */
  secureCookies: boolean;
}

export interface MemberPageRequest<S extends PageSchemas> extends PublicPageRequest<S> {
  member: PageMember;
  session: Session;
  sessionToken: string;
}

export interface PublicPageOptions {
  /** Count every request per source IP, not only its posts (the unmatched route). */
  countEveryRequest?: boolean;
}

export interface MemberPageOptions {
  /**
   * Renders the page again for a 4xx error (invalid form, or a service's VALIDATION_ERROR /
   * CONFLICT…), typically the form with the message and what was typed. `form` is the raw form.
   */
  onInvalid?: OnInvalid;
}

function stack(schemas: PageSchemas, signedIn: boolean, options: PublicPageOptions & MemberPageOptions) {
  const pages = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, PageContext>()
    .use(injectLambdaContext(logger))
    .use(requestContext())
    .use(errorPages(options));
  if (signedIn) pages.use(memberSession());
  pages.use(rateLimit(signedIn, options.countEveryRequest ?? false));
  // Signed-in posts always carry a form (the CSRF token); a public page reads one only if it has a schema.
  if (signedIn || schemas.form) pages.use(formBody());
  if (signedIn) pages.use(csrf());
  return pages.use(validateInput(schemas, signedIn));
}

function baseRequest<S extends PageSchemas>(event: APIGatewayProxyEventV2, context: PageContext): PublicPageRequest<S> {
  return {
    path: context.input.path as Infer<S['path']>,
    query: context.input.query as Infer<S['query']>,
    form: context.input.form as Infer<S['form']>,
    event,
    requestId: context.requestId,
    secureCookies: !isLoopbackRequest(event),
  };
}

/** A page of a signed-in member: everything it shows is of the session's organization. */
export function memberPage<S extends PageSchemas>(
  schemas: S,
  run: (request: MemberPageRequest<S>) => Promise<PageResult>,
  options: MemberPageOptions = {},
): LambdaHttpHandler {
  const handler = stack(schemas, true, options).handler(async (event, context) => {
    const session = context.session as Session;
    return toLambdaResult(
      await run({
        ...baseRequest<S>(event, context),
        member: memberOf(session),
        session,
        sessionToken: context.sessionToken as string,
      }),
    );
  });
  return withRequestScope(handler as unknown as LambdaHttpHandler);
}

/** A page seen before sign-in (sign-in itself, the assets). */
export function publicPage<S extends PageSchemas>(
  schemas: S,
  run: (request: PublicPageRequest<S>) => Promise<PageResult>,
  options: PublicPageOptions = {},
): LambdaHttpHandler {
  const handler = stack(schemas, false, options).handler(async (event, context) =>
    toLambdaResult(await run(baseRequest<S>(event, context))),
  );
  return withRequestScope(handler as unknown as LambdaHttpHandler);
}
