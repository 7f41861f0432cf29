/**
 * The error page, and pageErrors, the stack's error handler: an `EarlyPage` → its answer; an
 * ApiError below 500 → an error page with its message (or the page's own `onInvalid` re-render of
 * its form); anything else → a 500 page with the request id (the error logged through
 * errorLogFields, never as an object).
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { ApiError } from '#core/errors.ts';
import { errorLogFields } from '#core/log-fields.ts';
import { logger } from '#core/logger.ts';
import { html, type SafeHtml } from '#dashboard/html.ts';
import { errorList, layout, notice, type PageMember } from '#dashboard/layout.ts';
import { EarlyPage, type PageResult, toLambdaResult } from '#dashboard/page-result.ts';
import type { PageMiddleware } from '#dashboard/page-stack/context.ts';
import { memberOf } from '#dashboard/page-stack/member-session.ts';

/** A whole page saying what went wrong, with a way back. */
export function errorPage(
  status: number,
  title: string,
  message: unknown,
  member?: PageMember,
): { status: number; body: SafeHtml } {
  return {
    status,
    body: layout({
      title,
      ...(member ? { member } : {}),
      body: html`<h1>${title}</h1>${notice('error', message)}<p><a href="/dashboard">Back to the dashboard</a></p>`,
    }),
  };
}

export const errorMessage = (error: ApiError): SafeHtml => html`${error.message}${errorList(error.details)}`;

/**
 * Renders a signed-in page again for a 4xx error (invalid form, or a service's VALIDATION_ERROR /
 * CONFLICT…), typically the form with the message and what was typed. `form` is the raw form.
 */
export type OnInvalid = (
  request: { member: PageMember; form: Record<string, string>; event: APIGatewayProxyEventV2 },
  error: ApiError,
) => Promise<PageResult>;

const TITLES: Record<number, string> = {
  400: 'Please check the form',
  404: 'Not found',
  405: 'Not allowed',
  409: 'That cannot be done now',
  413: 'Too large',
  415: 'Unsupported form',
  429: 'Too many requests',
};

/** The error page of an ApiError below 500: its status, a title for it, its message and details, its headers. */
export function apiErrorPage(error: ApiError, member?: PageMember): PageResult {
  const title = TITLES[error.statusCode] ?? 'Something is not right';
  return { ...errorPage(error.statusCode, title, errorMessage(error), member), headers: error.headers };
}

export function pageErrors(options: { onInvalid?: OnInvalid | undefined }): PageMiddleware {
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
