/**
 * A signed-in dashboard session for integration tests, over plain HTTP (no browser): it keeps
 * the cookies the pages set, reads each page's CSRF token and posts forms the way a browser
 * does. `dashboardMember()` makes an organization (with an API key) and a member of it.
 */
import { randomBytes } from 'node:crypto';
import { createMember } from '#accounts/members.service.ts';
import { createTestOrganization } from './factories.ts';
import { call, randomLoopbackAddress } from './http.ts';

export const MEMBER_PASSWORD = 'dashboard test password';

export interface PageResponse {
  status: number;
  headers: Headers;
  text: string;
  /** Location of a redirect. */
  location: string | null;
}

/** The value of the first `name="csrf_token"` field of a page. */
export function csrfTokenIn(html: string): string {
  const match = /name="csrf_token" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('no csrf_token field on the page');
  return match[1];
}

export class DashboardBrowser {
  private readonly cookies = new Map<string, string>();
  /**
   * Each browser comes from its own loopback address (127.0.0.0/8), as a real visitor would: sign-in
   * posts are rate-limited per source IP, and parallel tests must not share one budget.
   */
  readonly sourceIp: string = randomLoopbackAddress();
  /** The last page's CSRF token, sent with forms unless told otherwise. */
  csrfToken: string | undefined;

  private remember(headers: Headers): void {
    for (const cookie of headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const equals = pair.indexOf('=');
      const name = pair.slice(0, equals);
      const value = pair.slice(equals + 1);
      if (/Max-Age=0/i.test(cookie) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async request(method: 'GET' | 'POST', path: string, body?: string, contentType?: string): Promise<PageResponse> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
    if (body !== undefined) headers['content-type'] = contentType ?? 'application/x-www-form-urlencoded';
    const response = await call(method, path, {
      headers,
      ...(body !== undefined ? { raw: body } : {}),
      sourceIp: this.sourceIp,
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      for (const item of ([] as string[]).concat(value ?? [])) responseHeaders.append(name, item);
    }
    this.remember(responseHeaders);
    const { text } = response;
    const found = /name="csrf_token" value="([^"]+)"/.exec(text);
    if (found?.[1]) this.csrfToken = found[1];
    return { status: response.status, headers: responseHeaders, text, location: responseHeaders.get('location') };
  }

  get(path: string): Promise<PageResponse> {
    return this.request('GET', path);
  }

  /** Posts a form; the page's CSRF token is added unless `csrf: false` (or a given `csrf_token`). */
  post(path: string, form: Record<string, string> = {}, options: { csrf?: boolean } = {}): Promise<PageResponse> {
    const fields = { ...form };
    if (options.csrf !== false && fields.csrf_token === undefined && this.csrfToken) fields.csrf_token = this.csrfToken;
    return this.request('POST', path, new URLSearchParams(fields).toString());
  }

  /** Signs in through the real form; throws unless it lands signed in. */
  async signIn(email: string, password: string): Promise<void> {
    await this.get('/dashboard/sign-in');
    const response = await this.post('/dashboard/sign-in', { email, password });
    if (response.status !== 303 || !this.cookies.has('postbox_session')) {
      throw new Error(`sign-in failed: ${response.status} ${response.text.slice(0, 300)}`);
    }
    // Pick up a member page's CSRF token.
    await this.get('/dashboard/settings/api-keys');
  }
}

/** An organization with an API key (`api`, `key`) and a signed-in member (`browser`). */
export async function dashboardMember() {
  const fixture = await createTestOrganization();
  const email = `member-${randomBytes(6).toString('hex')}@example.com`;
  const member = await createMember(fixture.organization.id, email, MEMBER_PASSWORD);
  const browser = new DashboardBrowser();
  await browser.signIn(email, MEMBER_PASSWORD);
  return { ...fixture, member, email, browser };
}
