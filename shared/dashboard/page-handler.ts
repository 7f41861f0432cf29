/**
 * The Middy stack every dashboard page shares (the API's stack answers JSON; this one HTML):
 *   pageContext  – request id, security headers (CSP, no caching of private pages), access log
 *   pageErrors   – an ApiError below 500 → an error page with its message (or the page's own
 *                  `onInvalid` re-render of its form); anything else → a 500 page with the request id
 *   memberSession – (signed-in pages) the session cookie → the session; none → to sign-in
 *   pageRateLimit – per member (signed-in pages), per source IP (sign-in posts): 429 page
 *   formBody     – (POST) application/x-www-form-urlencoded, ≤ 32 KB, first value of each name
 *   csrf         – (POST on signed-in pages) the form's `csrf_token` must match the session's
 *   validate     – zod schemas for path, query and form
 * A page returns `{status?, body}` (HTML) or `{redirect}` (303 See Other). A middleware that answers
 * early (the sign-in redirect, the CSRF refusal) throws an `EarlyPage`, so the answer still goes
 * through pageContext (request id, log line): Middy skips every `after` of an early return.
 */
import { randomUUID } from 'node:crypto';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { z } from 'zod';
import { checkCsrfToken, csrfTokenFor, getSession, type Session } from '#accounts/members.service.ts';
import { config } from '#core/config.ts';
import { ApiError, type ErrorDetail, validationError } from '#core/errors.ts';
import { errorLogFields } from '#core/log-fields.ts';
import { logger } from '#core/logger.ts';
import { isLoopbackRequest, readCookies, SESSION_COOKIE } from '#dashboard/cookies.ts';
import { html, type SafeHtml } from '#dashboard/html.ts';
import { errorList, layout, notice, type PageMember } from '#dashboard/layout.ts';
import { currentDynamoUsage, withDynamoUsage } from '#dynamo/client.ts';
import type { LambdaHttpHandler } from '#http/api-handler.ts';
import { countRequest } from '#http/rate-limit.store.ts';
import { capDetails, issuesToDetails } from '#http/zod-details.ts';

/** Form bodies are small: the largest is a template-free settings form. */
export const MAX_FORM_BYTES = 32 * 1024;

/**
 * Pages never run script inline and never load anything from elsewhere; frames show only our
 * own sandboxed body routes. `form-action 'self'` keeps an injected form from posting away.
 */
export const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self' data:; frame-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'Cache-Control': 'no-store',
};

export type PageResult =
  | {
      status?: number;
      body: SafeHtml;
      /** Overrides, e.g. a sandboxing CSP for a rendered email body. */
      headers?: Record<string, string>;
      cookies?: string[];
    }
  | { redirect: string; cookies?: string[] };

interface PageContext extends Context {
  requestId: string;
  startedAt: number;
  /** The signed-in member's session (signed-in pages only). */
  session?: Session;
  sessionToken?: string;
  form?: Record<string, string>;
  input: { query?: unknown; form?: unknown; path?: unknown };
}

type PageMiddleware = middy.MiddlewareObj<
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2,
  Error,
  PageContext
>;
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
  onInvalid?: (
    request: { member: PageMember; form: Record<string, string>; event: APIGatewayProxyEventV2 },
    error: ApiError,
  ) => Promise<PageResult>;
}

export function toLambdaResult(result: PageResult): APIGatewayProxyStructuredResultV2 {
  if ('redirect' in result) {
    return {
      statusCode: 303,
      headers: { Location: result.redirect, ...PAGE_SECURITY_HEADERS },
      ...(result.cookies ? { cookies: result.cookies } : {}),
      body: '',
    };
  }
  return {
    statusCode: result.status ?? 200,
    headers: { 'Content-Type': 'text/html; charset=utf-8', ...PAGE_SECURITY_HEADERS, ...result.headers },
    ...(result.cookies ? { cookies: result.cookies } : {}),
    body: result.body.value,
  };
}

/** An answer a middleware gives instead of the page (thrown, so the shared `onError`s see it). */
export class EarlyPage extends Error {
  constructor(readonly result: PageResult) {
    super('early page');
    this.name = 'EarlyPage';
  }
}

const memberOf = (session: Session): PageMember => ({
  organizationId: session.organizationId,
  memberEmail: session.memberEmail,
  csrfToken: csrfTokenFor(session),
});

