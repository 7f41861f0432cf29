/**
 * The dashboard's cookies. The session cookie is HttpOnly and SameSite=Lax, scoped to
 * /dashboard, and Secure everywhere but on a loopback host (the local stack is plain HTTP;
 * API Gateway is HTTPS only).
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

export const SESSION_COOKIE = 'postbox_session';
/** Double-submit token of the sign-in form (there is no session to tie it to yet). */
export const SIGN_IN_CSRF_COOKIE = 'postbox_sign_in_csrf';

/** Cookies of the request (API Gateway passes them in `event.cookies`), first value wins. */
export function readCookies(event: APIGatewayProxyEventV2): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const cookie of event.cookies ?? []) {
    const equals = cookie.indexOf('=');
    if (equals <= 0) continue;
    const name = cookie.slice(0, equals).trim();
    if (!cookies.has(name)) cookies.set(name, cookie.slice(equals + 1).trim());
  }
  return cookies;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** True when the page was requested over a loopback host, the only place cookies go without Secure. */
export function isLoopbackRequest(event: APIGatewayProxyEventV2): boolean {
  const host = (event.headers?.host ?? event.requestContext?.domainName ?? '').toLowerCase();
  const hostname = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : (host.split(':')[0] ?? '');
  return LOOPBACK_HOSTS.has(hostname) || hostname.endsWith('.localhost');
}

export interface CookieOptions {
  /** Seconds; 0 deletes the cookie. Omitted: a browser-session cookie. */
  maxAgeSeconds?: number;
  secure: boolean;
}

/** A Set-Cookie value: HttpOnly, SameSite=Lax, Path=/dashboard. Values must be cookie-safe (base64url). */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${value}`, 'Path=/dashboard', 'HttpOnly', 'SameSite=Lax'];
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

export const clearCookie = (name: string, secure: boolean): string =>
  serializeCookie(name, '', { maxAgeSeconds: 0, secure });
