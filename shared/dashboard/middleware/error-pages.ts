/**
 * errorPages, the stack's error handler (the API's is errorEnvelope): an `EarlyPage` → its answer; an
 * ApiError below 500 → its error page (or the page's own `onInvalid` re-render of its form); anything
 * else → a 500 page with the request id (the error logged through errorLogFields, never as an object).
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { ApiError } from '#core/errors.ts';
import { errorLogFields } from '#core/log-fields.ts';
import { logger } from '#core/logger.ts';
import type { PageMiddleware } from '#dashboard/context.ts';
import { apiErrorPage, errorPage } from '#dashboard/error-page.ts';
import type { PageMember } from '#dashboard/layout.ts';
import { memberOf } from '#dashboard/middleware/member-session.ts';
import { EarlyPage, type PageResult, toLambdaResult } from '#dashboard/page-result.ts';

/**
 * Renders a signed-in page again for a 4xx error (invalid form, or a service's VALIDATION_ERROR /
 * CONFLICT…), typically the form with the message and what was typed. `form` is the raw form.
 */
export type OnInvalid = (
  request: { member: PageMember; form: Record<string, string>; event: APIGatewayProxyEventV2 },
  error: ApiError,
) => Promise<PageResult>;

export function errorPages(options: { onInvalid?: OnInvalid | undefined }): PageMiddleware {
  return {
    onError: async (request) => {
      const { error, context } = request;
      if (error instanceof EarlyPage) {
        request.response = toLambdaResult(error.result);
        return;
      }
      const member = context.session ? memberOf(context.session) : undefined;
      if (error instanceof ApiError && error.statusCode < 500) {
        if (options.onInvalid && member && context.form) {
          // What the page shows again may itself be refused (e.g. the endpoint was deleted meanwhile):
          // that refusal's error page, as the page itself would answer.
          const result = await options
            .onInvalid({ member, form: context.form, event: request.event }, error)
            .catch((again: unknown) => {
              if (again instanceof ApiError && again.statusCode < 500) return apiErrorPage(again, member);
              throw again;
            });
          request.response = toLambdaResult(result);
          return;
        }
        request.response = toLambdaResult(apiErrorPage(error, member));
        return;
      }
      logger.error('unhandled page error', {
        request_id: context.requestId,
        ...errorLogFields(error),
      });
      request.response = toLambdaResult(
        errorPage(
          500,
          'Something went wrong',
          `An unexpected error occurred. Quote request id ${context.requestId} when reporting it.`,
          member,
        ),
      );
    },
  };
}