/** A whole page saying what went wrong, with a way back. */
export function errorPage(status: number, title: string, message: unknown, member?: PageMember): PageResult {
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

function pageContext(): PageMiddleware {
  const finish = (
    request: middy.Request<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, PageContext>,
  ) => {
    const response = request.response;
    if (!response) return;
    response.headers = { ...response.headers, 'X-Request-Id': request.context.requestId };
    const usage = currentDynamoUsage();
    logger.info('page', {
      request_id: request.context.requestId,
      route: request.event.routeKey,
      status: response.statusCode,
      duration_ms: Date.now() - request.context.startedAt,
      organization_id: request.context.session?.organizationId,
      dynamodb_requests: usage?.requests,
    });
  };
  return {
    before: (request) => {
      request.context.requestId = request.event.requestContext?.requestId || randomUUID();
      request.context.startedAt = Date.now();
      request.context.input = {};
    },
    after: finish,
    onError: finish,
  };
}

const TITLES: Record<number, string> = {
  400: 'Please check the form',
  404: 'Not found',
  405: 'Not allowed',
  409: 'That cannot be done now',
  413: 'Too large',
  415: 'Unsupported form',
  429: 'Too many requests',
};

function pageErrors<Q, F, P>(options: MemberPageOptions<Q, F, P>): PageMiddleware {
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
          const result = await options.onInvalid({ member, form: context.form, event: request.event }, error);
          request.response = toLambdaResult(result);
          return;
        }
        const title = TITLES[error.statusCode] ?? 'Something is not right';
        const page = errorPage(error.statusCode, title, errorMessage(error), member);
        request.response = toLambdaResult(page);
        if (request.response.headers) Object.assign(request.response.headers, error.headers);
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

/** Longer `next` values are dropped (the sign-in form must be able to carry them back). */
const MAX_NEXT_LENGTH = 1000;
const DEFAULT_NEXT = '/dashboard/emails';

/**
 * Where sign-in sends the member back to: only a path of the dashboard itself, in printable ASCII
 * (it goes into a Location header as is), without `//` or dot segments.
 */
export function safeNextPath(next: string | undefined): string {
  if (!next || next.length > MAX_NEXT_LENGTH) return DEFAULT_NEXT;
  const path = next.split('?')[0] ?? '';
  // Browsers read `%2e` as a dot: `.%2e`, `%2E.` and `%2e%2e` are `..` too.
  const dotSegment = path.split('/').some((segment) => ['.', '..'].includes(segment.replace(/%2e/gi, '.')));
  const shaped = /^\/dashboard(\/[A-Za-z0-9._~\-/%]*)?(\?[\x21\x22\x24-\x7e]*)?$/.test(next);
  return shaped && !next.includes('//') && !dotSegment ? next : DEFAULT_NEXT;
}

function memberSession(): PageMiddleware {
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

/**
 * Signed-in pages count per member (DASHBOARD_RATE_LIMIT_PER_SECOND); public pages count their
 * posts (the sign-in form: an scrypt each) per source IP in a window of their own
 * (SIGN_IN_RATE_LIMIT_PER_SECOND), and with `countEveryRequest` (the unmatched route) every request
 * per source IP in the window of unauthenticated API calls.
 */
function pageRateLimit(signedIn: boolean, countEveryRequest: boolean): PageMiddleware {
  return {
    before: async (request) => {
      const { session } = request.context;
      const { method, sourceIp } = request.event.requestContext.http;
      let state: Awaited<ReturnType<typeof countRequest>> | undefined;
      if (signedIn && session) {
        state = await countRequest('member', session.memberId, config.dashboardRateLimitPerSecond);
      } else if (countEveryRequest) {
        state = await countRequest('ip', sourceIp, config.unauthenticatedRateLimitPerSecond);
      } else if (method === 'POST') {
        state = await countRequest('signin', sourceIp, config.signInRateLimitPerSecond);
      }
      if (state && !state.allowed) {
        throw new ApiError('RATE_LIMITED', 'Too many requests at once: wait a second and try again.', {
          headers: { 'Retry-After': String(state.resetSeconds) },
        });
      }
    },
  };
}

function formBody(): PageMiddleware {
  return {
    before: (request) => {
      if (request.event.requestContext.http.method !== 'POST') return;
      const contentType = (request.event.headers?.['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
      if (contentType !== 'application/x-www-form-urlencoded') {
        throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Forms must be sent as application/x-www-form-urlencoded');
      }
      const raw = request.event.body ?? '';
      const text = request.event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
      if (Buffer.byteLength(text, 'utf8') > MAX_FORM_BYTES) {
        throw new ApiError('PAYLOAD_TOO_LARGE', `The form is larger than ${MAX_FORM_BYTES / 1024} KB`);
      }
      const form: Record<string, string> = {};
      for (const [name, value] of new URLSearchParams(text)) if (!(name in form)) form[name] = value;
      request.context.form = form;
    },
  };
}

/** Refuses a signed-in POST whose form lacks this session's CSRF token (403, nothing done). */
function csrf(): PageMiddleware {
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

/** `consumedCsrf`: the csrf middleware checked the token, so the page's form schema never sees it. */
function validate<Q, F, P>(options: PageOptions<Q, F, P>, consumedCsrf: boolean): PageMiddleware {
  return {
    before: (request) => {
      const details: ErrorDetail[] = [];
      const { csrf_token: token, ...rest } = request.context.form ?? {};
      const form = consumedCsrf || token === undefined ? rest : { ...rest, csrf_token: token };
      const sources = {
        path: request.event.pathParameters ?? {},
        query: request.event.queryStringParameters ?? {},
        form,
      };
      for (const part of ['path', 'query', 'form'] as const) {
        const schema = options[part] as z.ZodType | undefined;
        if (!schema) continue;
        const result = schema.safeParse(sources[part]);
        if (result.success) request.context.input[part] = result.data;
        else details.push(...issuesToDetails(result.error.issues, part));
      }
      if (details.length > 0) throw validationError(capDetails(details, 'form'));
    },
  };
}

function stack<Q, F, P>(options: MemberPageOptions<Q, F, P>, signedIn: boolean) {
  const pages = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, PageContext>()
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

const withUsage =
  (handler: LambdaHttpHandler): LambdaHttpHandler =>
  (event, context) =>
    withDynamoUsage(() => handler(event, context));

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
  return withUsage(handler as unknown as LambdaHttpHandler);
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
  return withUsage(handler as unknown as LambdaHttpHandler);
}
