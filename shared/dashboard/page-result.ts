/**
 * What a dashboard page answers (the one `PageResult`): `{status?, body}` (HTML) or `{redirect, status?}`
 * (303 See Other, or 302 Found for a download handed to another origin), turned into a Lambda result
 * with the headers every page carries. A middleware that answers early throws an `EarlyPage` instead.
 */
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { SafeHtml } from '#dashboard/html.ts';

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
  | {
      redirect: string;
      /** 303 (the default: after a form, to a page) or 302 (a GET sent on elsewhere, e.g. a presigned download). */
      status?: 302 | 303;
      cookies?: string[];
    };

export function toLambdaResult(result: PageResult): APIGatewayProxyStructuredResultV2 {
  if ('redirect' in result) {
    return {
      statusCode: result.status ?? 303,
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

/**
 * An answer a middleware gives instead of the page (the sign-in redirect, the CSRF refusal): thrown,
 * so it still goes through requestContext's `onError` (request id, log line), since Middy skips every
 * `after` of an early return.
 */
export class EarlyPage extends Error {
  constructor(readonly result: PageResult) {
    super('early page');
    this.name = 'EarlyPage';
  }
}
